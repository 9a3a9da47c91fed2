-- Onboarding (issue 20): a welcome screen sequenced by one Timeline, with labels, a staggered
-- grid, a nested timeline and a callback.
--
--   intro  the title rises and fades in; the subtitle follows 0.2 s after it starts ("<0.2")
--   grid   twelve feature tiles pop in from the centre of their 3 × 4 grid outwards
--          (delay = Stagger{ amount = 0.6, from = "center", grid = ... }), 0.1 s before the
--          subtitle ends ("-=0.1"); the page indicator moves to the second dot
--   cta    the "Get started" button slides up, the indicator moves to the third dot, the
--          caption changes at "cta+=0.3" (a callback: text changes at once), then a nested
--          timeline pulses the button twice (repeatCount = 2, autoreverses)
--
--   choreo run Scripts/Examples/onboarding.lua
--   choreo render Scripts/Examples/onboarding.lua --out docs/images --fps 20 --format gif
--
-- The model holds the final values from the moment each block is recorded; the timeline shows
-- its local time 0 (every block's from-value) until it starts.

local scene = Scene.new{ width = 360, height = 640, backgroundColor = "#0f172a" }
local width = scene.width

local function label(name, text, frame, size, color)
  local l = Label.new{ name = name, text = text, frame = frame, fontSize = size, textColor = color,
                       textAlignment = "center" }
  scene.view:addSubview(l)
  return l
end

local title = label("title", "Welcome aboard", {0, 64, width, 40}, 30, "white")
local subtitle = label("subtitle", "Everything you need, in one place", {0, 112, width, 24}, 16, "#94a3b8")

-- The grid: 3 columns × 4 rows of rounded tiles, each with a white "icon" dot.
local colors = { "#f97316", "#f59e0b", "#84cc16", "#10b981", "#06b6d4", "#3b82f6",
                 "#6366f1", "#a855f7", "#ec4899", "#f43f5e", "#14b8a6", "#eab308" }
local tiles = {}
local size, gap = 72, 14
local left = (width - (3 * size + 2 * gap)) / 2
for k = 0, 11 do
  local tile = View.new{ name = "tile" .. (k + 1), backgroundColor = colors[k + 1], cornerRadius = 18,
                         frame = {left + (k % 3) * (size + gap), 160 + (k // 3) * (size + gap), size, size} }
  tile:addSubview(View.new{ frame = {24, 24, 24, 24}, backgroundColor = "#ffffffd9", cornerRadius = 12 })
  scene.view:addSubview(tile)
  tiles[#tiles + 1] = tile
end

local caption = label("caption", "Swipe to explore", {0, 506, width, 22}, 15, "#cbd5e1")
local button = View.new{ name = "button", frame = {60, 540, 240, 52}, backgroundColor = "#6366f1", cornerRadius = 26 }
button:addSubview(Label.new{ text = "Get started", frame = {0, 0, 240, 52}, fontSize = 19, textColor = "white",
                             textAlignment = "center" })
scene.view:addSubview(button)

-- The page indicator: three dots and a pill that moves along them.
local function dotX(i) return width / 2 + (i - 2) * 22 end
for i = 1, 3 do
  scene.view:addSubview(View.new{ frame = {dotX(i) - 4, 614, 8, 8}, backgroundColor = "#334155", cornerRadius = 4 })
end
local indicator = View.new{ name = "indicator", frame = {dotX(1) - 9, 613, 18, 10}, backgroundColor = "white",
                            cornerRadius = 5 }
scene.view:addSubview(indicator)

-- Where things start (set directly: no animation outside a block).
title.alpha, subtitle.alpha, caption.alpha, button.alpha = 0, 0, 0, 0
title.center.y = title.center.y + 24
button.center.y = button.center.y + 24
for _, tile in ipairs(tiles) do
  tile.alpha = 0
  tile.transform = Transform.scale(0.3)
end

local overshoot = TimingFunction.new(0.34, 1.56, 0.64, 1)   -- easeOutBack
local pulse = Timeline.new{ repeatCount = 2, autoreverses = true }
pulse:animate({ duration = 0.3, curve = "easeInOut", animations = function() button.transform = Transform.scale(1.08) end })

local onboarding = Timeline.new{ defaults = { duration = 0.6, curve = "easeOut" } }
onboarding
  :addLabel("intro")
  :animate({ animations = function() title.alpha = 1; title.center.y = title.center.y - 24 end }, "intro")
  :animate({ animations = function() subtitle.alpha = 1 end }, "<0.2")
  :addLabel("grid", "-=0.1")
  :animate({ duration = 0.5, curve = overshoot,
             delay = Stagger{ amount = 0.6, from = "center", grid = { rows = 4, columns = 3 } },
             animations = function()
               for _, tile in ipairs(tiles) do
                 tile.alpha = 1
                 tile.transform = Transform.identity
               end
             end }, "grid")
  :animate({ duration = 0.4, animations = function() indicator.center.x = dotX(2) end }, "grid")
  :addLabel("cta", "-=0.2")
  :animate({ animations = function() button.alpha = 1; caption.alpha = 1; button.center.y = button.center.y - 24 end },
           "cta")
  :animate({ duration = 0.4, animations = function() indicator.center.x = dotX(3) end }, "cta")
  :call(function() caption.text = "You're all set" end, "cta+=0.6")
  :add(pulse, "cta+=0.7")
  :call(function() end, "+=0.8")   -- hold the last frame

onboarding:startAnimation(0.3)
return scene
