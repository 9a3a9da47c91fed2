-- Confetti: a CAEmitterLayer port. Five cells (one per colour, bars and dots alternating) rain
-- from a line above the top edge for two seconds; then the emitter stops (birthRate = 0) and the
-- confetti already in the air falls out of the picture.
--
-- Particles are deterministic: the emitter's seed fixes every particle, and a particle's state
-- is a function of its birth and the time, so every run, every frame rate and every scrub gives
-- the same picture at the same instant.
--
--   choreo render Scripts/Examples/confetti.lua --out docs/images --to 5 --fps 15 --format gif
--   choreo run Scripts/Examples/confetti.lua

local scene = Scene.new{ width = 300, height = 400, backgroundColor = "white" }

local colors = { "#ff3b30", "#ffcc00", "#34c759", "#007aff", "#af52de" }
local cells = {}
for i, color in ipairs(colors) do
  cells[i] = EmitterCell.new{
    name = "confetti" .. i,
    birthRate = 8, lifetime = 6, lifetimeRange = 1,
    velocity = 140, velocityRange = 60,
    emissionLongitude = math.pi / 2, emissionRange = 0.6,   -- downwards, fanned out
    yAcceleration = 60,
    spin = 3, spinRange = 5,
    scale = 1, scaleRange = 0.4,
    color = color,
    contents = (i % 2 == 0) and Path.rect{0, 0, 10, 5} or Path.ellipse{0, 0, 7, 7},
  }
end

local emitter = EmitterLayer.new{ name = "confetti", frame = {0, 0, 300, 400},
  emitterPosition = {150, -10}, emitterSize = {300, 1}, emitterShape = "line", seed = 2024,
  emitterCells = cells }
scene.view.layer:addSublayer(emitter)

local banner = Label.new{ name = "banner", text = "Well done!", fontSize = 32, fontWeight = "bold",
                          textColor = "#1c1c1e", textAlignment = "center", frame = {0, 170, 300, 60} }
scene.view:addSubview(banner)

after(2, function() emitter.birthRate = 0 end)

return scene
