-- sequence(function(wait, await) ... end): coroutine scripts on exact virtual time (issue 20).
-- Frames are at n / 60; a display link logs them, so the log shows the frame a resume is in.

local function frameLogger(log, from)
  return DisplayLink.new(function(link)
    local frame = math.floor(link.timestamp * 60 + 0.5)
    if frame >= from then log[#log + 1] = "frame " .. frame end
  end)
end

describe("sequence and wait", function()
  beforeEach(function() Scene.new{} end)

  it("runs the body at once up to its first wait and returns a waiting Sequence", function()
    local log = {}
    local s = sequence(function(wait)
      log[#log + 1] = "start " .. CACurrentMediaTime()
      wait(0.5)
      log[#log + 1] = "resumed " .. CACurrentMediaTime()
    end)
    expect(log).toEqual({"start 0.0"})
    expect(s.state).toBe("waiting")
    expect(s.isFinished).toBe(false)
    runUntilIdle()
    expect(log).toEqual({"start 0.0", "resumed 0.5"})
    expect(s.isFinished).toBe(true)
    expect(s.isCancelled).toBe(false)
  end)

  it("resumes at exactly the body's time plus the wait, off the frame grid", function()
    local times = {}
    sequence(function(wait)
      wait(0.31); times[#times + 1] = CACurrentMediaTime()
      wait(0.2); times[#times + 1] = CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(times).toEqual({0.31, 0.31 + 0.2})
  end)

  it("does not drift: ten wait(0.1) at 60 fps end in frame 60, before its display links", function()
    local log = {}
    local link = frameLogger(log, 59)
    sequence(function(wait)
      for _ = 1, 10 do wait(0.1) end
      log[#log + 1] = "done"
      link:invalidate()
    end)
    runUntilIdle()
    -- 0.1 added ten times is 0.9999999999999999: due in frame 60 (1.0), the first at or after it less 1 ns.
    expect(log).toEqual({"frame 59", "done"})
  end)

  it("with no time or 0, resumes in the frame after the one the body runs in", function()
    local times = {}
    sequence(function(wait)
      wait(); times[#times + 1] = CACurrentMediaTime()     -- the top level is frame 0
      wait(0); times[#times + 1] = CACurrentMediaTime()
      wait(0.01); wait(); times[#times + 1] = CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(times[1]).toBe(1 / 60)
    expect(times[2]).toBe(2 / 60)
    -- wait(0.01) from 2/60 resumes at 2/60 + 0.01, inside frame 3; wait() then resumes in frame 4.
    expect(times[3]).toBe(4 / 60)
  end)

  it("resumes with the timers, in scheduling order, before the frame's completions", function()
    local log = {}
    View.animate{ duration = 0.5, animations = function() Scene.current.view.alpha = 0 end,
                  completion = function() log[#log + 1] = "completion" end }
    after(0.5, function() log[#log + 1] = "after" end)
    sequence(function(wait) wait(0.5); log[#log + 1] = "sequence" end)
    runUntilIdle()
    -- The animation ends at 0.5, the timers' deadline: it still comes after both.
    expect(log).toEqual({"after", "sequence", "completion"})
  end)

  it("lands after(0.1) chained three times in frame 18, where the run then ends", function()
    local at
    after(0.1, function() after(0.1, function() after(0.1, function() at = CACurrentMediaTime() end) end) end)
    -- Due at 0.30000000000000004, 1e-16 after frame 18 (0.3): the run ends there, not at frame 19.
    expect(runUntilIdle()).toBe(0.1 + 0.1 + 0.1)
    expect(at).toBe(0.1 + 0.1 + 0.1)
  end)

  it("starts sequences from sequences, each on its own clock", function()
    local log = {}
    sequence(function(wait)
      wait(0.25)
      sequence(function(wait)
        wait(0.5); log[#log + 1] = "inner " .. CACurrentMediaTime()
      end)
      wait(0.25); log[#log + 1] = "outer " .. CACurrentMediaTime()
    end)
    runUntilIdle()
    expect(log).toEqual({"outer 0.5", "inner 0.75"})
  end)
end)

describe("the wait and await globals", function()
  beforeEach(function() Scene.new{} end)

  it("wait in a sequence's body, as the parameters do", function()
    local at
    sequence(function() wait(0.25); at = CACurrentMediaTime() end)
    runUntilIdle()
    expect(at).toBe(0.25)
  end)

  it("stay the script's own when it defines them", function()
    local function mine() return "mine" end
    wait = mine
    sequence(function(w) w(0.1) end)
    expect(wait).toBe(mine)
    wait = nil
  end)
end)
