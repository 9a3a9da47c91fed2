-- A scene that never ends: timers, display links and animations that keep coming and going.
--
-- It is the workload of `choreo-bench --scenario soak` (an hour in real time, sampling the
-- process's RSS and how late each timer fires), and shows the engine's callbacks side by side:
--
--   choreo run Scripts/Examples/soak.lua --realtime --duration 10
--
-- Every second a timer prints its deadline (the soak reads these lines), pulses the dial, adds a
-- label that a one-shot timer removes half a second later, and starts a short-lived display link
-- that stops itself after ten frames. A display link turns the hand every frame; a transaction
-- with a completion block and a repeating Core Animation run beside them. Nothing it makes is
-- kept: a leak shows as growing RSS.

local scene = Scene.new{ width = 320, height = 320, backgroundColor = "#101820" }

local dial = View.new{ name = "dial", frame = {60, 60, 200, 200}, backgroundColor = "#1d7fc1",
                       cornerRadius = 100 }
scene.view:addSubview(dial)

local hand = View.new{ name = "hand", frame = {157, 70, 6, 90}, backgroundColor = "white",
                       cornerRadius = 3 }
scene.view:addSubview(hand)
hand.layer.anchorPoint = {0.5, 1}
hand.layer.position = {160, 160}

-- The hand turns once every 4 s, set by a display link from its timestamp.
DisplayLink.new(function(link)
  hand.transform = Transform.rotation(link.timestamp * math.pi / 2)
end)

-- The glow breathes forever on a repeating Core Animation.
local breathe = BasicAnimation.new("opacity")
breathe.fromValue, breathe.toValue = 1, 0.6
breathe.duration = 1.5
breathe.autoreverses = true
breathe.repeatCount = math.huge
dial.layer:addAnimation(breathe, "breathe")

local ticks = 0
every(1, function()
  ticks = ticks + 1
  -- Inside a timer, engine time is exactly its deadline.
  print(string.format("tick %d deadline %.6f", ticks, CACurrentMediaTime()))

  -- A pulse of the dial, with a completion.
  View.animate{ duration = 0.3, options = {"curveEaseOut", "autoreverse"},
                animations = function() dial.transform = Transform.scale(1.05) end,
                completion = function() dial.transform = Transform.identity() end }

  -- A label that lives half a second.
  local label = Label.new{ text = tostring(ticks), fontSize = 18, textColor = "white",
                           frame = {140, 280, 40, 24}, textAlignment = "center" }
  scene.view:addSubview(label)
  after(0.5, function() label:removeFromSuperview() end)

  -- A display link that stops itself after ten frames.
  local frames = 0
  DisplayLink.new(function(link)
    frames = frames + 1
    if frames == 10 then link:invalidate() end
  end)

  -- A transaction whose completion fires when its fade has stopped.
  Transaction.begin()
  Transaction.setAnimationDuration(0.2)
  Transaction.setCompletionBlock(function() label.alpha = 1 end)
  label.layer.opacity = 0.5
  Transaction.commit()
end)

return scene
