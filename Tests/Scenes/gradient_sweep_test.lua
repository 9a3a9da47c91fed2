-- The gradient-sweep example (Scripts/Examples/gradient-sweep.lua), rebuilt here with its numbers
-- (a scene test reads only its own folder), checked against values worked out by hand.

local function hex(text, i) return tonumber(text:sub(2 * i, 2 * i + 1), 16) / 255 end

describe("gradient sweep", function()
  local sky, sun, spinner, shimmer

  beforeEach(function()
    local scene = Scene.new{ width = 320, height = 220, backgroundColor = "black" }
    sky = View.new{ name = "sky", frame = {0, 0, 320, 220}, layerClass = "GradientLayer" }
    sky.layer.colors = {"#0b1026", "#2b2f77", "#5a4a8a"}
    scene.view:addSubview(sky)
    View.animate{ duration = 2, options = {"curveEaseInOut"}, animations = function()
      sky.layer.colors = {"#3a6fb0", "#f29e6d", "#ffd9a0"}
    end }

    sun = View.new{ name = "sun", frame = {210, 20, 90, 90}, layerClass = "GradientLayer" }
    sun.layer.type = "radial"
    sun.layer.colors = {"#fff6c0", "#ffb347", "#ffb34700"}
    sun.layer.startPoint, sun.layer.endPoint = {0.5, 0.5}, {0.85, 0.85}
    scene.view:addSubview(sun)
    local breathe = BasicAnimation.new("endPoint")
    breathe.fromValue, breathe.toValue = {0.85, 0.85}, {1, 1}
    breathe.duration, breathe.autoreverses, breathe.repeatCount = 0.75, true, math.huge
    breathe.timingFunction = TimingFunction.new("easeInOut")
    sun.layer:addAnimation(breathe, "breathe")

    spinner = View.new{ name = "spinner", frame = {30, 30, 70, 70}, layerClass = "GradientLayer" }
    spinner.layer.type = "conic"
    spinner.layer.startPoint, spinner.layer.endPoint = {0.5, 0.5}, {1, 0.5}
    scene.view:addSubview(spinner)
    local turn = KeyframeAnimation.new("endPoint")
    local around = {}
    for i = 0, 24 do
      local angle = 2 * math.pi * i / 24
      around[#around + 1] = {0.5 + 0.5 * math.cos(angle), 0.5 + 0.5 * math.sin(angle)}
    end
    turn.values, turn.duration, turn.repeatCount = around, 1.5, math.huge
    spinner.layer:addAnimation(turn, "turn")

    shimmer = View.new{ name = "shimmer", frame = {30, 150, 260, 44}, layerClass = "GradientLayer" }
    shimmer.layer.colors = {"#ffffff00", "#ffffffb0", "#ffffff00"}
    shimmer.layer.locations = {-0.3, -0.15, 0}
    shimmer.layer.startPoint, shimmer.layer.endPoint = {0, 0.5}, {1, 0.5}
    scene.view:addSubview(shimmer)
    local sweep = BasicAnimation.new("locations")
    sweep.fromValue, sweep.toValue = {-0.3, -0.15, 0}, {1, 1.15, 1.3}
    sweep.duration, sweep.repeatCount = 1.5, math.huge
    shimmer.layer:addAnimation(sweep, "shimmer")
  end)

  it("slides the shimmer's stops together, a quarter of the way after a quarter of the sweep", function()
    advance(0.375)
    local stops = shimmer.layer.presentation.locations
    -- each stop moves 1.3: -0.3 + 0.325, -0.15 + 0.325, 0 + 0.325
    expect(#stops).toBe(3)
    expect(stops[1]).toBeCloseTo(0.025, 1e-12)
    expect(stops[2]).toBeCloseTo(0.175, 1e-12)
    expect(stops[3]).toBeCloseTo(0.325, 1e-12)
    expect(shimmer.layer.locations[1]).toBe(-0.3)  -- the model is unchanged
    advance(1.5)  -- the second sweep, at the same point
    expect(shimmer.layer.presentation.locations[1]).toBeCloseTo(0.025, 1e-9)
  end)

  it("turns the sky's colors from night to dawn, halfway at one second (easeInOut is symmetric)", function()
    advance(1)
    local colors = sky.layer.presentation.colors
    expect(colors[1].r).toBeCloseTo((hex("#0b1026", 1) + hex("#3a6fb0", 1)) / 2, 1e-9)
    expect(colors[2].g).toBeCloseTo((hex("#2b2f77", 2) + hex("#f29e6d", 2)) / 2, 1e-9)
    expect(colors[3].b).toBeCloseTo((hex("#5a4a8a", 3) + hex("#ffd9a0", 3)) / 2, 1e-9)
    advance(1)
    expect(sky.layer.presentation.colors[1].r).toBeCloseTo(hex("#3a6fb0", 1), 1e-12)
  end)

  it("breathes the sun's ellipse and turns the spinner a quarter in a quarter of its turn", function()
    advance(0.375)
    expect(sun.layer.presentation.endPoint.x).toBeCloseTo(0.925, 1e-9)  -- easeInOut(0.5) = 0.5
    expect(sun.layer.presentation.endPoint.y).toBeCloseTo(0.925, 1e-9)
    local p = spinner.layer.presentation.endPoint  -- keyframe 6 of 24: a quarter turn, straight down
    expect(p.x).toBeCloseTo(0.5, 1e-12)
    expect(p.y).toBeCloseTo(1, 1e-12)
    expect(spinner.layer.type).toBe("conic")
  end)

  it("traces the shimmer's locations as a list", function()
    expectTrace("shimmer-locations", {duration = 0.75, fps = 4, props = {"shimmer.locations"}})
  end)

  it("refuses gradient properties on views that are not gradient-backed", function()
    local plain = View.new{ name = "plain" }
    expect(function() plain.layer.colors = {"red"} end).toThrow("colors is a property of GradientLayer")
    expect(function() shimmer.layer.locations = {0, 0 / 0} end).toThrow("locations%[2%] must be a finite number")
    expect(function() shimmer.layer.type = "diamond" end).toThrow("type")
  end)
end)
