import Testing
@testable import ChoreoCore
@testable import ChoreoLua

/// The Lua face of layer actions and features: thin bindings over ChoreoCore's action search,
/// with the messages scripts see and a balanced Lua stack.
@Suite("Lua: layer actions, style, delegate and layer features")
struct LayerActionBindingsTests {
    func message(_ source: String) -> String? { errorMessage { _ = try runScript(source) } }

    @Test("Bad actions, styles, delegates, masks and gravities name the call, the line and the problem")
    func messages() {
        #expect(message("Layer.new{}.actions = { opacity = 1 }")
            == "scene.lua:1: Layer.actions: actions.opacity must be an animation or false (NSNull) (got a number)")
        #expect(message("Layer.new{}.actions = 3") == "scene.lua:1: Layer.actions: actions must be a table of actions by key (got a number)")
        #expect(message("Layer.new{}.style = { animations = {} }")
            == "scene.lua:1: Layer.style: style takes the keys 'actions' and 'style' (got the key animations)")
        #expect(message("local s = {}; s.style = s; Layer.new{}.style = s")
            == "scene.lua:1: Layer.style: style may nest at most 16 styles deep (does a style contain itself?) (got more)")
        #expect(message("Layer.new{}.delegate = { actionForLayer = 3 }")
            == "scene.lua:1: Layer.delegate: delegate.actionForLayer must be a function (got a number)")
        #expect(message("View.new{}.layer.delegate = {}")
            == "scene.lua:1: Layer.delegate: a view's layer has its view as delegate (UIKit's rule); use a stand-alone Layer.new layer")
        #expect(message("local l = Layer.new{}; l.mask = l") == "scene.lua:1: Layer.mask: mask cannot be the layer itself (got the same layer)")
        #expect(message("local l, m = Layer.new{}, Layer.new{ name = 'm' }; l:addSublayer(m); l.mask = m")
            == "scene.lua:1: Layer.mask: mask must not be in a layer tree (Core Animation: a mask has no superlayer; "
            + "remove it from its superlayer first) (got layer \"m\")")
        #expect(message("local l, m = Layer.new{}, Layer.new{}; l.mask = m; Layer.new{}.mask = m")
            == "scene.lua:1: Layer.mask: mask is already the mask of another layer (a layer masks at most one) (got an unnamed layer)")
        #expect(message("Layer.new{}.mask = 5") == "scene.lua:1: Layer.mask: mask must be a layer or nil (got a number)")
        #expect(message("Layer.new{ contentsGravity = 'middle' }")?.hasPrefix(
            "scene.lua:1: Layer.new: contentsGravity must be one of \"center\", \"top\"") == true)
        #expect(message("Layer.defaultAction(3)") == "scene.lua:1: bad argument #1 to 'Layer.defaultAction' (key: string expected, got number)")
    }

    @Test("Constructors take the new keys, and reads give back what was set")
    func constructorAndReads() throws {
        let (_, results) = try runScript("""
            local fade = BasicAnimation.new("opacity")
            local mask = Layer.new{}
            local l = Layer.new{ actions = { opacity = fade, position = false }, isDoubleSided = false,
                                 contentsGravity = "bottomLeft", mask = mask, shadowPath = Path.rect{0, 0, 2, 2},
                                 style = { actions = { bounds = false } },
                                 sublayerTransform = Transform.perspective(500) }
            capture(l.actions.opacity == fade, l.actions.position, l.isDoubleSided, l.contentsGravity,
                    l.mask == mask, l.style.actions.bounds, l.style.style, l.sublayerTransform.m34)
            """)
        #expect(plain(results) == plain([true, false, false, "bottomLeft", true, false, nil, .number(-1.0 / 500)]))
    }

    @Test("Action calls leave the Lua stack where it was and return exactly their results")
    func stackIsBalanced() throws {
        let host = try ScriptHost()
        let before = host.vm.stackTop
        let (_, results) = try runScript("""
            local l = Layer.new{}
            l.delegate = { actionForLayer = function(layer, key) if key == "bounds" then return false end end }
            local counts = {
              select('#', l:actionForKey("opacity")), select('#', l:actionForKey("bounds")),
              select('#', Layer.defaultAction("progress")), select('#', l:affineTransform()),
              select('#', l:setAffineTransform(Transform.identity())),
            }
            for i = 1, 200 do
              local _ = l.actions, l.style, l.delegate, l.mask
              pcall(function() l.actions = { opacity = 1 } end)
              pcall(function() l.mask = l end)
            end
            capture(table.concat(counts, ","))
            """, host: host)
        #expect(plain(results) == plain(["1,1,1,1,0"]))
        #expect(host.vm.stackTop == before)
    }
}
