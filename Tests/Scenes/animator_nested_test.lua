-- View animation blocks nested in an Animator's blocks (UIViewPropertyAnimator): part of the
-- animator's animations. The box starts at x 50 and the blocks move it to x 150.

local scene, box

local function x() return box.layer.presentation.position.x end

beforeEach(function()
  scene = Scene.new{}
  box = View.new{ name = "box", frame = {0, 0, 100, 100} }
  scene.view:addSubview(box)
end)

describe("Animation blocks nested in an animator's blocks", function()
  it("a View.animate nested in an animator's block is the animator's: scrubbed, paused, reversed with it", function()
    local finished
    local a = Animator.new{ duration = 2, curve = "linear", animations = function()
      -- Its own duration (0.5 s) gives way to the animator's 2 s, as one of the animator's changes.
      View.animate{ duration = 0.5, animations = function() box.center.x = 150 end,
                    completion = function(f) finished = f end }
    end }
    a.fractionComplete = 0.25
    expect(x()).toBeCloseTo(75, 1e-9)          -- scrubbed with the animator
    a:startAnimation()
    advance(0.5)                                 -- 0.25 of 2 s later: 0.5
    expect(x()).toBeCloseTo(100, 1e-9)
    a:pauseAnimation()
    advance(1)
    expect(x()).toBeCloseTo(100, 1e-9)           -- paused with it
    a.isReversed = true
    a:startAnimation()
    advance(0.5)                                 -- back to 0.25
    expect(x()).toBeCloseTo(75, 1e-9)
    a.isReversed = false
    runUntilIdle()
    expect(x()).toBe(150)
    expect(finished).toBe(true)                  -- its completion ran with the animator's, at the end
  end)

  it("its completion runs with finished = false when the animator finishes elsewhere than the end", function()
    local finished
    local a = Animator.new{ duration = 2, curve = "linear", animations = function()
      View.animate{ duration = 0.5, animations = function() box.center.x = 150 end,
                    completion = function(f) finished = f end }
    end }
    a:startAnimation()
    advance(0.5)
    a:stopAnimation(false)
    a:finishAnimation("current")
    advance(0.1)
    expect(finished).toBe(false)
  end)
end)

describe("Keyframes nested in an animator's block", function()
  -- Two keyframes over the animator's 2 s: 50 → 250 over the first half, 250 → 150 over the second.
  local function keyframed()
    return Animator.new{ duration = 2, curve = "linear", animations = function()
      View.animateKeyframes{ duration = 2, animations = function()
        View.addKeyframe(0, 0.5, function() box.center.x = 250 end)
        View.addKeyframe(0.5, 0.5, function() box.center.x = 150 end)
      end }
    end }
  end

  it("are scrubbed along the keyframe path", function()
    local a = keyframed()
    a.fractionComplete = 0.25
    expect(x()).toBeCloseTo(150, 1e-9)     -- half of the first keyframe
    a.fractionComplete = 0.75
    expect(x()).toBeCloseTo(200, 1e-9)     -- half of the second
  end)

  it("run, pause and reverse with the animator, and end where it ends", function()
    local a = keyframed()
    local position
    a:addCompletion(function(p) position = p end)
    a.fractionComplete = 0.75
    a:startAnimation()
    advance(0.25)                          -- fraction 0.875: three quarters of 250 → 150
    expect(x()).toBeCloseTo(175, 1e-9)
    a:pauseAnimation()
    advance(1)
    expect(x()).toBeCloseTo(175, 1e-9)
    a.isReversed = true
    a:startAnimation()
    advance(0.5)                           -- back to 0.625: a quarter of 250 → 150
    expect(x()).toBeCloseTo(225, 1e-9)
    advance(0.75)                          -- back to 0.25: half of 50 → 250
    expect(x()).toBeCloseTo(150, 1e-9)
    runUntilIdle()
    expect(position).toBe("start")
    expect(x()).toBe(50)
    expect(box.center.x).toBe(50)          -- the model back at the start, as the screen
  end)

  it("run to the end: the model and the screen agree on the last keyframe's value", function()
    local a = keyframed()
    local finished
    a:addCompletion(function(p) finished = p end)
    a:startAnimation()
    advance(0.5)                           -- fraction 0.25
    expect(x()).toBeCloseTo(150, 1e-9)
    runUntilIdle()
    expect(finished).toBe("end")
    expect(x()).toBe(150)
    expect(box.center.x).toBe(150)
  end)
end)

describe("A transition nested in an animator's block", function()
  local title, finished

  local function transitioning()
    title = Label.new{ name = "title", text = "Show More" }
    scene.view:addSubview(title)
    finished = nil
    return Animator.new{ duration = 2, curve = "linear", animations = function()
      View.transition{ with = title, duration = 0.25, options = {"transitionCrossDissolve"},
                       animations = function() title.text = "Show Less" end,
                       completion = function(f) finished = f end }
    end }
  end

  local function progress() return title.layer.presentation.transition.progress end

  it("is scrubbed, paused and reversed with the animator, over the animator's duration", function()
    local a = transitioning()
    a.fractionComplete = 0.25
    expect(progress()).toBeCloseTo(0.25, 1e-9)
    a:startAnimation()
    advance(0.5)                                -- fraction 0.5
    expect(progress()).toBeCloseTo(0.5, 1e-9)
    a:pauseAnimation()
    advance(1)
    expect(progress()).toBeCloseTo(0.5, 1e-9)
    a.isReversed = true
    a:startAnimation()
    advance(0.5)                                -- back to 0.25
    expect(progress()).toBeCloseTo(0.25, 1e-9)
  end)

  it("ends with the animator, its completion finished; stopped, its completion not finished", function()
    local a = transitioning()
    a:startAnimation()
    runUntilIdle()
    expect(title.layer.presentation.transition).toBe(nil)
    expect(finished).toBe(true)
    local b = transitioning()
    b:startAnimation()
    advance(0.5)
    b:stopAnimation(true)
    advance(0.1)
    expect(title.layer.presentation.transition).toBe(nil)
    expect(finished).toBe(false)
  end)
end)
