-- UIKit view animations at exact times: curves, delay, repeat and autoreverse, nested inheritance,
-- the additive mid-flight retarget, springs, the seed's plane take-off keyframes, transitions,
-- completion order and bad input. Every expected value is computed here, from closed forms or
-- from TimingFunction, never copied from a run.

local box

beforeEach(function()
  local scene = Scene.new{ width = 375, height = 667 }
  box = View.new{ name = "box", frame = {0, 0, 100, 100} }
  scene.view:addSubview(box)
end)

-- Steps the engine to an absolute time (advance takes a length).
local function at(t)
  advance(t - CACurrentMediaTime())
end

local function opacity() return box.layer.presentation.opacity end
local function x() return box.layer.presentation.position.x end

describe("animation curves", function()
  local curves = {
    {"curveLinear", "linear"}, {"curveEaseIn", "easeIn"}, {"curveEaseOut", "easeOut"},
    {"curveEaseInOut", "easeInOut"},
  }
  for _, pair in ipairs(curves) do
    local option, name = pair[1], pair[2]
    it(option .. " paces an alpha fade like TimingFunction " .. name, function()
      local curve = TimingFunction.new(name)
      View.animate{ duration = 2, options = {option}, animations = function() box.alpha = 0 end }
      for _, t in ipairs{0.2, 0.5, 1.0, 1.5, 1.9} do
        at(t)
        -- Additive from (1 − 0) to 0 on top of the model's 0: 1 − progress.
        expect(opacity()).toBeCloseTo(1 - curve:progress(t / 2), 1e-9)
      end
      at(2)
      expect(opacity()).toBe(0)
    end)
  end

  it("uses easeInOut when no curve is given", function()
    local curve = TimingFunction.new("easeInOut")
    View.animate{ duration = 1, animations = function() box.center.x = 250 end }
    at(0.3)
    expect(x()).toBeCloseTo(50 + 200 * curve:progress(0.3), 1e-9)
  end)
end)

describe("delay, repeat and autoreverse", function()
  it("holds the old value during the delay, then runs the duration", function()
    View.animate{ duration = 1, delay = 0.5, options = {"curveLinear"}, animations = function() box.alpha = 0 end }
    expect(box.alpha).toBe(0)
    at(0.25)
    expect(opacity()).toBeCloseTo(1, 1e-9)
    at(0.75)
    expect(opacity()).toBeCloseTo(0.75, 1e-9)
    at(1.25)
    expect(opacity()).toBeCloseTo(0.25, 1e-9)
    at(1.5)
    expect(opacity()).toBe(0)
  end)

  it("repeats forward and backward forever with repeat + autoreverse", function()
    View.animate{ duration = 1, options = {"curveLinear", "repeat", "autoreverse"},
                  animations = function() box.center.x = 150 end }
    -- Forward 50 → 150 over [0, 1], back over [1, 2], forward again over [2, 3] ...
    at(0.25); expect(x()).toBeCloseTo(75, 1e-9)
    at(1.25); expect(x()).toBeCloseTo(125, 1e-9)
    at(1.75); expect(x()).toBeCloseTo(75, 1e-9)
    at(2.5);  expect(x()).toBeCloseTo(100, 1e-9)
    at(10.4); expect(x()).toBeCloseTo(90, 1e-9)
  end)

  it("repeats forward only with repeat alone", function()
    View.animate{ duration = 1, options = {"curveLinear", "repeat"}, animations = function() box.center.x = 150 end }
    at(1.25); expect(x()).toBeCloseTo(75, 1e-9)
    at(3.5);  expect(x()).toBeCloseTo(100, 1e-9)
  end)
end)

describe("nested blocks", function()
  local function nested(innerOptions)
    View.animate{ duration = 2, options = {"curveLinear"}, animations = function()
      View.animate{ duration = 0.5, options = innerOptions, animations = function() box.alpha = 0 end }
    end }
  end

  it("inherit the outer duration and curve", function()
    nested{"curveEaseIn"}
    at(0.5)
    expect(opacity()).toBeCloseTo(1 - 0.5 / 2, 1e-9)
    at(1.5)
    expect(opacity()).toBeCloseTo(1 - 1.5 / 2, 1e-9)
  end)

  it("keep their own duration with overrideInheritedDuration (the curve is still inherited)", function()
    nested{"curveEaseIn", "overrideInheritedDuration"}
    at(0.25)
    expect(opacity()).toBeCloseTo(1 - 0.25 / 0.5, 1e-9)
    at(0.5)
    expect(opacity()).toBe(0)
  end)

  it("keep their own curve with overrideInheritedCurve (the duration is still inherited)", function()
    nested{"curveEaseIn", "overrideInheritedCurve"}
    local easeIn = TimingFunction.new("easeIn")
    at(1)
    expect(opacity()).toBeCloseTo(1 - easeIn:progress(0.5), 1e-9)
  end)

  it("keep both with both overrides", function()
    nested{"curveEaseIn", "overrideInheritedDuration", "overrideInheritedCurve"}
    local easeIn = TimingFunction.new("easeIn")
    at(0.2)
    expect(opacity()).toBeCloseTo(1 - easeIn:progress(0.2 / 0.5), 1e-9)
  end)
end)

describe("retargeting mid-flight", function()
  it("adds on top of the running animation: continuous, and both complete in order", function()
    local curve = TimingFunction.new("easeInOut")
    local log = {}
    View.animate{ duration = 1, animations = function() box.center.x = 150 end,
                  completion = function(finished)
                    log[#log + 1] = string.format("first %s %.3f", tostring(finished), CACurrentMediaTime())
                  end }
    at(0.5)
    local before = x()
    expect(before).toBeCloseTo(50 + 100 * curve:progress(0.5), 1e-9)
    View.animate{ duration = 1, animations = function() box.center.x = 50 end,
                  completion = function(finished)
                    log[#log + 1] = string.format("second %s %.3f", tostring(finished), CACurrentMediaTime())
                  end }
    expect(box.center.x).toBe(50)
    expect(x()).toBeCloseTo(before, 1e-9)
    -- model 50 + first (50 − 150)(1 − E(t)) + second (150 − 50)(1 − E(t − 0.5))
    local function expected(t)
      local first = t < 1 and -100 * (1 - curve:progress(t)) or 0
      local second = t < 1.5 and 100 * (1 - curve:progress(t - 0.5)) or 0
      return 50 + first + second
    end
    for _, t in ipairs{0.5 + 1e-6, 0.6, 0.8, 1.0, 1.2, 1.4} do
      at(t)
      expect(x()).toBeCloseTo(expected(t), 1e-9)
    end
    -- No jump across the retarget: a microsecond after it, the value moved by at most
    -- the first animation's speed (max 100 · easeInOut's peak slope) times a microsecond.
    expect(math.abs(expected(0.5 + 1e-6) - before)).toBeLessThan(1e-3)
    runUntilIdle()
    expect(x()).toBe(50)
    expect(log).toEqual({"first true 1.000", "second true 1.500"})
  end)
end)

describe("the spring variant", function()
  it("overshoots by exp(−ζπ/√(1−ζ²)) and ends on its target at the duration", function()
    local zeta = 0.6
    View.animate{ duration = 0.5, usingSpringWithDamping = zeta, initialSpringVelocity = 0,
                  animations = function() box.center.x = 150 end }
    local peak = -math.huge
    for i = 1, 499 do
      at(i / 1000)
      peak = math.max(peak, x())
    end
    local overshoot = math.exp(-zeta * math.pi / math.sqrt(1 - zeta * zeta))
    expect(peak).toBeCloseTo(150 + 100 * overshoot, 1e-2)
    at(0.5)
    expect(x()).toBe(150)
    expect(box.layer:animationKeys()).toEqual({})
  end)

  it("with damping 1 never passes its target", function()
    View.animate{ duration = 0.5, usingSpringWithDamping = 1, initialSpringVelocity = 0,
                  animations = function() box.center.x = 150 end }
    for i = 1, 50 do
      at(i / 100)
      expect(x()).toBeLessThan(150 + 1e-9)
    end
    expect(x()).toBe(150)
  end)
end)
