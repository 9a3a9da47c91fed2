-- presentation:velocity(keyPath): how fast a presented value changes, in units per second of
-- engine time. The expectations are closed forms: a line's slope; for View.animate's default
-- curve, easeInOut (the cubic Bézier 0.42, 0, 0.58, 1), dy/dx = y'(s) / x'(s), which half-way
-- (s = 0.5) is 1.5 / 0.87; 0 at rest. Velocities are compared to 1e-6 of their size.

local box, start

-- Moves the engine to `t` seconds after the test's start.
local function at(t)
  advance(start + t - CACurrentMediaTime())
end

local function velocity(keyPath)
  return box.layer.presentation:velocity(keyPath)
end

local function linearMove(from, to, duration)
  local move = BasicAnimation.new("position.x")
  move.fromValue, move.toValue, move.duration = from, to, duration
  move.timingFunction = TimingFunction.new("linear")
  return move
end

beforeEach(function()
  local scene = Scene.new{ width = 600, height = 200 }
  box = View.new{ name = "box", frame = {0, 60, 80, 80} }   -- center (40, 100)
  scene.view:addSubview(box)
  start = CACurrentMediaTime()
end)

describe("presentation:velocity", function()
  it("is a linear move's slope from its start until its end, then 0", function()
    box.layer:addAnimation(linearMove(0, 150, 1.5), "move")
    at(0)
    expect(velocity("position.x")).toBeCloseTo(100, 1e-4)
    at(0.75)
    expect(velocity("position.x")).toBeCloseTo(100, 1e-4)
    expect(velocity("position.y")).toBe(0)
    at(1.5)
    expect(velocity("position.x")).toBe(0)
  end)

  it("follows View.animate's easeInOut: 0 at the ends, 200 × (1.5 / 0.87) / 2 half-way", function()
    View.animate{ duration = 2, animations = function() box.center = {x = 240, y = 100} end }
    at(0)
    expect(velocity("position.x")).toBeCloseTo(0, 1e-3)
    at(1)
    local v = velocity("position")
    expect(v.x).toBeCloseTo(200 * (1.5 / 0.87) / 2, 1e-4)
    expect(v.y).toBe(0)
    at(2)
    expect(velocity("position")).toEqual({x = 0, y = 0})
  end)

  it("gives colors per component and transform components as numbers", function()
    local tint = BasicAnimation.new("backgroundColor")
    tint.fromValue, tint.toValue, tint.duration = Color.rgb(0, 0, 0, 1), Color.rgb(1, 0.5, 0, 0), 1
    tint.timingFunction = TimingFunction.new("linear")
    box.layer:addAnimation(tint, "tint")
    local spin = BasicAnimation.new("transform.rotation.z")
    spin.fromValue, spin.toValue, spin.duration = 0, 2 * math.pi, 4
    spin.timingFunction = TimingFunction.new("linear")
    box.layer:addAnimation(spin, "spin")
    at(0.5)
    local c = velocity("backgroundColor")
    expect(c.r).toBeCloseTo(1, 1e-6)
    expect(c.g).toBeCloseTo(0.5, 1e-6)
    expect(c.b).toBeCloseTo(0, 1e-6)
    expect(c.a).toBeCloseTo(-1, 1e-6)
    expect(velocity("transform.rotation.z")).toBeCloseTo(math.pi / 2, 1e-6)
  end)

  it("is in engine seconds: a layer at speed 0.5 moves half as fast, one at speed 0 not at all", function()
    box.layer.speed = 0.5
    box.layer:addAnimation(linearMove(0, 150, 1.5), "move")
    at(1)
    expect(velocity("position.x")).toBeCloseTo(50, 1e-4)
    box.layer.speed = 0
    expect(velocity("position.x")).toBe(0)
  end)

  it("adds the velocities of additive animations", function()
    local a, b = linearMove(0, 100, 2), linearMove(0, -30, 1)
    a.isAdditive, b.isAdditive = true, true
    box.layer:addAnimation(a, "a")
    box.layer:addAnimation(b, "b")
    at(0.5)
    expect(velocity("position.x")).toBeCloseTo(20, 1e-4)
  end)

  it("is recorded by expectTrace with velocity = true: a linear 0 → 200 over 2 s moves at 100/s", function()
    box.layer:addAnimation(linearMove(0, 200, 2), "move")
    -- The golden holds x = 0, 50, 100 at 0, 0.5, 1 s and a velocity of 100 on every frame.
    expectTrace("linear-velocity", {duration = 1, fps = 2, props = "box.position.x", velocity = true})
  end)

  it("is 0 when nothing animates", function()
    at(0.5)
    expect(velocity("opacity")).toBe(0)
    expect(velocity("position")).toEqual({x = 0, y = 0})
  end)
end)

describe("presentation:velocity errors", function()
  it("rejects an unknown key path as valueForKeyPath does", function()
    local presentation = box.layer.presentation
    local ok, message = pcall(function() return presentation:valueForKeyPath("position.z") end)
    expect(ok).toBe(false)
    local expected = message:gsub("^.-Presentation:valueForKeyPath: ", "")
    expect(function() presentation:velocity("position.z") end)
      .toThrow("velocity_test.lua:%d+: Presentation:velocity: " .. expected:gsub("%p", "%%%0"))
    expect(function() presentation:velocity("progress") end)
      .toThrow('keyPath must name a layer property or a custom property set with setValue ("progress" is neither)')
    expect(function() presentation:velocity("frame") end)
      .toThrow('"frame" has no velocity: velocities are of animatable key paths')
  end)

  it("refuses a presentation kept after the scene moved on", function()
    local presentation = box.layer.presentation
    advance(0.25)
    expect(function() presentation:velocity("position") end)
      .toThrow("read layer.presentation again for the velocity now")
  end)
end)
