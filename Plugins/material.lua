-- material: Material Design 3's easing curves, as a Choreo timing-provider plugin (Lua).
--
--   material.standard               cubic-bezier(0.2, 0, 0, 1)      most transitions
--   material.emphasized             M3's path-based curve (below)   transitions that draw the eye
--   material.emphasizedDecelerate   cubic-bezier(0.05, 0.7, 0.1, 1) elements entering
--   material.emphasizedAccelerate   cubic-bezier(0.3, 0, 0.8, 0.15) elements leaving
--
-- Values from m3.material.io/styles/motion/easing-and-duration/tokens-specs. "Emphasized" is not
-- a single cubic: M3 gives it as a path of two cubic Béziers (Android's fast_out_extra_slow_in),
--
--   M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1
--
-- and progress at t is the path's y where its x is t. We solve that here (bisection on each
-- segment, whose x is monotone) and bake it: sampled once into a monotone cubic of 512 intervals,
-- within 1e-4 of the exact path, at the cost of a native curve per frame. (Jetpack Compose
-- approximates emphasized with the standard cubic instead; we keep the path.)

local function cubic(a, b, c, d, s)
  local u = 1 - s
  return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
end

-- The two segments: x0, x1, x2, x3, y0, y1, y2, y3.
local segments = {
  { 0, 0.05, 0.133333, 0.166666, 0, 0, 0.06, 0.4 },
  { 0.166666, 0.208333, 0.25, 1, 0.4, 0.82, 1, 1 },
}

local function emphasized(t)
  local g = t < segments[2][1] and segments[1] or segments[2]
  local lo, hi = 0, 1
  for _ = 1, 60 do
    local mid = (lo + hi) / 2
    if cubic(g[1], g[2], g[3], g[4], mid) < t then lo = mid else hi = mid end
  end
  return cubic(g[5], g[6], g[7], g[8], (lo + hi) / 2)
end

local function bezier(x1, y1, x2, y2)
  return { curve = function() return TimingFunction.new(x1, y1, x2, y2) end }
end

return {
  name = "material",
  version = "1.0.0",
  providers = {
    standard = bezier(0.2, 0, 0, 1),
    emphasized = { progress = emphasized, bake = 512 },
    emphasizedDecelerate = bezier(0.05, 0.7, 0.1, 1),
    emphasizedAccelerate = bezier(0.3, 0, 0.8, 0.15),
  },
}
