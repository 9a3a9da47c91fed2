-- An activity spinner, as UIKit apps build it from a CAShapeLayer (Material's circular progress).
--
-- A shape layer strokes a circle (UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:),
-- from 12 o'clock all the way round). Its stroke is an arc that grows and shrinks: strokeEnd runs
-- 0 → 1 in 1 s (and stays at 1: fill mode forwards), strokeStart follows 0 → 1 from 0.5 s to
-- 1.5 s, both easing in and out, in a group of 1.5 s that repeats forever. Meanwhile the layer
-- turns once every 2 s (linear), so the arc chases round the circle.
--
--   choreo render Scripts/Examples/spinner.lua --out docs/images --to 3 --fps 20 --format gif
--   choreo trace Scripts/Examples/spinner.lua --props spinner.strokeEnd,spinner.transform.rotation.z --fps 4

local scene = Scene.new{ width = 160, height = 160, backgroundColor = "#f2f2f7" }

local spinner = ShapeLayer.new{
  name = "spinner", frame = {40, 40, 80, 80},
  path = Path.arc{ center = {40, 40}, radius = 32, startAngle = -math.pi / 2, endAngle = 3 * math.pi / 2,
                   clockwise = true },
  strokeColor = "#1d7fc1", lineWidth = 8, lineCap = "round",   -- a stroke and no fill: an outline
  strokeEnd = 0,
}
scene.view.layer:addSublayer(spinner)

local grow = BasicAnimation.new("strokeEnd")
grow.fromValue, grow.toValue, grow.duration = 0, 1, 1
grow.timingFunction = TimingFunction.new("easeInOut")
grow.fillMode = "forwards"   -- within the group: hold 1 until the group repeats

local shrink = BasicAnimation.new("strokeStart")
shrink.fromValue, shrink.toValue, shrink.duration, shrink.beginTime = 0, 1, 1, 0.5
shrink.timingFunction = TimingFunction.new("easeInOut")

local stroke = AnimationGroup.new()
stroke.animations = { grow, shrink }
stroke.duration = 1.5
stroke.repeatCount = math.huge
spinner:addAnimation(stroke, "stroke")

local spin = BasicAnimation.new("transform.rotation.z")
spin.fromValue, spin.toValue, spin.duration = 0, 2 * math.pi, 2
spin.repeatCount = math.huge
spinner:addAnimation(spin, "spin")

return scene
