-- Layout inside an animation block animates, which is how the seeds animate constraint changes:
-- change what layoutSubviews reads, then call layoutIfNeeded() inside View.animate.
describe("layoutSubviews inside an animation block", function()
  local scene, container, bar, expanded
  beforeEach(function()
    scene = Scene.new{}
    container = View.new{ name = "container", frame = {0, 0, 300, 100} }
    bar = View.new{ name = "bar", frame = {0, 0, 100, 20} }
    container:addSubview(bar)
    scene.view:addSubview(container)
    expanded = false
    container.layoutSubviews = function(self)
      bar.frame = expanded and Rect.new(0, 0, 300, 20) or Rect.new(0, 0, 100, 20)
    end
  end)

  it("lays out at once outside a block", function()
    expanded = true
    container:layoutIfNeeded()
    expect(bar.layer.presentation.bounds.size.width).toBe(300)
  end)

  it("animates the frames layout sets inside a block, over the block's duration and curve", function()
    expanded = true
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function() container:layoutIfNeeded() end }
    expect(bar.frame.width).toBe(300)                        -- the model is laid out at once
    advance(0.25)
    expect(bar.layer.presentation.bounds.size.width).toBeCloseTo(150, 1e-9)   -- 100 + 200 × 0.25
    expect(bar.layer.presentation.position.x).toBeCloseTo(75, 1e-9)           -- the center: 50 → 150
    advance(0.75)
    expect(bar.layer.presentation.bounds.size.width).toBe(300)
  end)

  it("lays out the views a block changed when it has the layoutSubviews option", function()
    container.layoutSubviews = function(self)
      bar.frame = Rect.new(0, 0, self.bounds.width / 2, 20)     -- the bar fills half its container
    end
    View.animate{ duration = 1, options = {"curveLinear", "layoutSubviews"},
                  animations = function() container.bounds.size.width = 500 end }
    expect(bar.frame.width).toBe(250)                         -- laid out at once in the model
    advance(0.5)
    expect(bar.layer.presentation.bounds.size.width).toBeCloseTo(175, 1e-9)   -- 100 → 250, halfway
    expect(container.layer.presentation.bounds.size.width).toBeCloseTo(400, 1e-9)
  end)

  it("does not lay out without the option", function()
    container.layoutSubviews = function(self) bar.frame = Rect.new(0, 0, self.bounds.width / 2, 20) end
    View.animate{ duration = 1, animations = function() container.bounds.size.width = 500 end }
    expect(bar.frame.width).toBe(100)
  end)
end)
