import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: ReplicatorLayer, EmitterLayer and EmitterCell")
struct InstancingLayerBindingsTests {
    @Test("ReplicatorLayer.new sets the layer's and the replicator's keys, and reads them back")
    func replicator() throws {
        let (host, results) = try runScript("""
            local r = ReplicatorLayer.new{ name = "r", frame = {0, 0, 100, 100}, instanceCount = 5, instanceDelay = 0.25,
                                           instanceTransform = Transform.translation(10, 0), instanceColor = "red",
                                           instanceAlphaOffset = -0.2, preservesDepth = true }
            Scene.new{}.view.layer:addSublayer(r)
            capture(tostring(r), r.instanceCount, r.instanceDelay, r.instanceTransform.tx, r.instanceColor.green,
                    r.instanceAlphaOffset, r.preservesDepth, r.bounds.size.width, Layer.new{}.instanceCount)
            """)
        #expect(plain(results) == plain(["ReplicatorLayer(r)", 5, 0.25, 10.0, 0.0, -0.2, true, 100.0, nil]))
        let scene = try #require(host.engine.scene.rootLayer.sublayers.first)
        #expect(scene.model.replicator?.instanceCount == 5)
        #expect(scene.layerClass == .replicator)
    }

    @Test("An EmitterCell's numbers, color and contents round-trip, and an emitter keeps copies of its cells")
    func cells() throws {
        let (host, results) = try runScript("""
            local c = EmitterCell.new{ name = "dot", birthRate = 4, lifetime = 2, lifetimeRange = 0.5, velocity = 30,
                                       emissionLongitude = 1, yAcceleration = 9, color = "blue", alphaSpeed = -0.5,
                                       contents = Path.rect{0, 0, 4, 2} }
            local e = EmitterLayer.new{ name = "e", emitterPosition = {10, 20}, emitterShape = "circle",
                                        emitterMode = "outline", seed = 9, emitterCells = { c } }
            Scene.new{}.view.layer:addSublayer(e)
            c.birthRate = 100                      -- the layer keeps its copy
            local copy = e.emitterCells[1]
            capture(tostring(c), c.birthRate, copy.birthRate, copy.lifetimeRange, copy.color.blue, #copy.contents,
                    e.emitterShape, e.emitterMode, e.seed, e.emitterPosition.y, tostring(e), e.birthRate)
            """)
        #expect(plain(results) == plain(["EmitterCell(dot)", 100.0, 4.0, 0.5, 1.0, 5, "circle", "outline", 9, 20.0,
                                         "EmitterLayer(e)", 1.0]))
        let emitter = try #require(host.engine.scene.rootLayer.sublayers.first?.model.emitter)
        #expect(emitter.emitterCells.first?.contents == .shape(BezierPath(rect: Rect(x: 0, y: 0, width: 4, height: 2))))
        #expect(emitter.emitterCells.first?.birthRate == 4)
    }

    @Test("particles() lists the particles alive now as tables, and leaves the Lua stack as it was")
    func particles() throws {
        let (host, _) = try runScript("""
            e = EmitterLayer.new{ emitterPosition = {100, 50}, emitterCells = {
              EmitterCell.new{ name = "s", birthRate = 2, lifetime = 10, velocity = 10 } } }
            Scene.new{}.view.layer:addSublayer(e)
            """)
        _ = try host.engine.run(until: .time(1.25))
        let top = host.vm.stackTop
        let (_, results) = try runScript("""
            local p = e:particles()
            capture(#p, p[1].cell, p[1].age, p[1].position.x, p[3].birthTime)
            """, host: host)
        #expect(plain(results) == plain([3, "s", 1.25, 112.5, 1.0]))
        #expect(host.vm.stackTop == top)
    }

    @Test("The set-only names of a class stay custom properties on layers of other classes")
    func customNames() throws {
        let (_, results) = try runScript("""
            local plain = Layer.new{}
            local before = plain.scale
            plain:setValue(2, "scale")
            plain.scale = plain.scale + 1
            local e = EmitterLayer.new{}
            e.scale = 0.5
            capture(before, plain.scale, plain:valueForKeyPath("scale"), e.scale)
            """)
        #expect(plain(results) == plain([nil, 3.0, 3.0, 0.5]))
    }

    @Test("Errors name the call, the line and the layer class")
    func errors() throws {
        let host = try ScriptHost()
        func message(_ source: String) -> String? { errorMessage { try host.run(source: source, chunkName: "scene.lua") } }
        #expect(message("Layer.new{}.instanceCount = 3")
            == "scene.lua:1: Layer.instanceCount: instanceCount is a property of ReplicatorLayer (got a Layer)")
        #expect(message("ReplicatorLayer.new{ instanceCount = 1.5 }")
            == "scene.lua:1: ReplicatorLayer.new: instanceCount must be a whole number (got 1.5)")
        #expect(message("EmitterLayer.new{ emitterMode = 'fog' }")
            == "scene.lua:1: EmitterLayer.new: emitterMode must be one of \"points\", \"outline\", \"surface\", \"volume\" (got \"fog\")")
        #expect(message("EmitterCell.new{ spinRange = -1 }")
            == "scene.lua:1: EmitterCell.new: spinRange must be a finite number ≥ 0 (got -1)")
        #expect(message("EmitterLayer.new{ emitterCells = { EmitterCell.new{ birthRate = 5000, lifetime = 3 } } }")
            == "scene.lua:1: EmitterLayer.new: emitterCells would keep up to 15001 particles alive (each cell's birthRate × "
            + "lifetime, with the layer's birthRate and lifetime); the most is 10000 (got 1 cell)")
        #expect(message("ReplicatorLayer.new{ birthRate = 1 }")?.hasPrefix("scene.lua:1: ReplicatorLayer.new: unknown property 'birthRate'") == true)
    }
}
