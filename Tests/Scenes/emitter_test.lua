-- EmitterLayer and EmitterCell: particles born on a fixed grid of the layer's time, each moving
-- in closed form (p = p0 + v t + a t² / 2) with values drawn from the seeded generator. Expected
-- values are worked out by hand.

local scene, emitter

beforeEach(function()
  scene = Scene.new{ width = 300, height = 400, backgroundColor = "white" }
  emitter = EmitterLayer.new{ name = "emitter", frame = {0, 0, 300, 400}, emitterPosition = {100, 50} }
  scene.view.layer:addSublayer(emitter)
end)

-- born twice a second, living 10 s, 10 pt/s along x, falling at 4 pt/s²
local function steady()
  return EmitterCell.new{ name = "steady", birthRate = 2, lifetime = 10, velocity = 10, yAcceleration = 4,
                          contents = Path.ellipse{0, 0, 6, 6}, color = "#ff3b30" }
end

-- a view backed by an emitter at (100, 50) emitting steady(), in the scene
local function emitterView(name)
  local view = View.new{ name = name, frame = {0, 0, 300, 400}, layerClass = "EmitterLayer" }
  view.layer.emitterPosition = {100, 50}
  view.layer.emitterCells = { steady() }
  scene.view:addSubview(view)
  return view
end

describe("EmitterLayer", function()
  it("has Core Animation's defaults, and so has EmitterCell", function()
    local e = EmitterLayer.new()
    expect(e.emitterShape).toBe("point")
    expect(e.emitterMode).toBe("volume")
    expect(e.birthRate).toBe(1)
    expect(e.lifetime).toBe(1)
    expect(e.seed).toBe(0)
    expect(#e.emitterCells).toBe(0)
    local c = EmitterCell.new()
    expect(c.birthRate).toBe(0)
    expect(c.scale).toBe(1)
    expect(c.isEnabled).toBe(true)
    expect(c.color).toEqual(Color.rgb(1, 1, 1, 1))
    expect(c.contents).toBe(nil)
  end)

  it("emits particles every 1/birthRate s that move as p0 + v t + a t² / 2", function()
    emitter.emitterCells = { steady() }
    advance(1.25)
    local particles = emitter:particles()
    expect(#particles).toBe(3)
    -- born at 0, 0.5, 1: ages 1.25, 0.75, 0.25; x = 100 + 10 a, y = 50 + 2 a²
    local ages = {1.25, 0.75, 0.25}
    for i, p in ipairs(particles) do
      expect(p.cell).toBe("steady")
      expect(p.age).toBeCloseTo(ages[i], 1e-12)
      expect(p.position.x).toBeCloseTo(100 + 10 * ages[i], 1e-9)
      expect(p.position.y).toBeCloseTo(50 + 2 * ages[i] ^ 2, 1e-9)
    end
  end)

  it("reaches a running emitter's cell by key path, as Core Animation code does", function()
    emitter.emitterCells = { steady() }
    advance(1)
    emitter:setValue(0, "emitterCells.steady.birthRate")
    expect(emitter:valueForKeyPath("emitterCells.steady.birthRate")).toBe(0)
    expect(emitter.emitterCells[1].birthRate).toBe(0)
    -- from then on: the particles born at 0, 0.5 and 1 live on, no more are born
    advance(0.6)
    expect(#emitter:particles()).toBe(3)
    emitter:setValue(4, "emitterCells.steady.birthRate")
    advance(0.5)
    -- born again from 1.6, four a second: at 1.85 and 2.1
    local births = {}
    for i, p in ipairs(emitter:particles()) do births[i] = p.birthTime end
    expect(#births).toBe(5)
    expect(births[4]).toBeCloseTo(1.85, 1e-12)
    expect(births[5]).toBeCloseTo(2.1, 1e-12)
    expect(function() emitter:setValue(1, "emitterCells.nope.birthRate") end).toThrow("must name one of the emitter's cells")
    expect(function() emitter:setValue(1, "emitterCells.steady.sparkle") end).toThrow("emitterCells.<cell name>.<number>")
  end)

  it("bears particles where the emitter was at their birth when emitterPosition animates", function()
    local cell = steady()
    cell.velocity, cell.yAcceleration = 0, 0
    emitter.emitterCells = { cell }
    local move = BasicAnimation.new("emitterPosition.y")
    move.fromValue, move.toValue, move.duration = 50, 150, 1
    move.timingFunction = TimingFunction.new("linear")
    emitter:addAnimation(move, "move")
    advance(0.75)
    -- born at 0 (y 50) and 0.5 (y 100); they stay where they were born
    local ys = {}
    for i, p in ipairs(emitter:particles()) do ys[i] = p.position.y end
    expect(ys).toEqual({50, 100})
  end)

  it("keeps the particles born when it stops (birthRate = 0), and lets them die", function()
    emitter.emitterCells = { steady() }
    advance(1)
    emitter.birthRate = 0
    advance(0.6)
    expect(#emitter:particles()).toBe(3)
    advance(10)
    expect(#emitter:particles()).toBe(0)
  end)

  it("gives the same particles for the same seed, and others for another", function()
    local cell = steady()
    cell.velocityRange, cell.emissionRange = 8, 1
    local twin = EmitterLayer.new{ frame = {0, 0, 300, 400}, emitterPosition = {100, 50}, seed = 5, emitterCells = { cell } }
    local other = EmitterLayer.new{ frame = {0, 0, 300, 400}, emitterPosition = {100, 50}, seed = 6, emitterCells = { cell } }
    emitter.seed = 5
    emitter.emitterCells = { cell }
    scene.view.layer:addSublayer(twin)
    scene.view.layer:addSublayer(other)
    advance(2)
    local a, b, c = emitter:particles(), twin:particles(), other:particles()
    expect(#a).toBe(#b)
    local differs = false
    for i = 1, #a do
      expect(a[i].position.x).toBe(b[i].position.x)
      expect(a[i].position.y).toBe(b[i].position.y)
      if a[i].position.x ~= c[i].position.x then differs = true end
    end
    expect(differs).toBe(true)
  end)

  it("renders confetti as its golden image", function()
    local colors = { "#ff3b30", "#ffcc00", "#34c759", "#007aff", "#af52de" }
    local cells = {}
    for i, color in ipairs(colors) do
      cells[i] = EmitterCell.new{ name = "c" .. i, birthRate = 8, lifetime = 6, velocity = 140, velocityRange = 60,
        emissionLongitude = math.pi / 2, emissionRange = 0.6, yAcceleration = 60, spin = 3, spinRange = 5,
        scaleRange = 0.4, color = color, contents = (i % 2 == 0) and Path.rect{0, 0, 10, 5} or Path.ellipse{0, 0, 7, 7} }
    end
    emitter.emitterPosition, emitter.emitterSize, emitter.emitterShape = {150, -10}, {300, 1}, "line"
    emitter.seed = 2024
    emitter.emitterCells = cells
    expectImage("confetti", 1.5)
  end)

  it("animates birthRate as Core Animation does: births follow the integral of the rate", function()
    emitter.emitterCells = { steady() }
    -- The factor goes 1 → 3 over 2 s: births per second 2 (1 + t), so 2t + t² by t; particle k
    -- is born at √(1 + k) − 1.
    local ramp = BasicAnimation.new("birthRate")
    ramp.fromValue, ramp.toValue, ramp.duration = 1, 3, 2
    ramp.timingFunction = TimingFunction.new("linear")
    ramp.fillMode, ramp.isRemovedOnCompletion = "forwards", false
    emitter:addAnimation(ramp, "ramp")
    advance(1.9)
    local particles = emitter:particles()
    expect(#particles).toBe(8)
    for k = 0, 7 do expect(particles[k + 1].birthTime).toBeCloseTo(math.sqrt(1 + k) - 1, 1e-5) end
    expect(emitter.presentation.birthRate).toBeCloseTo(2.9, 1e-12)
    expect(emitter.birthRate).toBe(1)
  end)

  it("animates velocity, scale, spin and lifetime for the particles born under them", function()
    emitter.emitterCells = { steady() }
    local faster = BasicAnimation.new("velocity")
    faster.fromValue, faster.toValue, faster.duration = 1, 3, 2
    faster.timingFunction = TimingFunction.new("linear")
    emitter:addAnimation(faster, "faster")
    advance(1.5)
    -- born at 1 with the factor 2 (20 pt/s), 0.5 s ago; the one born at 0 flies at 10 pt/s
    local particles = emitter:particles()
    expect(particles[1].position.x).toBeCloseTo(100 + 10 * 1.5, 1e-9)
    expect(particles[3].position.x).toBeCloseTo(100 + 20 * 0.5, 1e-9)
    expect(emitter:valueForKeyPath("velocity")).toBe(1)
    emitter:setValue(0.5, "lifetime")
    expect(emitter.lifetime).toBe(0.5)
    expect(function() emitter:setValue(-1, "lifetime") end).toThrow("lifetime must be a finite number ≥ 0")
  end)

  it("animates a view-backed emitter's birthRate in a view animation block, keeping the births after the block", function()
    local view = emitterView("fountain")
    advance(1.1)
    -- Born at 0, 0.5 and 1; the count is 2.2 at 1.1. Then the factor falls linearly 1 → 0 over
    -- 1 s: the count grows by 2 (s − s²/2) and reaches 3 at s = 1 − √0.2, and no more (3.2).
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function() view.layer.birthRate = 0 end }
    advance(0.5)
    expect(view.layer.presentation.birthRate).toBeCloseTo(0.5, 1e-9)
    advance(2)
    local births = {}
    for i, p in ipairs(view.layer:particles()) do births[i] = p.birthTime end
    expect(#births).toBe(4)
    expect(births[4]).toBeCloseTo(1.1 + 1 - math.sqrt(0.2), 1e-5)
    expect(view.layer.birthRate).toBe(0)
  end)

  it("animates a stand-alone emitter's factor change implicitly, as Core Animation's default action does", function()
    emitter.emitterCells = { steady() }
    advance(1.1)
    emitter.birthRate = 0
    expect(emitter:animationKeys()).toEqual({"birthRate"})
    advance(0.1)
    local shown = emitter.presentation.birthRate
    expect(shown > 0 and shown < 1).toBe(true)
    advance(2)
    -- Born at 0, 0.5 and 1; the 0.25 s ramp adds about a quarter of a birth to the 2.2 counted by
    -- 1.1: no new one.
    local particles = emitter:particles()
    expect(#particles).toBe(3)
    for i, birth in ipairs({0, 0.5, 1}) do expect(particles[i].birthTime).toBeCloseTo(birth, 1e-12) end
  end)

  it("animates its factors under keyframe and spring animations, animators and a MotionAnimator", function()
    emitter.emitterCells = { steady() }
    local keyframes = KeyframeAnimation.new("scale")
    keyframes.values, keyframes.keyTimes, keyframes.duration = {1, 3, 2}, {0, 0.5, 1}, 1
    emitter:addAnimation(keyframes, "scale")
    local spring = SpringAnimation.new("spin")
    spring.fromValue, spring.toValue, spring.duration = 1, 2, 1
    emitter:addAnimation(spring, "spin")
    local m = MotionAnimator.new()
    m:animate(AnimationTraits.new{ duration = 1, timingCurve = "linear" }, {1, 0.2}, emitter, "lifetime")
    advance(0.25)
    expect(emitter.presentation.scale).toBeCloseTo(2, 1e-12)
    local spin = emitter.presentation.spin
    expect(spin > 1 and spin < 2.5).toBe(true)
    expect(emitter.presentation.lifetime).toBeCloseTo(0.8, 1e-12)
    -- born at 0 (scale factor 1) and at 0.5 (the keyframes' 3)
    advance(0.3)
    local particles = emitter:particles()
    expect(particles[2].scale).toBeCloseTo(3, 1e-9)

    local view = View.new{ name = "fountain", frame = {0, 0, 300, 400}, layerClass = "EmitterLayer" }
    view.layer.emitterCells = { steady() }
    scene.view:addSubview(view)
    advance(0.1)
    local animator = Animator.new{ duration = 2, curve = "linear", animations = function() view.layer.lifetime = 3 end }
    animator:startAnimation()
    advance(0.5)
    expect(view.layer.presentation.lifetime).toBeCloseTo(1.5, 1e-12)
  end)

  it("leaves birthRate, lifetime, velocity, scale and spin custom properties on other layers", function()
    local plain = Layer.new{}
    plain:setValue(2, "scale")
    expect(plain:valueForKeyPath("scale")).toBe(2)
    expect(plain.scale).toBe(2)  -- read as a property too: the custom value, not the emitter's
    plain.scale = 3
    expect(plain.scale).toBe(3)
    expect(emitter.scale).toBe(1)  -- the emitter's own
    local grow = BasicAnimation.new("scale")
    grow.fromValue, grow.toValue, grow.duration = 2, 4, 1
    plain:addAnimation(grow, "grow")
  end)

  it("backs a view (layerClass = \"EmitterLayer\"), as a UIKit confetti view does", function()
    local view = emitterView("confettiView")
    advance(1.25)
    expect(#view.layer:particles()).toBe(3)
  end)

  it("rejects bad input with the call and the problem", function()
    expect(function() EmitterCell.new{ birthRate = 0 / 0 } end).toThrow("birthRate must be a finite number")
    expect(function() EmitterCell.new{ lifetime = -1 } end).toThrow("lifetime must be a finite number ≥ 0")
    expect(function() EmitterCell.new{ birthRate = 1e7 } end).toThrow("birthRate must be within")
    expect(function() EmitterCell.new{ contents = "missing.png" } end).toThrow("must name a readable PNG file")
    expect(function() EmitterCell.new{ sparkle = 1 } end).toThrow("sparkle")
    local flood = EmitterCell.new{ birthRate = 100000, lifetime = 10 }
    expect(function() emitter.emitterCells = { flood } end).toThrow("particles alive")
    expect(#emitter.emitterCells).toBe(0)
    expect(function() emitter.emitterShape = "hexagon" end).toThrow("emitterShape")
    expect(function() emitter.seed = -1 end).toThrow("seed must be a whole number")
    expect(function() emitter.birthRate = 0 / 0 end).toThrow("birthRate must be a finite number")
    expect(function() emitter.emitterCells = { 1 } end).toThrow("emitterCells%[1%] must be an EmitterCell")
    local plain = Layer.new{}
    expect(function() plain.birthRate = 2 end).toThrow("birthRate is a property of EmitterLayer")
    expect(function() plain:particles() end).toThrow("is a property of EmitterLayer")
    expect(plain.emitterShape).toBe(nil)
  end)
end)
