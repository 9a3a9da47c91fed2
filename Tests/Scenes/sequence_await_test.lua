-- await(x): resumes where x reports completion, with what it finished with (issue 20).

describe("await", function()
  local box
  beforeEach(function()
    local scene = Scene.new{}
    box = View.new{ name = "box", frame = {0, 0, 10, 10} }
    scene.view:addSubview(box)
  end)

  it("takes the token View.animate returns, resuming in the frame its completion runs, after it", function()
    local log = {}
    sequence(function(wait, await)
      local token = View.animate{ duration = 0.5, animations = function() box.alpha = 0 end,
                                  completion = function(finished) log[#log + 1] = "completion " .. tostring(finished) end }
      expect(token.isFinished).toBe(false)
      local finished = await(token)
      log[#log + 1] = "resumed " .. tostring(finished) .. " at " .. CACurrentMediaTime()
      expect(token.finished).toBe(true)
    end)
    runUntilIdle()
    expect(log).toEqual({"completion true", "resumed true at 0.5"})
  end)

  it("gets false from an interrupted view animation", function()
    local result
    sequence(function(wait, await)
      local token = View.animate{ duration = 1, animations = function() box.alpha = 0 end }
      after(0.25, function() box.layer:removeAllAnimations() end)
      result = await(token)
    end)
    runUntilIdle()
    expect(result).toBe(false)
  end)

  it("takes an Animator and returns its completion position", function()
    local results = {}
    sequence(function(wait, await)
      local a = Animator.runningPropertyAnimator{ duration = 0.5, animations = function() box.alpha = 0 end }
      results[#results + 1] = await(a) .. " at " .. CACurrentMediaTime()
      local b = Animator.new{ duration = 1, animations = function() box.alpha = 1 end }
      b:startAnimation()
      after(0.25, function() b:stopAnimation(false); b:finishAnimation("current") end)
      results[#results + 1] = await(b)
      local c = Animator.runningPropertyAnimator{ duration = 1, animations = function() box.alpha = 0 end }
      after(0.25, function() c:stopAnimation(true) end)   -- no completion: the sequence still goes on
      results[#results + 1] = await(c)
    end)
    runUntilIdle()
    expect(results).toEqual({"end at 0.5", "current", "current"})
  end)

  it("returns at once, without yielding, for something already finished", function()
    local log = {}
    local done = sequence(function() end)
    sequence(function(wait, await)
      log[#log + 1] = tostring(await(done)) .. " at " .. CACurrentMediaTime()
    end)
    expect(log).toEqual({"true at 0.0"})
  end)

  it("takes a Sequence: true when it finishes, after its own completions; false when cancelled", function()
    local log = {}
    local inner = sequence(function(wait) wait(0.5) end)
    inner:addCompletion(function(finished) log[#log + 1] = "inner completion " .. tostring(finished) end)
    local doomed = sequence(function(wait) wait(10) end)
    sequence(function(wait, await)
      -- (await first: `log[#log + 1] = await(x)` would take the index before the body waits)
      local finished = await(inner)
      log[#log + 1] = "inner " .. tostring(finished) .. " at " .. CACurrentMediaTime()
      after(0.25, function() doomed:cancel() end)
      finished = await(doomed)
      log[#log + 1] = "doomed " .. tostring(finished) .. " at " .. CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(log).toEqual({"inner completion true", "inner true at 0.5", "doomed false at 0.75"})
  end)

  it("takes the token MotionAnimator:animate returns", function()
    local traits = AnimationTraits.new{ duration = 0.4, timingCurve = "linear" }
    local at
    sequence(function(wait, await)
      expect(await(MotionAnimator.new():animate(traits, function() box.alpha = 0 end))).toBe(true)
      at = CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(at).toBeCloseTo(0.4, 1e-9)
  end)

  it("waits for all: every result, in order, once the last has finished", function()
    local results, at
    sequence(function(wait, await)
      local a = View.animate{ duration = 0.5, animations = function() box.alpha = 0 end }
      local b = Animator.runningPropertyAnimator{ duration = 0.25, animations = function() box.center.x = 50 end }
      local s = sequence(function(wait) wait(0.75) end)
      results = { await(all(a, b, s)) }
      at = CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(results).toEqual({true, "end", true})
    expect(at).toBe(0.75)
  end)

  it("waits for any: the index of the first to finish and its result; the others go on", function()
    local index, result, other
    sequence(function(wait, await)
      local slow = View.animate{ duration = 1, animations = function() box.alpha = 0 end,
                                 completion = function(finished) other = finished end }
      local quick = sequence(function(wait) wait(0.25) end)
      index, result = await(any(slow, quick))
      expect(CACurrentMediaTime()).toBe(0.25)
    end)
    runUntilIdle()
    expect(index).toBe(2)
    expect(result).toBe(true)
    expect(other).toBe(true)
  end)

  it("counts members already finished in any, the first of them in argument order", function()
    local index
    local done = sequence(function() end)
    sequence(function(wait, await)
      index = await(any(sequence(function(wait) wait(1) end), done))
    end)
    expect(index).toBe(2)
  end)

  it("refuses what cannot be awaited, and awaiting itself, naming await", function()
    local problems = {}
    local s
    s = sequence(function(wait, await)
      wait()
      problems[1] = select(2, pcall(await, 42))
      problems[2] = select(2, pcall(await, s))
    end)
    runUntilIdle()
    expect(problems[1]).toMatch("await: an Animator, a Timeline, a Sequence")
    expect(problems[2]).toMatch("await: a sequence cannot await itself")
    expect(function() all(1) end).toThrow("bad argument #1")
    expect(function() any() end).toThrow("any: give at least one thing to await")
  end)
end)
