import Testing
@testable import ChoreoCore

@Suite("Basic animations on layers")
struct BasicAnimationTests {
    @Test("Values before the begin, at it, between, at the end and after, for every fill mode")
    func fillModes() throws {
        let expectations: [(FillMode, [Double])] = [
            // times: 0.5 (before), 1 (begin), 1.5, 1.999, 2 (end), 3 (after); the model opacity is 1.
            (.removed, [1, 0.2, 0.5, 0.7994, 1, 1]),
            (.forwards, [1, 0.2, 0.5, 0.7994, 0.8, 0.8]),
            (.backwards, [0.2, 0.2, 0.5, 0.7994, 1, 1]),
            (.both, [0.2, 0.2, 0.5, 0.7994, 0.8, 0.8]),
        ]
        for (mode, values) in expectations {
            let (scene, box) = makeScene()
            let fade = basic("opacity", from: .scalar(0.2), to: .scalar(0.8), begin: 1, fill: mode)
            fade.isRemovedOnCompletion = false
            try box.layer.add(fade, forKey: "fade")
            scene.commit()
            for (time, expected) in zip([0.5, 1, 1.5, 1.999, 2, 3], values) {
                scene.advance(to: MediaTime(time))
                #expect(nearly(box.layer.presentation.opacity, expected, 1e-9), "\(mode) at \(time)")
            }
            #expect(box.alpha == 1)
        }
    }

    @Test("An animation removed on completion leaves the model showing, even with a forwards fill")
    func removedOnCompletion() throws {
        let (scene, box) = makeScene()
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(0.5), fill: .forwards), forKey: "fade")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(box.layer.presentation.opacity == 0.25)
        scene.advance(to: 1)
        #expect(box.layer.presentation.opacity == 1)
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("Every from/to/by combination of the reference's table interpolates the right pair")
    func fromToBy() throws {
        // The model opacity is 0.4; a running animation makes the presentation 0.6 when added.
        let cases: [(AnimationValue?, AnimationValue?, AnimationValue?, Double, Double)] = [
            (.scalar(0.1), .scalar(0.9), nil, 0.1, 0.9),
            (.scalar(0.1), nil, .scalar(0.5), 0.1, 0.6),
            (nil, .scalar(0.9), .scalar(0.5), 0.4, 0.9),
            (.scalar(0.1), nil, nil, 0.1, 0.6),
            (nil, .scalar(0.9), nil, 0.6, 0.9),
            (nil, nil, .scalar(0.2), 0.6, 0.8),
            (nil, nil, nil, 0.6, 0.4),
        ]
        for (from, to, by, start, end) in cases {
            let (scene, box) = makeScene()
            box.alpha = 0.4
            let hold = basic("opacity", from: .scalar(0.6), to: .scalar(0.6), duration: 10)
            try box.layer.add(hold, forKey: "hold")
            scene.commit()
            let animation = basic("opacity", from: from, to: to, by: by, duration: 1)
            try box.layer.add(animation, forKey: "test")
            scene.commit()
            box.layer.removeAnimation(forKey: "hold")
            #expect(nearly(box.layer.presentation.opacity, start, 1e-12), "\(String(describing: (from, to, by))) start")
            scene.advance(to: 0.999999999)
            #expect(nearly(box.layer.presentation.opacity, end, 1e-6), "\(String(describing: (from, to, by))) end")
        }
    }

    @Test("All three of fromValue, toValue and byValue is an error")
    func allThree() {
        let (_, box) = makeScene()
        #expect(throws: ArgumentError(
            parameter: "fromValue, toValue, byValue", requirement: "may not all be set (at most two)", value: "all three")
        ) { try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), by: .scalar(1)), forKey: nil) }
    }

    @Test("A value of the wrong kind for its key path is rejected with the kinds named")
    func wrongKind() {
        let (_, box) = makeScene()
        #expect(throws: ArgumentError(
            parameter: "toValue", requirement: "must be a point for key path \"position\"", value: "a number")
        ) { try box.layer.add(basic("position", to: .scalar(3)), forKey: nil) }
        #expect(throws: ArgumentError(
            parameter: "fromValue", requirement: "must be a number for key path \"position.x\"", value: "a color")
        ) { try box.layer.add(basic("position.x", from: .color(.black)), forKey: nil) }
    }

    @Test("Unknown key paths are rejected, listing what is valid")
    func unknownKeyPaths() throws {
        let (_, box) = makeScene()
        #expect(throws: ArgumentError(
            parameter: "keyPath",
            requirement: "must name a layer property or a custom property set with setValue (\"opacty\" is neither)",
            value: "\"opacty\"")
        ) { try box.layer.add(basic("opacty", to: .scalar(1)), forKey: nil) }
        #expect(throws: ArgumentError(
            parameter: "keyPath", requirement: "must be \"position\" or one of \"position.x\", \"position.y\"",
            value: "\"position.z\"")
        ) { try box.layer.add(basic("position.z", to: .scalar(1)), forKey: nil) }
        #expect(throws: ArgumentError.self) { try box.layer.add(basic("bounds..size", to: .scalar(1)), forKey: nil) }
        // A custom property becomes animatable once set.
        try box.layer.setValue(.scalar(3), forKeyPath: "progress")
        try box.layer.add(basic("progress", to: .scalar(5)), forKey: nil)
    }

    @Test("A duration of 0 becomes the transaction's duration, 0.25 s by default")
    func defaultDuration() throws {
        let (scene, box) = makeScene()
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), duration: 0), forKey: "a")
        #expect(box.layer.animation(forKey: "a")?.timing.duration == 0.25)
        let transaction = try scene.beginTransaction()
        transaction.animationDuration = 0.8
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), duration: 0), forKey: "b")
        try scene.commitTransaction()
        #expect(box.layer.animation(forKey: "b")?.timing.duration == 0.8)
    }

    @Test("Additive animations add onto the model and onto each other")
    func additive() throws {
        let (scene, box) = makeScene()
        box.center = Point(x: 100, y: 100)
        let a = basic("position.x", from: .scalar(-50), to: .scalar(0), duration: 1)
        a.isAdditive = true
        let b = basic("position", from: .point(Point(x: 10, y: 20)), to: .point(.zero), duration: 2)
        b.isAdditive = true
        try box.layer.add(a, forKey: "a")
        try box.layer.add(b, forKey: "b")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(box.layer.presentation.position == Point(x: 100 - 25 + 7.5, y: 100 + 15))
        scene.advance(to: 1.5)
        #expect(box.layer.presentation.position == Point(x: 102.5, y: 105))
    }

    @Test("A non-additive animation replaces what earlier ones computed; order of addition decides")
    func replaceOrder() throws {
        let (scene, box) = makeScene()
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(0)), forKey: "first")
        try box.layer.add(basic("opacity", from: .scalar(0.5), to: .scalar(0.5)), forKey: "second")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(box.layer.presentation.opacity == 0.5)
        #expect(box.layer.animationKeys() == ["first", "second"])
    }

    @Test("Cumulative repeats continue from where the previous cycle ended")
    func cumulative() throws {
        let (scene, box) = makeScene()
        let move = basic("position.x", from: .scalar(0), to: .scalar(10))
        move.isCumulative = true
        move.timing.repeatCount = 3
        try box.layer.add(move, forKey: "move")
        scene.commit()
        scene.advance(to: 2.5)
        #expect(box.layer.presentation.position.x == 25)
    }

    @Test("transform.rotation.z animates a full turn, which interpolating matrices could not")
    func rotationKeyPath() throws {
        let (scene, box) = makeScene()
        try box.layer.add(basic("transform.rotation.z", from: .scalar(0), to: .scalar(2 * .pi)), forKey: "spin")
        scene.commit()
        scene.advance(to: 0.25)
        let t = box.layer.presentation.transform
        #expect(nearly(t.m11, 0, 1e-12) && nearly(t.m12, 1, 1e-12))
        scene.advance(to: 0.5)
        #expect(nearly(box.layer.presentation.transform.m11, -1, 1e-12))
        let value = box.layer.presentation.value(at: try PropertyPath(parsing: "transform.rotation.z"))
        #expect(nearly(abs(value.scalar!), .pi, 1e-12))
    }

    @Test("transform.scale keeps the rotation and scales all three axes")
    func scaleKeyPath() throws {
        let (scene, box) = makeScene()
        box.transform = Transform2D(rotationAngle: .pi / 2)
        try box.layer.add(basic("transform.scale", from: .scalar(0), to: .scalar(2)), forKey: "grow")
        scene.commit()
        scene.advance(to: 0.25)
        let t = box.layer.presentation.transform
        #expect(nearly(t.m12, 0.5, 1e-12) && nearly(t.m21, -0.5, 1e-12) && nearly(t.m33, 0.5, 1e-12))
    }
}
