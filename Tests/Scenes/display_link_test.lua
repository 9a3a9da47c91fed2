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

describe("DisplayLink's CADisplayLink fields", function()
  it("spans a whole number of frames, the link's own interval, with nothing skipped headless", function()
    local spans = {}
    local link = DisplayLink.new(function(link)
      spans[#spans + 1] = {(link.targetTimestamp - link.timestamp) * 60, link.skippedFrames}
    end)
    link.preferredFrameRateRange = { minimum = 10, maximum = 60, preferred = 20 }
    advance(9 / 60)
    expect(#spans).toBe(4)      -- frames 0, 3, 6, 9
    for _, span in ipairs(spans) do
      expect(span[1]).toBeCloseTo(3, 1e-9)
      expect(span[2]).toBe(0)
    end
  end)

  it("reads preferredFrameRateRange back as a table; preferredFramesPerSecond sets its preferred rate", function()
    local link = DisplayLink.new(function() end)
    expect(link.preferredFrameRateRange).toEqual({ minimum = 0, maximum = 0, preferred = 0 })
    link.preferredFrameRateRange = { maximum = 30 }
    expect(link.preferredFrameRateRange).toEqual({ minimum = 0, maximum = 30, preferred = 0 })
    link.preferredFramesPerSecond = 15
    expect(link.preferredFrameRateRange).toEqual({ minimum = 0, maximum = 0, preferred = 15 })
    expect(function() link.preferredFrameRateRange = { minimum = 30, maximum = 60, preferred = 90 } end)
      .toThrow("preferredFrameRateRange.preferred must be within minimum...maximum")
    link:invalidate()
  end)

  it("starts afresh after a pause: the first callback's timestamp is its own frame", function()
    local stamps = {}
    local link = DisplayLink.new(function(link) stamps[#stamps + 1] = {link.timestamp, link.targetTimestamp} end)
    advance(1 / 60)
    link.isPaused = true
    advance(0.5)
    link.isPaused = false
    advance(1 / 60)
    link:invalidate()
    expect(stamps[3]).toEqual({32 / 60, 33 / 60})
  end)
end)
