-- UIKit and Core Animation spellings that port line by line (issue 18): constants as values,
-- presentation() as a call, the Swift labels of View.animate, and SwiftUI / iOS 17 springs with
-- SwiftUI's own values. Expected numbers are worked out from Apple's documented formulas.

local scene, box

beforeEach(function()
  scene = Scene.new{}
  box = View.new{ name = "box", frame = {0, 0, 100, 100} }
  scene.view:addSubview(box)
end)

describe("constants UIKit spells as properties", function()
  it("are values: Transform.identity, Point.zero, Size.zero, Rect.zero", function()
    local t = Transform.identity
    expect(t.a).toBe(1); expect(t.d).toBe(1); expect(t.tx).toBe(0); expect(t.m44).toBe(1)
    expect(Point.zero.x).toBe(0); expect(Point.zero.y).toBe(0)
    expect(Size.zero.width).toBe(0); expect(Rect.zero.size.height).toBe(0)
    box.transform = Transform.identity
    expect(box.transform.a).toBe(1)
  end)

  it("keep their call form", function()
    expect(Transform.identity().m11).toBe(1)
    expect(Point.zero().x).toBe(0)
  end)

  it("are a fresh copy on each read, so changing one read leaves the constant alone", function()
    local t = Transform.identity
    t.tx = 5
    expect(t.tx).toBe(5)
    expect(Transform.identity.tx).toBe(0)
    local p = Point.zero
    p.x = 3
    expect(Point.zero.x).toBe(0)
  end)

  it("answer nil for names that are not constants", function()
    expect(Transform.nothing).toBe(nil)
    expect(Point.one).toBe(nil)
  end)
end)

describe("layer:presentation()", function()
  it("is the same presentation as layer.presentation", function()
    View.animate{ duration = 1, curve = "linear", animations = function() box.center.x = 150 end }
    advance(0.25)
    expect(box.layer:presentation().position.x).toBe(box.layer.presentation.position.x)
    expect(box.layer:presentation().position.x).toBeCloseTo(50 + 100 * 0.25, 1e-9)
  end)

  it("called on another layer is an error", function()
    local other = View.new{ frame = {0, 0, 10, 10} }
    expect(function() return box.layer.presentation(other.layer) end)
      .toThrow("presentation(): call it on its own layer")
  end)
end)

describe("View.animate's Swift labels", function()
  it("take withDuration as duration", function()
    View.animate{ withDuration = 2, curve = "linear", animations = function() box.center.x = 150 end }
    advance(0.5)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 100 * 0.25, 1e-9)
  end)

  it("refuse two names for one duration", function()
    expect(function()
      View.animate{ duration = 1, withDuration = 2, animations = function() end }
    end).toThrow("name the same duration: give one")
  end)
end)

describe("SwiftUI springs report SwiftUI's values", function()
  it("duration and bounce give back the perceptual duration and the bounce", function()
    local s = SpringTimingParameters.new{ duration = 0.5, bounce = 0.3 }
    expect(s.duration).toBeCloseTo(0.5, 1e-12)
    expect(s.bounce).toBeCloseTo(0.3, 1e-12)
    expect(s.settlingDuration > s.duration).toBe(true)
  end)

  it("mass 1, stiffness 100, damping 10 is SwiftUI's example: duration 2π/10 (0.63), bounce 0.5", function()
    local s = SpringTimingParameters.new{ mass = 1, stiffness = 100, damping = 10 }
    expect(s.duration).toBeCloseTo(2 * math.pi / 10, 1e-12)
    expect(s.bounce).toBeCloseTo(0.5, 1e-12)
  end)

  it("an animator lasts until its spring settles, not its perceptual duration", function()
    local s = SpringTimingParameters.new{ mass = 1, stiffness = 100, damping = 10 }
    local a = Animator.new{ duration = 5, timingParameters = s, animations = function() box.center.x = 150 end }
    expect(a.duration).toBe(s.settlingDuration)
  end)
end)

describe("iOS 17 spring animations", function()
  -- A critically damped spring (bounce 0) of perceptual duration d has ω₀ = 2π/d and, from rest,
  -- covers 1 − (1 + ω₀t)·e^(−ω₀t) of the distance after t seconds.
  local function critical(d, t)
    local w = 2 * math.pi / d
    return 1 - (1 + w * t) * math.exp(-w * t)
  end

  it("View.animate{ duration, bounce } follows SwiftUI's spring and lasts until it settles", function()
    local finishedAt
    View.animate{ duration = 0.5, bounce = 0, animations = function() box.center.x = 150 end,
                  completion = function() finishedAt = CACurrentMediaTime() end }
    advance(0.25)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 100 * critical(0.5, 0.25), 1e-9)
    local settling = SpringTimingParameters.new{ duration = 0.5, bounce = 0 }.settlingDuration
    runUntilIdle()
    expect(finishedAt).toBeCloseTo(settling, 1 / 60 + 1e-9)
    expect(box.layer.presentation.position.x).toBe(150)
  end)

  it("springDuration is the Swift label, with bounce 0 by default", function()
    View.animate{ springDuration = 0.5, animations = function() box.center.x = 150 end }
    advance(0.1)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 100 * critical(0.5, 0.1), 1e-9)
  end)

  it("a bounce alone springs for UIKit's default 0.5 s", function()
    View.animate{ bounce = 0, animations = function() box.center.x = 150 end }
    advance(0.1)
    expect(box.layer.presentation.position.x).toBeCloseTo(50 + 100 * critical(0.5, 0.1), 1e-9)
  end)

  it("a bounce overshoots: bounce 0.5 passes the target", function()
    View.animate{ duration = 0.5, bounce = 0.5, animations = function() box.center.x = 150 end }
    local highest = 0
    for _ = 1, 60 do
      advance(1 / 60)
      highest = math.max(highest, box.layer.presentation.position.x)
    end
    expect(highest > 150).toBe(true)
  end)

  it("Animator.new{ duration, bounce } is the iOS 17 spring: the animator lasts until it settles", function()
    local a = Animator.new{ duration = 0.5, bounce = 0.3, animations = function() box.center.x = 150 end }
    local settling = SpringTimingParameters.new{ duration = 0.5, bounce = 0.3 }.settlingDuration
    expect(a.duration).toBeCloseTo(settling, 1e-12)
    expect(a.timingParameters.duration).toBeCloseTo(0.5, 1e-12)
    expect(a.timingParameters.bounce).toBeCloseTo(0.3, 1e-12)
  end)

  it("a spring form with another timing is an error naming both", function()
    expect(function()
      View.animate{ duration = 1, bounce = 0.2, usingSpringWithDamping = 0.5, animations = function() end }
    end).toThrow("must be given one way: usingSpringWithDamping, bounce or curve")
    expect(function()
      View.animate{ springDuration = 1, curve = "linear", animations = function() end }
    end).toThrow("must be given one way")
    expect(function()
      Animator.new{ duration = 1, bounce = 0.2, dampingRatio = 0.5 }
    end).toThrow("must be given one way: curve, timingParameters, controlPoint1/2, dampingRatio or bounce")
  end)
end)
