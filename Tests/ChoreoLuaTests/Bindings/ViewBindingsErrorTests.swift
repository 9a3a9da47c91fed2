import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: view binding errors, the Lua stack and object lifetimes")
struct ViewBindingsErrorTests {
    @Test("Bad arguments and values name the call, the line and what was expected")
    func messages() throws {
        func message(_ source: String) -> String? { errorMessage { _ = try runScript(source) } }
        #expect(message("Label.new{ fontWeight = 'heavyish' }")
            == "scene.lua:1: Label.new: fontWeight must be one of \"ultraLight\", \"thin\", \"light\", \"regular\", \"medium\", \"semibold\", \"bold\", \"heavy\", \"black\" (got \"heavyish\")")
        #expect(message("Label.new{ textAlignment = 1 }")
            == "scene.lua:1: Label.new: textAlignment must be one of \"left\", \"center\", \"right\", \"natural\", \"justified\" (got a number)")
        #expect(message("local v = View.new{}\n\nv.alpha = 'x'") == "scene.lua:3: View.alpha: alpha must be a number (got the string \"x\")")
        #expect(message("View.new{ alpha = 0/0 }") == "scene.lua:1: View.new: alpha must be a finite number (got nan)")
        #expect(message("View.new{ center = {1/0, 2} }") == "scene.lua:1: View.new: center.x must be a finite number (got inf)")
        #expect(message("View.new(5)") == "scene.lua:1: bad argument #1 to 'View.new' (properties: table expected, got number)")
        #expect(message("local v = View.new{}; v:insertSubview(View.new{}, 0)")
            == "scene.lua:1: View:insertSubview: index must be within 1...1 (Lua counts from 1; 1 is the back) (got 0)")
        #expect(message("local v = View.new{}; v:exchangeSubview(1, 2)")
            == "scene.lua:1: View:exchangeSubview: index1 must be within 1...0 (Lua counts from 1; 1 is the back) (got 1)")
        #expect(message("local v = View.new{}; v:addSubview(v)")
            == "scene.lua:1: View:addSubview: a view cannot be added to itself or to one of its subviews")
        #expect(message("local v = View.new{}; v:insertSubviewAbove(View.new{}, View.new{})")
            == "scene.lua:1: View:insertSubviewAbove: the sibling must be another subview of the receiver")
        #expect(message("local v, w = View.new{}, View.new{}; v:addSubview(w); v:insertSubview(View.new{}, { belowSubview = w, aboveSubview = w })")
            == "scene.lua:1: View:insertSubview: the options table needs exactly one of 'belowSubview' and 'aboveSubview'")
        #expect(message("local l = Layer.new{}; local m = Layer.new{}; l:addSublayer(m); m:addSublayer(l)")
            == "scene.lua:1: Layer:addSublayer: a layer cannot be added to itself or to one of its sublayers")
        #expect(message("local l = Layer.new{}; l:insertSublayerBelow(Layer.new{}, Layer.new{})")
            == "scene.lua:1: Layer:insertSublayerBelow: the sibling must be another sublayer of the receiver")
        #expect(message("Layer.new{}:insertSublayer(Layer.new{}, {})")
            == "scene.lua:1: Layer:insertSublayer: the options table needs exactly one of 'below' and 'above'")
        #expect(message("local l = Layer.new{}; l:insertSublayer(Layer.new{}, 3)")
            == "scene.lua:1: Layer:insertSublayer: index must be within 1...1 (Lua counts from 1; 1 is the back) (got 3)")
        #expect(message("local v = View.new{}; v:addSubview({})")
            == "scene.lua:1: bad argument #1 to 'View:addSubview' (view: View expected, got table)")
        #expect(message("local v = View.new{}; v:bringSubviewToFront(View.new{})")
            == "scene.lua:1: View:bringSubviewToFront: the view must be a subview of the receiver")
        #expect(message("local v = View.new{}; v.superview = v") == "scene.lua:1: View.superview: cannot be set (it is read-only)")
        #expect(message("View.new{}.transform = Transform.perspective(500)")
            == "scene.lua:1: View.transform: transform must be a 2D (affine) transform; set layer.transform for 3D (got a 3D transform)")
        #expect(message("View.new{}.layoutSubviews = 1")
            == "scene.lua:1: View.layoutSubviews: layoutSubviews must be a function or nil (got a number)")
        #expect(message("Scene.new{ width = -1 }") == "scene.lua:1: Scene.new: width must be within 1...16384 points (got -1)")
        #expect(message("Scene.new{ depth = 1 }") == "scene.lua:1: Scene.new: unknown property 'depth' (valid: width, height, backgroundColor)")
        #expect(message("Layer.new{}:insertSublayer(Layer.new{}, { below = 1 })")
            == "scene.lua:1: bad argument #2 to 'Layer:insertSublayer' (field 'below': Layer expected, got number)")
        #expect(message("View.new{}.layer:convertTime(0/0)") == "scene.lua:1: Layer:convertTime: time must be a finite number (got nan)")
        #expect(message("Layer.new{}.speed = true") == "scene.lua:1: Layer.speed: speed must be a number (got a boolean)")
        #expect(message("Path.roundedRect({0, 0, 1, 1}, -1)")
            == "scene.lua:1: Path.roundedRect: cornerRadius must be a finite number ≥ 0 (got -1)")

        let unknownKey = try #require(message("View.new{ colour = 'red' }"))
        #expect(unknownKey == "scene.lua:1: View.new: unknown property 'colour' (valid: name, frame, bounds, center, transform, "
            + "alpha, backgroundColor, isHidden, clipsToBounds, cornerRadius, borderWidth, borderColor, shadowColor, "
            + "shadowOffset, shadowOpacity, shadowRadius, tag, layoutSubviews, layerClass)")
        #expect(message("Label.new{ path = {} }")?.hasPrefix("scene.lua:1: Label.new: unknown property 'path' (valid: name, frame,") == true)
        let unknownProperty = try #require(message("View.new{}.colour = 1"))
        #expect(unknownProperty.hasPrefix("scene.lua:1: View.colour: not a property of View (settable: name, frame, bounds,"))
    }

    @Test("Binding calls leave the Lua stack where it was and return exactly their results")
    func stackIsBalanced() throws {
        let host = try ScriptHost()
        let before = host.vm.stackTop
        let (_, results) = try runScript("""
            local scene = Scene.new{}
            local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
            local label = Label.new{ text = "hi" }
            local counts = {
              select('#', scene.view:addSubview(box)), select('#', box:insertSubview(label, 1)),
              select('#', box.center), select('#', box.layer:setValue(1, "progress")),
              select('#', box.layer:valueForKeyPath("progress")), select('#', box.layer.presentation.opacity),
              select('#', box:layoutIfNeeded()), select('#', label:removeFromSuperview()),
            }
            for i = 1, 200 do
              box.center.x = box.center.x + 1
              local _ = box.subviews, box.layer.sublayers, label.text, tostring(box.layer.presentation)
              pcall(function() box.alpha = "x" end)
              pcall(function() return label.path end)
              pcall(function() ShapeView.new{ path = {{"move", 0}} } end)
            end
            capture(table.concat(counts, ","), box.center.x)
            """, host: host)
        #expect(plain(results) == plain(["0,0,1,0,1,1,0,0", 205.0]))
        #expect(host.vm.stackTop == before)
    }

    @Test("A view Lua drops and no tree holds is freed after a collection; one in the tree stays")
    func droppedViewsAreFreed() throws {
        let host = try ScriptHost()
        try host.run(source: """
            ghost = View.new{ name = "ghost", frame = {0, 0, 10, 10}, tag = 3 }
            ghost.layoutSubviews = function(self) end
            do local c = ghost.center; local p = ghost.layer.presentation end
            kept = View.new{ name = "kept" }
            Scene.new{}.view:addSubview(kept)
            ghostLayer = ghost.layer
            """, chunkName: "scene.lua")
        weak var ghost: View?
        weak var kept: View?
        do {
            ghost = try host.vm.run(chunk: "return ghost", name: "get.lua")[0].objectValue as? View
            kept = try host.vm.run(chunk: "return kept", name: "get.lua")[0].objectValue as? View
        }
        host.vm.collectGarbage()
        #expect(ghost != nil && kept != nil)
        try host.run(source: "ghost = nil; kept = nil", chunkName: "drop.lua")
        host.vm.collectGarbage()
        #expect(ghost == nil)
        #expect(kept != nil && kept?.superview === host.engine.scene.rootView)
        #expect(try host.vm.run(chunk: "return ghostLayer.view, ghostLayer.name", name: "layer.lua") == [nil, "ghost"])
    }
}
