-- Flight Info (seed 003, chapters 4–5): the seed's second demo app with its timings.
--
-- The flight data switches every 3 s between London → Paris and Paris → Rome (each change
-- schedules the next with `after`). Every animated change runs, at once:
--   * the background crossfade: a 1 s "transitionCrossDissolve" of the background while its
--     picture changes, with the snow fading in or out (1 s, easeOut);
--   * the cube transition of the flight number, the gate and the status: an auxiliary label,
--     squashed to 10 % height and offset by half a label height, grows into place while the
--     real label squashes away the other way (0.5 s, easeOut);
--   * fade and bounce of the departure and arrival codes: the label slides 80 (or 50) points
--     and fades out (0.5 s, easeIn) while an auxiliary label slides in and fades in (0.25 s,
--     0.1 s delay, easeIn);
--   * the plane's take-off: five overlapping keyframes over 1.5 s;
--   * the summary switch: the summary leaves upwards and comes back (keyframes over 1 s), its
--     text swapped after 0.5 s.
-- It never stops, so give a duration:
--
--   choreo run Scripts/Examples/flight-info.lua --duration 10
--   choreo trace Scripts/Examples/flight-info.lua --duration 5 --props plane.position,plane.opacity
--
-- Placeholder art is drawn with shapes and labels; the timing is the seed's.

local scene = Scene.new{ width = 375, height = 667, backgroundColor = "black" }
local width = scene.width

-- The seed's two flights (bg-snowy / bg-sunny become two background colours).
local londonToParis = {
  summary = "01 Apr 2015 09:42", flightNr = "ZY 2014", gateNr = "T1 A33",
  departingFrom = "LGW", arrivingTo = "CDG", background = "#8fa3b8", showWeatherEffects = true,
  isTakingOff = true, flightStatus = "Boarding",
}
local parisToRome = {
  summary = "01 Apr 2015 17:05", flightNr = "AE 1107", gateNr = "045",
  departingFrom = "ORY", arrivingTo = "FCO", background = "#f2b45a", showWeatherEffects = false,
  isTakingOff = false, flightStatus = "Delayed",
}

-- The background "image": a full-screen shape whose fill is its picture.
local bgImageView = ShapeView.new{ name = "bgImageView", frame = {0, 0, width, scene.height},
                                   path = Path.rect{0, 0, width, scene.height}, fillColor = londonToParis.background }
scene.view:addSubview(bgImageView)

-- The snow: a layer of flakes over the background.
local snowView = View.new{ name = "snowView", frame = {0, 0, width, scene.height} }
scene.view:addSubview(snowView)
for i = 0, 11 do
  local flake = ShapeView.new{ frame = {15 + (i % 4) * 95, 40 + (i // 4) * 90 + (i % 2) * 30, 8, 8},
                               path = Path.ellipse{0, 0, 8, 8}, fillColor = "white" }
  snowView:addSubview(flake)
end

local function label(name, frame, size, color)
  local l = Label.new{ name = name, text = "", frame = frame, fontSize = size, textColor = color or "white",
                       textAlignment = "center" }
  scene.view:addSubview(l)
  return l
end

local summary = label("summary", {0, 30, width, 30}, 17)
local flightNr = label("flightNr", {40, 200, 140, 50}, 32)
local gateNr = label("gateNr", {195, 200, 140, 50}, 32)
local departingFrom = label("departingFrom", {40, 300, 120, 60}, 44)
local arrivingTo = label("arrivingTo", {215, 300, 120, 60}, 44)
local flightStatus = label("flightStatus", {87, 560, 200, 40}, 22, "black")
flightStatus.backgroundColor = "#f5d34c"

-- The runway and the plane (a small arrow pointing right).
scene.view:addSubview(View.new{ name = "runway", frame = {0, 470, width, 4}, backgroundColor = "#ffffff88" })
local plane = ShapeView.new{ name = "plane", frame = {40, 430, 60, 36}, fillColor = "white",
                             path = { {"move", 0, 8}, {"line", 60, 18}, {"line", 0, 28}, {"line", 10, 18}, {"close"} } }
scene.view:addSubview(plane)

local function copyLabel(source, text, frame)
  return Label.new{ text = text, frame = frame, fontSize = source.fontSize, textAlignment = source.textAlignment,
                    textColor = source.textColor }
end

-- Crossfading backgrounds: the picture changes inside a cross-dissolve; the snow fades with it.
local function fade(imageView, toImage, showEffects)
  View.transition{ with = imageView, duration = 1.0, options = {"transitionCrossDissolve"},
                   animations = function() imageView.fillColor = toImage end }
  View.animate{ duration = 1.0, delay = 0.0, options = {"curveEaseOut"},
                animations = function() snowView.alpha = showEffects and 1.0 or 0.0 end }
end

-- Cube transitions: direction 1 rolls down, -1 rolls up.
local function cubeTransition(l, text, direction)
  local auxLabel = copyLabel(l, text, l.frame)
  auxLabel.backgroundColor = l.backgroundColor
  local auxLabelOffset = direction * l.frame.height / 2.0
  auxLabel.transform = Transform.translation(0.0, auxLabelOffset):scaledBy(1.0, 0.1)
  l.superview:addSubview(auxLabel)

  View.animate{ duration = 0.5, delay = 0.0, options = {"curveEaseOut"},
                animations = function()
                  auxLabel.transform = Transform.identity()
                  l.transform = Transform.translation(0.0, -auxLabelOffset):scaledBy(1.0, 0.1)
                end,
                completion = function()
                  l.text = auxLabel.text
                  l.transform = Transform.identity()
                  auxLabel:removeFromSuperview()
                end }
end

-- Fade and bounce: the label slides away and fades out while its replacement slides in.
local function moveLabel(l, text, offset)
  local auxLabel = copyLabel(l, text, l.frame)
  auxLabel.transform = Transform.translation(offset.x, offset.y)
  auxLabel.alpha = 0
  scene.view:addSubview(auxLabel)

  View.animate{ duration = 0.5, delay = 0.0, options = {"curveEaseIn"},
                animations = function()
                  l.transform = Transform.translation(offset.x, offset.y)
                  l.alpha = 0.0
                end }
  View.animate{ duration = 0.25, delay = 0.1, options = {"curveEaseIn"},
                animations = function()
                  auxLabel.transform = Transform.identity()
                  auxLabel.alpha = 1.0
                end,
                completion = function()
                  auxLabel:removeFromSuperview()
                  l.text = text
                  l.alpha = 1.0
                  l.transform = Transform.identity()
                end }
end

-- Chapter 5: the plane takes off, leaves, reappears at the left edge and taxis back.
local function planeDepart()
  local originalCenter = Point.new(plane.center.x, plane.center.y)
  View.animateKeyframes{ duration = 1.5, delay = 0.0, animations = function()
    View.addKeyframe(0.0, 0.25, function()
      plane.center.x = plane.center.x + 80.0
      plane.center.y = plane.center.y - 10.0
    end)
    View.addKeyframe(0.1, 0.4, function() plane.transform = Transform.rotation(-math.pi / 8) end)
    View.addKeyframe(0.25, 0.25, function()
      plane.center.x = plane.center.x + 100.0
      plane.center.y = plane.center.y - 50.0
      plane.alpha = 0.0
    end)
    View.addKeyframe(0.51, 0.01, function()
      plane.transform = Transform.identity()
      plane.center = Point.new(0.0, originalCenter.y)
    end)
    View.addKeyframe(0.55, 0.45, function()
      plane.alpha = 1.0
      plane.center = originalCenter
    end)
  end }
end

-- Chapter 5: the summary leaves upwards and comes back with the new text.
local function summarySwitch(summaryText)
  View.animateKeyframes{ duration = 1.0, delay = 0.0, animations = function()
    View.addKeyframe(0.0, 0.45, function() summary.center.y = summary.center.y - 100.0 end)
    View.addKeyframe(0.5, 0.45, function() summary.center.y = summary.center.y + 100.0 end)
  end }
  after(0.5, function() summary.text = summaryText end)
end

local function changeFlight(data, animated)
  if animated then
    planeDepart()
    summarySwitch(data.summary)
    fade(bgImageView, data.background, data.showWeatherEffects)

    local direction = data.isTakingOff and 1 or -1
    cubeTransition(flightNr, data.flightNr, direction)
    cubeTransition(gateNr, data.gateNr, direction)

    moveLabel(departingFrom, data.departingFrom, Point.new(direction * 80, 0.0))
    moveLabel(arrivingTo, data.arrivingTo, Point.new(0.0, direction * 50))

    cubeTransition(flightStatus, data.flightStatus, direction)
  else
    summary.text = data.summary
    bgImageView.fillColor = data.background
    snowView.isHidden = not data.showWeatherEffects
    flightNr.text = data.flightNr
    gateNr.text = data.gateNr
    departingFrom.text = data.departingFrom
    arrivingTo.text = data.arrivingTo
    flightStatus.text = data.flightStatus
  end

  -- Schedule the next flight.
  after(3.0, function() changeFlight(data.isTakingOff and parisToRome or londonToParis, true) end)
end

changeFlight(londonToParis)

return scene
