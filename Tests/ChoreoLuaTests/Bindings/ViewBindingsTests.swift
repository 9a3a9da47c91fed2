import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: scenes, views and layers")
struct ViewBindingsTests {
    @Test("The first Scene.new sets up the engine's scene; later ones make new scenes")
    func scenes() throws {
        let (host, results) = try runScript("""
            local scene = Scene.new{ width = 320, height = 480, backgroundColor = "#1d7fc1" }
            local other = Scene.new{ width = 100, height = 50 }
            capture(scene.width, scene.height, scene.view.name, scene.view.frame.width, other.height,
                    tostring(scene), scene.backgroundColor.hex)
            """)
        let root = host.engine.scene.rootView
        #expect(root.bounds == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(root.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(root.backgroundColor == (try Color(parsing: "#1d7fc1")))
        #expect(host.createdScenes.count == 2 && host.createdScenes[0] === host.engine.scene)
        #expect(host.createdScenes[1].rootView.bounds.size == Size(width: 100, height: 50))
        #expect(plain(results) == plain([320.0, 480.0, "root", 320.0, 50.0, "Scene(320×480)", "#1d7fc1ff"]))

        let (returned, _) = try runScript("Scene.new{}; return Scene.new{ width = 10, height = 10 }")
        #expect(returned.engine.scene === returned.createdScenes[1])
    }

    @Test("View.new properties read back in Lua and in Swift")
    func viewRoundTrip() throws {
        let (host, results) = try runScript("""
            local box = View.new{ name = "box", frame = {20, 100, 80, 80}, backgroundColor = "orange",
                                  cornerRadius = 12, alpha = 0.5, isHidden = true, clipsToBounds = true,
                                  borderWidth = 2, borderColor = "white", shadowColor = "red",
                                  shadowOffset = {0, 4}, shadowOpacity = 0.3, shadowRadius = 6, tag = 7 }
            Scene.new{}.view:addSubview(box)
            capture(box.name, box.frame.x, box.frame.width, box.center.x, box.center.y, box.alpha,
                    box.cornerRadius, box.layer.cornerRadius, box.isHidden, box.layer.masksToBounds,
                    box.backgroundColor.hex, box.shadowOffset.height, box.tag, tostring(box))
            """)
        #expect(plain(results) == plain([
            "box", 20.0, 80.0, 60.0, 140.0, 0.5, 12.0, 12.0, true, true, "#ff8000ff", 4.0, 7.0, "View(box)",  // UIColor.orange
        ]))
        let box = try #require(findView("box", in: host))
        let model = box.layer.model
        #expect(box.frame == Rect(x: 20, y: 100, width: 80, height: 80))
        #expect(model.opacity == 0.5 && model.cornerRadius == 12 && model.borderWidth == 2)
        #expect(model.borderColor == Color(red: 1, green: 1, blue: 1) && model.shadowColor == Color(red: 1, green: 0, blue: 0))
        #expect(model.shadowOffset == Size(width: 0, height: 4) && model.shadowOpacity == 0.3 && model.shadowRadius == 6)
        #expect(box.isHidden && box.clipsToBounds)
        #expect(box.superview === host.engine.scene.rootView)
    }

    @Test("Constructors apply frame, then bounds, then center, then transform")
    func constructorOrder() throws {
        let (host, results) = try runScript("""
            local v = View.new{ name = "v", transform = Transform.rotation(math.pi / 2), center = {200, 300},
                                frame = {0, 0, 100, 50} }
            Scene.new{}.view:addSubview(v)
            capture(v.bounds.width, v.bounds.height, math.floor(v.frame.width + 0.5), math.floor(v.frame.height + 0.5))
            """)
        let v = try #require(findView("v", in: host))
        #expect(v.center == Point(x: 200, y: 300))
        #expect(plain(results) == plain([100.0, 50.0, 50.0, 100.0]))
    }

    @Test("Compound values read from a view or a layer write back to it")
    func writeBack() throws {
        let (host, results) = try runScript("""
            box = View.new{ name = "box", frame = {20, 100, 80, 80} }
            Scene.new{}.view:addSubview(box)
            box.center.x = box.center.x + 100
            box.bounds.size.width = 10
            box.backgroundColor = "red"; box.backgroundColor.alpha = 0.5
            box.transform = Transform.rotation(0); box.transform.tx = 10
            box.layer.position.y = 10
            local free = Point.new(1, 2); free.x = 3
            capture(box.center.x, box.center.y, box.bounds.width, box.frame.width, free.x)
            """)
        let box = try #require(findView("box", in: host))
        #expect(box.center == Point(x: 160, y: 10))
        #expect(box.bounds.size == Size(width: 10, height: 80))
        #expect(box.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(box.layer.model.transform.m41 == 10)
        #expect(plain(results) == plain([160.0, 10.0, 10.0, 10.0, 3.0]))
    }

    @Test("A view and its layer are one node under two sets of names")
    func viewAndLayerAreOneNode() throws {
        let (_, results) = try runScript("""
            local box = View.new{ frame = {0, 0, 10, 10} }
            box.alpha = 0.25; local a = box.layer.opacity
            box.layer.opacity = 0.75; local b = box.alpha
            box.layer.position = {7, 8}
            capture(a, b, box.center.x, box.layer.view == box, rawequal(box.layer, box.layer), tostring(box.layer))
            """)
        #expect(plain(results) == plain([0.25, 0.75, 7.0, true, true, "Layer"]))
    }

    @Test("Subview operations take Lua's 1-based positions")
    func hierarchy() throws {
        let (host, results) = try runScript("""
            local root = Scene.new{}.view
            local function names()
              local t = {}
              for i, v in ipairs(root.subviews) do t[i] = v.name end
              return table.concat(t, ",")
            end
            local a, b, c = View.new{ name = "a" }, View.new{ name = "b" }, View.new{ name = "c" }
            root:addSubview(a); root:addSubview(b); root:addSubview(c)
            local r1 = names()
            root:insertSubview(c, 1); local r2 = names()
            root:exchangeSubview(1, 3); local r3 = names()
            root:bringSubviewToFront(b); root:sendSubviewToBack(c); local r4 = names()
            local d = View.new{ name = "d" }
            root:insertSubview(d, { aboveSubview = c }); local r5 = names()
            root:insertSubviewBelow(View.new{ name = "e" }, b)
            root:insertSubviewAbove(View.new{ name = "f" }, b); local r6 = names()
            a:removeFromSuperview(); local gone = a.superview
            root:insertSubview(a, 6); local r7 = names()
            d:addSubview(View.new{ name = "g", tag = 5 })
            capture(r1, r2, r3, r4, r5, r6, r7, gone, d:isDescendantOf(root), root:isDescendantOf(d),
                    root:viewWithTag(5).name, #root.subviews, d.subviews[1].superview == d)
            """)
        #expect(plain(results) == plain([
            "a,b,c", "c,a,b", "b,a,c", "c,a,b", "c,d,a,b", "c,d,a,e,b,f", "c,d,e,b,f,a", nil, true, false, "g", 6, true,
        ]))
        #expect(host.engine.scene.rootView.subviews.map(\.name) == ["c", "d", "e", "b", "f", "a"])
    }

    @Test("Sublayer operations take Lua's 1-based positions and Core Animation's below and above")
    func layerHierarchy() throws {
        let (_, results) = try runScript("""
            local root = Layer.new{}
            local function names()
              local t = {}
              for i, l in ipairs(root.sublayers) do t[i] = l.name end
              return table.concat(t, ",")
            end
            local a, b, c = Layer.new{ name = "a" }, Layer.new{ name = "b" }, Layer.new{ name = "c" }
            root:addSublayer(a); root:addSublayer(b); root:addSublayer(c)
            local r1 = names()
            root:insertSublayer(c, 1); local r2 = names()
            local d = Layer.new{ name = "d" }
            root:insertSublayer(d, { above = c })
            root:insertSublayer(Layer.new{ name = "e" }, { below = a }); local r3 = names()
            root:insertSublayerBelow(Layer.new{ name = "f" }, b)
            root:insertSublayerAbove(Layer.new{ name = "g" }, b); local r4 = names()
            a:removeFromSuperlayer(); local gone = a.superlayer
            root:insertSublayer(a, 7); local r5 = names()
            capture(r1, r2, r3, r4, r5, gone, d.superlayer == root, #root.sublayers)
            """)
        #expect(plain(results) == plain(["a,b,c", "c,a,b", "c,d,e,a,b", "c,d,e,a,f,b,g", "c,d,e,f,b,g,a", nil, true, 7]))
    }

    @Test("layoutIfNeeded calls layoutSubviews on the view, then on its subviews")
    func layout() throws {
        let (_, results) = try runScript("""
            local container = View.new{ frame = {0, 0, 200, 100} }
            local child = View.new{}
            container:addSubview(child)
            local calls = {}
            container.layoutSubviews = function(self)
              calls[#calls + 1] = "container"
              child.frame = {0, 0, self.bounds.width / 2, 10}
            end
            child.layoutSubviews = function(self) calls[#calls + 1] = "child" end
            container:layoutIfNeeded()
            local kind = type(container.layoutSubviews)
            container.layoutSubviews = nil
            container:layoutIfNeeded()
            capture(table.concat(calls, ","), child.frame.width, kind, container.layoutSubviews)
            """)
        #expect(plain(results) == plain(["container,child,child", 100.0, "function", nil]))
    }

    @Test("Presentation values follow a running animation while the model stays")
    func presentation() throws {
        let (host, _) = try runScript("""
            box = View.new{ name = "box", frame = {0, 0, 10, 10} }
            Scene.new{ width = 100, height = 100 }.view:addSubview(box)
            function probe()
              local p = box.layer.presentation
              return p.opacity, box.alpha, p:valueForKeyPath("opacity"), p.transition, p.model == box.layer,
                     p.position.x, tostring(p)
            end
            """)
        let box = try #require(findView("box", in: host))
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = .scalar(0)
        fade.toValue = .scalar(1)
        fade.timing.duration = 1
        try host.engine.perform { try box.layer.add(fade, forKey: "fade") }
        try host.engine.advance(to: 0.25)
        let values = try host.vm.run(chunk: "return probe()", name: "probe.lua")
        #expect(plain(values) == plain([0.25, 1.0, 0.25, nil, true, 5.0, "Presentation(box)"]))

        let push = TransitionAnimation(type: .push, subtype: .fromLeft)
        push.timing.duration = 1
        try host.engine.perform { try box.layer.add(push, forKey: nil) }
        try host.engine.advance(by: 0.5)
        let transition = try #require(try host.vm.run(chunk: "return box.layer.presentation.transition", name: "t.lua")[0].tableValue)
        #expect(transition["type"] == "push" && transition["subtype"] == "fromLeft")
        #expect(transition["progress"].doubleValue.map { abs($0 - 0.5) < 1e-9 } == true)
        #expect(errorMessage { try host.run(source: "box.layer.presentation.opacity = 1", chunkName: "scene.lua") }
            == "scene.lua:1: Presentation.opacity: cannot be set: the presentation is read-only (set the model: layer.opacity)")
    }

    @Test("setValue and valueForKeyPath reach custom properties, key paths and plain keys")
    func keyValueCoding() throws {
        let (host, results) = try runScript("""
            box = View.new{ name = "box", frame = {0, 0, 10, 10} }
            Scene.new{}.view:addSubview(box)
            box.layer:setValue(3, "progress")
            box.layer.progress = box.layer.progress + 1
            box.layer:setValue(45, "position.x")
            box.layer:setValue(0, "speed")
            box.layer:valueForKeyPath("bounds.size").width = 30
            capture(box.layer:valueForKeyPath("progress"), box.center.x, box.layer:valueForKeyPath("speed"),
                    box.layer:valueForKey("bounds.size.width"), box.layer.presentation.progress)
            """)
        let layer = try #require(findView("box", in: host)).layer
        #expect(layer.model.custom == ["progress": 4])
        #expect(layer.timing.speed == 0 && layer.model.bounds.size.width == 30)
        #expect(plain(results) == plain([4.0, 45.0, 0.0, 30.0, 4.0]))
        #expect(errorMessage { try host.run(source: "box.layer:valueForKeyPath('nope')", chunkName: "scene.lua") }
            == "scene.lua:1: Layer:valueForKeyPath: keyPath must name a layer property or a custom property set with setValue (\"nope\" is neither) (got \"nope\")")
        #expect(errorMessage { try host.run(source: "box.layer:setValue('x', 'opacity')", chunkName: "scene.lua") }
            == "scene.lua:1: Layer:setValue: opacity must be a number (got the string \"x\")")
    }

    @Test("convertTime maps between a layer's time and its parent's or the global time")
    func convertTime() throws {
        let (host, results) = try runScript("""
            local scene = Scene.new{}
            box = View.new{ name = "box" }
            scene.view:addSubview(box)
            box.layer.speed = 2; box.layer.timeOffset = 0.5; box.layer.beginTime = 0
            capture(box.layer:convertTime(1, nil), box.layer:convertTimeTo(2.5, nil),
                    scene.view.layer:convertTime(2.5, box.layer), box.layer:convertTime(1, scene.view))
            """)
        let layer = try #require(findView("box", in: host)).layer
        #expect(layer.convertTime(MediaTime(1), from: nil).seconds == 2.5)
        #expect(plain(results) == plain([2.5, 1.0, 1.0, 2.5]))
    }

    @Test("Standalone layers take CA's names and animate their changes implicitly")
    func standaloneLayers() throws {
        let (host, results) = try runScript("""
            local scene = Scene.new{}
            dot = Layer.new{ name = "dot", frame = {0, 0, 10, 10}, opacity = 0.5, cornerRadius = 5, masksToBounds = true }
            scene.view.layer:addSublayer(dot)
            local shape = Layer.new{ path = Path.rect{0, 0, 4, 4}, strokeColor = "red" }
            dot:insertSublayer(shape, 1)
            capture(dot.opacity, dot.frame.width, #scene.view.layer.sublayers, dot.superlayer == scene.view.layer,
                    dot.view, #shape.path, tostring(dot))
            """)
        #expect(plain(results) == plain([0.5, 10.0, 1, true, nil, 5, "Layer(dot)"]))
        try host.run(source: "dot.opacity = 1", chunkName: "turn2.lua")
        let dot = try #require(host.engine.scene.rootLayer.sublayers.first)
        #expect(dot.animationKeys() == ["opacity"])
        #expect(dot.model.opacity == 1 && dot.presentation.opacity == 0.5)
        guard case .shape = dot.sublayers.first?.content else { Issue.record("not a shape layer"); return }
    }

    @Test("Other binding files can add methods to the Layer class")
    func addedMethods() throws {
        let host = try ScriptHost()
        host.vm.addMethods(["ping": { call in
            call.push(try call.object(at: 1, as: Layer.self).name ?? "")
            return 1
        }], to: Layer.self)
        let (_, results) = try runScript("capture(Layer.new{ name = 'l' }:ping())", host: host)
        #expect(results == ["l"])
        #expect(errorMessage { try host.run(source: "Layer.new{}.ping(1)", chunkName: "scene.lua") }
            == "scene.lua:1: calling 'Layer:ping' on bad self (Layer expected, got number)")
    }
}

/// The view named `name` in the engine's scene.
func findView(_ name: String, in host: ScriptHost) -> View? {
    ScriptHost.firstView(in: host.engine.scene.rootView) { $0.name == name }
}

/// Numbers compared by value (Lua gives integers for some integral results), other values as
/// themselves.
func plain(_ values: [LuaValue]) -> [LuaValue] {
    values.map { value in value.doubleValue.map { .number($0) } ?? value }
}
