-- Views in scene tests: UIKit's names over one layer, and a golden trace of a scene that
-- timers drive.

describe("View", function()
  local box

  beforeEach(function()
    local scene = Scene.new{ width = 375, height = 667 }
    box = View.new{ name = "box", frame = {20, 100, 80, 80}, backgroundColor = "orange" }
    scene.view:addSubview(box)
  end)

  it("derives its center and bounds from its frame", function()
    expect(box.center).toEqual({x = 60, y = 140})
    expect(box.bounds).toEqual(Rect.new(0, 0, 80, 80))
  end)

  it("writes compound values back: moving the center moves the frame", function()
    box.center.x = box.center.x + 100
    expect(box.frame).toEqual(Rect.new(120, 100, 80, 80))
  end)

  it("shows a model change in its presentation at once outside animations", function()
    box.alpha = 0.5
    advance(0)
    expect(box.layer.presentation.opacity).toBe(0.5)
  end)

  it("matches its golden trace when timers move and fade it", function()
    every(0.25, function(timer)
      box.center.y = box.center.y + 10
      box.alpha = box.alpha - 0.25
      if box.alpha <= 0 then timer:cancel() end
    end)
    expectTrace("steps", {duration = 1.25, fps = 8, props = {"box.position", "box.opacity"}})
    expect(box.alpha).toBe(0)
  end)
end)

describe("ShapeView defaults", function()
  it("fills black with no stroke, as CAShapeLayer does, unless only a stroke color is given", function()
    local path = Path.ellipse{0, 0, 10, 10}
    local plain = ShapeView.new{ path = path }
    expect(plain.fillColor.hex).toBe("#000000ff")
    expect(plain.strokeColor).toBe(nil)
    local outline = ShapeView.new{ path = path, strokeColor = "white" }
    expect(outline.fillColor).toBe(nil)
    expect(outline.strokeColor.hex).toBe("#ffffffff")
    local filled = ShapeView.new{ path = path, fillColor = "red" }
    expect(filled.fillColor.hex).toBe("#ff0000ff")
    expect(filled.strokeColor).toBe(nil)
  end)
end)
