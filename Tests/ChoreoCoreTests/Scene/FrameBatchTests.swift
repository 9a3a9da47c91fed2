import Testing
@testable import ChoreoCore

/// The scene's effect stack computes every animated layer's row each frame; every layer's
/// presentation must stay what the general kernel's composition gives, while rows are laid out
/// and killed as the layers' animations, model, timing and place in the tree change.
@Suite("Effect stack: rows equal composing the effects, through every kind of change")
struct FrameBatchTests {
    /// Gives `layer` the frame benchmark's four animations (with variations by `index`).
    private func animate(_ layer: Layer, index: Int) throws {
        let curve: any TimingCurve = index % 2 == 0 ? CubicBezierCurve.easeInOut : try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)
        let duration = 1 + Double(index % 3) / 2
        try layer.add(scalarAnimation("position.x", 0, 300, duration: duration, curve: curve), forKey: "x")
        try layer.add(scalarAnimation("position.y", 0, 500, duration: duration, curve: curve) {
            $0.isAdditive = index % 4 == 1
            $0.timing.repeatCount = index % 5 == 0 ? 2.5 : 0
        }, forKey: "y")
        try layer.add(scalarAnimation("opacity", 0, 1, duration: duration, curve: index % 3 == 0 ? nil : curve) {
            $0.isCumulative = index % 4 == 2
            $0.timing.repeatCount = index % 4 == 2 ? 2 : 0
            $0.timing.autoreverses = index % 7 == 3
        }, forKey: "opacity")
        if index % 8 >= 5 {
            // View.animate's transform: additive, from the inverse of the change to the identity
            // (with a second transform animation at 5: the general kernel).
            let turn = BasicAnimation(keyPath: "transform")
            turn.fromValue = .transform(try Transform3D.rotation(-0.8, 0, 0, 1).concatenating(try Transform3D.scale(2, 2, 1)))
            turn.toValue = .transform(.identity)
            turn.isAdditive = true
            turn.timing.duration = MediaDuration(duration)
            turn.timingFunction = curve
            try layer.add(turn, forKey: "turn")
            if index % 8 > 5 { return }
        }
        try layer.add(scalarAnimation("transform.scale", 0.5, 1.5, duration: duration, curve: curve) {
            $0.timing.beginTime = MediaTime(Double(index % 4) / 10)
            $0.timing.fillMode = index % 6 == 0 ? .both : .removed
            $0.isRemovedOnCompletion = index % 6 != 0
        }, forKey: "scale")
    }

    /// Every layer's presentation against the reference at the scene's time.
    private func expectComposed(_ layers: [Layer], _ scene: Scene, _ label: String) {
        for (index, layer) in layers.enumerated() where layer.scene === scene {
            let reference = composedPresentation(layer, at: layer.timeMapping.localTime(from: scene.currentTime))
            #expect(layer.presentation == reference, "layer \(index) \(label)")
            // A read by key path (a lookup in the columns) is the whole presentation's value.
            for path in Self.keyPaths where layer.presentationValue(at: path) != reference.value(at: path) {
                Issue.record("layer \(index) \(label): \(path) reads \(layer.presentationValue(at: path)), not \(reference.value(at: path))")
            }
        }
    }

    /// Every key path of every catalogue property.
    private static let keyPaths = PropertyCatalogue.keyPaths.map { try! PropertyPath(parsing: $0) }

    @Test("Two hundred layers under three timed parents match the reference through every kind of change")
    func layersJoinAndLeave() throws {
        let scene = Scene()
        let parents = (0..<3).map { _ in Layer() }
        parents[1].timing.speed = 2
        parents[2].timing.timeOffset = MediaDuration(0.3)
        for parent in parents { scene.rootLayer.addSublayer(parent) }
        var layers: [Layer] = []
        for index in 0..<200 {
            let layer = Layer()
            layer.set(.point(Point(x: Double(index), y: 7)), at: PropertyPath(.position))
            layer.set(.transform(try Transform3D.rotation(0.2, 0, 0, 1)), at: PropertyPath(.transform))
            parents[index % 3].addSublayer(layer)
            try animate(layer, index: index)
            layers.append(layer)
        }
        scene.commit()
        var firstBatch = 0
        for step in 1...160 {
            scene.advance(to: MediaTime(Double(step) / 40))
            if step == 1 { firstBatch = scene.stack.rows.indices.filter { scene.stack.layers[$0] != nil && scene.stack.rows[$0].general < 0 }.count }
            switch step {
            case 20: parents[2].timing.speed = 0.5
            case 30: parents[0].addSublayer(layers[4])
            case 40: layers[5].removeFromSuperlayer()
            case 50: parents[1].addSublayer(layers[5])
            case 60, 61, 62:
                // Model changes kill every row: dead rows pile up and compact.
                for (index, layer) in layers.enumerated() {
                    layer.set(.scalar(Double(step + index) / 400), at: PropertyPath(.opacity))
                }
            case 70: try layers[8].add(scalarAnimation("position.x", 0, 10, duration: 1, curve: nil) { $0.isAdditive = true }, forKey: "nudge")
            case 80: layers[9].removeAllAnimations()
            default: break
            }
            expectComposed(layers, scene, "at \(Double(step) / 40) s")
        }
        #expect(firstBatch == 200 - 25, "number rows for all but the 25 layers with two transform animations")
    }

    @Test("A number row's cells are the values its animations give, bit for bit")
    func batchedValuesAreExact() throws {
        let scene = Scene()
        let layer = Layer()
        scene.rootLayer.addSublayer(layer)
        let curve = try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)
        try layer.add(scalarAnimation("position.x", 0, 300, duration: 10, curve: curve), forKey: "x")
        try layer.add(scalarAnimation("transform.scale", 0.5, 1.5, duration: 10, curve: curve), forKey: "s")
        scene.commit()
        for frame in 1...59 {
            let time = Double(frame) / 6
            scene.advance(to: MediaTime(time))
            #expect(layer.row >= 0)
            let fraction = curve.progress(at: time / 10)
            #expect(layer.presentation.position.x.bitPattern == (300 * fraction).bitPattern)
            let scale = 0.5 + fraction
            #expect(layer.presentation.transform == (try Transform3D.scale(scale, scale, scale)), "at \(time) s")
        }
        scene.advance(to: MediaTime(10))
        #expect(layer.presentation.position.x == 0, "removed at its end: the model")
        #expect(layer.row == -1)
    }

    @Test("Layers with rows keep the scene running until their animations stop, and outlive their scene")
    func runningAndOutliving() throws {
        var scene: Scene? = Scene()
        let layer = Layer()
        scene!.rootLayer.addSublayer(layer)
        try layer.add(scalarAnimation("opacity", 0, 1, duration: 1, curve: nil) { $0.isRemovedOnCompletion = false; $0.timing.fillMode = .forwards }, forKey: "o")
        scene!.commit()
        scene!.advance(to: MediaTime(0.5))
        #expect(layer.row >= 0)
        #expect(scene!.hasRunningAnimations)
        #expect(layer.presentation.opacity == 0.5)
        scene!.advance(to: MediaTime(1.5))
        #expect(!scene!.hasRunningAnimations, "a kept animation that finished does not count")
        #expect(layer.presentation.opacity == 1)
        scene = nil
        #expect(layer.row == -1)
        #expect(layer.presentation.opacity == 1, "outside a scene: the model")
    }

    @Test("A layer that left a scene, still listed there when the scene goes, animates in the next scene")
    func leavesListedScene() throws {
        let layer = Layer()
        do {
            let first = Scene()
            first.rootLayer.addSublayer(layer)
            try layer.add(scalarAnimation("opacity", 0, 1, duration: 10, curve: nil), forKey: "o")
            first.commit()
            first.advance(to: MediaTime(1))
            #expect(layer.row >= 0)
            layer.removeFromSuperlayer()
        }
        #expect(layer.listedIn == nil, "the ending scene let go of it")
        let second = Scene()
        second.rootLayer.addSublayer(layer)
        second.commit()
        second.advance(to: MediaTime(2))
        #expect(layer.row >= 0)
        #expect(layer.presentation.opacity == 0.2)
        #expect(second.hasRunningAnimations)
    }

    /// A curve that is an object (as a Lua curve is) and counts its calls.
    private final class CountingCurve: TimingCurve, @unchecked Sendable {
        var calls = 0
        func progress(within t: Double) -> Double {
            calls += 1
            return t * t * (3 - 2 * t)
        }
    }

    @Test("A curve object shared by a hundred layers is evaluated once per frame, and equal curve values share a track")
    func otherCurvesShareTracks() throws {
        let scene = Scene()
        let shared = CountingCurve()
        var layers: [Layer] = []
        for index in 0..<100 {
            let layer = Layer()
            scene.rootLayer.addSublayer(layer)
            try layer.add(scalarAnimation("opacity", 0, 1, duration: 2, curve: shared), forKey: "o")
            if index % 10 == 0 { try layer.add(scalarAnimation("position.x", 0, 80, duration: 2, curve: try StepsCurve(4)), forKey: "x") }
            layers.append(layer)
        }
        scene.commit()
        for frame in 1...10 {
            let before = shared.calls
            scene.advance(to: MediaTime(Double(frame) / 10))
            #expect(shared.calls - before == 1, "frame \(frame)")
            #expect(scene.stack.tracks.count == 2, "one track for the shared curve, one for the equal steps curves")
            expectComposed(layers, scene, "at frame \(frame)")
            #expect(shared.calls - before == 1 + 100, "the reference called it once per layer")
        }
        #expect(layers[0].presentation.position.x == 40, "steps(4) at 0.5: half way")
        for layer in layers { layer.removeAllAnimations() }
        let calls = shared.calls
        scene.advance(to: MediaTime(1.1))
        scene.advance(to: MediaTime(1.2))
        #expect(shared.calls == calls, "a track no animation uses any more is not evaluated")
    }

    @Test("Rows read again and again within one turn are compacted then: 600 animations added to two layers in turn without a frame leave fewer than twice the living steps")
    func compactionBetweenFrames() throws {
        let (scene, box) = makeScene()
        let other = View(name: "other", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.rootView.addSubview(other)
        // Each add reads the presentation (the animation starts from it), laying the layer's row
        // out anew: the other layer's row was laid out last, so this one cannot grow in place,
        // and its old row dies. Compacted only at frames, the dead rows grew with the square of
        // the count (10,000 animations: 2.5 GB).
        for index in 0..<600 {
            try [box, other][index % 2].layer.add(basic("opacity", to: .scalar(Double(index) / 600), duration: 100),
                                                  forKey: "fade\(index)")
        }
        _ = box.layer.presentation
        _ = other.layer.presentation
        let stack = try #require(box.layer.stack)
        let living = stack.rows.indices.filter { stack.layers[$0] != nil }.reduce(0) { $0 + stack.rows[$1].stepCount }
        #expect(living == 600)
        #expect(stack.steps.count < 2 * living + 512, "steps held: \(stack.steps.count)")
        scene.advance(to: 0.5)
        scene.checkInvariants()
        #expect(stack.steps.count == 600)  // the frame's compaction leaves the living rows alone
    }

    @Test("Animations added one by one to a layer, each starting from the presentation, extend its row: the same values as laying it out anew, one row for a thousand")
    func rowsExtendInPlace() throws {
        let scene = Scene()
        let parent = Layer()
        parent.timing.speed = 2
        scene.rootLayer.addSublayer(parent)
        let layer = Layer()
        layer.set(.point(Point(x: 5, y: 7)), at: PropertyPath(.position))
        parent.addSublayer(layer)
        try layer.add(scalarAnimation("position.x", 0, 300, duration: 4, curve: CubicBezierCurve.easeInOut), forKey: "x")
        scene.commit()
        scene.advance(to: 0.25)
        let stack = try #require(layer.stack)
        let expectComposed = { (label: String) in self.expectComposed([layer], scene, label) }
        // Numbers on the cells the row has: every kind of step, before and after frames and
        // commits, read after each add (the next add starts from that read).
        let curve = try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)
        for index in 0..<1_000 {
            let animation: BasicAnimation
            switch index % 4 {
            case 0: animation = scalarAnimation("position.x", Double(index), -Double(index), duration: 3, curve: curve) { $0.isAdditive = true }
            case 1: animation = basic("position.x", to: .scalar(Double(index)), duration: 2)
            case 2:
                animation = scalarAnimation("position.x", 1, 2, duration: 0.5) {
                    $0.isCumulative = true
                    $0.timing.repeatCount = 3
                }
            default: animation = basic("position", from: .point(Point(x: 1, y: 2)), to: .point(Point(x: Double(index), y: 9)), duration: 5)
            }
            try layer.add(animation, forKey: "k\(index)")
            if index % 97 == 0 { expectComposed("after add \(index)") }
            _ = layer.presentationValue(at: PropertyPath(.position))
            if index == 3 { #expect(stack.rows.count == 2, "the row laid out once more, with a cell for position.y") }
            if index == 500 { scene.advance(to: 0.5) }
            if index == 700 { scene.commit() }
        }
        // The first row, the row laid out for position.y (a cell it lacked), and the rows the
        // frame and the commit laid out anew: the other 996 adds grew a row in place.
        #expect(stack.rows.count <= 5, "rows laid out: \(stack.rows.count)")
        expectComposed("after the adds")
        scene.advance(to: 1.5)
        expectComposed("at the next frame")

        // The general kernel's rows grow in place too: keyframes.
        let rowsBefore = stack.rows.count
        for index in 0..<200 {
            let keyframes = KeyframeAnimation(keyPath: "opacity")
            keyframes.values = [.scalar(Double(index) / 200), .scalar(0.5), .scalar(1)]
            keyframes.timing.duration = 3
            try layer.add(keyframes, forKey: "f\(index)")
            _ = layer.presentation
            if index % 41 == 0 { expectComposed("after keyframes \(index)") }
        }
        #expect(stack.rows.count <= rowsBefore + 1, "rows laid out for 200 keyframe animations: \(stack.rows.count - rowsBefore)")
        scene.advance(to: 2)
        expectComposed("after the keyframes")
        scene.checkInvariants()
    }

    @Test("A model change keeps the layer's row: its cells take the model's values, read as laying the row out anew gives; a row with a transform write is laid out anew")
    func modelChangesKeepRows() throws {
        // Views' layers: a change outside a block runs no implicit animation.
        let scene = Scene()
        let (view, otherView) = (View(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10)), View(name: "b"))
        scene.rootView.addSubview(view)
        scene.rootView.addSubview(otherView)
        let (layer, other) = (view.layer, otherView.layer)
        try layer.add(scalarAnimation("position.x", 0, 300, duration: 4, curve: CubicBezierCurve.easeInOut) { $0.isAdditive = true }, forKey: "x")
        try layer.add(scalarAnimation("opacity", 0, 1, duration: 2) { $0.isAdditive = true }, forKey: "o")
        let keyframes = KeyframeAnimation(keyPath: "cornerRadius")
        keyframes.values = [.scalar(0), .scalar(8), .scalar(2)]
        keyframes.timing.duration = 3
        try other.add(keyframes, forKey: "k")  // a general row
        scene.commit()
        scene.advance(to: 0.5)
        let stack = try #require(layer.stack)
        let rows = stack.rows.count
        for index in 0..<100 {
            layer.set(.scalar(Double(index)), at: PropertyPath(.position, .x))
            if index % 3 == 0 { layer.set(.scalar(Double(index) / 100), at: PropertyPath(.opacity)) }
            other.set(.scalar(Double(index)), at: PropertyPath(.cornerRadius))
            other.set(.scalar(Double(index) / 100), at: PropertyPath(.opacity))
            if index % 7 == 0 { expectComposed([layer, other], scene, "after change \(index)") }
            _ = layer.presentationValue(at: PropertyPath(.position))
            _ = other.presentation
            if index == 50 { scene.advance(to: 1) }
        }
        #expect(stack.rows.count == rows, "rows laid out for 400 model changes: \(stack.rows.count - rows)")
        scene.advance(to: 1.5)
        expectComposed([layer, other], scene, "at the next frame")

        // A transform write holds the model's transform: the row is laid out anew.
        try layer.add(scalarAnimation("transform.scale", 0.5, 1.5, duration: 2), forKey: "s")
        _ = layer.presentation
        let before = stack.rows.count
        layer.set(.transform(try Transform3D.rotation(0.3, 0, 0, 1)), at: PropertyPath(.transform))
        expectComposed([layer], scene, "after the transform changed")
        #expect(stack.rows.count == before + 1)
        scene.advance(to: 2)
        expectComposed([layer, other], scene, "at the last frame")
    }
}
