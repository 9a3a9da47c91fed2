-- springs: SwiftUI's spring presets, as a Choreo timing-provider plugin (Lua).
--
--   springs.smooth   Spring.smooth   duration 0.5, bounce 0     no overshoot
--   springs.snappy   Spring.snappy   duration 0.5, bounce 0.15  a little bounce
--   springs.bouncy   Spring.bouncy   duration 0.5, bounce 0.3   a noticeable bounce
--
-- Each is SwiftUI's Spring(duration:bounce:) — `duration` the perceptual duration in seconds,
-- `bounce` in -1...1 — built by SpringTimingParameters.new{ duration =, bounce = } (ChoreoCore's
-- SpringParameters(duration:bounce:)), so both can be changed per use:
--   {"springs.bouncy", bounce = 0.4}   or   Timing.get("springs.smooth", { duration = 0.8 })
-- Like SwiftUI's springs, each lasts until it settles: the curve has its own duration.

local function preset(duration, bounce)
  return {
    params = { duration = duration, bounce = bounce },
    curve = function(p) return SpringTimingParameters.new{ duration = p.duration, bounce = p.bounce } end,
  }
end

return {
  name = "springs",
  version = "1.0.0",
  providers = {
    smooth = preset(0.5, 0),
    snappy = preset(0.5, 0.15),
    bouncy = preset(0.5, 0.3),
  },
}
