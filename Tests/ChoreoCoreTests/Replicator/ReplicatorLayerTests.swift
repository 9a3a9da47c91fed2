import Testing
@testable import ChoreoCore

@Suite("ReplicatorLayer: copies of the sublayers, each moved, tinted and delayed once more")
struct ReplicatorLayerTests {
    /// A committed scene holding a 100×100 replicator at the origin with one 10×10 sublayer,
    /// "dot", whose opacity falls linearly from 1 to 0 over 2 s.
    func makeReplicator(count: Int = 4, delay: Double = 0.5) throws -> (Scene, Layer, Layer) {
        let scene = Scene()
        let replicator = Layer(name: "replicator", class: .replicator)
        replicator.set(.rect(Rect(x: 0, y: 0, width: 100, height: 100)), at: PropertyPath(.bounds))
        replicator.set(.point(Point(x: 50, y: 50)), at: PropertyPath(.position))
        try replicator.setInstanceCount(count)
        try replicator.setValue(.scalar(delay), forKeyPath: "instanceDelay")
        let dot = Layer(name: "dot")
        replicator.addSublayer(dot)
        scene.rootLayer.addSublayer(replicator)
        try dot.add(basic("opacity", from: .scalar(1), to: .scalar(0), duration: 2), forKey: "fade")
        scene.commit()
        scene.advance(to: 0)
        return (scene, replicator, dot)
    }

    @Test("A new replicator has Core Animation's documented defaults")
    func defaults() {
        let replicator = Layer(class: .replicator).model.replicator
        #expect(replicator?.instanceCount == 1)
        #expect(replicator?.instanceDelay == 0)
        #expect(replicator?.instanceTransform == .identity)
        #expect(replicator?.instanceColor == .white)
        #expect(replicator?.instanceRedOffset == 0 && replicator?.instanceGreenOffset == 0)
        #expect(replicator?.instanceBlueOffset == 0 && replicator?.instanceAlphaOffset == 0)
        #expect(replicator?.preservesDepth == false)
        #expect(Layer().model.replicator == nil)
        #expect(Layer().layerClass == .layer && Layer(class: .replicator).layerClass == .replicator)
    }

    @Test("A plain layer stays as large as before: the class's properties are one pointer, nil for it")
    func memory() {
        #expect(MemoryLayout<InstancingProperties?>.size == 8)
    }

    @Test("Copy i is instanceTransform applied i times about the center of the bounds")
    func transformsAboutTheCenter() throws {
        var replicator = ReplicatorProperties()
        replicator.instanceCount = 4
        replicator.instanceTransform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let copies = replicator.instances(boundsCenter: Point(x: 50, y: 50))
        // The top middle (50, 0) turns a quarter about (50, 50) per copy: x' = x cos − y sin,
        // y' = x sin + y cos about the center, so (0, −50) → (50, 0) → (0, 50) → (−50, 0).
        let expected = [Point(x: 50, y: 0), Point(x: 100, y: 50), Point(x: 50, y: 100), Point(x: 0, y: 50)]
        for (copy, point) in zip(copies, expected) {
            let mapped = try #require(copy.transform.applied(to: Point(x: 50, y: 0)))
            #expect(abs(mapped.x - point.x) < 1e-9 && abs(mapped.y - point.y) < 1e-9, "copy \(copy.index): \(mapped)")
        }
        #expect(copies[0].transform == .identity)
        // One copy computed alone equals the same copy of the whole list.
        #expect(replicator.instance(3, boundsCenter: Point(x: 50, y: 50)) == copies[3])
    }

    @Test("A copy's color is instanceColor plus the offsets once per copy, clamped to 0...1")
    func colors() {
        var replicator = ReplicatorProperties()
        replicator.instanceCount = 4
        replicator.instanceColor = Color(red: 0.5, green: 1, blue: 0, alpha: 1)
        replicator.instanceRedOffset = 0.25
        replicator.instanceBlueOffset = 0.1
        replicator.instanceAlphaOffset = -0.4
        let colors = replicator.instances().map(\.color)
        #expect(colors[0] == Color(red: 0.5, green: 1, blue: 0, alpha: 1))
        #expect(abs(colors[1].red - 0.75) < 1e-12 && abs(colors[1].blue - 0.1) < 1e-12 && abs(colors[1].alpha - 0.6) < 1e-12)
        #expect(colors[2].red == 1 && abs(colors[2].alpha - 0.2) < 1e-12)
        #expect(colors[3].red == 1 && colors[3].alpha == 0, "1.25 and −0.2 clamp")
        #expect(replicator.instances().map(\.delay) == [0, 0, 0, 0])
    }

    @Test("Copy i shows the sublayer's animation at t − i × instanceDelay")
    func delayedCopies() throws {
        let (scene, replicator, dot) = try makeReplicator()
        scene.advance(to: 1.2)
        // opacity(t) = 1 − t/2 while 0 ≤ t < 2; before the animation begins, the model's 1.
        let expected = [1 - 1.2 / 2, 1 - 0.7 / 2, 1 - 0.2 / 2, 1.0]
        for (index, opacity) in expected.enumerated() {
            let copy = try replicator.presentation(of: dot, inInstance: index)
            #expect(abs(copy.opacity - opacity) < 1e-12, "copy \(index): \(copy.opacity)")
        }
        #expect(dot.presentation.opacity == (try replicator.presentation(of: dot, inInstance: 0)).opacity)
        // The snapshot the renderer draws holds the same copies.
        let snapshot = replicator.snapshot()
        #expect(snapshot.replicas.count == 4)
        for (index, opacity) in expected.enumerated() {
            #expect(abs(snapshot.replicas[index].sublayers[0].properties.opacity - opacity) < 1e-12)
            #expect(snapshot.replicas[index].instance.delay == Double(index) * 0.5)
        }
    }

    @Test("The delay is in the replicator's time: a replicator at speed 2 shifts its copies by half the global time")
    func delayInTheReplicatorsTime() throws {
        let (scene, replicator, dot) = try makeReplicator(count: 2, delay: 0.5)
        replicator.timing.speed = 2
        scene.advance(to: 0.5)
        // The replicator's time is 2 × 0.5 = 1; copy 1 sees 1 − 0.5 = 0.5, so 1 − 0.5/2.
        #expect(abs(dot.presentation.opacity - 0.5) < 1e-12)
        #expect(abs(try replicator.presentation(of: dot, inInstance: 1).opacity - 0.75) < 1e-12)
    }

    @Test("Layers below a sublayer are delayed with it, through their own timing")
    func deeperLayers() throws {
        let (scene, replicator, dot) = try makeReplicator(count: 3, delay: 0.25)
        let inner = Layer(name: "inner")
        inner.timing.timeOffset = 0.5
        dot.addSublayer(inner)
        try inner.add(basic("position.x", from: .scalar(0), to: .scalar(100), duration: 4), forKey: "move")
        scene.commit()
        scene.advance(to: 1)
        // inner's time is global + 0.5, so the animation, committed at global 0, begins at its
        // time 0.5; copy 1 sees inner's time 1 + 0.5 − 0.25 = 1.25: x = 100 × (1.25 − 0.5) / 4.
        #expect(try #require(inner.animation(forKey: "move")).timing.beginTime.seconds == 0.5)
        #expect(abs(try replicator.presentation(of: inner, inInstance: 1).position.x - 18.75) < 1e-9)
        // Copy 2 sees 1.0: 100 × 0.5 / 4.
        #expect(abs(try replicator.presentation(of: inner, inInstance: 2).position.x - 12.5) < 1e-9)
        #expect(throws: ArgumentError.self) { try replicator.presentation(of: inner, inInstance: 3) }
        #expect(throws: ArgumentError.self) { try replicator.presentation(of: scene.rootLayer, inInstance: 0) }
    }

    @Test("instanceDelay animates: copies follow its presented value")
    func animatedDelay() throws {
        let (scene, replicator, dot) = try makeReplicator(count: 2, delay: 0)
        try replicator.add(basic("instanceDelay", from: .scalar(0), to: .scalar(1), duration: 1), forKey: "delay")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(replicator.presentation.replicator?.instanceDelay == 0.5)
        // Copy 1 is 0.5 s late: opacity 1 − 0/2 = 1 at the dot's time 0.
        #expect(abs(try replicator.presentation(of: dot, inInstance: 1).opacity - 1) < 1e-12)
        #expect(abs(dot.presentation.opacity - 0.75) < 1e-12)
        #expect(replicator.model.replicator?.instanceDelay == 0)
    }

    @Test("A replicator's property on a plain layer is an error naming the property and both classes")
    func classErrors() throws {
        let plain = Layer(name: "box")
        #expect(throws: ArgumentError(parameter: "instanceDelay", requirement: "is a property of ReplicatorLayer",
                                      value: "Layer \"box\"")) { try plain.setValue(.scalar(1), forKeyPath: "instanceDelay") }
        #expect(throws: ArgumentError.self) { try plain.setInstanceCount(3) }
        #expect(throws: ArgumentError.self) { try plain.setValue(.transform(.identity), forKeyPath: "instanceTransform") }
        // An animation of it on a plain layer changes nothing, as in Core Animation.
        var properties = plain.model
        properties.setValue(.scalar(2), at: PropertyPath(.instanceDelay))
        #expect(properties == plain.model)
    }

    @Test("instanceCount must be a whole number within 0...1000")
    func countLimits() throws {
        for bad in [-1, 1.5, .nan, .infinity, 1001] {
            #expect(throws: ArgumentError.self) { try ReplicatorProperties.checkedInstanceCount(bad) }
        }
        #expect(try ReplicatorProperties.checkedInstanceCount(0) == 0)
        #expect(try ReplicatorProperties.checkedInstanceCount(1000) == 1000)
        let replicator = Layer(class: .replicator)
        #expect(throws: ArgumentError.self) { try replicator.setInstanceCount(-2) }
        let before = replicator.estimatedHostBytes
        try replicator.setInstanceCount(101)
        #expect(replicator.estimatedHostBytes - before == 100 * 256, "each copy is charged")
    }
}

@Suite("Replicated drawing is bounded")
struct ReplicatorDrawnLayerTests {
    @Test("Nested replicators multiply the layers a frame draws, counted up to the limit")
    func nestedCopiesMultiply() throws {
        let outer = Layer(class: .replicator), inner = Layer(class: .replicator), leaf = Layer()
        try outer.setInstanceCount(10)
        try inner.setInstanceCount(20)
        inner.addSublayer(leaf)
        outer.addSublayer(inner)
        // outer + 10 × (inner + 20 × leaf)
        #expect(outer.drawnLayerCount(limit: 10_000) == 1 + 10 * (1 + 20))
        #expect(outer.drawnLayerCount(limit: 100) == 101)
        try outer.setInstanceCount(1000)
        try inner.setInstanceCount(1000)
        #expect(outer.drawnLayerCount(limit: 100_000) == 100_001)
    }
}
