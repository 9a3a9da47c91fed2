-- What expectTrace (and `choreo trace --props`) can record besides animatable properties, and
-- what it refuses. A linear 0.5 s cross-dissolve added at 0 has progress t / 0.5: 0.5 at 0.25 s.

describe("expectTrace", function()
  it("records a named stand-alone layer, isHidden and a transition's progress", function()
    local scene = Scene.new{ width = 100, height = 100 }
    local status = View.new{ name = "status", frame = {0, 0, 10, 10}, isHidden = true }
    scene.view:addSubview(status)
    status.layer:addSublayer(Layer.new{ name = "dot", bounds = {0, 0, 2, 2}, position = {2, 3} })
    View.transition{ with = status, duration = 0.5, options = {"transitionCrossDissolve", "curveLinear"},
                     animations = function() status.isHidden = false end }
    expect(status.layer.presentation.transition.progress).toBe(0)
    expectTrace("status", { duration = 0.5, fps = 4, props = "status.isHidden,status.transition.progress,dot.position" })
    expect(status.layer.presentation.transition).toBeNil()
  end)

  it("refuses props that match nothing, naming what would", function()
    Scene.new{}.view:addSubview(View.new{ name = "box" })
    expect(function() expectTrace("never", { duration = 0, props = "bx.opacity" }) end)
      .toThrow('no layer or view is named "bx" in any frame (named: box)')
    expect(function() expectTrace("never", { duration = 0, props = "box.alpha" }) end)
      .toThrow("a view's alpha is the layer's opacity")
  end)
end)
