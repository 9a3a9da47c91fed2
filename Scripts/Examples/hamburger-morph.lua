-- A hamburger menu icon that morphs into a back arrow and back (a path animation).
--
-- The icon is one shape layer whose path holds three bars: move, line; move, line; move, line.
-- The arrow is a path of the same six elements (its head's two strokes and its shaft), so
-- CABasicAnimation on "path" moves every point in a straight line from bar to arrow. The layer
-- turns half a turn at the same time. At 0.5 s it becomes the arrow (0.5 s, ease in-out); at
-- 1.75 s it goes back.
--
--   choreo render Scripts/Examples/hamburger-morph.lua --out docs/images --to 2.75 --fps 20 --format gif
--   choreo trace Scripts/Examples/hamburger-morph.lua --props icon.transform.rotation.z --fps 4

local scene = Scene.new{ width = 160, height = 160, backgroundColor = "#1d7fc1" }

local hamburger = Path.new():addLines{{20, 30}, {80, 30}}:addLines{{20, 50}, {80, 50}}:addLines{{20, 70}, {80, 70}}
local arrow = Path.new():addLines{{50, 25}, {75, 50}}:addLines{{25, 50}, {75, 50}}:addLines{{50, 75}, {75, 50}}

local icon = ShapeLayer.new{ name = "icon", frame = {30, 30, 100, 100}, path = hamburger,
                             strokeColor = "white", lineWidth = 8, lineCap = "round" }
scene.view.layer:addSublayer(icon)

--- Morphs the icon to `path` and turns it to `angle`, from where it is now.
local function morph(path, angle)
  local shape = BasicAnimation.new("path")
  shape.fromValue, shape.toValue = icon.presentation.path, path
  local turn = BasicAnimation.new("transform.rotation.z")
  turn.fromValue, turn.toValue = icon.presentation:valueForKeyPath("transform.rotation.z"), angle
  local group = AnimationGroup.new()
  group.animations = { shape, turn }
  group.duration = 0.5
  group.timingFunction = TimingFunction.new("easeInOut")
  Transaction.begin()
  Transaction.setDisableActions(true)   -- the group animates; the model changes at once
  icon.path = path
  icon:setValue(angle, "transform.rotation.z")
  Transaction.commit()
  icon:addAnimation(group, "morph")
end

after(0.5, function() morph(arrow, math.pi) end)
after(1.75, function() morph(hamburger, 0) end)

return scene
