-- Seed 004: Material Motion's MotionAnimator, driven by a motion spec.
--
-- The traits of every animation come from specs/chip.json, a "motion stylesheet" a designer
-- can tune without touching this script. A chip expands (width then height, each with its own
-- traits), collapses with the same traits played backwards (shouldReverseValues), has its
-- cornerRadius retargeted mid-flight (additive: no jump), and is flung by a "pan gesture"
-- whose velocity (1200 pt/s) goes straight into a spring. Trace it:
--
--   choreo run Scripts/Examples/motion-spec.lua
--   choreo trace Scripts/Examples/motion-spec.lua --props bounds,cornerRadius,position --fps 20

local spec = AnimationTraits.load("specs/chip.json")

local scene = Scene.new{ width = 375, height = 667, backgroundColor = "#f2f2f7" }
local chip = View.new{ name = "chip", frame = {40, 120, 120, 32}, backgroundColor = "#1d7fc1", cornerRadius = 16 }
scene.view:addSubview(chip)

local animator = MotionAnimator.new()
animator:addTracer(function(layer, animation)
  print(string.format("%5.2f s  %-8s %s", CACurrentMediaTime(), layer.name or "?", tostring(animation)))
end)

-- The chip's expanded and collapsed sizes, as the transition's two ends.
local collapsed = {width = 120, height = 32}
local expanded = {width = 295, height = 180}

local function transition(backwards, completion)
  animator.shouldReverseValues = backwards
  animator:animate(spec["chip.width"], {collapsed.width, expanded.width}, chip.layer, "bounds.size.width")
  animator:animate(spec["chip.height"], {collapsed.height, expanded.height}, chip.layer, "bounds.size.height",
                   completion)
end

-- 0 s: expand. The model is at the expanded size at once; the presentation follows.
transition(false, function(finished) print("expanded", finished) end)

-- 0.2 s: round the corners to 24, then 0.3 s later — mid-flight — retarget them to 4.
-- Additive animations stack: the second starts from where the first has got to.
after(0.2, function()
  animator.shouldReverseValues = false
  animator:animate(spec["chip.corner"], {16, 24}, chip.layer, "cornerRadius")
end)
after(0.5, function()
  animator:animate(spec["chip.corner"], {24, 4}, chip.layer, "cornerRadius")
end)

-- 1.2 s: collapse, the same traits backwards.
after(1.2, function()
  transition(true, function(finished) print("collapsed", finished) end)
end)

-- 2 s: a pan gesture begins: stop everything where it is, then it ends with a downward
-- velocity of 1200 pt/s and the chip springs 300 pt down, leaving at exactly that speed.
after(2.0, function()
  animator:stopAllAnimations()
  animator.shouldReverseValues = false
  local fling = spec["chip.fling"]
  local gestureVelocity = 1200  -- points per second, as velocity(in:) reports it
  local traits = AnimationTraits.new{ timingCurve = SpringTimingCurveGenerator.new{
    duration = fling.duration, dampingRatio = fling.timingCurve.dampingRatio, initialVelocity = gestureVelocity } }
  local y = chip.center.y
  animator:animate(traits, {y, y + 300}, chip.layer, "position.y", function(finished)
    print(string.format("flung to %.0f at %.2f s", chip.layer.presentation.position.y, CACurrentMediaTime()))
  end)
end)

-- 3 s: a pulse of the alpha, repeated and autoreversed as the stylesheet says (block form).
after(3.0, function()
  animator:animate(spec["chip.pulse"], function() chip.alpha = 0.6 end, function() chip.alpha = 1 end)
end)

return scene
