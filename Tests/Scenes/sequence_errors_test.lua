-- Errors in sequences name the call and the line (issue 20).

describe("sequence errors", function()
  beforeEach(function() Scene.new{} end)

  it("raise an error before the first wait from sequence(...), at the body's line", function()
    expect(function()
      sequence(function(wait) error("before any wait") end)
    end).toThrow("sequence_errors_test.lua:8: before any wait")
  end)

  it("end the run at an error after a wait, with the body's line", function()
    sequence(function(wait)
      wait(0.5)
      local missing = nil
      return missing.field
    end)
    expect(function() runUntilIdle() end).toThrow("sequence_errors_test.lua:16: attempt to index a nil value")
  end)

  it("end the run at an error after an await", function()
    sequence(function(wait, await)
      await(View.animate{ duration = 0.25, animations = function() Scene.current.view.alpha = 0 end })
      error("after the await")
    end)
    expect(function() runUntilIdle() end).toThrow("sequence_errors_test.lua:24: after the await")
  end)

  it("name wait when it is called outside a sequence", function()
    expect(function() wait(1) end).toThrow("sequence_errors_test.lua:30: wait: not inside a sequence's body")
    expect(function() await(sequence(function() end)) end).toThrow("await: not inside a sequence's body")
  end)

  it("name wait for a negative, NaN or non-number wait", function()
    expect(function() sequence(function(wait) wait(-1) end) end)
      .toThrow("sequence_errors_test.lua:35: wait: seconds must be a finite number ≥ 0 (got -1)")
    expect(function() sequence(function(wait) wait(0 / 0) end) end).toThrow("wait: seconds must be a finite number ≥ 0 (got nan)")
    expect(function() sequence(function(wait) wait("soon") end) end).toThrow("wait: seconds must be a number (got string)")
  end)

  it("name wait inside an animations block, a completion and a curve, never 'yield across a C-call boundary'", function()
    expect(function()
      sequence(function(wait)
        View.animate{ duration = 1, animations = function() wait(1) end }
      end)
    end).toThrow("wait: cannot wait inside a block the engine calls %(an animations block%)")
    local problems = {}
    sequence(function(wait)
      View.animate{ duration = 0.25, animations = function() Scene.current.view.alpha = 0 end,
                    completion = function() problems.completion = select(2, pcall(wait, 1)) end }
      View.animate{ duration = 0.25, curve = function(t)
                      if not problems.curve then problems.curve = select(2, pcall(wait, 1)) end
                      return t
                    end, animations = function() Scene.current.view.center.x = 50 end }
      wait(1)
    end)
    runUntilIdle()
    expect(problems.completion).toMatch("wait: cannot wait inside a block the engine calls")
    expect(problems.curve).toMatch("sequence_errors_test.lua:52: wait: ")
    expect(problems.curve).never.toMatch("C%-call boundary")
  end)

  it("name wait in a coroutine the body made", function()
    expect(function()
      sequence(function(wait) coroutine.wrap(function() wait(1) end)() end)
    end).toThrow("wait: called from a coroutine the sequence did not start")
  end)

  it("refuse a body that yields by itself", function()
    expect(function() sequence(function() coroutine.yield() end) end).toThrow("the body yielded without wait or await")
  end)

  it("refuse engine control from a body, before and after its first wait", function()
    expect(function() sequence(function() advance(1) end) end)
      .toThrow("advance: cannot advance the engine from inside a sequence")
    local problem
    sequence(function(wait) wait(0.1); problem = select(2, pcall(runUntilIdle)) end)
    runUntilIdle()
    expect(problem).toMatch("cannot .* from inside a sequence")
  end)
end)
