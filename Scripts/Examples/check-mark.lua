-- A check mark drawn by its stroke: a green disc springs in, then a white tick draws itself.
--
-- The disc is an oval shape (UIBezierPath(ovalIn:)) scaled from 0 to 1 by a spring (damping
-- ratio 0.6, 0.5 s). At 0.35 s the tick — two lines with round caps and joins — animates its
-- strokeEnd from 0 to 1 in 0.35 s (ease out), as CAShapeLayer check marks do.
--
--   choreo render Scripts/Examples/check-mark.lua --out docs/images --to 1.2 --fps 30 --format gif
--   choreo trace Scripts/Examples/check-mark.lua --props tick.strokeEnd,disc.transform.scale.x --fps 20

local scene = Scene.new{ width = 160, height = 160, backgroundColor = "white" }

local disc = ShapeView.new{ name = "disc", frame = {30, 30, 100, 100}, path = Path.ovalIn{0, 0, 100, 100},
                            fillColor = "#34c759" }
disc.transform = Transform.scale(0.001, 0.001)
scene.view:addSubview(disc)

local tick = ShapeView.new{
  name = "tick", frame = {30, 30, 100, 100},
  path = Path.new():move{28, 52}:addLine{44, 68}:addLine{74, 36},
  strokeColor = "white", lineWidth = 9, lineCap = "round", lineJoin = "round", strokeEnd = 0,
}
scene.view:addSubview(tick)

View.animate{ duration = 0.5, usingSpringWithDamping = 0.6, initialSpringVelocity = 0,
              animations = function() disc.transform = Transform.identity() end }

local draw = BasicAnimation.new("strokeEnd")
draw.fromValue, draw.toValue, draw.duration = 0, 1, 0.35
draw.beginTime = CACurrentMediaTime() + 0.35
draw.fillMode = "backwards"
draw.timingFunction = TimingFunction.new("easeOut")
tick.strokeEnd = 1
tick.layer:addAnimation(draw, "draw")

return scene
