-- The figures of seed 001 ("controlling animation timing"), one view each.
--
-- Every view animates its background from orange to blue with one of CAMediaTiming's properties
-- changed, on a one-second grid, exactly as the seed's figures draw them. Trace it to see each
-- figure's values frame by frame:
--
--   choreo trace Scripts/Examples/media-timing.lua --props backgroundColor --fps 4
--
-- A view shows white (its model color) whenever its animation is not in effect.

local scene = Scene.new{ width = 375, height = 600, backgroundColor = "#f2f2f7" }

local row = 0
local function figure(name, configure)
  local view = View.new{ name = name, frame = {20, 20 + row * 52, 335, 44}, backgroundColor = "white",
                         cornerRadius = 6 }
  row = row + 1
  scene.view:addSubview(view)
  local change = BasicAnimation.new("backgroundColor")
  change.fromValue = "orange"
  change.toValue = "blue"
  change.duration = 1.5
  configure(change, view)
  view.layer:addAnimation(change, "change color")
  return view
end

-- Figure 1: duration 1.5 s, then removed: white again.
figure("duration", function(a) end)

-- Figure 2: begins 1 s from now.
figure("beginTime", function(a) a.beginTime = CACurrentMediaTime() + 1 end)

-- Figure 3: fill backwards shows the from-value (orange) during the delay.
figure("fillBackwards", function(a)
  a.beginTime = CACurrentMediaTime() + 1
  a.fillMode = "backwards"
end)

-- Figure 4: autoreverses: orange → blue → orange over 3 s.
figure("autoreverses", function(a) a.autoreverses = true end)

-- Figure 5: repeatCount 1.5: once, then jump back and half again.
figure("repeatCount", function(a) a.repeatCount = 1.5 end)

-- Figure 6: repeatDuration 2: repeats until 2 s.
figure("repeatDuration", function(a) a.repeatDuration = 2 end)

-- Figure 7: the combination: reversing repeats within 4 s.
figure("combined", function(a)
  a.autoreverses = true
  a.repeatDuration = 4
end)

-- Figure 8: speed 2 plays a 3 s animation in 1.5 s.
figure("speed", function(a)
  a.duration = 3
  a.speed = 2
end)

-- Speeds multiply: an animation of speed 3 on a layer of speed 0.5 runs at 1.5.
figure("layerSpeed", function(a, view)
  a.duration = 3
  a.speed = 3
  view.layer.speed = 0.5
end)

-- Figure 9: timeOffset 1 on a 3 s animation: plays 1 → 3, then 0 → 1.
figure("timeOffset", function(a)
  a.duration = 3
  a.timeOffset = 1
end)

-- The slider: the layer is paused (speed 0) in the same transaction, and its timeOffset scrubs
-- the animation; here a timer moves the "slider" from 0 to 1 in steps of 0.25 s, then lets go
-- (a paused animation never ends on its own).
local slider = figure("slider", function(a, view)
  a.duration = 1
  view.layer.speed = 0
end)
local value = 0
local ticker
ticker = every(0.25, function()
  value = value + 0.25
  slider.layer.timeOffset = math.min(value, 0.999)
  if value >= 1 then
    ticker:cancel()
    slider.layer:removeAnimation("change color")
  end
end)

return scene
