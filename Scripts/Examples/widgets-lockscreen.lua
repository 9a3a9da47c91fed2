-- The Widgets lock screen (seed 002, "Intermediate animations with UIViewPropertyAnimator").
--
-- What runs, with the seed's numbers:
--   0.0 s  the date label drops 100 points into place, taking the search bar and the widget
--          table with it: a layout change in an animator with a 0.55 damping-ratio spring over
--          1 s (the seed's AnimatorFactory.animateConstraint after its tuning);
--   1.5 s  the search bar is activated: toggleBlur(true) blurs the background, shrinks the table
--          to 0.75 and fades it to 0.33 along the custom curve (0.57, -0.4, 0.96, 0.87) in
--          0.55 s — the negative y makes the table first grow a little before it shrinks;
--   2.5 s  toggleBlur(false) undoes it along the same curve;
--   3.0 s  "Show More" on the first widget: its height goes from 130 to 230 with the seed's
--          spring (mass 30, stiffness 1000, damping 300, initial velocity {5, 0}), which sets its
--          own duration; the widgets below move down with it; the button's title cross-dissolves
--          to "Show Less" in a block added with delay factor 0.5;
--   3.3 s  "Show Less" mid-flight: a second animator takes over from where the first one is
--          (animators on the same property combine additively), and the title switches back.
--
--   choreo run Scripts/Examples/widgets-lockscreen.lua
--   choreo trace Scripts/Examples/widgets-lockscreen.lua --props widget1.bounds,widget2.position.y

local scene = Scene.new{ width = 375, height = 667, backgroundColor = "#274b6d" }
local root = scene.view

-- The lock screen: a wallpaper, the date, the search bar and the widget table.
root:addSubview(View.new{ name = "wallpaper", frame = {0, 0, 375, 667}, backgroundColor = "#3f7fb4" })
local blurView = BlurView.new{ name = "blurView", frame = {0, 0, 375, 667}, blurRadius = 0 }
root:addSubview(blurView)
local dateLabel = Label.new{ name = "dateLabel", text = "Monday, 23 November", fontSize = 22, textColor = "white",
                             textAlignment = "center" }
local searchBar = View.new{ name = "searchBar", backgroundColor = "#ffffff55", cornerRadius = 10 }
searchBar:addSubview(Label.new{ name = "searchPlaceholder", frame = {12, 8, 200, 20}, text = "Search",
                                fontSize = 15, textColor = "#ffffffaa" })
local tableView = View.new{ name = "tableView", clipsToBounds = true }
for _, view in ipairs{ dateLabel, searchBar, tableView } do root:addSubview(view) end

-- The widgets: each one a cell with a title, a row of icons per 100 points of height, and its
-- "Show More" button. Cells are clipped, so a taller cell shows its second row of icons.
local widgets, widgetHeights, buttons = {}, {}, {}
for i, title in ipairs{ "Calendar", "Weather", "Up Next" } do
  local cell = View.new{ name = "widget" .. i, backgroundColor = "#f2f2f7e6", cornerRadius = 12, clipsToBounds = true }
  cell:addSubview(Label.new{ name = "widgetTitle" .. i, frame = {12, 10, 200, 20}, text = title, fontSize = 15,
                             textColor = "#1c1c1e" })
  for icon = 0, 7 do
    cell:addSubview(View.new{ frame = {12 + (icon % 4) * 62, 40 + (icon // 4) * 100, 50, 50},
                              backgroundColor = ({ "#ff9500", "#34c759", "#007aff", "#af52de" })[icon % 4 + 1],
                              cornerRadius = 11 })
  end
  local button = Label.new{ name = "showMore" .. i, frame = {230, 8, 100, 24}, text = "Show More", fontSize = 13,
                            textColor = "#007aff", textAlignment = "right" }
  cell:addSubview(button)
  tableView:addSubview(cell)
  widgets[i], widgetHeights[i], buttons[i] = cell, 130, button
end

-- Layout, standing in for the seed's Auto Layout constraints: `dateTop` is dateTopConstraint's
-- constant, `widgetHeights` the widgets' height constraints.
local dateTop = 40
root.layoutSubviews = function()
  dateLabel.frame = {0, dateTop, 375, 30}
  searchBar.frame = {16, dateTop + 44, 343, 36}
  tableView.frame = {16, dateTop + 96, 343, 667 - (dateTop + 96)}
end
tableView.layoutSubviews = function()
  local y = 0
  for i, cell in ipairs(widgets) do
    cell.frame = {0, y, 343, widgetHeights[i]}
    y = y + widgetHeights[i] + 12
  end
end

-- viewWillAppear: the date starts 100 points higher.
dateTop = dateTop - 100
root:layoutIfNeeded()

-- viewDidAppear: AnimatorFactory.animateConstraint(view:constraint:by:) with the tuned spring.
local function animateConstraint(by)
  local animator = Animator.new{ duration = 1.0, timingParameters = SpringTimingParameters.new{ dampingRatio = 0.55 } }
  animator:addAnimations(function()
    dateTop = dateTop + by
    root:layoutIfNeeded()
  end)
  return animator
end
animateConstraint(100):startAnimation()

-- The search bar's blur: blurAnimations(_:) and toggleBlur(_:).
local function blurAnimations(blurred)
  return function()
    blurView.blurRadius = blurred and 20 or 0
    tableView.transform = blurred and Transform.scale(0.75, 0.75) or Transform.identity()
    tableView.alpha = blurred and 0.33 or 1.0
  end
end
local function toggleBlur(blurred)
  Animator.new{ duration = 0.55, controlPoint1 = {0.57, -0.4}, controlPoint2 = {0.96, 0.87},
                animations = blurAnimations(blurred) }:startAnimation()
end
after(1.5, function() toggleBlur(true) end)
after(2.5, function() toggleBlur(false) end)

-- WidgetCell.toggleShowMore(_:).
local showsMore = {}
local function toggleShowMore(i)
  showsMore[i] = not showsMore[i]
  local animations = function()
    widgetHeights[i] = showsMore[i] and 230 or 130
    tableView:layoutIfNeeded()
  end
  local textTransition = function()
    View.transition{ with = buttons[i], duration = 0.25, options = {"transitionCrossDissolve"}, animations = function()
      buttons[i].text = showsMore[i] and "Show Less" or "Show More"
    end }
  end
  local spring = SpringTimingParameters.new{ mass = 30, stiffness = 1000, damping = 300, initialVelocity = {5, 0} }
  local toggleHeightAnimator = Animator.new{ duration = 0.0, timingParameters = spring }
  toggleHeightAnimator:addAnimations(animations)
  toggleHeightAnimator:addAnimations(textTransition, 0.5)
  toggleHeightAnimator:startAnimation()
  return toggleHeightAnimator
end
after(3.0, function() toggleShowMore(1) end)
after(3.3, function() toggleShowMore(1) end)

return scene
