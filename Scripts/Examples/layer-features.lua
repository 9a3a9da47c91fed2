-- Layer features ported Core Animation code uses, in one scene:
--   * a card flip: front and back faces turned about y under the stage's perspective
--     `sublayerTransform`; each face has `isDoubleSided = false`, so the one turned away is not drawn;
--   * a reveal through a `mask`: a round layer, not in the tree, whose alpha shows the panel
--     beneath it, moving and growing (its own animations run);
--   * layer actions: the badge's `actions` make every opacity change a 1 s fade and turn
--     position changes off (`false` is NSNull); its delegate picks a spring for `bounds`;
--   * `contentsGravity` on a picture, a `shadowPath` shadow, and `transform.scale.xy`.
--
--   choreo render Scripts/Examples/layer-features.lua --out docs/images --to 3 --fps 15 --format gif

local scene = Scene.new{ width = 320, height = 240, backgroundColor = "#20242c" }

-- The card flip: a stage whose sublayerTransform gives its sublayers perspective.
local stage = Layer.new{ name = "stage", frame = {20, 20, 120, 90} }
stage.sublayerTransform = Transform.perspective(300)
scene.view.layer:addSublayer(stage)
local function face(name, color, turned)
  local f = Layer.new{ name = name, frame = {10, 5, 100, 80}, backgroundColor = color, cornerRadius = 10,
                       isDoubleSided = false }
  if turned then f.transform = Transform.rotation(math.pi, 0, 1, 0) end
  stage:addSublayer(f)
  return f
end
local front = face("front", "#e94f37", false)
local back = face("back", "#3f88c5", true)
for _, f in ipairs{ front, back } do
  local turn = BasicAnimation.new{ keyPath = "transform.rotation.y", byValue = math.pi, duration = 1.2,
                                   beginTime = CACurrentMediaTime() + 0.3, fillMode = "both",
                                   isRemovedOnCompletion = false, timingFunction = TimingFunction.new("easeInEaseOut") }
  f:addAnimation(turn, "flip")
end

-- The reveal: stripes seen through a round mask that moves and grows.
local panel = Layer.new{ name = "panel", frame = {180, 20, 120, 90}, backgroundColor = "#f4d35e" }
for i = 0, 5 do
  panel:addSublayer(Layer.new{ frame = {i * 20, 0, 10, 90}, backgroundColor = "#0d3b66" })
end
scene.view.layer:addSublayer(panel)
local hole = Layer.new{ name = "hole", frame = {0, 25, 40, 40}, cornerRadius = 20, backgroundColor = "black" }
panel.mask = hole
local move = BasicAnimation.new{ keyPath = "position.x", fromValue = 20, toValue = 100, duration = 2,
                                 autoreverses = true, repeatCount = math.huge }
hole:addAnimation(move, "move")
local grow = BasicAnimation.new{ keyPath = "transform.scale.xy", fromValue = 0.6, toValue = 1.6, duration = 1,
                                 autoreverses = true, repeatCount = math.huge }
hole:addAnimation(grow, "grow")

-- Layer actions: a badge whose changes animate as its actions and delegate say.
local badge = Layer.new{ name = "badge", frame = {30, 150, 60, 60}, backgroundColor = "#8ac926", cornerRadius = 30 }
badge.actions = { opacity = BasicAnimation.new{ keyPath = "opacity", duration = 1 }, position = false }
badge.delegate = { actionForLayer = function(layer, key)
  if key == "bounds" then return SpringAnimation.new{ keyPath = "bounds", damping = 8 } end
  return nil                              -- search on: actions, style, the default
end }
scene.view.layer:addSublayer(badge)
after(0.5, function()
  badge.opacity = 0.3                    -- a 1 s fade (actions.opacity)
  badge.position = {260, 190}            -- at once (actions.position = false)
  badge.bounds = {0, 0, 80, 80}          -- a spring (the delegate)
  badge.cornerRadius = 40                -- the default action: 0.25 s
end)

-- A shadow cast from a path, not from the layer's shape.
local card = Layer.new{ name = "card", frame = {130, 150, 60, 50}, backgroundColor = "white", shadowOpacity = 0.8,
                        shadowRadius = 3, shadowOffset = {0, 6} }
card.shadowPath = Path.ellipse{-10, 40, 80, 20}
scene.view.layer:addSublayer(card)

return scene
