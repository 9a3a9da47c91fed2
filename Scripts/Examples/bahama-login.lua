-- BahamaAir login (seed 003, chapters 1–3): the seed's demo app with its timings.
--
-- Slide-ins with delays and springs, clouds that fade in one after another and then drift
-- forever (each drift's completion starts the next), a spring login button, and, once "Log In"
-- is tapped (at 2.5 s here), status banners with curl transitions chained by `after`, then the
-- form reset. The clouds never stop, so give a duration:
--
--   choreo run Scripts/Examples/bahama-login.lua --duration 12
--   choreo trace Scripts/Examples/bahama-login.lua --duration 12 --props loginButton.position,status.position
--
-- Placeholder art is drawn with shapes; the timing is the seed's.

local scene = Scene.new{ width = 375, height = 667, backgroundColor = "#1d7fc1" }
local width = scene.width

local function label(name, text, frame, size)
  local l = Label.new{ name = name, text = text, frame = frame, fontSize = size or 17, textColor = "white",
                       textAlignment = "center" }
  scene.view:addSubview(l)
  return l
end

local function field(name, y)
  local f = View.new{ name = name, frame = {37, y, 300, 40}, backgroundColor = "white", cornerRadius = 6 }
  scene.view:addSubview(f)
  return f
end

local function cloud(name, x, y)
  local c = ShapeView.new{ name = name, frame = {x, y, 100, 50}, fillColor = "#ffffffcc", strokeColor = nil,
                           path = Path.ellipse{0, 0, 100, 50} }
  scene.view:addSubview(c)
  return c
end

local clouds = { cloud("cloud1", 10, 60), cloud("cloud2", 240, 120), cloud("cloud3", 40, 440), cloud("cloud4", 220, 520) }
local heading = label("heading", "Bahama Air", {0, 140, 375, 40}, 28)
local username = field("username", 220)
local password = field("password", 280)
local loginButton = View.new{ name = "loginButton", frame = {87, 350, 200, 50}, backgroundColor = "#a0d65a",
                              cornerRadius = 10 }
scene.view:addSubview(loginButton)
local spinner = View.new{ name = "spinner", frame = {-40, 6, 36, 36}, backgroundColor = "white", cornerRadius = 18,
                          alpha = 0 }
loginButton:addSubview(spinner)
local status = Label.new{ name = "status", text = "", frame = {87, 420, 200, 40}, backgroundColor = "#e5e5ea",
                          textColor = "black", textAlignment = "center", isHidden = true }
scene.view:addSubview(status)
local statusPosition = Point.new(status.center.x, status.center.y)
local messages = {"Connecting ...", "Authorizing ...", "Sending credentials ...", "Failed"}

-- viewWillAppear: everything starts off screen or invisible.
heading.center.x = heading.center.x - width
username.center.x = username.center.x - width
password.center.x = password.center.x - width
for _, c in ipairs(clouds) do c.alpha = 0 end
loginButton.center.y = loginButton.center.y + 30
loginButton.alpha = 0

-- viewDidAppear: chapter 1's slide-ins and chapter 2's springs.
View.animate{ duration = 0.5, animations = function() heading.center.x = heading.center.x + width end }
View.animate{ duration = 0.5, delay = 0.3, usingSpringWithDamping = 0.6, initialSpringVelocity = 0,
              animations = function() username.center.x = username.center.x + width end }
View.animate{ duration = 0.5, delay = 0.4, usingSpringWithDamping = 0.6, initialSpringVelocity = 0,
              animations = function() password.center.x = password.center.x + width end }
for i, c in ipairs(clouds) do
  View.animate{ duration = 0.5, delay = 0.3 + 0.2 * i, animations = function() c.alpha = 1 end }
end
View.animate{ duration = 0.5, delay = 0.5, usingSpringWithDamping = 0.5, initialSpringVelocity = 0,
              animations = function()
                loginButton.center.y = loginButton.center.y - 30
                loginButton.alpha = 1
              end }

-- Chapter 3: each cloud crosses the screen in about 60 s, then starts again from the left.
local function animateCloud(c)
  local cloudSpeed = width / 60
  local duration = (width - c.frame.x) / cloudSpeed
  View.animate{ duration = duration, options = {"curveLinear"},
                animations = function() c.frame.origin.x = width end,
                completion = function()
                  c.frame.origin.x = -c.frame.width
                  animateCloud(c)
                end }
end
for _, c in ipairs(clouds) do animateCloud(c) end

-- Chapter 3: the status banner, its curl transitions, and the form reset.
local showMessage, removeMessage

local function resetForm()
  View.transition{ with = status, duration = 0.2, options = {"transitionFlipFromTop"}, animations = function()
    status.isHidden = true
    status.center = statusPosition
  end }
  View.animate{ duration = 0.2, animations = function()
    spinner.center = Point.new(-20, 16)
    spinner.alpha = 0
    loginButton.backgroundColor = Color.rgb(0.63, 0.84, 0.35)
    loginButton.bounds.size.width = loginButton.bounds.size.width - 80
    loginButton.center.y = loginButton.center.y - 60
  end }
end

function showMessage(index)
  status.text = messages[index]
  View.transition{ with = status, duration = 0.33, options = {"curveEaseOut", "transitionCurlDown"},
                   animations = function() status.isHidden = false end,
                   completion = function()
                     after(2.0, function()
                       if index < #messages then removeMessage(index) else resetForm() end
                     end)
                   end }
end

function removeMessage(index)
  View.animate{ duration = 0.33, animations = function() status.center.x = status.center.x + width end,
                completion = function()
                  status.isHidden = true
                  status.center = statusPosition
                  showMessage(index + 1)
                end }
end

-- "Log In" is tapped at 2.5 s.
after(2.5, function()
  View.animate{ duration = 1.5, usingSpringWithDamping = 0.2, initialSpringVelocity = 0,
                animations = function() loginButton.bounds.size.width = loginButton.bounds.size.width + 80 end,
                completion = function() showMessage(1) end }
  View.animate{ duration = 0.33, usingSpringWithDamping = 0.7, initialSpringVelocity = 0, animations = function()
    loginButton.center.y = loginButton.center.y + 60
    loginButton.backgroundColor = Color.rgb(0.85, 0.83, 0.45)
    spinner.center = Point.new(40, loginButton.frame.height / 2)
    spinner.alpha = 1
  end }
end)

return scene
