-- Numbers that overflow (issue 15): finite but extreme values are refused where they enter, with
-- the call, the parameter and the allowed range (docs/lua-api.md, "Number ranges"); values made
-- from accepted inputs stay finite.
local function scene()
  local s = Scene.new{ width = 200, height = 200 }
  local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
  s.view:addSubview(box)
  return s, box
end

-- Adds a BasicAnimation of position.x with `props` to a fresh box, advances `seconds`, and
-- expects the presentation x to be a finite number.
local function expectFiniteAfter(seconds, props)
  local _, box = scene()
  local a = BasicAnimation.new("position.x")
  for key, value in pairs(props) do a[key] = value end
  box.layer:addAnimation(a, "x")
  advance(seconds)
  local x = box.layer.presentation.position.x
  expect(x == x and math.abs(x) < math.huge).toBe(true)
end

describe("numbers beyond the general range (±1e15)", function()
  it("refuses a scene narrower than a point, or wider or taller than the renderer's largest image (16384 points)", function()
    expect(function() Scene.new{ width = 5e9 } end).toThrow("width must be within 1...16384 points %(got 5000000000%)")
    expect(function() Scene.new{ height = 16385 } end).toThrow("height must be within 1...16384 points %(got 16385%)")
    expect(function() Scene.new{ height = 5e-324 } end).toThrow("height must be within 1...16384 points %(got 5e%-324%)")
    expect(Scene.new{ width = 16384, height = 1 }.width).toBe(16384)
  end)

  it("refuses an animation from -1.7e308 to 1.7e308 before the lerp can overflow", function()
    local a = BasicAnimation.new("position.x")
    expect(function() a.fromValue = -1.7e308 end)
      .toThrow('BasicAnimation.fromValue: fromValue must be within ±1e15 for key path "position.x" (got -1.7e+308)')
    expect(function() a.toValue = 1e16 end)
      .toThrow('BasicAnimation.toValue: toValue must be within ±1e15 for key path "position.x" (got 1e+16)')
  end)

  it("refuses extreme geometry, colors and custom properties", function()
    local _, box = scene()
    expect(function() View.new{ frame = {0, 0, 1e300, 10} } end)
      .toThrow("View.new: frame.width must be within ±1e15 (got 1e+300)")
    expect(function() box.backgroundColor = {1e308, 0, 0, 1} end)
      .toThrow("backgroundColor.r must be within ±1e15 (got 1e+308)")
    expect(function() box.layer:setValue(1e300, "progress") end)
      .toThrow("Layer:setValue: progress must be within ±1e15 (got 1e+300)")
    expect(function() Point.new(1e16, 0) end).toThrow("Point.new: x must be within ±1e15 (got 1e+16)")
    expect(function() box.center.x = -1e300 end).toThrow("x must be within ±1e15 (got -1e+300)")
  end)

  it("refuses keyframe values and key times beyond the range", function()
    local k = KeyframeAnimation.new("position.x")
    expect(function() k.values = {0, 1e308, 1} end)
      .toThrow('KeyframeAnimation.values: values[2] must be within ±1e15 for key path "position.x" (got 1e+308)')
    expect(function() k.keyTimes = {0, 1e308, 1} end)
      .toThrow("KeyframeAnimation.keyTimes: keyTimes[2] must be within ±1e15 (got 1e+308)")
    expect(function() k.tensionValues = {1e308} end)
      .toThrow("KeyframeAnimation.tensionValues: tensionValues[1] must be within ±1e15 (got 1e+308)")
    expect(function() k.biasValues = {2} end)
      .toThrow("KeyframeAnimation.biasValues: biasValues[1] must be within -1...1 (got 2)")
  end)

  it("refuses times beyond the range: beginTime, timeOffset, timers", function()
    local _, box = scene()
    local a = BasicAnimation.new("opacity")
    expect(function() a.timeOffset = 1e300 end).toThrow("BasicAnimation.timeOffset: timeOffset must be within ±1e15 (got 1e+300)")
    expect(function() a.beginTime = 1e300 end).toThrow("BasicAnimation.beginTime: beginTime must be within ±1e15 (got 1e+300)")
    expect(function() box.layer.beginTime = 1e300 end).toThrow("Layer.beginTime: beginTime must be within ±1e15 (got 1e+300)")
    expect(function() after(1e300, function() end) end).toThrow("after: seconds must be within ±1e15 (got 1e+300)")
  end)
end)

describe("ranges where the arithmetic needs them", function()
  it("keeps speeds within ±1e6", function()
    local _, box = scene()
    local a = BasicAnimation.new("opacity")
    expect(function() a.speed = 1e308 end).toThrow("BasicAnimation.speed: speed must be within ±1e6 (got 1e+308)")
    expect(function() box.layer.speed = -1e7 end).toThrow("Layer.speed: speed must be within ±1e6 (got -10000000)")
  end)

  it("keeps springs within their ranges", function()
    local s = SpringAnimation.new("position.x")
    expect(function() s.mass = 1e-300 end).toThrow("SpringAnimation.mass: mass must be within 1e-6...1e9 (got 1e-300)")
    expect(function() s.stiffness = 1e300 end).toThrow("SpringAnimation.stiffness: stiffness must be within 1e-6...1e9 (got 1e+300)")
    expect(function() s.damping = 1e10 end).toThrow("SpringAnimation.damping: damping must be within 0...1e9 (got 10000000000)")
    expect(function() SpringTimingParameters.new{ mass = 1e-300, stiffness = 100, damping = 10 } end)
      .toThrow("SpringTimingParameters.new: mass must be within 1e-6...1e9 (got 1e-300)")
    expect(function() SpringTimingParameters.new{ duration = 1e-300, bounce = 0.5 } end)
      .toThrow("SpringTimingParameters.new: duration must be within 1e-6...1e6 (got 1e-300)")
    expect(function() SpringTimingParameters.new{ dampingRatio = 1e10 } end)
      .toThrow("dampingRatio must be within 0...1000 (got 10000000000)")
    expect(function()
      View.animate{ duration = 1, usingSpringWithDamping = 5000, animations = function() end }
    end).toThrow("View.animate: dampingRatio must be within 0...1000 (got 5000)")
  end)

  it("keeps a tiny damping finite: the spring just settles late", function()
    local _, box = scene()
    local s = SpringAnimation.new("position.x")
    s.fromValue, s.toValue, s.damping, s.duration = 0, 100, 1e-300, 2
    expect(s.settlingDuration > 1e290).toBe(true)
    box.layer:addAnimation(s, "spring")
    advance(1)
    local x = box.layer.presentation.position.x
    expect(x == x and x > -1e15 and x < 1e15).toBe(true)
  end)

  it("keeps curves' progress within ±1e6", function()
    expect(function() TimingFunction.new(0.5, 1e308, 0.5, 1) end)
      .toThrow("TimingFunction.new: c1y must be within ±1e15 (got 1e+308)")
    expect(function() TimingFunction.new(0.5, 1, 0.5, -2e6) end)
      .toThrow("TimingFunction.new: controlPoint2.y must be within ±1e6 (got -2000000)")
    expect(function() Timing.piecewiseLinear{ {0, 0}, {0.5, 1e300}, {1, 1} } end)
      .toThrow("Timing.piecewiseLinear: points[2].output must be within ±1e6 (got 1e+300)")
    expect(function() Timing.get("cubic-bezier(0.5, 2e6, 0.5, 1)") end)
      .toThrow("controlPoint1.y must be within ±1e6 (got 2000000)")
    expect(function() Timing.register("huge", function(t) return 2e6 end, { bake = 8 }) end)
      .toThrow("timing curve 'huge' must return a number within ±1e6 (got 2000000 at t = 0)")
  end)

  it("refuses a perspective whose m34 would be infinite, and transforms that grow past the range", function()
    expect(function() Transform.perspective(5e-324) end)
      .toThrow("Transform.perspective: eyeDistance must be ≥ 1e-15 (m34 = −1/eyeDistance) (got 5e-324)")
    local t = Transform.identity()
    expect(function() t.m34 = -1 / 5e-324 end).toThrow("m34 must be a finite number (got -inf)")
    expect(function() Transform.scale(1e15):scaledBy(1e15) end)
      .toThrow("Value:scaledBy: result.m11 must be within ±1e15 (got 1e+30)")
  end)

  it("counts steps up to a million", function()
    expect(function() Timing.steps(math.maxinteger, "jump-both") end)
      .toThrow("Timing.steps: steps must be an integer ≤ 1000000 (got 9223372036854775807)")
    expect(Timing.steps(1000000, "jump-both"):progress(0.5)).toBeCloseTo(0.5, 5)
  end)

  it("keeps label font sizes within 0...10000 points", function()
    expect(function() Label.new{ text = "big", fontSize = 20000 } end)
      .toThrow("Label.new: fontSize must be within 0...10000 (got 20000)")
    expect(function() Label.new{ text = "big", fontSize = 1e300 } end)
      .toThrow("Label.new: fontSize must be within ±1e15 (got 1e+300)")
  end)
end)

describe("values made from accepted inputs stay finite", function()
  it("animates across the whole range and stays finite", function()
    expectFiniteAfter(0.5, { fromValue = -1e15, toValue = 1e15, duration = 1,
                             timingFunction = TimingFunction.new(0.5, 1e6, 0.5, -1e6) })
  end)

  it("accepts a speed of 1e-308 (an active duration of 1e308 s) and stays finite", function()
    expectFiniteAfter(1, { fromValue = -1e15, toValue = 1e15, duration = 1e15, speed = 1e-308, fillMode = "both" })
  end)

  it("repeats a cumulative animation 'forever' (repeatCount 1e300) without overflowing", function()
    expectFiniteAfter(10, { fromValue = -1e15, toValue = 1e15, duration = 1e-9, isCumulative = true, repeatCount = 1e300 })
  end)

  it("keeps a deep chain of sped-up layers in finite time", function()
    -- 120 levels (the tree's limit is 128) at the top speed: 1e6^120 = 1e720 without the clamp
    local _, box = scene()
    local layer = box.layer
    for _ = 1, 120 do
      local child = Layer.new{}
      child.speed = 1e6
      layer:addSublayer(child)
      layer = child
    end
    local a = BasicAnimation.new("opacity")
    a.fromValue, a.toValue = 0, 1
    layer:addAnimation(a, "fade")
    advance(0.1)
    local o = layer.presentation.opacity
    expect(o == o and o >= 0 and o <= 1).toBe(true)
  end)
end)
