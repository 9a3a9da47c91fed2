-- Shape layers and paths in scene tests: the four shape examples of Scripts/Examples (spinner,
-- progress ring, check mark, hamburger morph), loaded as they ship (Scripts/test.sh allows
-- Scripts/Examples), and the values they show at chosen times.

local pi = math.pi

describe("The spinner (Scripts/Examples/spinner.lua)", function()
  local spinner

  beforeEach(function()
    spinner = loadScene("spinner.lua"):layerNamed("spinner")
  end)

  it("strokes a full circle of eight 45° cubics from 12 o'clock, with no fill", function()
    expect(#spinner.path).toBe(9)
    expect(spinner.path[1]).toEqual({"move", 40, 8})
    expect(spinner.path[9][6]).toBeCloseTo(40, 1e-9)
    expect(spinner.path[9][7]).toBeCloseTo(8, 1e-9)
    expect(spinner.fillColor).toBe(nil)
  end)

  it("grows its arc for 1 s, shrinks it from 0.5 s, and turns once every 2 s", function()
    advance(0.5)
    expect(spinner.presentation.strokeEnd).toBeCloseTo(0.5, 1e-9)   -- easeInOut is symmetric
    expect(spinner.presentation.strokeStart).toBe(0)
    expect(spinner.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(pi / 2, 1e-9)
    advance(0.5)
    expect(spinner.presentation.strokeEnd).toBe(1)                 -- held by the forwards fill
    expect(spinner.presentation.strokeStart).toBeCloseTo(0.5, 1e-9)
    expect(spinner.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(pi, 1e-9)
  end)

  it("repeats the stroke every 1.5 s", function()
    advance(2.0)
    expect(spinner.presentation.strokeEnd).toBeCloseTo(0.5, 1e-9)
    expect(spinner.presentation.strokeStart).toBe(0)
    advance(0.5)
    expect(spinner.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(pi / 2, 1e-9)
  end)
end)

describe("The progress ring (Scripts/Examples/progress-ring.lua)", function()
  local ring, label
  local easeOut = TimingFunction.new("easeOut")

  beforeEach(function()
    local scene = loadScene("progress-ring.lua")
    ring, label = scene:viewNamed("ring"), scene:viewNamed("label")
  end)

  it("moves its stroke end to each reported progress along an ease-out", function()
    advance(0.5)
    expect(ring.layer.presentation.strokeEnd).toBeCloseTo(0.25 * easeOut:progress(0.5), 1e-9)
    advance(0.5)
    expect(ring.layer.presentation.strokeEnd).toBe(0.25)
    advance(0.3)
    expect(ring.layer.presentation.strokeEnd).toBeCloseTo(0.25 + 0.35 * easeOut:progress(0.5), 1e-9)
    expect(label.text).toBe("60 %")
    advance(1.2)
    expect(ring.layer.presentation.strokeEnd).toBe(1)
    expect(ring.strokeColor.hex).toBe("#34c759ff")
  end)

  it("turns green from blue in a straight line through RGB", function()
    advance(2.2)
    local c = ring.layer.presentation.strokeColor
    expect(c.r).toBeCloseTo((0x1d + 0x34) / 2 / 255, 1e-9)
    expect(c.g).toBeCloseTo((0x7f + 0xc7) / 2 / 255, 1e-9)
    expect(c.b).toBeCloseTo((0xc1 + 0x59) / 2 / 255, 1e-9)
  end)
end)

describe("The check mark (Scripts/Examples/check-mark.lua)", function()
  local disc, tick
  local easeOut = TimingFunction.new("easeOut")

  beforeEach(function()
    local scene = loadScene("check-mark.lua")
    disc, tick = scene:viewNamed("disc"), scene:viewNamed("tick")
  end)

  it("is a path of three commands with round caps and joins", function()
    expect(tick.path).toEqual({{"move", 28, 52}, {"line", 44, 68}, {"line", 74, 36}})
    expect(tick.lineCap).toBe("round")
    expect(tick.lineJoin).toBe("round")
  end)

  it("draws the tick by its stroke end after the disc has sprung in", function()
    advance(0.2)
    expect(tick.layer.presentation.strokeEnd).toBe(0)          -- waiting, held back by the fill
    advance(0.325)
    expect(tick.layer.presentation.strokeEnd).toBeCloseTo(easeOut:progress(0.5), 1e-9)
    advance(0.5)
    expect(tick.layer.presentation.strokeEnd).toBe(1)
    expect(disc.layer.presentation:valueForKeyPath("transform.scale.x")).toBeCloseTo(1, 0.01)
  end)
end)

describe("The hamburger morph (Scripts/Examples/hamburger-morph.lua)", function()
  local icon
  local hamburger = Path.new():addLines{{20, 30}, {80, 30}}:addLines{{20, 50}, {80, 50}}:addLines{{20, 70}, {80, 70}}
  local arrow = Path.new():addLines{{50, 25}, {75, 50}}:addLines{{25, 50}, {75, 50}}:addLines{{50, 75}, {75, 50}}

  beforeEach(function()
    icon = loadScene("hamburger-morph.lua"):layerNamed("icon")
  end)

  it("moves every point halfway from bar to arrow at the middle of the morph, turning a quarter", function()
    advance(0.75)
    local p = icon.presentation.path
    expect(p[1]).toEqual({"move", 35, 27.5})
    expect(p[2]).toEqual({"line", 77.5, 40})
    expect(p[4]).toEqual({"line", 77.5, 50})
    expect(p[5]).toEqual({"move", 35, 72.5})
    expect(icon.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(pi / 2, 1e-9)
  end)

  it("shows the arrow once the morph ends, and the hamburger again after the way back", function()
    advance(1.2)
    expect(icon.presentation.path).toEqual(arrow)
    advance(1.5)
    expect(icon.presentation.path).toEqual(hamburger)
    expect(icon.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(0, 1e-9)
  end)
end)

describe("Shape properties under every kind of animation", function()
  local shape

  beforeEach(function()
    local scene = Scene.new{}
    shape = ShapeView.new{ frame = {0, 0, 100, 100}, path = Path.new():addLines{{0, 0}, {10, 0}},
                           strokeColor = "#000000", lineWidth = 2 }
    scene.view:addSubview(shape)
  end)

  it("animates a view animation block's line width, colors and path (the path absolutely)", function()
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function()
      shape.lineWidth = 6
      shape.fillColor = "#ffffff"
      shape.path = Path.new():addLines{{0, 20}, {30, 40}}
    end }
    advance(0.25)
    local p = shape.layer.presentation
    expect(p.lineWidth).toBeCloseTo(3, 1e-9)
    expect(p.fillColor.r).toBeCloseTo(0.25, 1e-9)
    expect(p.path[2][2]).toBeCloseTo(15, 1e-9)
    expect(p.path[2][3]).toBeCloseTo(10, 1e-9)
  end)

  it("animates a property animator's miter limit and dash phase, scrubbed", function()
    local a = Animator.new{ duration = 1, curve = "linear", animations = function()
      shape.miterLimit = 2
      shape.lineDashPhase = 8
    end }
    a.fractionComplete = 0.5
    advance(0)
    expect(shape.layer.presentation.miterLimit).toBeCloseTo(6, 1e-9)
    expect(shape.layer.presentation.lineDashPhase).toBeCloseTo(4, 1e-9)
  end)

  it("animates with a motion animator and a spring, and a keyframe animation of the stroke color", function()
    local m = MotionAnimator.new()
    m:animate(AnimationTraits.new{ duration = 1, timingCurve = "linear" }, {2, 12}, shape.layer, "lineWidth")
    local k = KeyframeAnimation.new("strokeColor")
    k.values = { "#000000", "#ff0000", "#0000ff" }
    k.duration = 2
    shape.layer:addAnimation(k, "colors")
    advance(0.5)
    expect(shape.layer.presentation.lineWidth).toBeCloseTo(7, 1e-9)
    expect(shape.layer.presentation.strokeColor.r).toBeCloseTo(0.5, 1e-9)
    local s = SpringAnimation.new("lineWidth")
    s.fromValue, s.toValue = 0, 12                 -- the model is 12 after the motion animator
    shape.layer:addAnimation(s, "spring")
    advance(0.05)
    local early = shape.layer.presentation.lineWidth
    expect(early > 0 and early < 12).toBe(true)
    advance(s.settlingDuration - 0.1)
    expect(shape.layer.presentation.lineWidth).toBeCloseTo(12, 0.05)
  end)
end)

describe("Path values", function()
  it("switch halfway between paths of different commands", function()
    local scene = Scene.new{}
    local s = ShapeLayer.new{ path = Path.rect{0, 0, 10, 10} }
    scene.view.layer:addSublayer(s)
    local a = BasicAnimation.new("path")
    a.toValue, a.duration = Path.ovalIn{0, 0, 10, 10}, 1
    s:addAnimation(a, "a")
    advance(0.49)
    expect(#s.presentation.path).toBe(5)
    advance(0.02)
    expect(#s.presentation.path).toBe(6)
  end)

  it("reject bad arcs and shape values with the call and the field", function()
    expect(function() Path.arc{center = {0, 0}, radius = -2, startAngle = 0, endAngle = 1, clockwise = true} end)
      .toThrow("radius must be a finite number ≥ 0")
    expect(function() ShapeLayer.new{ lineCap = "flat" } end).toThrow("lineCap must be one of")
    expect(function() Layer.new{}.strokeColor = "red" end).toThrow("only a shape layer has strokeColor")
  end)
end)
