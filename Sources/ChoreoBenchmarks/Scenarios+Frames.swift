import ChoreoCore

extension Scenario {
    /// `frame-10k`: 10,000 views, 4 animated properties each (position.x, position.y, opacity,
    /// transform.scale), half easeInOut and half (0.57, −0.4, 0.96, 0.87), 600 frames headless;
    /// ns per property-frame of the frame loop — `Scene.advance`, which computes every animated
    /// number of the frame (the batch's cells) and delivers the events — setup excluded. The
    /// extra `with_reads_ns` adds reading every view's `layer.presentation` each frame, as a
    /// renderer does (a walk through 10,000 objects, whose cost is memory, not animation), and
    /// `keypath_reads_ns` the reads alone of position, opacity and transform by key path of every
    /// layer of the tree each frame (`keyPathReadSeconds`); `model_reads_ns` the same reads
    /// once the animations have ended (each a model value: a layer without animations).
    static let frame10k = frames(name: "frame-10k", views: 10_000)
    /// `frame-100k`: the same with 100,000 views; `frame_10k_ns` is frame-10k's loop measured in
    /// the same run, and `ratio_100k_vs_10k` the ratio of the two (the bar: at most 1.5).
    static let frame100k = frames(name: "frame-100k", views: 100_000, compareWith: 10_000)

    static func frames(name: String, views count: Int, compareWith smaller: Int? = nil) -> Scenario {
        Scenario(
            name: name,
            summary: "\(count) views × 4 animated properties × 600 frames; ns per property-frame",
            unit: "ns/property-frame"
        ) { size in
            let count = size.scaled(count)
            let frames = size.scaled(600)
            let perPropertyFrame = 1e9 / Double(count * 4 * frames)
            let loop = frameLoopNanoseconds(views: count, frames: frames)
            let (scene, views) = animatedScene(views: count)
            var sink = 0.0
            let start = monotonicSeconds()
            for frame in 1...frames {
                scene.advance(to: MediaTime(Double(frame) / 60))
                for view in views { sink += view.layer.presentation.opacity }
            }
            let withReads = (monotonicSeconds() - start) * perPropertyFrame
            let keyPathReads = keyPathReadSeconds(animatedScene(views: count).0, frames: frames) * perPropertyFrame
            blackHole(sink)
            let modelReads = keyPathReadSeconds(scene, frames: frames, from: 11) * perPropertyFrame
            let reads = [("with_reads_ns", withReads), ("keypath_reads_ns", keyPathReads), ("model_reads_ns", modelReads)]
            guard let smaller else { return (loop, reads) }
            let reference = frameLoopNanoseconds(views: size.scaled(smaller), frames: frames)
            return (loop, reads + [("frame_10k_ns", reference), ("ratio_100k_vs_10k", loop / reference)])
        }
    }

    /// Seconds spent reading, over `frames` frames of `scene` from time `first` on (each frame
    /// advanced first, its time not counted): every layer of the tree reached from the root layer, and of each its
    /// position, opacity and transform by key path, as `lua-scene-10k`'s sink and the trace
    /// recorder read them (`presentedValues(of:_:)`). Per property-frame this is `keypath_reads_ns`.
    static func keyPathReadSeconds(_ scene: Scene, frames: Int, from first: Double = 0) -> Double {
        var sink = 0.0, reading = 0.0
        let paths = readPaths
        for frame in 1...frames {
            scene.advance(to: MediaTime(first + Double(frame) / 60))
            let start = monotonicSeconds()
            for layer in scene.rootLayer.sublayers { sink += presentedValues(of: layer, paths) }
            reading += monotonicSeconds() - start
        }
        blackHole(sink)
        return reading
    }

    /// ns per property-frame of `frames` frames of `animatedScene(views:)`, setup excluded.
    static func frameLoopNanoseconds(views count: Int, frames: Int) -> Double {
        let (scene, views) = animatedScene(views: count)
        let start = monotonicSeconds()
        for frame in 1...frames { scene.advance(to: MediaTime(Double(frame) / 60)) }
        let elapsed = monotonicSeconds() - start
        blackHole(views[count / 2].layer.presentation.opacity)
        return elapsed * 1e9 / Double(count * 4 * frames)
    }

    /// The scene of the frame scenarios: every view animates four properties for 10 s.
    static func animatedScene(views count: Int) -> (Scene, [View]) {
        let scene = Scene()
        let overshoot = try! CubicBezierCurve(0.57, -0.4, 0.96, 0.87)
        var views: [View] = []
        views.reserveCapacity(count)
        for i in 0..<count {
            let view = View(frame: Rect(x: Double(i % 100), y: Double(i / 100), width: 10, height: 10))
            scene.rootView.addSubview(view)
            let curve: any TimingCurve = i % 2 == 0 ? CubicBezierCurve.easeInOut : overshoot
            let specs: [(String, AnimationValue, AnimationValue)] = [
                ("position.x", .scalar(0), .scalar(300)), ("position.y", .scalar(0), .scalar(500)),
                ("opacity", .scalar(0), .scalar(1)), ("transform.scale", .scalar(0.5), .scalar(1.5)),
            ]
            for (keyPath, from, to) in specs {
                let animation = BasicAnimation(keyPath: keyPath)
                animation.fromValue = from
                animation.toValue = to
                animation.timing.duration = 10
                animation.timingFunction = curve
                try! view.layer.add(animation, forKey: keyPath)
            }
            views.append(view)
        }
        scene.commit()
        scene.advance(to: 0)
        return (scene, views)
    }

    /// `spring-eval`: under-, critically and over-damped springs; ns per evaluation.
    static let springEval = Scenario(
        name: "spring-eval",
        summary: "10M spring evaluations (under-, critically and over-damped); ns/evaluation",
        unit: "ns/evaluation"
    ) { size in
        let springs = [
            try! SpringCurve(parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 5)),
            try! SpringCurve(parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 20)),
            try! SpringCurve(parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 60)),
        ]
        let count = size.scaled(10_000_000)
        var sink = 0.0
        let start = monotonicSeconds()
        for i in 0..<count {
            sink += springs[i % 3].progress(at: Double(i & 0xFFFF) / 65536)
        }
        let elapsed = monotonicSeconds() - start
        blackHole(sink)
        return (elapsed / Double(count) * 1e9, [])
    }
}
