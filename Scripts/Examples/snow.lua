-- Snow: a CAEmitterLayer port. Flakes are born along a line above the scene, drift down slowly
-- with a little wind (xAcceleration), each a different size and brightness, and spin gently.
-- The emitter starts 10 seconds before the scene does (its layer's timeOffset), so the first
-- frame already shows snow all the way down, as a running app would.
--
--   choreo render Scripts/Examples/snow.lua --out docs/images --to 4 --fps 15 --format gif
--   choreo run Scripts/Examples/snow.lua --duration 10

local scene = Scene.new{ width = 300, height = 400, backgroundColor = "#1b2a41" }

local flake = EmitterCell.new{
  name = "flake",
  birthRate = 14, lifetime = 14,
  velocity = 30, velocityRange = 12,
  emissionLongitude = math.pi / 2, emissionRange = 0.3,
  xAcceleration = 3, yAcceleration = 2,
  spin = 0.5, spinRange = 1,
  scale = 0.8, scaleRange = 0.5,
  color = "#ffffff", alphaRange = 0.35, blueRange = 0,
  contents = Path.ellipse{0, 0, 6, 6},
}
local snow = EmitterLayer.new{ name = "snow", frame = {0, 0, 300, 400},
  emitterPosition = {130, -10}, emitterSize = {360, 1}, emitterShape = "line", seed = 12,
  emitterCells = { flake } }
snow.timeOffset = 10
scene.view.layer:addSublayer(snow)

return scene
