-- The seed's plane take-off (five overlapping keyframes), the summary switch, transitions'
-- progress and final tree, completion order, and bad input. Expected values are computed here
-- from the keyframe plan (linear interpolation between the values the blocks set, holding
-- between keyframes), never copied from a run.

local scene, plane

beforeEach(function()
  scene = Scene.new{ width = 375, height = 667 }
  plane = View.new{ name = "plane", frame = {40, 430, 60, 36} }   -- center (70, 448)
  scene.view:addSubview(plane)
end)

local function at(t)
  advance(t - CACurrentMediaTime())
end

local function lerp(a, b, f) return a + (b - a) * f end

-- The seed's planeDepart(), with its five keyframes over 1.5 s.
local function planeDepart()
  local originalCenter = Point.new(plane.center.x, plane.center.y)
  View.animateKeyframes{ duration = 1.5, delay = 0.0, animations = function()
    View.addKeyframe(0.0, 0.25, function()
      plane.center.x = plane.center.x + 80.0
      plane.center.y = plane.center.y - 10.0
    end)
    View.addKeyframe(0.1, 0.4, function() plane.transform = Transform.rotation(-math.pi / 8) end)
    View.addKeyframe(0.25, 0.25, function()
      plane.center.x = plane.center.x + 100.0
      plane.center.y = plane.center.y - 50.0
      plane.alpha = 0.0
    end)
    View.addKeyframe(0.51, 0.01, function()
      plane.transform = Transform.identity()
      plane.center = Point.new(0.0, originalCenter.y)
    end)
    View.addKeyframe(0.55, 0.45, function()
      plane.alpha = 1.0
      plane.center = originalCenter
    end)
  end }
end

-- The plan, per property: {relative time, value}; linear between entries, held outside them.
local positionPlan = { {0, {70, 448}}, {0.25, {150, 438}}, {0.5, {250, 388}}, {0.51, {250, 388}},
                       {0.52, {0, 448}}, {0.55, {0, 448}}, {1, {70, 448}} }
local rotationPlan = { {0, 0}, {0.1, 0}, {0.5, -math.pi / 8}, {0.51, -math.pi / 8}, {0.52, 0}, {1, 0} }
local alphaPlan = { {0, 1}, {0.25, 1}, {0.5, 0}, {0.55, 0}, {1, 1} }

local function sample(plan, f)
  for i = 2, #plan do
    local a, b = plan[i - 1], plan[i]
    if f <= b[1] then
      local g = (f - a[1]) / (b[1] - a[1])
      if type(a[2]) == "table" then
        return {lerp(a[2][1], b[2][1], g), lerp(a[2][2], b[2][2], g)}
      end
      return lerp(a[2], b[2], g)
    end
  end
  return plan[#plan][2]
end

local function expectPlaneAt(f)
  at(f * 1.5)
  local p = plane.layer.presentation
  local position = sample(positionPlan, f)
  expect(p.position.x).toBeCloseTo(position[1], 1e-6)
  expect(p.position.y).toBeCloseTo(position[2], 1e-6)
  expect(p:valueForKeyPath("transform.rotation.z")).toBeCloseTo(sample(rotationPlan, f), 1e-6)
  expect(p.opacity).toBeCloseTo(sample(alphaPlan, f), 1e-6)
end

describe("the plane's take-off keyframes", function()
  it("sets the model to the last keyframe's values at once", function()
    planeDepart()
    expect(plane.center).toEqual({x = 70, y = 448})
    expect(plane.alpha).toBe(1)
    expect(plane.transform.isIdentity).toBe(true)
  end)

  it("passes through every key time", function()
    planeDepart()
    for _, f in ipairs{0, 0.1, 0.25, 0.5, 0.51, 0.52, 0.55, 1} do expectPlaneAt(f) end
  end)

  it("interpolates inside keyframes and holds between them", function()
    planeDepart()
    -- Inside keyframe 1 and the start of keyframe 2 (rotation held at 0 before 0.1).
    expectPlaneAt(0.05)
    expect(plane.layer.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(0, 1e-12)
    expectPlaneAt(0.125)
    expect(plane.layer.presentation.position.x).toBeCloseTo(110, 1e-6)
    -- Overlap of keyframes 2 and 3: moving, turning and fading at once.
    expectPlaneAt(0.375)
    expect(plane.layer.presentation.opacity).toBeCloseTo(0.5, 1e-6)
    expect(plane.layer.presentation:valueForKeyPath("transform.rotation.z"))
      .toBeCloseTo(-math.pi / 8 * (0.375 - 0.1) / 0.4, 1e-6)
    -- The hold between keyframes 3 and 4: off at the top right, invisible, still turned.
    expectPlaneAt(0.505)
    expect(plane.layer.presentation.position.x).toBeCloseTo(250, 1e-6)
    -- The hold between keyframes 4 and 5, and keyframe 5 halfway.
    expectPlaneAt(0.535)
    expectPlaneAt(0.775)
    expect(plane.layer.presentation.position.x).toBeCloseTo(35, 1e-6)
    expect(plane.layer.presentation.opacity).toBeCloseTo(0.5, 1e-6)
  end)

  it("jumps to the left edge within the 0.01 keyframe at 0.51", function()
    planeDepart()
    at(0.51 * 1.5)
    expect(plane.layer.presentation.position.x).toBeCloseTo(250, 1e-6)
    at(0.515 * 1.5)
    expect(plane.layer.presentation.position.x).toBeCloseTo(125, 1e-6)
    expect(plane.layer.presentation.position.y).toBeCloseTo(418, 1e-6)
    expect(plane.layer.presentation:valueForKeyPath("transform.rotation.z")).toBeCloseTo(-math.pi / 16, 1e-6)
    at(0.52 * 1.5)
    expect(plane.layer.presentation.position.x).toBeCloseTo(0, 1e-6)
    expect(plane.layer.presentation.opacity).toBeCloseTo(0, 1e-6)
  end)

  it("ends where it began, once, finished", function()
    local log = {}
    View.animateKeyframes{ duration = 1.5, animations = function()
      View.addKeyframe(0, 1, function() plane.alpha = 0.5 end)
    end, completion = function(finished) log[#log + 1] = string.format("%s %.2f", tostring(finished), CACurrentMediaTime()) end }
    planeDepart()
    expect(runUntilIdle()).toBeCloseTo(1.5, 1e-9)
    expect(plane.layer.presentation.position).toEqual({x = 70, y = 448})
    expect(plane.layer.presentation.opacity).toBe(1)
    expect(log).toEqual({"true 1.50"})
  end)
end)

describe("the summary switch", function()
  it("leaves upwards over 0.45, comes back over 0.5–0.95, and swaps the text at 0.5 s", function()
    local summary = Label.new{ name = "summary", text = "09:42", frame = {0, 30, 375, 30} }
    scene.view:addSubview(summary)
    View.animateKeyframes{ duration = 1.0, animations = function()
      View.addKeyframe(0.0, 0.45, function() summary.center.y = summary.center.y - 100.0 end)
      View.addKeyframe(0.5, 0.45, function() summary.center.y = summary.center.y + 100.0 end)
    end }
    after(0.5, function() summary.text = "17:05" end)
    at(0.225); expect(summary.layer.presentation.position.y).toBeCloseTo(45 - 50, 1e-6)
    at(0.45);  expect(summary.layer.presentation.position.y).toBeCloseTo(45 - 100, 1e-6)
    expect(summary.text).toBe("09:42")
    at(0.5);   expect(summary.layer.presentation.position.y).toBeCloseTo(45 - 100, 1e-6)
    expect(summary.text).toBe("17:05")
    at(0.725); expect(summary.layer.presentation.position.y).toBeCloseTo(45 - 50, 1e-6)
    at(0.975); expect(summary.layer.presentation.position.y).toBeCloseTo(45, 1e-6)
  end)
end)

describe("transitions", function()
  it("report their progress and leave the changed tree", function()
    local container = View.new{ name = "container", frame = {0, 0, 200, 200} }
    scene.view:addSubview(container)
    local old = View.new{ name = "old" }
    container:addSubview(old)
    local new = View.new{ name = "new" }
    local done = {}
    View.transition{ with = container, duration = 1, options = {"transitionCrossDissolve", "curveLinear"},
                     animations = function()
                       old:removeFromSuperview()
                       container:addSubview(new)
                     end,
                     completion = function(finished) done[#done + 1] = finished end }
    expect(#container.subviews).toBe(1)
    expect(container.subviews[1].name).toBe("new")
    expect(old.superview).toBeNil()
    at(0.25)
    expect(container.layer.presentation.transition.progress).toBeCloseTo(0.25, 1e-9)
    at(0.6)
    expect(container.layer.presentation.transition.progress).toBeCloseTo(0.6, 1e-9)
    at(1)
    expect(container.layer.presentation.transition).toBeNil()
    expect(done).toEqual({true})
    expect(container.subviews[1].name).toBe("new")
  end)

  it("pace their progress with the curve option", function()
    local container = View.new{ name = "container", frame = {0, 0, 200, 200} }
    scene.view:addSubview(container)
    View.transition{ with = container, duration = 2, options = {"transitionFlipFromLeft", "curveEaseIn"},
                     animations = function() container:addSubview(View.new{ name = "child" }) end }
    at(0.5)
    expect(container.layer.presentation.transition.progress)
      .toBeCloseTo(TimingFunction.new("easeIn"):progress(0.25), 1e-9)
  end)

  it("replace one view by another with transitionFrom", function()
    local container = View.new{ name = "container", frame = {0, 0, 200, 200} }
    scene.view:addSubview(container)
    local from = View.new{ name = "from" }
    local to = View.new{ name = "to" }
    container:addSubview(from)
    local finishedAt
    View.transitionFrom{ from = from, to = to, duration = 0.5, options = {"transitionCrossDissolve"},
                         completion = function() finishedAt = CACurrentMediaTime() end }
    expect(to.superview).toBe(container)
    expect(from.superview).toBeNil()
    runUntilIdle()
    expect(finishedAt).toBeCloseTo(0.5, 1e-9)
  end)
end)

describe("completions", function()
  it("run in the order the animations end, then the order they were added", function()
    local log = {}
    local function note(name) return function(finished) log[#log + 1] = name .. ":" .. tostring(finished) end end
    local a = View.new{ name = "a", frame = {100, 100, 40, 40} }
    scene.view:addSubview(a)
    View.animate{ duration = 0.3, animations = function() a.alpha = 0 end, completion = note("0.3") }
    View.animate{ duration = 0.1, animations = function() plane.alpha = 0 end, completion = note("0.1") }
    View.animate{ duration = 0.1, delay = 0.1, animations = function() plane.center.x = 0 end, completion = note("0.2 first") }
    View.animate{ duration = 0.2, animations = function() a.center.x = 0 end, completion = note("0.2 second") }
    runUntilIdle()
    expect(log).toEqual({"0.1:true", "0.2 first:true", "0.2 second:true", "0.3:true"})
  end)

  it("of a block that changes nothing come first, finished, without waiting for the duration", function()
    local log = {}
    View.animate{ duration = 0.2, animations = function() plane.alpha = 0 end,
                  completion = function(finished) log[#log + 1] = "fade " .. tostring(finished) end }
    View.animate{ duration = 1, animations = function() plane.center.x = plane.center.x end,
                  completion = function(finished)
                    log[#log + 1] = string.format("empty %s %.1f", tostring(finished), CACurrentMediaTime())
                  end }
    runUntilIdle()
    expect(log).toEqual({"empty true 0.0", "fade true"})
  end)

  it("of a keyframe animation and a transition started together follow their ends", function()
    local log = {}
    View.transition{ with = plane, duration = 0.4, options = {"transitionCurlUp"},
                     animations = function() plane:addSubview(View.new{}) end,
                     completion = function() log[#log + 1] = "transition" end }
    View.animateKeyframes{ duration = 0.2, animations = function()
      View.addKeyframe(0, 1, function() plane.center.y = 0 end)
    end, completion = function() log[#log + 1] = "keyframes" end }
    runUntilIdle()
    expect(log).toEqual({"keyframes", "transition"})
  end)
end)

describe("bad input", function()
  it("rejects a negative duration", function()
    expect(function() View.animate{ duration = -1, animations = function() plane.alpha = 0 end } end).toThrow("duration")
    expect(function() View.animateKeyframes{ duration = -0.5, animations = function() end } end).toThrow("duration")
    expect(function() View.transition{ with = plane, duration = -1, animations = function() end } end).toThrow("duration")
  end)

  it("rejects keyframes outside [0, 1]", function()
    local function keyframes(start, length)
      View.animateKeyframes{ duration = 1, animations = function()
        View.addKeyframe(start, length, function() plane.alpha = 0 end)
      end }
    end
    expect(function() keyframes(-0.1, 0.5) end).toThrow("relativeStartTime")
    expect(function() keyframes(1.5, 0) end).toThrow("relativeStartTime")
    expect(function() keyframes(0.6, 0.5) end).toThrow("relativeDuration")
    expect(function() keyframes(0, -0.2) end).toThrow("relativeDuration")
  end)

  it("rejects unknown options", function()
    expect(function() View.animate{ duration = 1, options = {"curveBouncy"}, animations = function() end } end)
      .toThrow("curveBouncy")
    expect(function()
      View.animateKeyframes{ duration = 1, options = {"calculationModeWobbly"}, animations = function() end }
    end).toThrow("calculationModeWobbly")
    expect(function()
      View.transition{ with = plane, duration = 1, options = {"transitionSpin"}, animations = function() end }
    end).toThrow("transitionSpin")
  end)
end)
