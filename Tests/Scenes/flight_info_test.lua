-- The shipped Flight Info example (Scripts/Examples/flight-info.lua), loaded unchanged and checked
-- against the seed's timings. Run with the examples on the test's path:
--
--   choreo test Tests/Scenes --allow-root Scripts/Examples
--
-- Expected values come from the scene's numbers (frames, offsets, keyframe times), worked out
-- here: the plane's frame {40, 430, 60, 36} has its center at (70, 448); the summary's frame
-- {0, 30, 375, 30} at y = 45. The flight changes, animated, every 3 s from t = 3.

local scene = loadScene("flight-info.lua")   -- found in the allowed root; runs as `choreo run` runs it
local plane = scene:viewNamed("plane")
local summary = scene:viewNamed("summary")

local function at(t) advance(t - CACurrentMediaTime()) end

describe("flight-info.lua", function()
  it("starts on London → Paris, unanimated", function()
    expect(Scene.current).toBe(scene)
    expect(scene:viewNamed("flightNr").text).toBe("ZY 2014")
    expect(scene:viewNamed("departingFrom").text).toBe("LGW")
    expect(summary.text).toBe("01 Apr 2015 09:42")
    expect(plane.center).toEqual({x = 70, y = 448})
    expect(scene:viewNamed("nothing")).toBeNil()
  end)

  it("takes the plane off along its keyframes at 3 s", function()
    -- First keyframe (0 → 0.25 of 1.5 s): +80, −10, so at 3.375 s the plane is at (150, 438).
    at(3.375)
    expect(plane.layer.presentation.position).toBeCloseTo({x = 150, y = 438}, 1e-9)
    -- Third keyframe (0.25 → 0.5): +100, −50 and fading out, gone at 3.75 s.
    at(3.75)
    expect(plane.layer.presentation.position).toBeCloseTo({x = 250, y = 388}, 1e-9)
    expect(plane.layer.presentation.opacity).toBeCloseTo(0, 1e-9)
    -- Back where it started, opaque, at 4.5 s.
    at(4.5)
    expect(plane.layer.presentation.position).toBeCloseTo({x = 70, y = 448}, 1e-9)
    expect(plane.layer.presentation.opacity).toBeCloseTo(1, 1e-9)
  end)

  it("switches the summary: up 100 points by 3.45 s, the new text at 3.5 s, back by 3.95 s", function()
    at(3.45)
    expect(summary.layer.presentation.position.y).toBeCloseTo(-55, 1e-9)
    expect(summary.text).toBe("01 Apr 2015 09:42")
    at(3.5)
    expect(summary.text).toBe("01 Apr 2015 17:05")
    at(3.95)
    expect(summary.layer.presentation.position.y).toBeCloseTo(45, 1e-9)
  end)

  it("cross-dissolves the background for 1 s and rolls the flight number over in 0.5 s", function()
    at(3.5)
    -- Half-way through a 1 s transition with UIKit's default easeInOut curve: progress 0.5.
    local background = scene:viewNamed("bgImageView")
    expect(background.layer.presentation.transition.type).toBe("crossDissolve")
    expect(background.layer.presentation.transition.progress).toBeCloseTo(0.5, 1e-9)
    -- The cube transition's completion (at 3.5 s) sets the new text.
    expect(scene:viewNamed("flightNr").text).toBe("AE 1107")
    at(4.5)
    expect(background.layer.presentation.transition).toBeNil()
  end)
end)
