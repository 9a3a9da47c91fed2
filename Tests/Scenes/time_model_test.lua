-- The time model (CAMediaTiming), figure by figure: seed 001's figures ("controlling animation
-- timing"), with a 1.5 s linear move of position.x from 0 to 150 on a box whose model x is 500.
-- So x reads 150 × progress while the animation is in effect, and 500 when it is not.

local box

local function move(timing)
  local animation = BasicAnimation.new("position.x")
  animation.fromValue, animation.toValue, animation.duration = 0, 150, 1.5
  animation.timingFunction = TimingFunction.new("linear")
  for key, value in pairs(timing or {}) do animation[key] = value end
  box.layer:addAnimation(animation, "move")
  return animation
end

-- The presented x at engine time t (time only moves forward).
local function xAt(t)
  advance(t - CACurrentMediaTime())
  return box.layer.presentation.position.x
end

beforeEach(function()
  local scene = Scene.new{ width = 600, height = 200 }
  box = View.new{ name = "box", frame = {460, 60, 80, 80} }   -- center.x = 500
  scene.view:addSubview(box)
end)

describe("time model figures", function()
  it("1: a 1.5 s animation runs from 0 to 1.5 s and is then removed", function()
    move()
    expect(xAt(0)).toBe(0)
    expect(xAt(0.75)).toBeCloseTo(75, 1e-9)
    expect(xAt(1.5)).toBe(500)
    expect(box.layer:animationKeys()).toEqual({})
  end)

  it("2: beginTime 1 delays the animation, which then ends at 2.5 s", function()
    move{ beginTime = CACurrentMediaTime() + 1 }
    expect(xAt(0.5)).toBe(500)
    expect(xAt(1)).toBe(0)
    expect(xAt(1.75)).toBeCloseTo(75, 1e-9)
    expect(xAt(2.5)).toBe(500)
  end)

  it("3: fill backwards shows the from-value during the delay", function()
    move{ beginTime = CACurrentMediaTime() + 1, fillMode = "backwards" }
    expect(xAt(0)).toBe(0)
    expect(xAt(0.99)).toBe(0)
    expect(xAt(1.75)).toBeCloseTo(75, 1e-9)
    expect(xAt(2.5)).toBe(500)
  end)

  it("4: autoreverses plays forwards, then backwards, doubling the time", function()
    move{ autoreverses = true }
    expect(xAt(0.75)).toBeCloseTo(75, 1e-9)
    expect(xAt(1.5)).toBe(150)
    expect(xAt(2.25)).toBeCloseTo(75, 1e-9)
    expect(xAt(3)).toBe(500)
  end)

  it("5: repeatCount 1.5 plays once, then jumps back and plays half again", function()
    move{ repeatCount = 1.5, fillMode = "forwards", isRemovedOnCompletion = false }
    expect(xAt(1.4)).toBeCloseTo(140, 1e-9)
    expect(xAt(1.5)).toBe(0)
    expect(xAt(1.875)).toBeCloseTo(37.5, 1e-9)
    expect(xAt(10)).toBeCloseTo(75, 1e-9)      -- held where the half repeat ended
  end)

  it("6: repeatDuration 2 repeats a 1.5 s animation until 2 s", function()
    move{ repeatDuration = 2, fillMode = "forwards", isRemovedOnCompletion = false }
    expect(xAt(1.75)).toBeCloseTo(25, 1e-9)
    expect(xAt(2)).toBeCloseTo(50, 1e-9)
    expect(xAt(5)).toBeCloseTo(50, 1e-9)
  end)

  it("7: speed 2 plays the same animation in half the time", function()
    move{ speed = 2 }
    expect(xAt(0.375)).toBeCloseTo(75, 1e-9)
    expect(xAt(0.75)).toBe(500)
  end)

  it("8: timeOffset shifts the start and wraps within the active duration", function()
    move{ timeOffset = 0.75 }
    expect(xAt(0)).toBeCloseTo(75, 1e-9)
    expect(xAt(0.5)).toBeCloseTo(125, 1e-9)
    expect(xAt(1.4)).toBeCloseTo(65, 1e-9)
    expect(xAt(1.5)).toBe(500)
  end)

  it("9: a paused layer (speed 0) is scrubbed by its timeOffset", function()
    box.layer.speed = 0
    move()
    advance(0)              -- the turn ends: the animation begins at the layer's time now, 0
    box.layer.timeOffset = 0.75
    expect(xAt(5)).toBeCloseTo(75, 1e-9)
    box.layer.timeOffset = 1.2
    expect(xAt(6)).toBeCloseTo(120, 1e-9)
  end)
end)
