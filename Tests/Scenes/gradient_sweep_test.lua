-- The gradient-sweep example (Scripts/Examples/gradient-sweep.lua), loaded as it ships
-- (Scripts/test.sh allows Scripts/Examples), checked against values worked out by hand.

local function hex(text, i) return tonumber(text:sub(2 * i, 2 * i + 1), 16) / 255 end

describe("gradient sweep", function()
  local sky, sun, spinner, shimmer

  beforeEach(function()
    local scene = loadScene("gradient-sweep.lua")
    sky, sun = scene:viewNamed("sky"), scene:viewNamed("sun")
    spinner, shimmer = scene:viewNamed("spinner"), scene:viewNamed("shimmer")
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
