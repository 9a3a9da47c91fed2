-- Core Animation's fromValue / toValue / byValue table (CABasicAnimation's documentation), for
-- basic and spring animations, and the "set the model, then add an animation" idiom: with
-- neither fromValue nor toValue, an animation runs from what the layer showed before the
-- transaction's change to the new value. The box's center starts at (150, 150).

local scene, box

beforeEach(function()
  scene = Scene.new{}
  box = View.new{ name = "box", frame = {100, 100, 100, 100} }
  scene.view:addSubview(box)
  advance(0.1)  -- committed: the box is on screen
end)

local function y() return box.layer.presentation.position.y end

local function linear(keyPath)
  local a = BasicAnimation.new(keyPath)
  a.duration, a.timingFunction = 1, "linear"
  return a
end

-- CASpringAnimation's defaults (mass 1, stiffness 100, damping 10: ζ = 0.5, ω₀ = 10) from rest:
-- the fraction of the way covered after t seconds, worked out from the closed form.
local function springFraction(t)
  local zeta, w0 = 0.5, 10
  local wd = w0 * math.sqrt(1 - zeta * zeta)
  return 1 - math.exp(-zeta * w0 * t) * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))
end

describe("neither fromValue nor toValue", function()
  it("runs from the value shown before the model changed to the new model (basic)", function()
    box.layer.position = {x = 150, y = 250}
    box.layer:addAnimation(linear("position"), "drop")
    advance(0.5)
    expect(y()).toBeCloseTo(200, 1e-9)
    advance(1)
    expect(y()).toBe(250)
  end)

  it("runs the same way for a spring, by a component key path", function()
    box.layer.position.y = 250
    local s = SpringAnimation.new("position.y")
    s.duration = s.settlingDuration  -- as CASpringAnimation, 0.25 s otherwise
    box.layer:addAnimation(s, "drop")
    advance(0.3)
    expect(y()).toBeCloseTo(150 + 100 * springFraction(0.3), 1e-9)
  end)

  it("takes the value from before the transaction's first change, not an intermediate one", function()
    box.layer.position.y = 200
    box.layer.position.y = 250
    box.layer:addAnimation(linear("position.y"), "drop")
    advance(0.25)
    expect(y()).toBeCloseTo(150 + 100 * 0.25, 1e-9)
  end)

  it("after a commit with no change, runs from the presentation to the model: nothing moves", function()
    box.layer:addAnimation(linear("position.y"), "still")
    advance(0.5)
    expect(y()).toBe(150)
  end)
end)

describe("the other rows of the table", function()
  it("fromValue alone: from it to the current value (the set-then-animate-from idiom)", function()
    box.layer.opacity = 0
    local a = linear("opacity")
    a.fromValue = 1
    box.layer:addAnimation(a, "fade")
    advance(0.25)
    expect(box.layer.presentation.opacity).toBeCloseTo(0.75, 1e-9)
  end)

  it("toValue alone: from the current value to it", function()
    local a = linear("position.y")
    a.toValue = 350
    box.layer:addAnimation(a, "move")
    advance(0.5)
    expect(y()).toBeCloseTo(250, 1e-9)
  end)

  it("byValue alone: from the current value to that plus byValue", function()
    local a = linear("position.y")
    a.byValue = 40
    box.layer:addAnimation(a, "nudge")
    advance(0.5)
    expect(y()).toBeCloseTo(170, 1e-9)
  end)

  it("fromValue and byValue: from it to it plus byValue", function()
    local a = linear("position.y")
    a.fromValue, a.byValue = 0, 100
    box.layer:addAnimation(a, "move")
    advance(0.25)
    expect(y()).toBeCloseTo(25, 1e-9)
  end)

  it("toValue and byValue: from toValue minus byValue to toValue, for a spring too", function()
    local s = SpringAnimation.new("position.y")
    s.toValue, s.byValue = 300, 100
    s.duration = s.settlingDuration
    box.layer:addAnimation(s, "move")
    advance(0.3)
    expect(y()).toBeCloseTo(200 + 100 * springFraction(0.3), 1e-9)
  end)

  it("all three is an error", function()
    local a = linear("position.y")
    a.fromValue, a.toValue, a.byValue = 0, 1, 2
    expect(function() box.layer:addAnimation(a, "bad") end).toThrow("may not all be set")
  end)
end)
