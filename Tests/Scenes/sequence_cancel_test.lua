-- seq:cancel(), completions, and the sequences a sequence starts (issue 20).

describe("cancelling a sequence", function()
  beforeEach(function() Scene.new{} end)

  it("closes the coroutine, running its <close> variables, and calls the completions with false", function()
    local log = {}
    local s = sequence(function(wait)
      local guard <close> = setmetatable({}, { __close = function() log[#log + 1] = "closed" end })
      wait(1)
      log[#log + 1] = "never resumed"
    end)
    s:addCompletion(function(finished) log[#log + 1] = "completion " .. tostring(finished) end)
    advance(0.5)
    s:cancel()
    expect(log).toEqual({"closed", "completion false"})
    expect(s.isCancelled).toBe(true)
    expect(s.isFinished).toBe(true)
    expect(s.state).toBe("cancelled")
    runUntilIdle()
    expect(log).toEqual({"closed", "completion false"})
  end)

  it("cancels the sequences it started, which close too", function()
    local log = {}
    local inner
    local outer = sequence(function(wait)
      inner = sequence(function(wait)
        local guard <close> = setmetatable({}, { __close = function() log[#log + 1] = "inner closed" end })
        wait(5)
      end)
      inner:addCompletion(function(finished) log[#log + 1] = "inner " .. tostring(finished) end)
      wait(1)
    end)
    outer:addCompletion(function(finished) log[#log + 1] = "outer " .. tostring(finished) end)
    outer:cancel()
    expect(log).toEqual({"outer false", "inner closed", "inner false"})
    expect(inner.isCancelled).toBe(true)
  end)

  it("lets a finished sequence's children go on, and does nothing to a finished sequence", function()
    local log = {}
    local outer = sequence(function(wait)
      sequence(function(wait) wait(1); log[#log + 1] = "child done" end)
    end)
    expect(outer.isFinished).toBe(true)
    outer:cancel()
    expect(outer.isCancelled).toBe(false)
    runUntilIdle()
    expect(log).toEqual({"child done"})
  end)

  it("runs a completion added after the end at once, with how it ended", function()
    local got
    local s = sequence(function() end)
    s:addCompletion(function(finished) got = finished end)
    expect(got).toBe(true)
  end)

  it("cannot be done from the sequence's own body", function()
    local problem
    local s
    s = sequence(function(wait)
      wait()
      problem = select(2, pcall(function() s:cancel() end))
    end)
    runUntilIdle()
    expect(problem).toMatch("Sequence:cancel: the sequence is running")
    expect(s.isFinished).toBe(true)
  end)

  it("stops an await: the awaited thing finishing later does not resume it", function()
    local resumed = false
    local s = sequence(function(wait, await)
      await(View.animate{ duration = 1, animations = function() Scene.current.view.alpha = 0 end })
      resumed = true
    end)
    advance(0.5)
    s:cancel()
    runUntilIdle()
    expect(resumed).toBe(false)
  end)
end)
