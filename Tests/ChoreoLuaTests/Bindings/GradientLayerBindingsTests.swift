import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: GradientLayer")
struct GradientLayerBindingsTests {
    func message(_ source: String) -> String? {
        errorMessage { _ = try runScript(source) }
    }

    @Test("GradientLayer.new takes Layer.new's keys and the gradient's, read back as Core Animation names them")
    func roundTrip() throws {
        let (host, results) = try runScript("""
            local scene = Scene.new{}
            local g = GradientLayer.new{ name = "sky", frame = {0, 0, 100, 50}, colors = {"red", "#0000ff"},
                                         locations = {0.25, 0.75}, startPoint = {0, 0.5}, endPoint = {x = 1, y = 0.5},
                                         type = "radial" }
            scene.view.layer:addSublayer(g)
            capture(tostring(g), #g.colors, g.colors[2].b, g.locations[1], g.startPoint.x, g.endPoint.y, g.type,
                    g:valueForKeyPath("endPoint.x"), tostring(GradientLayer.new{}), GradientLayer.new{}.type,
                    #GradientLayer.new{}.colors, GradientLayer.new{}.startPoint.y)
            """)
        #expect(plain(results) == plain([
            "GradientLayer(sky)", 2, 1, 0.25, 0, 0.5, "radial", 1, "GradientLayer", "axial", 0, 0,
        ]))
        let layer = try #require(host.engine.scene.rootLayer.sublayers.first)
        #expect(layer.model.gradient?.colors == [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
        #expect(layer.model.gradient?.type == .radial)
    }

    @Test("A table read from colors is a copy: changing it changes nothing until it is assigned back")
    func copies() throws {
        let (_, results) = try runScript("""
            local g = GradientLayer.new{ colors = {"black", "white"}, locations = {0, 1} }
            local l = g.locations
            l[2] = 0.5
            local before = g.locations[2]
            g.locations = l
            capture(before, g.locations[2])
            """)
        #expect(plain(results) == plain([1, 0.5]))
    }

    @Test("Bad values are errors naming the property and the problem")
    func badValues() {
        #expect(message("GradientLayer.new{ colors = 'red' }")
            == "scene.lua:1: GradientLayer.new: colors must be a list of colors ({\"red\", \"#00ff00\", ...}) (got the string \"red\")")
        #expect(message("GradientLayer.new{ colors = {'red', 'nocolor'} }")?.hasPrefix("scene.lua:1: GradientLayer.new: colors[2]") == true)
        #expect(message("GradientLayer.new{ colors = {r = 1, g = 0, b = 0} }")
            == "scene.lua:1: GradientLayer.new: colors must be a list of colors ({\"red\", \"#00ff00\", ...}): "
            + "a sequence, without named keys or holes (got a table with other keys)")
        #expect(message("GradientLayer.new{ locations = {0, 0/0} }")
            == "scene.lua:1: GradientLayer.new: locations[2] must be a finite number (got nan)")
        #expect(message("GradientLayer.new{ locations = {0, 'half'} }")
            == "scene.lua:1: GradientLayer.new: locations[2] must be a number (got the string \"half\")")
        #expect(message("local t = {} for i = 1, 257 do t[i] = 0 end GradientLayer.new{ locations = t }")
            == "scene.lua:1: GradientLayer.new: locations must hold at most 256 elements (got 257)")
        #expect(message("GradientLayer.new{ type = 'diamond' }")?.contains("type must be one of") == true)
        #expect(message("GradientLayer.new{ startPoint = {0} }")?.contains("startPoint must be a point") == true)
    }

    @Test("Gradient properties on another layer or view are errors naming GradientLayer")
    func otherClasses() {
        #expect(message("Layer.new{ name = 'box' }.colors = {'red'}")
            == "scene.lua:1: Layer.colors: colors is a property of GradientLayer (got Layer \"box\")")
        #expect(message("local c = Layer.new{}.locations")
            == "scene.lua:1: Layer.locations: locations is a property of GradientLayer (got a Layer)")
        #expect(message("Layer.new{}.type = 'radial'")
            == "scene.lua:1: Layer.type: type is a property of GradientLayer (got a Layer)")
        #expect(message("Layer.new{}:setValue({0, 1}, 'locations')")?.contains("locations is a property of GradientLayer") == true)
        #expect(message("local v = View.new{}; v.layer:addAnimation(BasicAnimation.new('startPoint.x'), 'a')")?
            .contains("startPoint.x is a property of GradientLayer") == true)
        #expect(message("local p = Layer.new{}.presentation.endPoint")?.contains("endPoint is a property of GradientLayer") == true)
        #expect(message("View.new{ layerClass = 'TextLayer' }")
            == "scene.lua:1: View.new: layerClass must be one of \"Layer\", \"ShapeLayer\", \"GradientLayer\", "
                + "\"ReplicatorLayer\", \"EmitterLayer\" (got \"TextLayer\")")
    }

    @Test("A gradient's colors and locations are charged to the script's memory")
    func charged() throws {
        let (host, results) = try runScript("""
            g = GradientLayer.new{ name = "g" }
            local t = {} for i = 1, 200 do t[i] = "white" end
            g.colors = t
            capture(g)
            """)
        let layer = try #require(results.first?.objectValue as? Layer)
        #expect(layer.memoryCharge?.bytes == layer.estimatedHostBytes)
        #expect(layer.estimatedHostBytes >= HostMemoryEstimate.layer + 200 * 32)
        _ = host
    }

    @Test("colors, locations, startPoint and endPoint animate under every animation kind, from Lua")
    func everyAnimationKind() throws {
        let (host, _) = try runScript("""
            local scene = Scene.new{ width = 100, height = 100 }
            local view = View.new{ name = "g", frame = {0, 0, 100, 100}, layerClass = "GradientLayer" }
            scene.view:addSubview(view)
            local g = view.layer
            g.colors = {"black", "white"}
            g.locations = {0, 1}
            local basic = BasicAnimation.new("endPoint.x")
            basic.fromValue, basic.toValue, basic.duration = 0.5, 1, 1
            g:addAnimation(basic, "basic")
            local keys = KeyframeAnimation.new("endPoint.y")
            keys.values, keys.duration = {0, 0.4, 0}, 1
            g:addAnimation(keys, "keys")
            View.animate{ duration = 1, options = {"curveLinear"}, animations = function() g.locations = {0.5, 1} end }
            Animator.new{ duration = 1, curve = "linear", animations = function() g.startPoint = {0, 0} end }:startAnimation()
            MotionAnimator.new():animate(AnimationTraits.new{ duration = 1, timingCurve = "linear" },
                                         {{"red", "blue"}, {"blue", "red"}}, g, "colors")
            after(0.25, function()
              local p = g.presentation
              seen = {p.endPoint.x, p.endPoint.y, p.locations[1], p.startPoint.x, p.colors[1].r, p.colors[2].b}
            end)
            """)
        _ = try host.engine.run(until: .time(0.3))
        let (_, results) = try runScript("capture(table.unpack(seen))", host: host)
        // endPoint.x 0.5 → 1 a quarter of the way: 0.625; endPoint.y halfway to the 0.4 keyframe: 0.2;
        // locations[1] 0 → 0.5: 0.125; startPoint.x 0.5 → 0: 0.375; colors[1] red → blue: r 0.75; colors[2] b 0.75
        #expect(plain(results) == plain([0.625, 0.2, 0.125, 0.375, 0.75, 0.75]))
    }
}
