describe("View.animate", function()
  local scene, box
  beforeEach(function()
    scene = Scene.new{}
    box = View.new{ name = "box", frame = {0, 0, 100, 100} }
    scene.view:addSubview(box)
  end)

  it("changes the model at once and animates the presentation over the duration", function()
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function() box.alpha = 0 end }
    expect(box.alpha).toBe(0)
    advance(0.25)
    expect(box.layer.presentation.opacity).toBeCloseTo(0.75, 1e-9)
    advance(1)
    expect(box.layer.presentation.opacity).toBe(0)
  end)

  it("calls the completion with finished once the animations stop", function()
    local log = {}
    View.animate{ duration = 0.5, delay = 0.5, animations = function() box.center.x = 200 end,
                  completion = function(finished) table.insert(log, tostring(finished) .. "@" .. CACurrentMediaTime()) end }
    runUntilIdle()
    expect(log).toEqual({"true@1.0"})
  end)

  it("retargets mid-flight without a jump", function()
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function() box.center.x = 150 end }
    advance(0.5)
    local before = box.layer.presentation.position.x
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function() box.center.x = 50 end }
    expect(box.layer.presentation.position.x).toBeCloseTo(before, 1e-9)
  end)

  it("rejects unknown options and keys with the valid ones listed", function()
    expect(function() View.animate{ duration = 1, options = {"curveBouncy"}, animations = function() end } end)
      .toThrow("curveBouncy")
    expect(function() View.animate{ duration = 1, animation = function() end } end).toThrow("unknown option 'animation'")
    expect(function() View.animate{ duration = -1, animations = function() end } end).toThrow("duration")
  end)

  it("builds keyframes and transitions", function()
    View.animateKeyframes{ duration = 1, animations = function()
      View.addKeyframe(0, 0.5, function() box.center.x = 150 end)
      View.addKeyframe(0.5, 0.5, function() box.center.x = 250 end)
    end }
    advance(0.5)
    expect(box.layer.presentation.position.x).toBeCloseTo(150, 1e-9)
    local banner = View.new{ name = "banner" }
    View.transition{ with = box, duration = 0.5, options = {"transitionCurlUp"}, animations = function() box:addSubview(banner) end }
    advance(0.25)
    expect(box.layer.presentation.transition.progress).toBeCloseTo(0.5, 1e-9)
    expect(function() View.addKeyframe(1.5, 0, function() end) end).toThrow("relativeStartTime")
  end)

  it("applies changes at once without animation", function()
    View.performWithoutAnimation(function() box.alpha = 0.3 end)
    expect(box.layer.presentation.opacity).toBe(0.3)
  end)
end)
