-- Engine time in scene tests: every test starts at time 0 on a virtual clock, and timers fire
-- at their exact deadlines, in order, whatever the frame rate (DESIGN §4, "Exact virtual time").

describe("after", function()
  local fired

  beforeEach(function()
    fired = {}
  end)

  it("fires once, at its exact deadline, even between frames", function()
    after(0.31, function() fired[#fired + 1] = CACurrentMediaTime() end)   -- 18.6 frames at 60 fps
    advance(1)
    expect(fired).toEqual({0.31})
  end)

  it("does not fire before its deadline", function()
    after(0.5, function() fired[#fired + 1] = CACurrentMediaTime() end)
    advance(0.25)
    expect(fired).toEqual({})
    advance(0.25)
    expect(fired).toEqual({0.5})
  end)

  it("runs timers due at the same instant in the order they were scheduled", function()
    for _, name in ipairs({"a", "b", "c"}) do
      after(1, function() fired[#fired + 1] = name end)
    end
    after(0.5, function()
      after(0.5, function() fired[#fired + 1] = "scheduled later, same deadline" end)
    end)
    runUntilIdle()
    expect(fired).toEqual({"a", "b", "c", "scheduled later, same deadline"})
  end)

  it("with no delay fires at the current time", function()
    advance(0.5)
    after(0, function() fired[#fired + 1] = CACurrentMediaTime() end)
    advance(0)
    expect(fired).toEqual({0.5})
  end)

  it("never fires once cancelled, and its handle says so", function()
    local timer = after(1, function() fired[#fired + 1] = "fired" end)
    expect(timer.deadline).toBe(1)
    timer:cancel()
    expect(runUntilIdle()).toBe(0)
    expect(fired).toEqual({})
    expect(timer.isCancelled).toBe(true)
  end)

  it("rejects a negative delay, naming the call", function()
    expect(function() after(-1, function() end) end).toThrow("after: seconds must be")
  end)
end)

describe("every", function()
  it("calls back at exactly start + k × interval, with no drift", function()
    local times = {}
    advance(0.5)
    every(0.1, function() times[#times + 1] = CACurrentMediaTime() end)
    advance(1)
    expect(#times).toBe(10)
    for k = 1, 10 do
      expect(times[k]).toBe(0.5 + k * 0.1)
    end
  end)

  it("can cancel itself from its own callback", function()
    local calls = 0
    every(0.25, function(timer)
      calls = calls + 1
      if calls == 3 then timer:cancel() end
    end)
    expect(runUntilIdle()).toBe(0.75)
    expect(calls).toBe(3)
  end)
end)

describe("time jumps", function()
  it("fire every timer once, in deadline order, without stepping through every frame", function()
    local fired = {}
    after(1000, function() fired[#fired + 1] = "late" end)
    after(10, function() fired[#fired + 1] = "early" end)
    advance(1e6)
    expect(fired).toEqual({"early", "late"})
    expect(CACurrentMediaTime()).toBe(1e6)
  end)
end)

describe("runUntilIdle", function()
  it("returns the time when nothing was left", function()
    after(2, function() end)
    after(3.5, function() end)
    expect(runUntilIdle()).toBe(3.5)
  end)

  it("fails at its bound and says what is still pending", function()
    expect(function()
      every(1, function() end)
      runUntilIdle(5)
    end).toThrow("still pending: 1 timer")
  end)
end)
