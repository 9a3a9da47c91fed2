-- Timeline (issue 20): blocks, callbacks, labels and positions, controls, and errors from Lua.
-- The box starts at center (50, 50) and opacity 1. Expected values are worked out by hand: a
-- linear block over local [s, s + d] shows from + (u - s) / d * (to - from) at local time u.

local scene, box, other

local function opacity() return box.layer.presentation.opacity end
local function x() return box.layer.presentation.position.x end

beforeEach(function()
  scene = Scene.new{}
  box = View.new{ name = "box", frame = {0, 0, 100, 100} }
  other = View.new{ name = "other", frame = {0, 200, 100, 100} }
  scene.view:addSubview(box)
  scene.view:addSubview(other)
end)

describe("Timeline blocks and positions", function()
  it("chains blocks, places them by label and by the recent child, and returns itself", function()
    local tl = Timeline.new{ defaults = { duration = 1, curve = "linear" } }
    local same = tl:animate({ animations = function() box.alpha = 0 end })
      :addLabel("move", "-=0.5")
      :animate({ duration = 2, animations = function() box.center.x = 250 end }, "move")
      :animate({ animations = function() other.alpha = 0 end }, "<0.5")
    expect(same).toBe(tl)
    expect(tl.duration).toBe(2.5)
    expect(tl.labels.move).toBe(0.5)
    expect(box.alpha).toBe(0)           -- the model is final at once
    expect(opacity()).toBe(1)           -- an inactive timeline shows its local time 0
    tl:startAnimation()
    advance(0.75)
    expect(opacity()).toBeCloseTo(0.25, 1e-12)
    expect(x()).toBeCloseTo(75, 1e-9)
    expect(other.layer.presentation.opacity).toBe(1)
    advance(0.75)
    expect(other.layer.presentation.opacity).toBeCloseTo(0.5, 1e-12)
    runUntilIdle()
    expect(tl.state).toBe("inactive")
    expect(x()).toBe(250)
  end)

  it("takes a staggered block as one child from its earliest start to its latest end", function()
    local tl = Timeline.new{}
    tl:animate({ duration = 1, curve = "linear", delay = Stagger{ each = 0.5 },
                 animations = function() box.alpha = 0; other.alpha = 0 end })
    tl:call(function() end, "<")
    expect(tl.duration).toBe(1.5)
    tl:addLabel("after")
    expect(tl.labels.after).toBe(1.5)
    tl:startAnimation()
    advance(0.5)
    expect(opacity()).toBeCloseTo(0.5, 1e-12)
    expect(other.layer.presentation.opacity).toBe(1)
  end)

  it("creates an unknown label at the end when used as a position", function()
    local tl = Timeline.new{}
    tl:animate({ duration = 1, animations = function() box.alpha = 0 end })
    tl:call(function() end, "outro+=0.5")
    expect(tl.labels.outro).toBe(1)
    expect(tl.duration).toBe(1.5)
  end)
end)

describe("Timeline callbacks", function()
  it("run at the exact time the playhead reaches them, in order, then the completion", function()
    local log = {}
    local tl = Timeline.new{ speed = 2, completion = function(position)
      log[#log + 1] = "done " .. position .. " " .. CACurrentMediaTime()
    end }
    tl:animate({ duration = 1, animations = function() box.alpha = 0 end })
    tl:call(function() log[#log + 1] = "a " .. CACurrentMediaTime() end, 0.3)
    tl:add(function() log[#log + 1] = "b " .. CACurrentMediaTime() end, 0.3)
    tl:call(function() log[#log + 1] = "end " .. CACurrentMediaTime() end)
    tl:startAnimation()
    runUntilIdle()
    expect(log).toEqual({ "a 0.15", "b 0.15", "end 0.5", "done end 0.5" })
  end)

  it("play backwards when reversed and complete at start", function()
    local log = {}
    local tl = Timeline.new{}
    tl:animate({ duration = 1, curve = "linear", animations = function() box.alpha = 0 end })
    tl:call(function() log[#log + 1] = "half " .. CACurrentMediaTime() end, 0.5)
    tl:addCompletion(function(position) log[#log + 1] = position end)
    tl:startAnimation()
    after(0.75, function() tl.isReversed = true end)
    runUntilIdle()
    expect(log).toEqual({ "half 0.5", "half 1.0", "start" })
    expect(box.alpha).toBe(1)
  end)

  it("run inside seek when asked, and not when not", function()
    local log = {}
    local tl = Timeline.new{ repeatCount = 2 }
    tl:animate({ duration = 1, curve = "linear", animations = function() box.alpha = 0 end })
    tl:call(function() log[#log + 1] = "q" end, 0.25)
    tl:seek(0.5)
    expect(#log).toBe(0)
    tl:seek(1.5, { callbacks = true })
    expect(log).toEqual({ "q" })  -- only 1.25 lies in (0.5, 1.5]
    expect(tl.currentTime).toBe(0.5)
    expect(tl.fractionComplete).toBe(0.75)
    expect(opacity()).toBeCloseTo(0.5, 1e-12)
    tl.fractionComplete = 0.125
    expect(tl.currentTime).toBe(0.25)
    expect(#log).toBe(1)
  end)

  it("make the timeline awaitable: a sequence resumes at its exact end, after its completion handlers", function()
    local log = {}
    local tl = Timeline.new{ speed = 2 }
    tl:animate({ duration = 0.5, animations = function() box.alpha = 0 end })
    tl:addCompletion(function(position) log[#log + 1] = "completion " .. position end)
    sequence(function(wait, await)
      tl:startAnimation()
      local first = await(tl)  -- (computed first: `log[#log + 1] = await(tl)` takes its index before awaiting)
      log[#log + 1] = first .. " " .. CACurrentMediaTime()
      tl.isReversed = true
      tl:startAnimation()
      local second = await(tl)
      log[#log + 1] = second .. " " .. CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(log).toEqual({ "completion end", "end 0.25", "start 0.5" })
  end)

  it("end the run with file:line when one raises", function()
    local tl = Timeline.new{}
    tl:call(function() error("boom") end, 0.5)
    tl:startAnimation()
    expect(function() advance(1) end).toThrow("timeline_test.lua:%d+: boom")
  end)
end)

describe("Timeline errors", function()
  it("refuses a running animator, naming its state", function()
    local a = Animator.new{ duration = 1, animations = function() box.alpha = 0 end }
    a:startAnimation()
    local tl = Timeline.new{}
    expect(function() tl:add(a) end)
      .toThrow("timeline_test.lua:%d+: Timeline:add: the animator is active %(running%); add an inactive animator")
  end)

  it("takes an inactive animator's blocks and completions", function()
    local done
    local a = Animator.new{ duration = 1, curve = "linear", animations = function() box.alpha = 0 end }
    a:addCompletion(function(position) done = position end)
    local tl = Timeline.new{}
    tl:add(a, 0.5)
    expect(tl.duration).toBe(1.5)
    tl:startAnimation()
    advance(1)
    expect(opacity()).toBeCloseTo(0.5, 1e-12)
    runUntilIdle()
    expect(done).toBe("end")
  end)

  it("repeats forever with repeatCount = math.huge, calling back every iteration", function()
    local calls = 0
    local tl = Timeline.new{ repeatCount = math.huge }
    tl:animate({ duration = 0.5, animations = function() box.alpha = 0 end })
    tl:call(function() calls = calls + 1 end, 0.25)
    expect(tl.repeatCount).toBe(math.huge)
    tl:startAnimation()
    advance(2)
    expect(calls).toBe(4)
    expect(tl.fractionComplete).toBe(0)
    expect(function() tl.fractionComplete = 0.5 end)
      .toThrow("Timeline.fractionComplete: timeline repeats forever; seek to a time instead")
  end)

  it("names bad positions, options and states", function()
    local tl = Timeline.new{}
    expect(function() tl:call(function() end, "<abc") end).toThrow('position must be a number, "%+=x"')
    expect(function() tl:call(function() end, {}) end).toThrow("position expected %(a number or a string%), got table")
    expect(function() tl:animate({ duraton = 1 }) end).toThrow("unknown option 'duraton'")
    expect(function() tl:stopAnimation() end).toThrow("Timeline:stopAnimation: timeline is inactive; there is nothing to stop")
    expect(function() Timeline.new{ speed = 0 } end).toThrow("speed must be")
    expect(function() tl.duration = 3 end).toThrow("settable: fractionComplete, isReversed")
    local inner = Timeline.new{}
    tl:add(inner)
    expect(function() inner:startAnimation() end).toThrow("Timeline:startAnimation: timeline is nested in another timeline")
  end)
end)
