-- ReplicatorLayer: copies of the sublayers, each moved by instanceTransform, tinted by
-- instanceColor and the offsets, and instanceDelay later than the one before. Expected values
-- are worked out by hand from the animations' definitions.

local scene, halo, ring

beforeEach(function()
  scene = Scene.new{ width = 200, height = 200, backgroundColor = "black" }
  halo = ReplicatorLayer.new{ name = "halo", frame = {0, 0, 200, 200}, instanceCount = 4, instanceDelay = 0.5 }
  ring = Layer.new{ name = "ring", frame = {80, 80, 40, 40}, cornerRadius = 20, backgroundColor = "white" }
  halo:addSublayer(ring)
  scene.view.layer:addSublayer(halo)
end)

-- opacity from 1 to 0 over 2 s, linear
local function fade()
  local animation = BasicAnimation.new("opacity")
  animation.fromValue, animation.toValue, animation.duration = 1, 0, 2
  animation.timingFunction = TimingFunction.new("linear")
  return animation
end

describe("ReplicatorLayer", function()
  it("has Core Animation's defaults", function()
    local r = ReplicatorLayer.new()
    expect(r.instanceCount).toBe(1)
    expect(r.instanceDelay).toBe(0)
    expect(r.preservesDepth).toBe(false)
    expect(r.instanceColor).toEqual(Color.rgb(1, 1, 1, 1))
    expect(r.instanceAlphaOffset).toBe(0)
    expect(r.instanceTransform).toEqual(Transform.identity())
  end)

  it("shows copy i of an animation at t − i × instanceDelay", function()
    ring:addAnimation(fade(), "fade")
    advance(1.2)
    -- opacity(t) = 1 − t/2 from t = 0; before it begins, the model's 1
    expect(halo:instancePresentation(0, ring).opacity).toBeCloseTo(1 - 1.2 / 2, 1e-12)
    expect(halo:instancePresentation(1, ring).opacity).toBeCloseTo(1 - 0.7 / 2, 1e-12)
    expect(halo:instancePresentation(2, ring).opacity).toBeCloseTo(1 - 0.2 / 2, 1e-12)
    expect(halo:instancePresentation(3, ring).opacity).toBe(1)
    expect(ring.presentation.opacity).toBeCloseTo(0.4, 1e-12)
  end)

  it("ripples a repeating scale: every copy the same animation, staggered", function()
    local grow = BasicAnimation.new("transform.scale")
    grow.fromValue, grow.toValue, grow.duration, grow.repeatCount = 0.5, 1.5, 1, math.huge
    grow.timingFunction = TimingFunction.new("linear")
    ring:addAnimation(grow, "grow")
    advance(2.25)
    -- local time 2.25 − 0.5 i, within its cycle: 0.25, 0.75, 0.25, 0.75 → scale 0.5 + fraction
    local expected = {0.75, 1.25, 0.75, 1.25}
    for i = 0, 3 do
      expect(halo:instancePresentation(i, ring):valueForKeyPath("transform.scale.x")).toBeCloseTo(expected[i + 1], 1e-9)
    end
  end)

  it("animates its own properties under basic, keyframe and spring animations and implicitly", function()
    local basic = BasicAnimation.new("instanceDelay")
    basic.fromValue, basic.toValue, basic.duration = 0, 1, 1
    basic.timingFunction = TimingFunction.new("linear")
    halo:addAnimation(basic, "delay")
    local keyframes = KeyframeAnimation.new("instanceAlphaOffset")
    keyframes.values, keyframes.keyTimes, keyframes.duration = {0, -0.2, -0.4}, {0, 0.5, 1}, 1
    halo:addAnimation(keyframes, "alpha")
    local spring = SpringAnimation.new("instanceColor")
    spring.fromValue, spring.toValue = "black", "white"
    halo:addAnimation(spring, "color")
    advance(0.25)
    expect(halo.presentation.instanceDelay).toBeCloseTo(0.25, 1e-12)
    expect(halo.presentation.instanceAlphaOffset).toBeCloseTo(-0.1, 1e-12)
    local red = halo.presentation.instanceColor.red
    expect(red > 0 and red < 1.2).toBe(true)
    -- a change to the model of a committed standalone layer animates implicitly (0.25 s)
    halo.instanceRedOffset = -0.5
    advance(0.125)
    expect(halo.instanceRedOffset).toBe(-0.5)
    local offset = halo.presentation.instanceRedOffset
    expect(offset < 0 and offset > -0.5).toBe(true)
  end)

  it("animates its properties in view animation blocks and animators when it backs a view", function()
    local view = View.new{ name = "spinner", frame = {0, 0, 200, 200}, layerClass = "ReplicatorLayer" }
    view.layer.instanceCount = 3
    scene.view:addSubview(view)
    advance(0.1)
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function() view.layer.instanceDelay = 1 end }
    local animator = Animator.new{ duration = 2, curve = "linear", animations = function()
      view.layer.instanceAlphaOffset = -0.5
    end }
    animator:startAnimation()
    advance(0.5)
    expect(view.layer.presentation.instanceDelay).toBeCloseTo(0.5, 1e-12)
    expect(view.layer.presentation.instanceAlphaOffset).toBeCloseTo(-0.125, 1e-12)
    expect(function() View.new{ layerClass = "Hexagon" } end).toThrow("layerClass must be one of")
    -- A bad class and an unknown key: the class is named (it is applied before the other keys).
    expect(function() View.new{ layerClass = "Hexagon", frameRate = 1 } end).toThrow("layerClass must be one of")
    expect(function() View.new{ layerClass = "ReplicatorLayer", frameRate = 1 } end).toThrow("unknown property 'frameRate'")
  end)

  it("animates its properties from a MotionAnimator", function()
    local m = MotionAnimator.new()
    local traits = AnimationTraits.new{ duration = 1, timingCurve = "linear" }
    m:animate(traits, {0, 0.8}, halo, "instanceDelay")
    advance(0.5)
    expect(halo.presentation.instanceDelay).toBeCloseTo(0.4, 1e-12)
  end)

  it("draws copies through instanceTransform and tints them (golden image)", function()
    halo.instanceCount = 6
    halo.instanceTransform = Transform.rotation(math.pi / 3)
    halo.instanceColor = "#ff8000"
    halo.instanceGreenOffset = 0.1
    ring.frame = {92, 20, 16, 40}
    ring.cornerRadius = 8
    ring:addAnimation(fade(), "fade")
    expectImage("spinner", 0.75)
  end)

  it("refuses to draw nested replicators whose copies multiply past 100,000 layers", function()
    local outer = ReplicatorLayer.new{ instanceCount = 1000 }
    local inner = ReplicatorLayer.new{ instanceCount = 1000 }
    inner:addSublayer(Layer.new{ frame = {0, 0, 1, 1} })
    outer:addSublayer(inner)
    scene.view.layer:addSublayer(outer)
    expect(function() expectImage("never", 0) end).toThrow("more than 100000 layers")
  end)

  it("rejects bad counts and its properties on other layers", function()
    expect(function() halo.instanceCount = -1 end).toThrow("instanceCount must be within 0...1000")
    expect(function() halo.instanceCount = 2.5 end).toThrow("instanceCount must be a whole number")
    expect(function() halo.instanceCount = 0 / 0 end).toThrow("instanceCount must be a whole number")
    expect(function() halo.instanceCount = 1e9 end).toThrow("instanceCount must be within 0...1000")
    expect(function() ReplicatorLayer.new{ instanceCount = 5000 } end).toThrow("instanceCount must be within 0...1000")
    expect(function() halo.instanceDelay = 0 / 0 end).toThrow("instanceDelay")
    expect(function() ring.instanceDelay = 1 end).toThrow("instanceDelay is a property of ReplicatorLayer")
    expect(function() ring.instanceCount = 2 end).toThrow("instanceCount is a property of ReplicatorLayer")
    expect(function() ring:setValue(1, "instanceAlphaOffset") end).toThrow("is a property of ReplicatorLayer")
    expect(function() Layer.new{ instanceCount = 3 } end).toThrow("instanceCount")
    expect(function() halo:instancePresentation(4, ring) end).toThrow("instance must be within 0..<instanceCount")
    expect(function() halo:instancePresentation(0, halo) end).toThrow("must be a sublayer of the replicator")
    expect(function() ring:instancePresentation(0, ring) end).toThrow("is a property of ReplicatorLayer")
  end)
end)
