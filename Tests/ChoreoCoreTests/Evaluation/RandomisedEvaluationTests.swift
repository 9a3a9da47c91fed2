import Testing
import ChoreoCore

/// Choreo's presentations against the reference evaluator (`ReferenceScene`) on randomised
/// scenes: a few layers in a small tree with their own time spaces, random animations of every
/// kind on random key paths added over many frames and commits, model changes (with and without
/// implicit animations), removals, timing changes and moves in the tree, at random frame times
/// (small steps, jumps, repeated and earlier times). Every property of every layer is compared
/// after each frame and again after the frame's changes, before they commit.
@Suite("Evaluation: Choreo's presentations equal the reference evaluator's on random scenes")
struct RandomisedEvaluationTests {
    /// Runs one seeded scene; the first disagreement, with the seed and the whole scene, or nil.
    static func run(seed: UInt64, frames: Int = 40) throws -> String? {
        var generator = ScenarioGenerator(rng: SplitMix64(seed: seed))
        let twin = ReferenceTwin()
        for index in 0..<generator.rng.int(3...5) {
            twin.addLayer("L\(index)", under: index == 0 || generator.rng.chance(0.4) ? nil : generator.rng.int(0...(index - 1)))
        }
        for index in 0..<generator.rng.int(0...2) {
            twin.addView("V\(index)", frame: (generator.rng.double(-50, 50), generator.rng.double(-50, 50),
                                              generator.rng.double(10, 200), generator.rng.double(10, 200)))
        }
        for index in twin.layers.indices where !twin.twins[index].isView {
            try twin.setModel(index, "progress", .number(0))
            for _ in 0..<3 {
                let (keyPath, kind) = generator.rng.pick(ScenarioGenerator.keyPaths)
                try twin.setModel(index, keyPath, model(generator.value(kind), keyPath))
            }
        }
        twin.commit()
        var time = 0.0
        for _ in 0..<frames {
            twin.advance(to: time)
            if let problem = twin.mismatch() { return report(seed, twin, problem) }
            for _ in 0..<generator.rng.int(0...3) { try change(twin, &generator) }
            if let problem = twin.mismatch() { return report(seed, twin, problem + " (before the commit)") }
            if generator.rng.chance(0.7) { twin.commit() }
            let r = generator.rng.unit()
            if r < 0.75 {
                time += Double(generator.rng.int(1...8)) / 64
            } else if r < 0.88 {
                time += Double(generator.rng.int(1...40)) / 8
            } else if r >= 0.94 {
                time -= 0.125  // earlier than now: advance ignores it
            }
        }
        return nil
    }

    /// A model value as a layer accepts it (bounds sizes are not negative).
    private static func model(_ value: RValue, _ keyPath: String) -> RValue {
        guard keyPath.hasPrefix("bounds") else { return value }
        return value.with(value.numbers.map(abs))
    }

    /// The properties view animation blocks change in the scenes.
    static let viewChanges: [(String, ScenarioGenerator.Kind)] = [
        ("position", .point), ("position.x", .number(-200, 200)), ("opacity", .number(0, 1)), ("bounds", .rect),
        ("bounds.size", .size), ("backgroundColor", .color), ("transform", .transform), ("cornerRadius", .number(0, 40)),
    ]

    /// The curve options of view animation blocks with their Bézier control points (§2.2: assumed
    /// equal to the named CA functions of §4.8).
    static let viewCurves: [(ViewAnimationOptions, RCurve)] = [
        ([], .bezier(0.42, 0, 0.58, 1)), (.curveEaseIn, .bezier(0.42, 0, 1, 1)), (.curveEaseOut, .bezier(0, 0, 0.58, 1)),
        (.curveLinear, .linear),
    ]

    /// One random change to the scene; a view changes only through view animation blocks (a
    /// view's property animated otherwise makes its block fall back from additive, README).
    private static func change(_ twin: ReferenceTwin, _ generator: inout ScenarioGenerator) throws {
        let index = generator.rng.int(0...(twin.layers.count - 1))
        if twin.twins[index].isView {
            var changes: [(String, RValue)] = []
            for (keyPath, kind) in viewChanges where generator.rng.chance(0.3) {
                let path = RKeyPath(keyPath).property
                if !changes.contains(where: { RKeyPath($0.0).property == path }) { changes.append((keyPath, model(generator.value(kind), keyPath))) }
            }
            let (options, curve) = generator.rng.pick(viewCurves)
            try twin.animateView(index, duration: generator.rng.pick([0.25, 0.5, 1, 1.5]), options: options, curve: curve, changes)
            return
        }
        let r = generator.rng.unit()
        if r < 0.6 {
            let key: String? = generator.rng.pick(["a", "b", "c", "opacity", "position", nil, nil])
            try twin.add(generator.animation(local: twin.localTime(index)), to: index, forKey: key)
        } else if r < 0.78 {
            let (keyPath, kind) = generator.rng.pick(ScenarioGenerator.keyPaths)
            try twin.setModel(index, keyPath, model(generator.value(kind), keyPath), actions: generator.rng.chance(0.7))
        } else if r < 0.81 {
            // CATransaction's duration and timing function reach a basic animation added without
            // them and the implicit animation of a model change.
            let curve: RCurve? = generator.rng.chance(0.3) ? nil : generator.curve(overshoot: false)
            try twin.inTransaction(duration: generator.rng.pick([0.5, 1, 1.5]), curve: curve.flatMap { $0.isLinear ? nil : $0 }) {
                var animation = generator.propertyAnimation(local: twin.localTime(index))
                if case .basic = animation.kind {
                    animation.kind = .basic(.linear)
                    animation.timing.duration = 0
                }
                try twin.add(animation, to: index, forKey: generator.rng.pick(["a", "b", nil]))
                let (keyPath, kind) = generator.rng.pick(ScenarioGenerator.keyPaths)
                try twin.setModel(index, keyPath, model(generator.value(kind), keyPath))
            }
        } else if r < 0.85 {
            twin.removeAnimation(index, forKey: generator.rng.pick(["a", "b", "c", "opacity", "position"]))
        } else if r < 0.88 {
            twin.removeAllAnimations(index)
        } else if r < 0.95 {
            twin.setTiming(index, RLayerTiming(
                begin: Double(generator.rng.int(0...8)) / 8, speed: generator.rng.pick([1, 1, 2, 0.5, 0, -1]),
                offset: Double(generator.rng.int(0...8)) / 8))
        } else {
            let parents = twin.layers.indices.filter {
                !twin.layers[$0].isDescendant(of: twin.layers[index]) && $0 != index && !twin.twins[$0].isView
            }
            twin.move(index, under: generator.rng.chance(0.3) ? nil : parents.isEmpty ? nil : generator.rng.pick(parents))
        }
    }

    private static func report(_ seed: UInt64, _ twin: ReferenceTwin, _ problem: String) -> String {
        "seed \(seed): \(problem)\nscene:\n" + twin.log.joined(separator: "\n")
    }

    @Test("Twenty-four random scenes of forty frames each agree with the reference on every property", arguments: 1...24)
    func randomScenes(seed: Int) throws {
        let problem = try Self.run(seed: UInt64(seed))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("The generator is deterministic: a seed gives the same scene twice")
    func deterministic() throws {
        var a = ScenarioGenerator(rng: SplitMix64(seed: 7)), b = ScenarioGenerator(rng: SplitMix64(seed: 7))
        let first = (0..<20).map { _ in a.animation(local: 1).description }
        let second = (0..<20).map { _ in b.animation(local: 1).description }
        #expect(first == second)
        var known = SplitMix64(seed: 0)
        #expect(known.next() == 0xE220_A839_7B1D_CDAF, "SplitMix64's published first output for seed 0")
    }
}
