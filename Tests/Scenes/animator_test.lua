-- Animator (UIViewPropertyAnimator): the state table, each control at exact times, scrubbing,
-- reversal, continueAnimation. The box starts at x 50 and the animator moves it to x 150.

local scene, box

local function x() return box.layer.presentation.position.x end

local function linear(duration)
  return Animator.new{ duration = duration or 2, curve = "linear", animations = function() box.center.x = 150 end }
end

-- An animator brought into one of the rows of the state table.
local function animatorIn(phase)
  local a = linear()
  if phase == "running" then a:startAnimation()
  elseif phase == "paused" then a:pauseAnimation()
  elseif phase == "stopped" then a:startAnimation(); a:stopAnimation(false) end
  return a
end

-- "inactive", "running", "paused" or "stopped"
local function phaseOf(a)
  if a.state ~= "active" then return a.state end
  return a.isRunning and "running" or "paused"
end

beforeEach(function()
  scene = Scene.new{}
  box = View.new{ name = "box", frame = {0, 0, 100, 100} }
  scene.view:addSubview(box)
end)

describe("Animator's state table", function()
  -- { call, phase, the phase after it, or the error it raises }
  local calls = {
    start = function(a) a:startAnimation() end,
    pause = function(a) a:pauseAnimation() end,
    stopTrue = function(a) a:stopAnimation(true) end,
    stopFalse = function(a) a:stopAnimation(false) end,
    finish = function(a) a:finishAnimation("end") end,
    add = function(a) a:addAnimations(function() box.alpha = 0.5 end) end,
    continue = function(a) a:continueAnimation(nil, 1) end,
    scrub = function(a) a.fractionComplete = 0.5 end,
    interruptible = function(a) a.isInterruptible = false end,
  }
  local rows = {
    { "start", "inactive", "running" },
    { "start", "running", "running" },
    { "start", "paused", "running" },
    { "start", "stopped", "Animator:startAnimation: animator is stopped; call finishAnimation(at:) first" },
    { "pause", "inactive", "paused" },
    { "pause", "running", "paused" },
    { "pause", "paused", "paused" },
    { "pause", "stopped", "Animator:pauseAnimation: animator is stopped; call finishAnimation(at:) first" },
    { "stopTrue", "inactive", "Animator:stopAnimation: animator is inactive; there is nothing to stop" },
    { "stopTrue", "running", "inactive" },
    { "stopTrue", "paused", "inactive" },
    { "stopFalse", "running", "stopped" },
    { "stopFalse", "paused", "stopped" },
    { "stopFalse", "stopped", "Animator:stopAnimation: animator is stopped; call finishAnimation(at:) instead" },
    { "finish", "inactive", "Animator:finishAnimation: animator is inactive; call stopAnimation(false) first" },
    { "finish", "running", "Animator:finishAnimation: animator is active; call stopAnimation(false) first" },
    { "finish", "paused", "Animator:finishAnimation: animator is active; call stopAnimation(false) first" },
    { "finish", "stopped", "inactive" },
    { "add", "inactive", "inactive" },
    { "add", "running", "running" },
    { "add", "paused", "paused" },
    { "add", "stopped", "Animator:addAnimations: animator is stopped; call finishAnimation(at:) first" },
    { "continue", "inactive", "Animator:continueAnimation: animator is inactive; pause it first" },
    { "continue", "running", "Animator:continueAnimation: animator is active; call pauseAnimation() first" },
    { "continue", "paused", "running" },
    { "continue", "stopped", "Animator:continueAnimation: animator is stopped; call finishAnimation(at:) first" },
    { "scrub", "inactive", "paused" },
    { "scrub", "running", "running" },
    { "scrub", "paused", "paused" },
    { "scrub", "stopped", "Animator.fractionComplete: animator is stopped; call finishAnimation(at:) first" },
    { "interruptible", "inactive", "inactive" },
    { "interruptible", "running", "Animator.isInterruptible: animator is active; set it before starting the animator" },
    { "interruptible", "paused", "Animator.isInterruptible: animator is active; set it before starting the animator" },
    { "interruptible", "stopped", "Animator.isInterruptible: animator is stopped; set it before starting the animator" },
  }
  for _, row in ipairs(rows) do
    local call, phase, outcome = row[1], row[2], row[3]
    local legal = outcome == "inactive" or outcome == "running" or outcome == "paused" or outcome == "stopped"
    local name = legal and (call .. " while " .. phase .. " leaves it " .. outcome)
                        or (call .. " while " .. phase .. " raises an error naming the call and the state")
    it(name, function()
      local a = animatorIn(phase)
      if legal then
        calls[call](a)
        expect(phaseOf(a)).toBe(outcome)
      else
        expect(function() calls[call](a) end).toThrow(outcome)
        expect(phaseOf(a)).toBe(phase)
      end
    end)
  end

  it("a non-interruptible animator cannot be paused, stopped or continued once running", function()
    local a = linear()
    a.isInterruptible = false
    a:startAnimation()
    expect(function() a:pauseAnimation() end).toThrow("Animator:pauseAnimation: animator is active; it is not interruptible")
    expect(function() a:stopAnimation(true) end).toThrow("Animator:stopAnimation: animator is active; it is not interruptible")
    runUntilIdle()
    expect(a.state).toBe("inactive")
    expect(box.layer.presentation.position.x).toBe(150)
  end)

  it("errors point at the script line", function()
    local a = linear()
    expect(function() a:finishAnimation("end") end).toThrow("animator_test.lua:%d+: Animator:finishAnimation")
  end)
end)

describe("Animator's controls at exact times", function()
  it("a 2 s linear animator paused at 1 s and resumed at 2 s ends at 3 s", function()
    local a, log = linear(), {}
    a:addCompletion(function(position) table.insert(log, position .. "@" .. CACurrentMediaTime()) end)
    a:startAnimation()
    advance(1)
    a:pauseAnimation()
    expect(a.fractionComplete).toBeCloseTo(0.5, 1e-12)
    advance(1)
    expect(x()).toBeCloseTo(100, 1e-9)
    a:startAnimation()
    advance(0.5)
    expect(x()).toBeCloseTo(125, 1e-9)
    advance(0.5)
    expect(x()).toBe(150)
    runUntilIdle()
    expect(log).toEqual({ "end@3.0" })
  end)

  it("startAnimation(afterDelay) holds the old value for the delay", function()
    local a = linear()
    a:startAnimation(0.5)
    expect(a.delay).toBe(0.5)
    expect(a.isRunning).toBe(true)
    advance(0.5)
    expect(x()).toBe(50)
    advance(1)
    expect(x()).toBeCloseTo(100, 1e-9)
  end)

  it("a bad start delay (negative, NaN, infinite) is an error, and the animator does not start", function()
    -- Core's rule, the same in Swift (AnimatorStartDelayTests): checked before the state.
    for _, delay in ipairs{ -1, -1e-9, 0/0, math.huge, -math.huge } do
      local a = linear()
      expect(function() a:startAnimation(delay) end)
        .toThrow("Animator:startAnimation: delay must be a finite number")  -- "≥ 0 (got -1)", "(got nan)"...
      expect(a.state).toBe("inactive")
      expect(a.delay).toBe(0)
      expect(box.center.x).toBe(50)
      advance(1)
      expect(x()).toBe(50)
    end
    local stopped = animatorIn("stopped")
    expect(function() stopped:startAnimation(-1) end).toThrow("delay must be a finite number")
    local a = linear()
    a:startAnimation(0)
    advance(1)
    expect(x()).toBeCloseTo(100, 1e-9)
  end)

  it("stopAnimation(false) freezes the current value; finishAnimation puts it at start, end or current", function()
    for _, case in ipairs{ { "start", 50 }, { "end", 150 }, { "current", 100 } } do
      local log = {}
      local a = linear()
      a:addCompletion(function(position) table.insert(log, position) end)
      a:startAnimation()
      advance(1)
      a:stopAnimation(false)
      expect(box.center.x).toBeCloseTo(100, 1e-9)
      expect(x()).toBeCloseTo(100, 1e-9)
      a:finishAnimation(case[1])
      expect(box.center.x).toBeCloseTo(case[2], 1e-9)
      runUntilIdle()
      expect(log).toEqual({ case[1] })
      box.center.x = 50
    end
  end)

  it("stopAnimation(true) keeps the current value and never calls the completions", function()
    local a, called = linear(), false
    a:addCompletion(function() called = true end)
    a:startAnimation()
    advance(0.5)
    a:stopAnimation(true)
    expect(a.state).toBe("inactive")
    expect(box.center.x).toBeCloseTo(75, 1e-9)
    runUntilIdle()
    expect(called).toBe(false)
  end)

  it("rejects an unknown position, a bad delay and a bad duration", function()
    local a = animatorIn("stopped")
    expect(function() a:finishAnimation("middle") end)
      .toThrow('position must be one of "end", "start", "current" (got "middle")')
    expect(function() linear():startAnimation(-1) end).toThrow("delay must be a finite number ≥ 0 (got -1)")
    expect(function() Animator.new{ duration = 0/0 } end).toThrow("duration")
    expect(function() Animator.new{ duration = -1 } end).toThrow("duration")
    expect(function() Animator.new{ duration = 1, curve = "bouncy" } end).toThrow("bouncy")
    expect(function() Animator.new{ duration = 1, curve = "linear", dampingRatio = 0.5 } end)
      .toThrow("must be given one way")
    expect(function() Animator.new{ duration = 1, animation = function() end } end).toThrow("animation")
    expect(function() a.duration = 3 end).toThrow("Animator.duration cannot be set")
  end)

  it("an error in an animation block is raised by the call that runs the block", function()
    local a = Animator.new{ duration = 1, animations = function() error("broken block") end }
    expect(function() a:startAnimation() end).toThrow("broken block")
  end)
end)

describe("Animator scrubbing and reversal", function()
  it("scrubs linearly by default and along the curve with scrubsLinearly false", function()
    local a = Animator.new{ duration = 2, curve = "easeIn", animations = function() box.center.x = 150 end }
    a.fractionComplete = 0.5
    expect(a.state).toBe("active")
    expect(a.isRunning).toBe(false)
    expect(x()).toBeCloseTo(100, 1e-9)
    a.scrubsLinearly = false
    a.fractionComplete = 0.5
    -- easeIn (0.42, 0, 1, 1) is at 0.3153 halfway.
    expect(x()).toBeCloseTo(50 + 100 * 0.3153, 0.02)
    a.fractionComplete = 7
    expect(a.fractionComplete).toBe(1)
  end)

  it("reversed mid-way, it plays back to the start and completes at the start", function()
    local a, log = linear(), {}
    a:addCompletion(function(position) table.insert(log, position) end)
    a:startAnimation()
    advance(1.5)
    a.isReversed = true
    advance(0.5)
    expect(x()).toBeCloseTo(100, 1e-9)
    expect(a.fractionComplete).toBeCloseTo(0.5, 1e-9)
    advance(1)
    runUntilIdle()
    expect(log).toEqual({ "start" })
    expect(box.center.x).toBe(50)
  end)

  it("pausesOnCompletion stays active at the end without calling the completions, and can reverse", function()
    local a, called = linear(), false
    a.pausesOnCompletion = true
    a:addCompletion(function() called = true end)
    a:startAnimation()
    advance(2.5)
    expect(a.state).toBe("active")
    expect(a.isRunning).toBe(false)
    expect(a.fractionComplete).toBe(1)
    expect(called).toBe(false)
    a.isReversed = true
    a:startAnimation()
    advance(1)
    expect(x()).toBeCloseTo(100, 1e-9)
  end)
end)

describe("Animator.addAnimations and continueAnimation", function()
  it("a block added with delay factor 0.5 moves over the second half", function()
    local a = linear()
    a:addAnimations(function() box.alpha = 0 end, 0.5)
    a:startAnimation()
    advance(1)
    expect(box.layer.presentation.opacity).toBe(1)
    advance(0.5)
    expect(box.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
  end)

  it("the same property set in two blocks: the later wins", function()
    local a = linear()
    a:addAnimations(function() box.center.x = 250 end)
    a:startAnimation()
    runUntilIdle()
    expect(box.center.x).toBe(250)
    expect(x()).toBe(250)
  end)

  it("a transition in a block added with delay factor 0.5 runs over the second half, as the animator's", function()
    local title = Label.new{ name = "title", text = "Show More" }
    scene.view:addSubview(title)
    local a = linear()
    a:addAnimations(function()
      View.transition{ with = title, duration = 0.25, options = {"transitionCrossDissolve"},
                       animations = function() title.text = "Show Less" end }
    end, 0.5)
    a:startAnimation()
    expect(title.text).toBe("Show Less")
    advance(0.99)
    expect(title.layer.presentation.transition.progress).toBe(0)
    advance(0.51)                               -- 1.5 s: half of the animator's second half
    expect(title.layer.presentation.transition.progress).toBeCloseTo(0.5, 1e-6)
    advance(0.6)
    expect(title.layer.presentation.transition).toBe(nil)
  end)

  it("a duration factor of 0.1 after pausing at 1 s of 2 s leaves 0.2 s", function()
    local a = linear()
    a:startAnimation()
    advance(1)
    a:pauseAnimation()
    a:continueAnimation(nil, 0.1)
    advance(0.1)
    expect(x()).toBeCloseTo(125, 1e-9)
    advance(0.1)
    expect(x()).toBe(150)
    runUntilIdle()
    expect(a.state).toBe("inactive")
  end)

  it("continuing with a damping-ratio spring keeps the velocity, so there is no kink", function()
    local a = Animator.new{ duration = 2, curve = "easeInOut", animations = function() box.center.x = 150 end }
    a:startAnimation()
    advance(0.5 - 1e-6)
    local before = x()
    advance(1e-6)
    local atPause = x()
    local velocityBefore = (atPause - before) / 1e-6
    a:pauseAnimation()
    a:continueAnimation(SpringTimingParameters.new{ dampingRatio = 0.5 }, 0.5)
    advance(1e-6)
    local velocityAfter = (x() - atPause) / 1e-6
    expect(velocityBefore).toBeCloseTo(100 * TimingFunction.new("easeInOut"):velocity(0.25) / 2, 0.01)
    expect(velocityAfter).toBeCloseTo(velocityBefore, velocityBefore * 1e-3)
    runUntilIdle()
    expect(x()).toBe(150)
  end)

  it("a spring from mass, stiffness and damping sets the duration itself", function()
    local spring = SpringTimingParameters.new{ mass = 1, stiffness = 100, damping = 10 }
    local a = Animator.new{ duration = 5, timingParameters = spring, animations = function() box.center.x = 150 end }
    expect(a.duration).toBe(spring.settlingDuration)
    expect(a.duration < 5).toBe(true)
    expect(a.timingParameters.settlingDuration).toBe(spring.settlingDuration)
    expect(a.timingParameters:progress(0.5)).toBe(spring:progress(0.5))
  end)

  it("control points may overshoot in y, as the Widgets curve (0.57, -0.4, 0.96, 0.87) does", function()
    local a = Animator.new{ duration = 1, controlPoint1 = {0.57, -0.4}, controlPoint2 = {0.96, 0.87},
                            animations = function() box.center.x = 150 end }
    a:startAnimation()
    advance(0.3)
    expect(x() < 50).toBe(true)
  end)

  it("runningPropertyAnimator starts after its delay and calls its completion with the position", function()
    local log = {}
    local a = Animator.runningPropertyAnimator{ duration = 2, delay = 1, options = {"curveLinear"},
      animations = function() box.center.x = 150 end,
      completion = function(position) table.insert(log, position .. "@" .. CACurrentMediaTime()) end }
    expect(a.isRunning).toBe(true)
    advance(2)
    expect(x()).toBeCloseTo(100, 1e-9)
    runUntilIdle()
    expect(log).toEqual({ "end@3.0" })
  end)
end)
