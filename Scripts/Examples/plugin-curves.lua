-- Plugin curves side by side: one ball per curve, each dropping 400 points in 1.2 s (the decay and
-- the springs take their own time). The curves come from the shipped plugins, found on the plugin
-- path with no flags: penner (native C), physics (native Swift), material and springs (Lua).
--
--   choreo run Scripts/Examples/plugin-curves.lua
--   choreo trace Scripts/Examples/plugin-curves.lua --props position.y --fps 10

local scene = Scene.new{ width = 375, height = 560, backgroundColor = "#20232a" }

local curves = {
  { name = "bounce",   curve = "penner.easeOutBounce",                 color = "#f4a261" },
  { name = "back",     curve = {"penner.easeOutBack", overshoot = 3},  color = "#e76f51" },
  { name = "elastic",  curve = {"penner.easeOutElastic", period = 0.4}, color = "#e9c46a" },
  { name = "standard", curve = "material.standard",                    color = "#2a9d8f" },
  { name = "emphasized", curve = "material.emphasized",                color = "#8ab17d" },
  { name = "bouncy",   curve = "springs.bouncy",                       color = "#90caf9" },
  { name = "decay",    curve = {"physics.decay", velocity = 800},      color = "#cdb4db" },
}

for index, entry in ipairs(curves) do
  local ball = View.new{ name = entry.name, frame = {index * 46 - 26, 40, 32, 32},
                         backgroundColor = entry.color, cornerRadius = 16 }
  scene.view:addSubview(ball)
  local drop = BasicAnimation.new("position.y")
  drop.fromValue, drop.toValue = 56, 456
  drop.timingFunction = entry.curve
  -- A curve with its own duration (a spring, a decay) sets the animation's; the rest take 1.2 s.
  drop.duration = drop.timingFunction.duration or 1.2
  drop.fillMode, drop.isRemovedOnCompletion = "forwards", false
  ball.layer:addAnimation(drop, "drop")
end

return scene
