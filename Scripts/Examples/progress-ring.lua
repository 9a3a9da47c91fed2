-- A progress ring: a grey track and a coloured ring whose strokeEnd follows the progress.
--
-- Both rings are one circle path from 12 o'clock, clockwise (UIKit's
-- UIBezierPath(arcCenter:radius:startAngle: -π/2, endAngle: 3π/2, clockwise: true)). A download
-- reports 25 % at 0.3 s, 60 % at 1.1 s and 100 % at 2 s; each report sets the model strokeEnd and
-- animates to it from where the ring is (0.4 s, ease out). The ring's colour turns green at the
-- end, and the label shows the percentage.
--
--   choreo render Scripts/Examples/progress-ring.lua --out docs/images --to 3 --fps 20 --format gif
--   choreo trace Scripts/Examples/progress-ring.lua --props ring.strokeEnd --fps 10

local scene = Scene.new{ width = 160, height = 160, backgroundColor = "white" }

local circle = Path.arc{ center = {50, 50}, radius = 44, startAngle = -math.pi / 2, endAngle = 3 * math.pi / 2,
                         clockwise = true }
local track = ShapeView.new{ name = "track", frame = {30, 30, 100, 100}, path = circle,
                             strokeColor = "#e5e5ea", lineWidth = 10 }
local ring = ShapeView.new{ name = "ring", frame = {30, 30, 100, 100}, path = circle,
                            strokeColor = "#1d7fc1", lineWidth = 10, lineCap = "round", strokeEnd = 0 }
local label = Label.new{ name = "label", frame = {30, 68, 100, 24}, text = "0 %", fontSize = 18,
                         textColor = "#3a3a3c", textAlignment = "center" }
for _, view in ipairs{ track, ring, label } do scene.view:addSubview(view) end

--- Moves the ring to `progress` (0...1) from where it is now, as an app's progress callback would.
local function setProgress(progress)
  local move = BasicAnimation.new("strokeEnd")
  move.fromValue = ring.layer.presentation.strokeEnd
  move.toValue = progress
  move.duration = 0.4
  move.timingFunction = TimingFunction.new("easeOut")
  ring.strokeEnd = progress
  ring.layer:addAnimation(move, "progress")
  label.text = string.format("%d %%", math.floor(progress * 100 + 0.5))
end

after(0.3, function() setProgress(0.25) end)
after(1.1, function() setProgress(0.6) end)
after(2.0, function()
  setProgress(1)
  local done = BasicAnimation.new("strokeColor")
  done.toValue = "#34c759"
  done.duration = 0.4
  ring.layer:addAnimation(done, "done")   -- from the blue on screen
  ring.strokeColor = "#34c759"
end)

return scene
