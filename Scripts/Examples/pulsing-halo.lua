-- A pulsing halo (a "you are here" beacon) built the way iOS code builds it: one circle in a
-- ReplicatorLayer, one animation group on it, and instanceDelay to stagger the copies.
--
-- The circle grows from nothing to full size while it fades out, over 3 s, forever. The
-- replicator draws it four times, each copy 0.75 s behind the one before, so four rings ripple
-- out one after another from a single animation. Its model opacity is 0, so a copy whose turn
-- has not come yet (before the animation begins in its time) draws nothing.
--
--   choreo render Scripts/Examples/pulsing-halo.lua --out docs/images --from 3 --to 5.95 --fps 15 --format gif
--   choreo run Scripts/Examples/pulsing-halo.lua --duration 6

local scene = Scene.new{ width = 300, height = 300, backgroundColor = "#0b1d33" }

local halo = ReplicatorLayer.new{ name = "halo", frame = {0, 0, 300, 300}, instanceCount = 4, instanceDelay = 0.75,
                                  instanceColor = "#5ac8fa", instanceGreenOffset = 0.08 }
scene.view.layer:addSublayer(halo)

local pulse = Layer.new{ name = "pulse", frame = {30, 30, 240, 240}, cornerRadius = 120, backgroundColor = "white",
                         opacity = 0 }
halo:addSublayer(pulse)

local grow = BasicAnimation.new("transform.scale")
grow.fromValue, grow.toValue, grow.duration = 0, 1, 3
grow.timingFunction = TimingFunction.new("easeOut")
local fade = KeyframeAnimation.new("opacity")
fade.values, fade.keyTimes, fade.duration = {0.9, 0.7, 0}, {0, 0.2, 1}, 3
local group = AnimationGroup.new()
group.animations = { grow, fade }
group.duration = 3
group.repeatCount = math.huge
pulse:addAnimation(group, "pulse")

-- The beacon itself, in front of the halo.
local dot = View.new{ name = "dot", frame = {138, 138, 24, 24}, cornerRadius = 12, backgroundColor = "white" }
dot.layer.borderWidth = 3
dot.layer.borderColor = "#5ac8fa"
scene.view:addSubview(dot)

return scene
