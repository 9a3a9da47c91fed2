-- View.animate reads a block of the common shape ({ duration, delay, curve, animations,
-- completion }, nothing else) in one traversal of its table; any other table goes the general
-- way. `options = {}` changes nothing but sends a block the general way, so each test runs the
-- same block both ways and expects the same animations, values and completions.

-- Two views in one scene: the first animated by the block as given, the second by the same
-- block sent the general way.
local function build(spec)
  local scene = Scene.new{}
  local boxes, logs, tokens = {}, {}, {}
  for index, general in ipairs({ false, true }) do
    local box = View.new{ name = "box" .. index, frame = {0, 0, 100, 100} }
    scene.view:addSubview(box)
    local log = {}
    local options = {
      duration = spec.duration, delay = spec.delay, curve = spec.curve,
      animations = function() box.center = {200, 150}; box.alpha = 0.25; box.transform = Transform.scale(1.5, 1.5) end,
    }
    if spec.completion then
      options.completion = function(finished) log[#log + 1] = tostring(finished) .. "@" .. CACurrentMediaTime() end
    end
    if general then options.options = {} end
    boxes[index], logs[index], tokens[index] = box, log, View.animate(options)
  end
  return boxes, logs, tokens
end

-- What a layer's animations are: each key with its timing, curve and ends, in order.
local function describeAnimations(layer)
  local described = {}
  for _, key in ipairs(layer:animationKeys()) do
    local a = layer:animation(key)
    described[#described + 1] = table.concat({ key, a.keyPath, tostring(a.duration), tostring(a.beginTime),
      tostring(a.isAdditive), tostring(a.fillMode), tostring(a.timingFunction), tostring(a.fromValue), tostring(a.toValue) }, " | ")
  end
  return described
end

local function sample(box)
  local p = box.layer.presentation
  return table.concat({ p.position.x, p.position.y, p.opacity, tostring(p.transform) }, " ")
end

local specs = {
  { duration = 1 },
  { duration = 0.8, delay = 0.3, completion = true },
  { duration = 1, curve = "easeIn" },
  { duration = 1, curve = "cubic-bezier(0.57,-0.4,0.96,0.87)", completion = true },
  { duration = 0.5, curve = "spring(1, 100, 10)" },
  { duration = 0, completion = true },
}

describe("View.animate's common shape", function()
  for index, spec in ipairs(specs) do
    it("makes the same animations, values and completion as the general reading (block " .. index .. ")", function()
      local boxes, logs, tokens = build(spec)
      expect(tokens[1]).toBeTruthy()
      expect(tokens[2]).toBeTruthy()
      expect(#boxes[1].layer:animationKeys()).toBe(spec.duration > 0 and 3 or 0)
      expect(describeAnimations(boxes[1].layer)).toEqual(describeAnimations(boxes[2].layer))
      for _ = 1, 6 do
        advance(0.2)
        expect(sample(boxes[1])).toBe(sample(boxes[2]))
      end
      runUntilIdle()
      expect(logs[1]).toEqual(logs[2])
      if spec.completion then expect(#logs[1]).toBe(1) end
    end)
  end

  it("animates by its duration, delay and curve, and completes when the animations end", function()
    local scene = Scene.new{}
    local box = View.new{ frame = {0, 0, 100, 100} }
    scene.view:addSubview(box)
    local log = {}
    View.animate{ duration = 1, delay = 0.5, curve = "linear", animations = function() box.alpha = 0 end,
                  completion = function(finished) log[#log + 1] = tostring(finished) .. "@" .. CACurrentMediaTime() end }
    expect(box.alpha).toBe(0)
    advance(0.25)
    expect(box.layer.presentation.opacity).toBe(1)  -- still in its delay
    advance(0.5)
    expect(box.layer.presentation.opacity).toBeCloseTo(0.75, 1e-9)  -- a quarter of a linear second
    View.animate{ duration = 1, curve = "easeIn", animations = function() box.center = {150, 50} end }
    advance(0.5)
    -- easeIn is the cubic (0.42, 0, 1, 1): at half the time, y(t) where x(t) = 0.5 (bisected apart: 0.3153568126)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 100 * 0.3153568126, 1e-6)
    runUntilIdle()
    expect(log).toEqual({"true@1.5"})
  end)

  it("leaves what it does not take to the general reading, with its errors", function()
    local scene = Scene.new{}
    local box = View.new{ frame = {0, 0, 10, 10} }
    scene.view:addSubview(box)
    local function run() box.alpha = 0.5 end
    expect(function() View.animate{ duration = "1", animations = run } end)
      .toThrow("field 'options.duration': number expected, got string")
    expect(function() View.animate{ duration = 1, curve = "bouncy", animations = run } end).toThrow("curve")
    expect(function() View.animate{ duration = 1, animations = run, completion = 3 } end)
      .toThrow("field 'options.completion': function expected, got number")
    expect(function() View.animate{ duration = 1, delay = 0 / 0, animations = run } end).toThrow("delay")
    expect(function() View.animate{ duration = -1, animations = run } end).toThrow("duration")
    expect(function() View.animate{ duration = 1, animation = run } end).toThrow("unknown option 'animation'")
    expect(function() View.animate{ duration = 1 } end).toThrow("animations")
  end)
end)
