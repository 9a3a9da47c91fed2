-- Core Animation in scene tests: explicit animations on a view's layer, their events, and a
-- golden trace of a fade.

local box

beforeEach(function()
  local scene = Scene.new{ width = 375, height = 667 }
  box = View.new{ name = "box", frame = {20, 100, 80, 80}, backgroundColor = "orange" }
  scene.view:addSubview(box)
end)

local function fade(duration)
  local animation = BasicAnimation.new("opacity")
  animation.fromValue, animation.toValue, animation.duration = 0, 1, duration or 1
  return animation
end

describe("BasicAnimation", function()
  it("changes the presentation, never the model", function()
    local animation = fade(1)
    animation.timingFunction = TimingFunction.new("linear")
    box.layer:addAnimation(animation, "fade")
    advance(0.25)
    expect(box.layer.presentation.opacity).toBeCloseTo(0.25, 1e-12)
    expect(box.alpha).toBe(1)
    expect(box.layer:animationKeys()).toEqual({"fade"})
  end)

  it("paces progress with its timing function", function()
    local animation = fade(1)
    animation.timingFunction = TimingFunction.new("easeIn")
    box.layer:addAnimation(animation, "fade")
    advance(0.5)
    local expected = TimingFunction.new("easeIn"):progress(0.5)
    expect(box.layer.presentation.opacity).toBeCloseTo(expected, 1e-9)
    expect(expected).toBeLessThan(0.5)
  end)

  it("is removed when it completes, unless it fills forwards and is kept", function()
    box.layer:addAnimation(fade(0.5), "gone")
    local kept = fade(0.5)
    kept.toValue = 0.3
    kept.fillMode, kept.isRemovedOnCompletion = "forwards", false
    box.layer:addAnimation(kept, "kept")
    advance(1)
    expect(box.layer:animationKeys()).toEqual({"kept"})
    expect(box.layer.presentation.opacity).toBe(0.3)
    expect(box.alpha).toBe(1)
  end)
end)

describe("animation events", function()
  it("start once at beginTime and stop exactly once, finished, at the end", function()
    local events = {}
    local animation = fade(1)
    animation.beginTime = CACurrentMediaTime() + 0.5
    animation.delegate = {
      animationDidStart = function() events[#events + 1] = "start " .. CACurrentMediaTime() end,
      animationDidStop = function(_, finished) events[#events + 1] = "stop " .. tostring(finished) end,
    }
    box.layer:addAnimation(animation, "fade")
    expect(runUntilIdle()).toBe(1.5)
    expect(events).toEqual({"start 0.5", "stop true"})
  end)

  it("stop unfinished when removed early, or replaced under the same key", function()
    local stops = {}
    local function tracked(name)
      local animation = fade(1)
      animation.delegate = { animationDidStop = function(_, finished) stops[#stops + 1] = name .. " " .. tostring(finished) end }
      return animation
    end
    box.layer:addAnimation(tracked("first"), "fade")
    advance(0.25)
    box.layer:addAnimation(tracked("second"), "fade")
    advance(0.25)
    box.layer:removeAnimation("fade")
    advance(0.25)
    expect(stops).toEqual({"first false", "second false"})
  end)
end)

describe("golden traces", function()
  it("record an easeInOut fade frame by frame", function()
    local animation = fade(1)
    animation.timingFunction = TimingFunction.new("easeInOut")
    box.layer:addAnimation(animation, "fade")
    expectTrace("fade-ease-in-out", {duration = 1, fps = 10, props = "box.opacity"})
  end)
end)
