-- Display links fire on the engine's frame grid (60 fps in tests), with Apple's timestamps.

describe("DisplayLink", function()
  it("calls back on every frame with its timestamp, target and duration", function()
    local frames = {}
    DisplayLink.new(function(link)
      frames[#frames + 1] = {link.timestamp, link.targetTimestamp, link.duration}
    end)
    advance(3 / 60)
    expect(#frames).toBe(4)
    for n = 0, 3 do
      expect(frames[n + 1]).toEqual({n / 60, (n + 1) / 60, 1 / 60})
    end
  end)

  it("at 30 preferred frames per second fires on every other frame", function()
    local stamps = {}
    local link = DisplayLink.new(function(link) stamps[#stamps + 1] = link.timestamp end)
    link.preferredFramesPerSecond = 30
    advance(6 / 60)
    expect(stamps).toEqual({0, 2 / 60, 4 / 60, 6 / 60})
  end)

  it("stops for good when invalidated, and lets the scene go idle", function()
    local count = 0
    DisplayLink.new(function(link)
      count = count + 1
      if count == 3 then link:invalidate() end
    end)
    expect(runUntilIdle()).toBe(2 / 60)
    expect(count).toBe(3)
  end)

  it("skips frames while paused", function()
    local count = 0
    local link = DisplayLink.new(function() count = count + 1 end)
    advance(0.5)                -- frames 0 … 30
    expect(count).toBe(31)
    link.isPaused = true
    advance(0.5)
    expect(count).toBe(31)
    link.isPaused = false
    advance(0.5)                -- frames 61 … 90
    expect(count).toBe(61)
  end)
end)
