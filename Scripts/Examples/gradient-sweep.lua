-- Gradient layers (CAGradientLayer), each with one of its properties animating:
--
--   * the sky: a view backed by a gradient layer (layerClass = "GradientLayer") whose colors a
--     view animation turns from night to dawn;
--   * "slide to unlock": a light band sliding across a pill by animating `locations` from
--     left of the layer to right of it, the classic shimmer;
--   * a sun: a radial gradient whose ellipse (`endPoint`) breathes in and out;
--   * a spinner: a conic gradient in a ring, turned by moving `endPoint` around the centre.
--
-- Render it:  choreo render Scripts/Examples/gradient-sweep.lua --out docs/images --to 3 --fps 15 --format gif
-- Trace it:   choreo trace Scripts/Examples/gradient-sweep.lua --props shimmer.locations --fps 4 --duration 1.5

local scene = Scene.new{ width = 320, height = 220, backgroundColor = "black" }

-- The sky: night at first, dawn after two seconds.
local sky = View.new{ name = "sky", frame = {0, 0, 320, 220}, layerClass = "GradientLayer" }
sky.layer.colors = {"#0b1026", "#2b2f77", "#5a4a8a"}
scene.view:addSubview(sky)
View.animate{ duration = 2, options = {"curveEaseInOut"}, animations = function()
  sky.layer.colors = {"#3a6fb0", "#f29e6d", "#ffd9a0"}
end }

-- The sun: a radial gradient, yellow in the middle, fading out at its ellipse.
local sun = View.new{ name = "sun", frame = {210, 20, 90, 90}, layerClass = "GradientLayer" }
sun.layer.type = "radial"
sun.layer.colors = {"#fff6c0", "#ffb347", "#ffb34700"}
sun.layer.locations = {0, 0.45, 1}
sun.layer.startPoint, sun.layer.endPoint = {0.5, 0.5}, {0.85, 0.85}
scene.view:addSubview(sun)
local breathe = BasicAnimation.new("endPoint")
breathe.fromValue, breathe.toValue = {0.85, 0.85}, {1, 1}
breathe.duration, breathe.autoreverses, breathe.repeatCount = 0.75, true, math.huge
breathe.timingFunction = TimingFunction.new("easeInOut")
sun.layer:addAnimation(breathe, "breathe")

-- The spinner: a conic rainbow in a ring (a dark disc on top makes the hole).
local spinner = View.new{ name = "spinner", frame = {30, 30, 70, 70}, cornerRadius = 35, layerClass = "GradientLayer" }
spinner.layer.type = "conic"
spinner.layer.colors = {"#ff5f6d", "#ffc371", "#47e891", "#4facfe", "#a56cff", "#ff5f6d"}
spinner.layer.startPoint, spinner.layer.endPoint = {0.5, 0.5}, {1, 0.5}
spinner:addSubview(View.new{ frame = {12, 12, 46, 46}, cornerRadius = 23, backgroundColor = "#161a3a" })
scene.view:addSubview(spinner)
local turn = KeyframeAnimation.new("endPoint")
local around = {}
for i = 0, 24 do
  local angle = 2 * math.pi * i / 24
  around[#around + 1] = {0.5 + 0.5 * math.cos(angle), 0.5 + 0.5 * math.sin(angle)}
end
turn.values, turn.duration, turn.repeatCount = around, 1.5, math.huge
spinner.layer:addAnimation(turn, "turn")

-- Slide to unlock: a dark pill, its label, and a light band sweeping across it.
local track = View.new{ name = "track", frame = {30, 150, 260, 44}, cornerRadius = 22, backgroundColor = "#00000066" }
scene.view:addSubview(track)
track:addSubview(Label.new{ frame = {0, 0, 260, 44}, text = "slide to unlock", fontSize = 18,
                            textColor = "#ffffff80", textAlignment = "center" })
local shimmer = View.new{ name = "shimmer", frame = {0, 0, 260, 44}, cornerRadius = 22, layerClass = "GradientLayer" }
shimmer.layer.colors = {"#ffffff00", "#ffffffb0", "#ffffff00"}
shimmer.layer.locations = {-0.3, -0.15, 0}
shimmer.layer.startPoint, shimmer.layer.endPoint = {0, 0.5}, {1, 0.5}
track:addSubview(shimmer)
local sweep = BasicAnimation.new("locations")
sweep.fromValue, sweep.toValue = {-0.3, -0.15, 0}, {1, 1.15, 1.3}
sweep.duration, sweep.repeatCount = 1.5, math.huge
shimmer.layer:addAnimation(sweep, "shimmer")
