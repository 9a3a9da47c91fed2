-- The pulsing halo of Scripts/Examples/pulsing-halo.lua, loaded as it ships (Scripts/test.sh
-- allows Scripts/Examples): one circle in a ReplicatorLayer of four copies, 0.75 s apart, pulsing
-- (grow and fade over 3 s) forever.

local halo, pulse

beforeEach(function()
  local scene = loadScene("pulsing-halo.lua")
  halo, pulse = scene:layerNamed("halo"), scene:layerNamed("pulse")
end)

-- The fade's keyframes by hand: 0.9 → 0.7 over the first fifth, 0.7 → 0 over the rest.
local function fadeAt(f)
  if f < 0.2 then return 0.9 - 0.2 * (f / 0.2) end
  return 0.7 * (1 - (f - 0.2) / 0.8)
end

describe("pulsing halo", function()
  it("staggers the copies by 0.75 s within the 3 s cycle", function()
    advance(4)
    -- copy i's time is 4 − 0.75 i, within its cycle: 1, 0.25, 2.5, 1.75 s
    local cycleTimes = {1, 0.25, 2.5, 1.75}
    local easeOut = TimingFunction.new("easeOut")
    for i = 0, 3 do
      local f = cycleTimes[i + 1] / 3
      local copy = halo:instancePresentation(i, pulse)
      expect(copy.opacity).toBeCloseTo(fadeAt(f), 1e-9)
      expect(copy:valueForKeyPath("transform.scale.x")).toBeCloseTo(easeOut:progress(f), 1e-9)
    end
  end)

  it("hides copies whose turn has not come (the model's opacity is 0)", function()
    advance(1)
    expect(halo:instancePresentation(1, pulse).opacity).toBeCloseTo(fadeAt(0.25 / 3), 1e-9)
    expect(halo:instancePresentation(2, pulse).opacity).toBe(0)
    expect(halo:instancePresentation(3, pulse).opacity).toBe(0)
  end)

  it("renders as its golden image", function()
    expectImage("halo", 4)
  end)
end)
