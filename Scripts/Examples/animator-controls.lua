-- Every control of seed 000 (UIViewPropertyAnimator, "quick start"), one lane each.
--
-- Each lane's view moves 100 points to the right, as the seed's `contentView` does; a lane
-- turns red where the seed's completion block colors the view. Watch the lanes side by side:
--
--   choreo trace Scripts/Examples/animator-controls.lua --props position.x,backgroundColor --fps 10
--   choreo render Scripts/Examples/animator-controls.lua --out out/animator --format gif
--
-- The scene ends when the last animator is done (about 4 s).

local scene = Scene.new{ width = 375, height = 560, backgroundColor = "#f2f2f7" }

local lane = 0
local function addLane(name, caption)
  local y = 20 + lane * 60
  lane = lane + 1
  scene.view:addSubview(Label.new{ name = name .. "Caption", frame = {20, y, 335, 16}, text = caption,
                                   fontSize = 11, textColor = "#3c3c43" })
  local view = View.new{ name = name, frame = {20, y + 18, 60, 36}, backgroundColor = "#007aff", cornerRadius = 6 }
  scene.view:addSubview(view)
  return view
end

local function moveRight(view) return function() view.center.x = view.center.x + 100 end end
local function turnRed(view) return function() view.backgroundColor = "red" end end

-- Pause at 1 s, resume at 2 s: a 2 s animation that ends at 3 s.
local paused = addLane("pauseResume", "pauseAnimation at 1 s, startAnimation at 2 s")
local pauseResume = Animator.runningPropertyAnimator{ duration = 2, options = {"curveLinear"},
                                                      animations = moveRight(paused) }
after(1, function()
  pauseResume:pauseAnimation()
  after(1, function() pauseResume:startAnimation() end)
end)

-- stopAnimation(true) at 1 s: stops where it is, the completion never runs (stays blue).
local stoppedTrue = addLane("stopTrue", "stopAnimation(true) at 1 s: no completion")
local stopTrue = Animator.runningPropertyAnimator{ duration = 2, options = {"curveLinear"},
                                                   animations = moveRight(stoppedTrue),
                                                   completion = turnRed(stoppedTrue) }
after(1, function() stopTrue:stopAnimation(true) end)

-- stopAnimation(false) then finishAnimation("current"): stops where it is and turns red.
local stoppedFalse = addLane("stopFalse", "stopAnimation(false) + finishAnimation(\"current\")")
local stopFalse = Animator.runningPropertyAnimator{ duration = 2, options = {"curveLinear"},
                                                    animations = moveRight(stoppedFalse),
                                                    completion = turnRed(stoppedFalse) }
after(1, function()
  stopFalse:stopAnimation(false)
  if stopFalse.state == "stopped" then stopFalse:finishAnimation("current") end
end)

-- Scrubbing two views with one animator, as the seed's slider does: the fraction follows a
-- "finger" that moves to 0.8, back to 0.3, then lets go (the animator runs the rest).
local red = addLane("scrubRed", "fractionComplete scrubbed by a slider (two views)")
local blue = View.new{ name = "scrubBlue", frame = {200, red.frame.y, 60, 36}, backgroundColor = "red", cornerRadius = 6 }
scene.view:addSubview(blue)
local scrubber = Animator.new{ duration = 2, curve = "linear", animations = function()
  red.center.x = red.center.x + 100
  red.transform = Transform.rotation(math.pi)
  red.backgroundColor = "#007aff"
  blue.center.x = blue.center.x - 100
  blue.transform = red.transform
  blue.backgroundColor = "red"
end }
scrubber:pauseAnimation()
local finger = { {0.25, 0.2}, {0.5, 0.5}, {0.75, 0.8}, {1.0, 0.6}, {1.25, 0.3} }
for _, step in ipairs(finger) do after(step[1], function() scrubber.fractionComplete = step[2] end) end
after(1.5, function() scrubber:startAnimation() end)

-- addAnimations while running: the color change shares the remaining 2 s of a 4 s animation.
local added = addLane("addAnimations", "addAnimations at 2 s of 4 s: shares the remaining time")
local adding = Animator.runningPropertyAnimator{ duration = 4, options = {"curveLinear"}, animations = moveRight(added) }
after(2, function() adding:addAnimations(turnRed(added)) end)

-- addAnimations with delay factor 0.5: the same, without the timer.
local delayed = addLane("delayFactor", "addAnimations(block, 0.5): the color changes in the second half")
local delaying = Animator.runningPropertyAnimator{ duration = 4, options = {"curveLinear"}, animations = moveRight(delayed) }
delaying:addAnimations(turnRed(delayed), 0.5)

-- addCompletion after starting.
local completed = addLane("addCompletion", "addCompletion: red when it ends at 1 s")
local completing = Animator.new{ duration = 1, curve = "linear", animations = moveRight(completed) }
completing:startAnimation()
completing:addCompletion(turnRed(completed))

-- Switching to a spring mid-way (continueAnimation), beside a reference that stays linear.
local reference = addLane("reference", "reference: linear all the way")
Animator.runningPropertyAnimator{ duration = 2, options = {"curveLinear"}, animations = moveRight(reference) }
local springy = addLane("continueSpring", "pause at 1 s, continue with a 0.2 damping-ratio spring")
local switching = Animator.new{ duration = 2, curve = "linear", animations = moveRight(springy) }
switching:startAnimation()
after(1, function()
  switching:pauseAnimation()
  switching:continueAnimation(SpringTimingParameters.new{ dampingRatio = 0.2 }, switching.fractionComplete)
end)

return scene
