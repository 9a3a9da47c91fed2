-- Runaway callbacks and re-entrant engine control (docs/lua-api.md, "Limits on callbacks" and
-- "Re-entrancy"): each ends in an error naming the call, the problem and file:line, and the
-- runtime keeps working in the same test afterwards.
local scene = Scene.new{}
local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
scene.view:addSubview(box)

-- The message of the error `f` raises ("no error" when it returns).
local function errorOf(f, ...)
  local ok, message = pcall(f, ...)
  return ok and "no error" or message
end

-- Whether `text` contains `part` (plain text, no patterns).
local function contains(text, part)
  return text:find(part, 1, true) ~= nil
end

-- The engine still animates: a 1 s fade from here reaches half way in 0.5 s.
local function expectWorkingEngine()
  box.alpha = 1
  View.animate{ duration = 1, animations = function() box.alpha = 0 end }
  advance(0.5)
  expect(box.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
  runUntilIdle()
end

describe("runaway callbacks", function()
  it("stops a timer that reschedules itself with after(0), naming where it was made", function()
    local timer
    local function again() timer = after(0, again) end
    after(0.5, again)
    local message = errorOf(advance, 1)
    expect(contains(message, "runaway_test.lua:31: after: more than 100000 script callbacks at t=0.5 s "
      .. "without time advancing (a timer that reschedules itself with after(0)?)")).toBe(true)
    timer:cancel()
    expectWorkingEngine()
  end)

  it("refuses every() intervals under 1 ms, tiny and subnormal ones included", function()
    expect(contains(errorOf(function() every(1e-9, function() end) end),
      "runaway_test.lua:41: every: seconds must be at least 0.001 s (1 ms) (got 1e-09)")).toBe(true)
    expect(contains(errorOf(function() every(5e-324, function() end) end),
      "runaway_test.lua:43: every: seconds must be at least 0.001 s (1 ms) (got 5e-324)")).toBe(true)
    local ticks = 0
    local timer = every(0.001, function() ticks = ticks + 1 end)
    advance(0.1)
    expect(ticks).toBe(100)
    timer:cancel()
  end)

  it("stops a display link that adds display links", function()
    local links = {}
    local function spawn() links[#links + 1] = DisplayLink.new(spawn) end
    links[1] = DisplayLink.new(spawn)
    local message = errorOf(advance, 1)
    expect(contains(message, "runaway_test.lua:54: DisplayLink: more than 100000 script callbacks at t=")).toBe(true)
    expect(contains(message, "s without time advancing (a display link that adds display links?)")).toBe(true)
    for _, link in ipairs(links) do link:invalidate() end
    expectWorkingEngine()
  end)

  it("stops a delegate that re-adds and removes its animation, delivering stops forever in one frame", function()
    local fade = BasicAnimation.new{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1 }
    local stops = 0
    fade.delegate = { animationDidStop = function()
      stops = stops + 1
      box.layer:addAnimation(fade, "fade")
      box.layer:removeAnimation("fade")
    end }
    box.layer:addAnimation(fade, "fade")
    after(0.25, function() box.layer:removeAnimation("fade") end)
    local message = errorOf(advance, 1)
    expect(contains(message, "runaway_test.lua:66: animation events: more than 100000 script callbacks at t=0.25 s "
      .. "without time advancing (a delegate that re-adds and removes its animation, a completion that starts "
      .. "an animation that stops at once, or one that commits a transaction with itself as completion?)")).toBe(true)
    expect(stops).toBe(99999)  -- the timer that removed the animation was the turn's first callback
    fade.delegate = nil
    box.layer:removeAllAnimations()
    expectWorkingEngine()
  end)

  it("stops a transaction completion that commits a transaction with itself as completion", function()
    local runs = 0
    local function complete()
      runs = runs + 1
      Transaction.begin()
      Transaction.setCompletionBlock(complete)
      Transaction.commit()
    end
    after(0.1, complete)
    expect(contains(errorOf(advance, 1), "runaway_test.lua:85: animation events: more than 100000 script callbacks "
      .. "at t=0.1 s without time advancing")).toBe(true)
    expect(runs).toBe(100000)  -- the timer's call, then 99,999 completions
    expectWorkingEngine()
  end)

  it("refuses transactions nested more than 1000 deep", function()
    local depth = 0
    local message = errorOf(function() while true do Transaction.begin(); depth = depth + 1 end end)
    expect(contains(message, "runaway_test.lua:100: Transaction.begin: transactions cannot nest more than 1000 deep "
      .. "(a begin without its commit, in a loop?) (got 1000 open)")).toBe(true)
    expect(depth).toBe(1000)
    for _ = 1, depth do Transaction.commit() end
    expectWorkingEngine()
  end)

  it("paces a chain of zero-length View.animate completions at one per frame", function()
    local completions = 0
    local function chain()
      completions = completions + 1
      View.animate{ duration = 0, animations = function() box.alpha = 1 - box.alpha end, completion = chain }
    end
    chain()
    advance(1)
    expect(completions >= 60 and completions <= 62).toBe(true)
  end)

  it("stops an animator whose completion restarts it, finishing it at once", function()
    local stopped = false
    local function restart()
      if stopped then return end
      local animator = Animator.new{ duration = 1, animations = function() box.alpha = 1 - box.alpha end }
      animator:addCompletion(restart)
      animator:startAnimation()
      animator:stopAnimation(false)
      animator:finishAnimation("end")
    end
    restart()  -- the nested completions fail where nothing can throw: the error is kept for advance
    local message = errorOf(advance, 0.1)
    expect(contains(message, "runaway_test.lua:123: an animations block: script callbacks nested more than 50 deep "
      .. "(a layoutSubviews that lays out its own view, or a completion that finishes an animator whose completion "
      .. "does the same?)")).toBe(true)
    stopped = true
    expectWorkingEngine()
  end)
end)

describe("re-entrant engine control", function()
  it("refuses advance inside a timer, and the engine keeps its time", function()
    local inner
    after(0.1, function() inner = errorOf(function() advance(1) end) end)
    advance(0.5)
    expect(contains(inner, "runaway_test.lua:142: advance: cannot advance the engine from inside a timer callback "
      .. "(call it from the test or hook itself)")).toBe(true)
    expect(CACurrentMediaTime()).toBe(0.5)
    expectWorkingEngine()
  end)

  it("refuses runUntilIdle inside a completion and inside a display link", function()
    local fromCompletion, fromLink
    View.animate{ duration = 0.2, animations = function() box.alpha = 0 end,
                  completion = function() fromCompletion = errorOf(runUntilIdle) end }
    local link = DisplayLink.new(function(l) fromLink = errorOf(runUntilIdle); l:invalidate() end)
    advance(0.5)
    expect(contains(fromCompletion, "runUntilIdle: cannot run the engine from inside a completion")).toBe(true)
    expect(contains(fromLink, "runUntilIdle: cannot run the engine from inside a display-link callback")).toBe(true)
    expectWorkingEngine()
  end)

  it("refuses expectTrace and expectImage inside callbacks", function()
    local trace, image
    after(0.1, function()
      trace = errorOf(expectTrace, "never", { duration = 0.1 })
      image = errorOf(expectImage, "never")
    end)
    advance(0.5)
    expect(contains(trace, "expectTrace: cannot record a trace from inside a timer callback")).toBe(true)
    expect(contains(image, "expectImage: cannot render the scene from inside a timer callback")).toBe(true)
    expectWorkingEngine()
  end)

  it("refuses it, describe, beforeEach and afterEach inside a test", function()
    for _, name in ipairs({ "it", "describe" }) do
      expect(contains(errorOf(_G[name], "inner", function() end),
        name .. " cannot be called inside a test or hook (declare tests at the top level or in describe)")).toBe(true)
    end
    for _, name in ipairs({ "beforeEach", "afterEach" }) do
      expect(contains(errorOf(_G[name], function() end), name .. " cannot be called inside a test or hook")).toBe(true)
    end
    expectWorkingEngine()
  end)

  it("refuses a coroutine yielding inside each kind of animations block, closing the block", function()
    local blocks = {
      ["View.animate"] = function(body) View.animate{ duration = 1, animations = body } end,
      ["View.performWithoutAnimation"] = function(body) View.performWithoutAnimation(body) end,
      ["View.addKeyframe"] = function(body)
        View.animateKeyframes{ duration = 1, animations = function() View.addKeyframe(0, 1, body) end }
      end,
      ["Animator"] = function(body) Animator.new{ duration = 1, animations = body }:startAnimation() end,
    }
    for name, block in pairs(blocks) do
      local message = errorOf(coroutine.wrap(function() block(function() coroutine.yield(1) end) end))
      expect(contains(message, name .. ": a coroutine cannot yield from inside an animations block "
        .. "(finish the block, then yield)")).toBe(true)
      runUntilIdle()
      expectWorkingEngine()
    end
  end)

  it("refuses layoutIfNeeded recursing from layoutSubviews, and lays out again afterwards", function()
    box.layoutSubviews = function(view) view:layoutIfNeeded() end
    expect(contains(errorOf(function() box:layoutIfNeeded() end),
      "runaway_test.lua:203: layoutSubviews: script callbacks nested more than 50 deep")).toBe(true)
    local layouts = 0
    box.layoutSubviews = function() layouts = layouts + 1 end
    box:layoutIfNeeded()
    expect(layouts).toBe(1)
    expectWorkingEngine()
  end)

  it("lets layoutSubviews move its own view and make a scene", function()
    box.layoutSubviews = function(view)
      view:removeFromSuperview()
      scene.view:addSubview(view)
      Scene.new{}
    end
    scene.view:layoutIfNeeded()
    box:layoutIfNeeded()
    expect(box.superview == scene.view).toBe(true)
    box.layoutSubviews = nil
    expectWorkingEngine()
  end)
end)
