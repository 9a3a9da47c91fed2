-- Stagger: delays that fan out over items (issue 20). Expected values are worked out by hand
-- from the rules: P_k = (k mod columns, floor(k / columns)), D_k = |P_k - O|,
-- u_k = (D_k - min D) / (max D - min D), delay_k = base + spread * curve(u_k).

local function expectDelays(actual, expected)
  expect(#actual).toBe(#expected)
  for k = 1, #expected do expect(actual[k]).toBeCloseTo(expected[k], 1e-12) end
end

describe("Stagger delays", function()
  it("spread each seconds per item from the start", function()
    expectDelays(Stagger{ each = 0.1 }:delays(4), {0, 0.1, 0.2, 0.3})
  end)

  it("count from the centre of a list, each per unit of distance", function()
    expectDelays(Stagger{ each = 0.1, from = "center" }:delays(5), {0.2, 0.1, 0, 0.1, 0.2})
  end)

  it("count from the end, and spread a total amount", function()
    expectDelays(Stagger{ amount = 1, from = "end" }:delays(3), {1, 0.5, 0})
  end)

  it("start at the edges and end in the middle", function()
    expectDelays(Stagger{ each = 0.1, from = "edges" }:delays(5), {0, 0.1, 0.2, 0.1, 0})
  end)

  it("count from a 1-based index", function()
    expectDelays(Stagger{ each = 1, from = 2 }:delays(4), {1, 0, 1, 2})
  end)

  it("measure Euclidean distance on a grid", function()
    local r = math.sqrt(2)
    expectDelays(Stagger{ each = 1, from = "center", grid = {rows = 3, columns = 3} }:delays(9),
      {r, 1, r, 1, 0, 1, r, 1, r})
  end)

  it("measure along one axis only", function()
    expectDelays(Stagger{ each = 1, grid = {rows = 2, columns = 3}, axis = "x" }:delays(6), {0, 1, 2, 0, 1, 2})
    expectDelays(Stagger{ each = 1, grid = {rows = 2, columns = 3}, axis = "y" }:delays(6), {0, 0, 0, 1, 1, 1})
  end)

  it("take a unit point as the origin", function()
    -- O = (1 * (3 - 1), 0) = (2, 0) on one row of three.
    expectDelays(Stagger{ amount = 1, from = {1, 0} }:delays(3), {1, 0.5, 0})
  end)

  it("turn around with a negative spread", function()
    expectDelays(Stagger{ amount = -1 }:delays(3), {1, 0.5, 0})
    expectDelays(Stagger{ each = -0.5 }:delays(3), {1, 0.5, 0})
  end)

  it("shape u with a curve and add a base", function()
    expectDelays(Stagger{ amount = 1, base = 0.5, curve = function(t) return t * t end }:delays(3), {0.5, 0.75, 1.5})
  end)

  it("give every item the base when all distances are equal", function()
    expectDelays(Stagger{ each = 1, base = 0.25 }:delays(1), {0.25})
    expect(#Stagger{ each = 1 }:delays(0)).toBe(0)
  end)

  it("permute the start delays in the same order every time for a seed", function()
    local a = Stagger{ each = 0.1, from = "random", seed = 7 }:delays(6)
    local b = Stagger{ each = 0.1, from = "random", seed = 7 }:delays(6)
    expect(a).toEqual(b)
    local sorted = {}
    for k, v in ipairs(a) do sorted[k] = v end
    table.sort(sorted)
    expectDelays(sorted, Stagger{ each = 0.1 }:delays(6))
  end)

  it("is callable as s(i, n) with a 1-based index", function()
    local s = Stagger{ each = 0.1, from = "center" }
    expect(s(1, 5)).toBeCloseTo(0.2, 1e-12)
    expect(s(3, 5)).toBe(0)
  end)

  it("rejects bad options naming them", function()
    expect(function() Stagger{ each = 1, amount = 1 } end).toThrow("each, amount")
    expect(function() Stagger{ from = 0 } end).toThrow("from must be an item index")
    expect(function() Stagger{ from = "middle" } end).toThrow("from must be one of")
    expect(function() Stagger{ axis = "z" } end).toThrow("axis")
    expect(function() Stagger{ eachh = 1 } end).toThrow("unknown option 'eachh'")
    expect(function() Stagger{ each = 0 / 0 } end).toThrow("each must be a finite number")
    expect(function() Stagger{ grid = {rows = 0} } end).toThrow("grid.rows")
    expect(function() Stagger{ each = 1 }(5, 4) end).toThrow("index must be within 1...4")
    expect(function() Stagger{ each = 1 }:delays(-1) end).toThrow("count must be within")
  end)
end)

describe("Stagger as a delay", function()
  local scene, a, b, c
  beforeEach(function()
    scene = Scene.new{}
    a = View.new{ name = "a", frame = {0, 0, 10, 10} }
    b = View.new{ name = "b", frame = {0, 20, 10, 10} }
    c = View.new{ name = "c", frame = {0, 40, 10, 10} }
    for _, v in ipairs({a, b, c}) do scene.view:addSubview(v) end
  end)

  it("delays each view of View.animate by its index in the order first changed", function()
    local log = {}
    View.animate{ duration = 0.2, delay = Stagger{ each = 0.1 }, options = {"curveLinear"},
                  animations = function() b.alpha = 0; a.alpha = 0; c.alpha = 0; b.center.x = 50 end,
                  completion = function(finished) log[#log + 1] = finished end }
    advance(0.1)
    expect(b.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
    expect(a.layer.presentation.opacity).toBe(1)
    advance(0.1)
    expect(b.layer.presentation.opacity).toBe(0)
    expect(a.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
    expect(c.layer.presentation.opacity).toBe(1)
    expect(log).toEqual({})
    expect(runUntilIdle()).toBeCloseTo(0.4, 1e-9)
    expect(log).toEqual({true})
  end)

  it("spreads a running property animator's views over its duration, with one completion", function()
    local log = {}
    local animator = Animator.runningPropertyAnimator{ duration = 0.2, delay = Stagger{ each = 0.1 },
      options = {"curveLinear"}, animations = function() a.alpha = 0; b.alpha = 0; c.alpha = 0 end,
      completion = function(position) log[#log + 1] = position end }
    expect(animator.duration).toBeCloseTo(0.4, 1e-12)
    advance(0.15)
    expect(a.layer.presentation.opacity).toBeCloseTo(0.25, 1e-9)
    expect(b.layer.presentation.opacity).toBeCloseTo(0.75, 1e-9)
    expect(c.layer.presentation.opacity).toBe(1)
    runUntilIdle()
    expect(log).toEqual({"end"})
    expect(c.layer.presentation.opacity).toBe(0)
  end)

  it("scrubs and reverses a staggered animator over its whole span", function()
    local log = {}
    local animator = Animator.runningPropertyAnimator{ duration = 0.2, delay = Stagger{ each = 0.1 },
      options = {"curveLinear"}, animations = function() a.alpha = 0; b.alpha = 0; c.alpha = 0 end,
      completion = function(position) log[#log + 1] = position end }
    animator:pauseAnimation()
    animator.fractionComplete = 0.5   -- 0.2 s of 0.4: a has arrived, b is halfway, c has not begun
    advance(0)
    expect(a.layer.presentation.opacity).toBe(0)
    expect(b.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
    expect(c.layer.presentation.opacity).toBe(1)
    animator:startAnimation()
    advance(0.1)                       -- fraction 0.75: c is halfway
    expect(c.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
    animator.isReversed = true
    runUntilIdle()
    expect(log).toEqual({"start"})
    expect(a.alpha).toBe(1)
    expect(c.alpha).toBe(1)
  end)

  it("delays each view of a MotionAnimator block by traits with a stagger", function()
    local traits = AnimationTraits.new{ delay = Stagger{ each = 0.1, from = "end" }, duration = 0.2,
                                        timingCurve = "linear" }
    local done = 0
    MotionAnimator.new():animate(traits, function() a.alpha = 0; b.alpha = 0; c.alpha = 0 end,
      function() done = done + 1 end)
    advance(0.1)
    expect(c.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
    expect(b.layer.presentation.opacity).toBe(1)
    expect(a.layer.presentation.opacity).toBe(1)
    runUntilIdle()
    expect(done).toBe(1)
  end)

  it("rejects a delay that is neither seconds nor a Stagger", function()
    expect(function() View.animate{ duration = 1, delay = "soon", animations = function() a.alpha = 0 end } end)
      .toThrow("delay must be a number of seconds or a Stagger")
  end)
end)

describe("Stagger in traits", function()
  it("reads back from traits, which a motion spec cannot hold", function()
    local s = Stagger{ each = 0.1 }
    local traits = AnimationTraits.new{ delay = s, duration = 0.2 }
    expect(tostring(traits.delay)).toBe("Stagger(each: 0.1)")
    expect(function() traits:toJSON() end).toThrow("delay must be seconds to be written as a motion spec")
  end)
end)
