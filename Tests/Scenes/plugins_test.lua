-- Timing-provider plugins in scenes: the shipped native `penner` and Lua `material` and `springs`
-- plugins, found on the plugin path without flags, used wherever a curve is accepted.

local box

beforeEach(function()
  local scene = Scene.new{ width = 375, height = 667 }
  box = View.new{ name = "box", frame = {0, 0, 100, 100} }
  scene.view:addSubview(box)
end)

-- Penner's easeOutBounce, written out.
local function outBounce(t)
  if t < 1 / 2.75 then return 7.5625 * t * t
  elseif t < 2 / 2.75 then t = t - 1.5 / 2.75; return 7.5625 * t * t + 0.75
  elseif t < 2.5 / 2.75 then t = t - 2.25 / 2.75; return 7.5625 * t * t + 0.9375
  else t = t - 2.625 / 2.75; return 7.5625 * t * t + 0.984375 end
end

describe("plugin curves", function()
  it("animate a layer with a native provider by name", function()
    local drop = BasicAnimation.new("position.y")
    drop.fromValue, drop.toValue, drop.duration = 50, 450, 1
    drop.timingFunction = "penner.easeOutBounce"
    box.layer:addAnimation(drop, "drop")
    for _, t in ipairs{0.2, 0.5, 0.8} do
      advance(t - CACurrentMediaTime())
      expect(box.layer.presentation.position.y).toBeCloseTo(50 + 400 * outBounce(t), 1e-9)
    end
  end)

  it("take parameters per use: {name, key = value}", function()
    local grow = BasicAnimation.new("opacity")
    grow.fromValue, grow.toValue, grow.duration = 0, 1, 1
    grow.timingFunction = {"penner.easeOutBack", overshoot = 3}
    box.layer:addAnimation(grow, "grow")
    advance(0.6)
    local u, s = 0.6 - 1, 3
    expect(box.layer.presentation.opacity).toBeCloseTo(u * u * ((s + 1) * u + s) + 1, 1e-9)
    expect(box.layer.presentation.opacity).toBeGreaterThan(1)
  end)

  it("drive view animations and keyframe segments", function()
    View.animate{ duration = 1, curve = "material.standard", animations = function() box.center.x = 250 end }
    advance(0.5)
    local standard = TimingFunction.new(0.2, 0, 0, 1):progress(0.5)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 200 * standard, 1e-9)

    local move = KeyframeAnimation.new("position.y")
    move.values, move.keyTimes, move.duration = {0, 100, 300}, {0, 0.5, 1}, 2
    move.timingFunctions = { "penner.easeInQuad", {"penner.easeOutBack", overshoot = 0} }
    box.layer:addAnimation(move, "move")
    advance(0.5)  -- the first segment, halfway: easeInQuad(0.5) = 0.25
    expect(box.layer.presentation.position.y).toBeCloseTo(25, 1e-9)
    advance(1)    -- the second, halfway: easeOutBack with no overshoot is easeOutCubic
    expect(box.layer.presentation.position.y).toBeCloseTo(100 + 200 * (1 - 0.5 ^ 3), 1e-9)
  end)

  it("let a Lua spring plugin define the animation's duration", function()
    local spring = Timing.get("springs.bouncy")
    expect(spring.settlingDuration).toBeGreaterThan(0.5)
    local reference = SpringTimingParameters.new{ duration = 0.5, bounce = 0.3 }
    expect(spring.duration).toBeCloseTo(0.5, 1e-12)  -- SwiftUI's perceptual duration
    expect(spring.settlingDuration).toBeCloseTo(reference.settlingDuration, 1e-12)
    expect(spring:progress(0.25)).toBeCloseTo(reference:progress(0.25), 1e-12)
  end)

  it("list every shipped provider", function()
    local names = {}
    for _, name in ipairs(Timing.list()) do names[name] = true end
    for _, name in ipairs{"penner.easeOutBounce", "physics.decay", "material.emphasized", "springs.snappy"} do
      expect(names[name]).toBe(true)
    end
  end)
end)

describe("plugin curves in animators and motion traits", function()
  it("drive an Animator and a MotionAnimator's traits", function()
    local a = Animator.new{ duration = 1, curve = "penner.easeOutBounce",
                            animations = function() box.center.x = 450 end }
    a:startAnimation()
    advance(0.5)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 400 * outBounce(0.5), 1e-9)
    local traits = AnimationTraits.new{ duration = 1, timingCurve = {"penner.easeOutBack", overshoot = 3} }
    local m = MotionAnimator.new()
    m:animate(traits, {0, 10}, box.layer, "cornerRadius")
    advance(0.6)
    local u, s = 0.6 - 1, 3
    expect(box.layer.presentation.cornerRadius).toBeCloseTo(10 * (u * u * ((s + 1) * u + s) + 1), 1e-9)
  end)
end)
