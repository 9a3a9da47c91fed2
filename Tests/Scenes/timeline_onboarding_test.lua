-- The onboarding example of Scripts/Examples/onboarding.lua, loaded as it ships (Scripts/test.sh
-- allows Scripts/Examples). Its times by hand (the timeline starts after 0.3 s; local times):
-- the title 0–0.6, the subtitle 0.2–0.8 ("<0.2"), "grid" at 0.8 − 0.1 = 0.7; the staggered tiles
-- from 0.7 (the two tiles nearest the grid's centre, distance 0.5) to 0.7 + 0.6 (the corners,
-- distance √3.25) + 0.5 = 1.8; "cta" at 1.8 − 0.2 = 1.6; the caption changes at 2.2; the pulse
-- (0.3 s, autoreversing, twice: 1.2 s) from 2.3; the hold ends at 3.5 + 0.8 = 4.3.

local scene

beforeEach(function()
  scene = loadScene("onboarding.lua")
end)

local function alpha(name) return scene.view:viewNamed(name).layer.presentation.opacity end

describe("onboarding example", function()
  it("shows every block's from-value before the timeline starts", function()
    expect(alpha("title")).toBe(0)
    expect(alpha("tile1")).toBe(0)
    expect(scene.view:viewNamed("title").alpha).toBe(1)   -- the model is final at once
    advance(0.3)
    expect(alpha("title")).toBe(0)
  end)

  it("pops the grid from its centre outwards", function()
    advance(0.3 + 0.7 + 0.25)
    expect(alpha("tile5")).toBeGreaterThan(0)
    expect(alpha("tile8")).toBeGreaterThan(0)
    expect(alpha("tile1")).toBe(0)
    expect(alpha("tile12")).toBe(0)
    advance(0.6)
    expect(alpha("tile1")).toBeGreaterThan(0)
  end)

  it("changes the caption at cta+=0.6, and ends with the final values", function()
    local caption = scene.view:viewNamed("caption")
    advance(0.3 + 2.2 - 0.01)
    expect(caption.text).toBe("Swipe to explore")
    advance(0.01)
    expect(caption.text).toBe("You're all set")
    runUntilIdle()
    expect(CACurrentMediaTime()).toBeGreaterThan(0.3 + 4.3 - 1e-9)
    for k = 1, 12 do expect(alpha("tile" .. k)).toBe(1) end
    local button = scene.view:viewNamed("button")
    expect(button.layer.presentation:valueForKeyPath("transform.scale.x")).toBe(1)
    expect(button.layer:animationKeys()).toEqual({})
  end)
end)
