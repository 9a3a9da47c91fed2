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
