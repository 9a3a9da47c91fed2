import Testing
@testable import ChoreoCore

@Suite("Animation lifecycle: keys, delegates, groups, layer time")
struct LayerAnimationLifecycleTests {
    @Test("Adding under an existing key replaces the animation, which stops unfinished")
    func keyReplacement() throws {
        let (scene, box) = makeScene()
        let log = EventLog()
        let first = basic("opacity", from: .scalar(0), to: .scalar(1), duration: 2)
        first.name = "first"
        first.delegate = log
        try box.layer.add(first, forKey: "fade")
        scene.commit()
        scene.advance(to: 0.5)
        let second = basic("opacity", from: .scalar(1), to: .scalar(0), duration: 2)
        second.name = "second"
        second.delegate = log
        try box.layer.add(second, forKey: "fade")
        scene.commit()
        #expect(log.entries == ["start first", "stop first false"])
        #expect(box.layer.animationKeys() == ["fade"])
        scene.advance(to: 3)
        #expect(log.entries == ["start first", "stop first false", "start second", "stop second true"])
    }

    @Test("Events come in time order across layers, a start before its stop, each exactly once")
    func delegateOrder() throws {
        let (scene, box) = makeScene()
        let other = View(name: "other")
        scene.rootView.addSubview(other)
        let log = EventLog()
        func add(_ name: String, to view: View, begin: Double, duration: Double) throws {
            let animation = basic("opacity", from: .scalar(0), to: .scalar(1), duration: duration, begin: begin)
            animation.name = name
            animation.delegate = log
            try view.layer.add(animation, forKey: name)
        }
        try add("late", to: box, begin: 2, duration: 1)       // 2 → 3
        try add("early", to: other, begin: 0.5, duration: 1)  // 0.5 → 1.5
        try add("short", to: box, begin: 1, duration: 0.25)   // 1 → 1.25
        scene.commit()
        scene.advance(to: 10)  // one huge jump over everything
        #expect(log.entries == [
            "start early", "start short", "stop short true", "stop early true", "start late", "stop late true",
        ])
        scene.advance(to: 20)
        #expect(log.entries.count == 6)
    }

    @Test("Removing an animation stops it unfinished once; one that already ended stops no more")
    func removal() throws {
        let (scene, box) = makeScene()
        let log = EventLog()
        let kept = basic("opacity", from: .scalar(0), to: .scalar(1), fill: .forwards)
        kept.name = "kept"
        kept.isRemovedOnCompletion = false
        kept.delegate = log
        let forever = basic("position.x", from: .scalar(0), to: .scalar(1))
        forever.name = "forever"
        forever.timing.repeatCount = .infinity
        forever.delegate = log
        try box.layer.add(kept, forKey: "kept")
        try box.layer.add(forever, forKey: "forever")
        scene.commit()
        scene.advance(to: 5)
        #expect(log.entries == ["start kept", "start forever", "stop kept true"])
        #expect(box.layer.presentation.opacity == 1)
        box.layer.removeAllAnimations()
        scene.commit()
        #expect(log.entries == ["start kept", "start forever", "stop kept true", "stop forever false"])
    }

    @Test("A group clips its children to its duration and runs them in its time space")
    func groupClipping() throws {
        let (scene, box) = makeScene()
        let long = basic("position.x", from: .scalar(0), to: .scalar(100), duration: 10)
        let late = basic("opacity", from: .scalar(0), to: .scalar(1), duration: 1, begin: 1)
        let group = AnimationGroup()
        group.animations = [long, late]
        group.timing.duration = 5
        group.timing.beginTime = 1
        try box.layer.add(group, forKey: "group")
        scene.commit()
        scene.advance(to: 1.5)
        #expect(box.layer.presentation.position.x == 5)
        #expect(box.layer.presentation.opacity == 1)  // `late` has not begun in group time
        scene.advance(to: 2.5)
        #expect(box.layer.presentation.opacity == 0.5)
        scene.advance(to: 5.9)
        #expect(nearly(box.layer.presentation.position.x, 49, 1e-9))
        scene.advance(to: 6)
        #expect(box.layer.presentation.position.x == 50)  // the group is over: the model again
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("The seed's slider: a layer paused in the same transaction is scrubbed by its timeOffset")
    func pausedLayerSlider() throws {
        let (scene, box) = makeScene()
        scene.advance(to: 7)  // the trick must not depend on the time it is done at
        let change = basic("backgroundColor", from: .color(try Color(parsing: "orange")), to: .color(try Color(parsing: "blue")))
        try box.layer.add(change, forKey: "Change color")
        box.layer.timing.speed = 0
        scene.commit()
        for slider in [0.0, 0.25, 0.5, 0.9] {
            box.layer.timing.timeOffset = MediaDuration(slider)
            scene.advance(to: scene.currentTime + MediaDuration(1))
            let expected = try Color(parsing: "orange").interpolated(to: try Color(parsing: "blue"), fraction: slider)
            #expect(box.layer.presentation.backgroundColor == expected)
        }
    }

    @Test("A commit gives each animation added with beginTime 0 its own layer's local time, whatever the order of adding")
    func commitBeginsEachLayer() throws {
        let (scene, box) = makeScene()
        let other = View(name: "other")
        scene.rootView.addSubview(other)
        scene.commit()
        scene.advance(to: 2)
        // Interleaved: box, other, box; box's timing changes after its animations were added.
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1)), forKey: "a")
        try other.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1)), forKey: "b")
        try box.layer.add(basic("position.x", from: .scalar(0), to: .scalar(1), begin: 1.25), forKey: "c")
        try box.layer.add(basic("position.y", from: .scalar(0), to: .scalar(1)), forKey: "d")
        box.layer.timing.speed = 2
        box.layer.timing.timeOffset = 0.5
        scene.commit()
        // CAMediaTiming: t_local = (t_parent − beginTime) × speed + timeOffset = (2 − 0) × 2 + 0.5.
        #expect(box.layer.animation(forKey: "a")?.timing.beginTime == 4.5)
        #expect(box.layer.animation(forKey: "d")?.timing.beginTime == 4.5)
        #expect(box.layer.animation(forKey: "c")?.timing.beginTime == 1.25)  // given: kept
        #expect(other.layer.animation(forKey: "b")?.timing.beginTime == 2)
        // A quarter second later (half a second in box's time at speed 2): box's halfway, other's a quarter.
        scene.advance(to: 2.25)
        #expect(nearly(box.layer.presentation.opacity, 0.5, 1e-12))
        #expect(nearly(other.layer.presentation.opacity, 0.25, 1e-12))
    }

    @Test("A layer with speed 0 freezes the animations of its whole subtree")
    func frozenSubtree() throws {
        let (scene, box) = makeScene()
        let child = View(name: "child")
        box.addSubview(child)
        try child.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), duration: 2), forKey: "fade")
        scene.commit()
        scene.advance(to: 0.5)
        box.layer.timing.speed = 0
        box.layer.timing.timeOffset = 0.5
        scene.advance(to: 100)
        #expect(child.layer.presentation.opacity == 0.25)
    }

    @Test("Layer speeds multiply: an animation of speed 3 on a layer of speed 0.5 runs at 1.5")
    func layerSpeeds() throws {
        let (scene, box) = makeScene()
        box.layer.timing.speed = 0.5
        let move = basic("position.x", from: .scalar(0), to: .scalar(90), duration: 3)
        move.timing.speed = 3
        try box.layer.add(move, forKey: "move")
        scene.commit()
        scene.advance(to: 1)
        #expect(nearly(box.layer.presentation.position.x, 45, 1e-9))
    }

    @Test("convertTime maps between the global time and a layer's time, both ways")
    func convertTime() {
        let (_, box) = makeScene()
        box.layer.timing = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        #expect(box.layer.convertTime(3, from: nil) == MediaTime((3 - 1) * 2 + 0.5))
        #expect(box.layer.convertTime(4.5, to: nil) == 3)
        let child = View()
        box.addSubview(child)
        child.layer.timing.speed = 3
        #expect(child.layer.convertTime(4.5, from: box.layer) == MediaTime(4.5 * 3))
    }

    @Test("A completion block runs once every animation added after it stops, or at commit with none")
    func transactionCompletion() throws {
        let (scene, box) = makeScene()
        var log: [String] = []
        let transaction = try scene.beginTransaction()
        transaction.setCompletionBlock { log.append("done \(scene.currentTime)") }
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), duration: 1), forKey: "a")
        try box.layer.add(basic("position.x", from: .scalar(0), to: .scalar(1), duration: 2), forKey: "b")
        try scene.commitTransaction()
        scene.advance(to: 1.5)
        #expect(log.isEmpty)
        scene.advance(to: 2.5)
        #expect(log == ["done 2.5"])

        let empty = try scene.beginTransaction()
        empty.setCompletionBlock { log.append("empty") }
        try scene.commitTransaction()
        #expect(log == ["done 2.5", "empty"])
        #expect(throws: ArgumentError.self) { try scene.commitTransaction() }
    }

    @Test("Layers outside views animate changes implicitly; views, disabled actions and new layers do not")
    func implicitAnimations() throws {
        let (scene, box) = makeScene()
        let plain = Layer(name: "plain")
        scene.rootLayer.addSublayer(plain)
        try plain.setValue(.scalar(0.5), forKeyPath: "opacity")  // not yet committed: no animation
        #expect(plain.animationKeys().isEmpty)
        scene.commit()
        try plain.setValue(.scalar(0), forKeyPath: "opacity")
        #expect(plain.animationKeys() == ["opacity"])
        scene.commit()
        scene.advance(to: 0.125)
        #expect(nearly(plain.presentation.opacity, 0.5 - 0.5 * CubicBezierCurve.default.progress(at: 0.5), 1e-12))

        box.alpha = 0.2
        #expect(box.layer.animationKeys().isEmpty)

        let transaction = try scene.beginTransaction()
        transaction.disableActions = true
        try plain.setValue(.point(Point(x: 5, y: 5)), forKeyPath: "position")
        try scene.commitTransaction()
        #expect(plain.animationKeys() == ["opacity"])
    }

    @Test("A model value that is not finite or of the wrong kind is rejected")
    func badModelValues() {
        let (_, box) = makeScene()
        #expect(throws: ArgumentError(parameter: "opacity", requirement: "must be finite", value: "nan")) {
            try box.layer.setValue(.scalar(.nan), forKeyPath: "opacity")
        }
        #expect(throws: ArgumentError(parameter: "position", requirement: "must be a point", value: "a number")) {
            try box.layer.setValue(.scalar(1), forKeyPath: "position")
        }
    }
}

@Suite("Animation lifecycle: tree changes and transaction settings")
struct LayerTreeAnimationTests {
    @Test("A layer removed and re-added between frames is visited once per frame, its events once")
    func rejoinBetweenFrames() throws {
        let (scene, box) = makeScene()
        let log = EventLog()
        let fade = basic("opacity", from: .scalar(0), to: .scalar(1))
        fade.name = "fade"
        fade.delegate = log
        try box.layer.add(fade, forKey: "fade")
        scene.commit()
        scene.advance(to: 0.25)
        box.removeFromSuperview()
        scene.rootView.addSubview(box)
        scene.advance(to: 0.5)
        let tracked = scene.animatedLayers + scene.stack.layers.compactMap { $0 }
        #expect(tracked.filter { $0 === box.layer }.count == 1)
        #expect(box.layer.presentation.opacity == 0.5)
        scene.advance(to: 2)
        #expect(log.entries == ["start fade", "stop fade true"])
        #expect(scene.animatedLayers.isEmpty)
        #expect(scene.stack.liveRows == 0)
    }

    @Test("A transaction's timing function goes to the animations added in it without one")
    func transactionTimingFunction() throws {
        let (scene, box) = makeScene()
        let transaction = try scene.beginTransaction()
        transaction.animationTimingFunction = CubicBezierCurve.easeIn
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1)), forKey: "fade")
        try scene.commitTransaction()
        scene.advance(to: 0.5)
        #expect(box.layer.presentation.opacity == CubicBezierCurve.easeIn.progress(at: 0.5))
    }

    @Test("Content and other non-animatable properties change at once, even on layers outside views")
    func contentChangesAtOnce() throws {
        let (scene, _) = makeScene()
        let label = Layer(name: "label")
        scene.rootLayer.addSublayer(label)
        scene.commit()
        label.content = .text(TextContent(text: "Bahama Air", fontSize: 28, textColor: .white))
        label.isHidden = true
        #expect(label.animationKeys().isEmpty)
        #expect(label.snapshot().content == .text(TextContent(text: "Bahama Air", fontSize: 28, textColor: .white)))
        #expect(label.snapshot().isHidden)
    }
}
