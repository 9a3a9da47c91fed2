import Foundation

/// SplitMix64 (Steele, Lea and Flood): a tiny, fully specified generator, so a seed gives the
/// same scene on every platform and Swift version (the standard library's `random(in:using:)`
/// promises no particular sequence).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1 from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func double(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// Random animations, values and timings for the randomised comparison, within the ranges where
/// the semantics are unambiguous: transforms of the reference's family (uniform scale, rotation
/// about z, translation), no cumulative transforms, no spring on a scale (its overshoot could
/// cross zero), no Bézier overshoot in keyframes, times and timings on a binary grid (multiples of
/// 1/64 s) so that Choreo and the reference meet every begin, end and cycle boundary exactly —
/// except reversed playback, kept off the grid (see `timing`).
struct ScenarioGenerator {
    var rng: SplitMix64

    enum Kind { case number(Double, Double), point, size, rect, color, transform }

    static let keyPaths: [(String, Kind)] = [
        ("opacity", .number(0, 1)), ("shadowOpacity", .number(0, 1)), ("strokeStart", .number(0, 1)),
        ("strokeEnd", .number(0, 1)), ("cornerRadius", .number(0, 40)), ("borderWidth", .number(0, 10)),
        ("shadowRadius", .number(0, 20)), ("blurRadius", .number(0, 20)), ("zPosition", .number(-50, 50)),
        ("position.x", .number(-200, 200)), ("position.y", .number(-200, 200)), ("anchorPoint.x", .number(0, 1)),
        ("bounds.size.width", .number(0, 300)), ("bounds.origin.y", .number(-100, 100)),
        ("shadowOffset.height", .number(-20, 20)), ("progress", .number(-10, 10)),
        ("transform.rotation.z", .number(-1.5, 1.5)), ("transform.scale", .number(0.5, 1.5)),
        ("transform.translation.x", .number(-100, 100)), ("transform.translation.y", .number(-100, 100)),
        ("position", .point), ("anchorPoint", .point), ("bounds.origin", .point),
        ("bounds.size", .size), ("shadowOffset", .size), ("transform.translation", .size),
        ("bounds", .rect), ("backgroundColor", .color), ("borderColor", .color), ("shadowColor", .color),
        ("transform", .transform),
    ]

    mutating func value(_ kind: Kind) -> RValue {
        switch kind {
        case let .number(low, high): .number(rng.double(low, high))
        case .point: .point(rng.double(-200, 200), rng.double(-200, 200))
        case .size: .size(rng.double(0, 200), rng.double(-100, 200))
        case .rect: .rect(rng.double(-100, 100), rng.double(-100, 100), rng.double(0, 300), rng.double(0, 300))
        case .color: .color(rng.unit(), rng.unit(), rng.unit(), rng.unit())
        case .transform:
            .transform(RMatrix(scale: rng.double(0.5, 1.5), scaleZ: rng.double(0.5, 1.5), angle: rng.double(-1.5, 1.5),
                               tx: rng.double(-100, 100), ty: rng.double(-100, 100), tz: rng.double(-20, 20)))
        }
    }

    /// A timing function: none (linear), a named one (§4.8), or a random Bézier whose y may
    /// overshoot when `overshoot` (x inside 0.05...0.95: no vertical tangent).
    mutating func curve(overshoot: Bool) -> RCurve {
        let r = rng.unit()
        if r < 0.3 { return .linear }
        if r < 0.6 {
            return rng.pick([RCurve.bezier(0.42, 0, 1, 1), .bezier(0, 0, 0.58, 1), .bezier(0.42, 0, 0.58, 1), .bezier(0.25, 0.1, 0.25, 1)])
        }
        let (low, high) = overshoot ? (-0.2, 1.2) : (0.0, 1.0)
        return .bezier(rng.double(0.05, 0.95), rng.double(low, high), rng.double(0.05, 0.95), rng.double(low, high))
    }

    /// Timing of a top-level animation (`local`: the layer's local time now) or of a group child.
    mutating func timing(local: Double?, cumulative: Bool) -> RTiming {
        var t = RTiming()
        t.duration = rng.pick([0, 0.25, 0.5, 0.75, 1, 1.5, 2])
        if let local {
            let r = rng.unit()
            if r < 0.25 { t.begin = local + Double(rng.int(1...24)) / 16 } else if r < 0.4 { t.begin = local - Double(rng.int(1...16)) / 16 }
        } else {
            t.begin = Double(rng.int(0...8)) / 8
        }
        if rng.chance(0.3) { t.speed = rng.pick([2, 0.5]) }
        let r = rng.unit()
        if r < 0.2 { t.repeatCount = rng.pick([0.5, 1.5, 2, 2.5, 3]) } else if r < 0.25 { t.repeatCount = .infinity } else if r < 0.4 {
            t.repeatDuration = rng.pick([0.375, 0.75, 1.25, 2.5])
        }
        if let local, t.activeDuration.isFinite, rng.chance(0.1) {
            // Played backwards (README's choice), begun off the time grid so that no frame falls
            // exactly on its begin or end, where reversed playback's phases are a matter of taste.
            t.speed = rng.pick([-1, -2])
            t.begin = local + Double(rng.int(-8...16)) / 16 + 0.0037
            t.fill = rng.pick(["removed", "forwards", "backwards", "both"])
            t.autoreverses = rng.chance(0.2)
            return t
        }
        t.autoreverses = rng.chance(0.2)
        t.fill = rng.pick(["removed", "forwards", "backwards", "both"])
        // Half on the time grid, where the wrap lands exactly on the end of the active duration
        // at some frame (the next leg begins there: README's choices table), half off it.
        if t.fill == "removed" && rng.chance(0.3) {
            t.offset = Double(rng.int(0...7)) / 8 + (rng.chance(0.5) ? 0 : rng.double(0.01, 0.12))
        }
        return t
    }

    /// A random property animation (basic, spring or keyframes) of a random key path.
    mutating func propertyAnimation(local: Double?) -> RAnimation {
        let (keyPath, kind) = rng.pick(Self.keyPaths)
        let isTransform = keyPath.hasPrefix("transform")
        let r = rng.unit()
        var animation: RAnimation
        if r < 0.2 && keyPath != "transform" && keyPath != "transform.scale" {
            let spring = RSpring(mass: rng.double(0.5, 2), stiffness: rng.double(50, 300), damping: rng.double(1, 30),
                                 velocity: rng.double(-1, 3), allowsOverdamping: rng.chance(0.5))
            let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
            animation = RAnimation(keyPath: keyPath, kind: .spring(spring))
            if abs(zeta - 1) < 0.01 { animation.kind = .spring(RSpring()) }  // far from the critical case's rounding
            ends(&animation, kind, by: false)
        } else if r < 0.5 {
            animation = keyframes(keyPath, kind)
        } else {
            animation = RAnimation(keyPath: keyPath, kind: .basic(curve(overshoot: true)))
            ends(&animation, kind, by: !isTransform)
        }
        animation.additive = rng.chance(0.3)
        animation.cumulative = !isTransform && rng.chance(0.2)
        animation.timing = timing(local: local, cumulative: animation.cumulative)
        animation.removedOnCompletion = rng.chance(0.65)
        return animation
    }

    /// A group of one to three property animations, or (mostly) a property animation.
    mutating func animation(local: Double) -> RAnimation {
        if rng.chance(0.06) {
            let start = rng.chance(0.5) ? 0 : rng.double(0, 0.5)
            var transition = RAnimation(keyPath: "", kind: .transition(
                type: rng.pick(["fade", "moveIn", "push", "reveal"]), start: start, end: rng.chance(0.5) ? 1 : rng.double(start, 1),
                curve: curve(overshoot: false)))
            transition.timing = timing(local: local, cumulative: false)
            transition.removedOnCompletion = rng.chance(0.65)
            return transition
        }
        guard rng.chance(0.15) else { return propertyAnimation(local: local) }
        let children = (0..<rng.int(1...3)).map { _ in
            var child = propertyAnimation(local: nil)
            if rng.chance(0.4) { child.timing.duration = 0 }
            return child
        }
        var group = RAnimation(keyPath: "", kind: .group(children))
        group.timing = timing(local: local, cumulative: false)
        group.removedOnCompletion = rng.chance(0.65)
        return group
    }

    /// From, to and by: two, one or (with `by` allowed) any of §4.4's combinations.
    private mutating func ends(_ animation: inout RAnimation, _ kind: Kind, by: Bool) {
        let combos = by ? ["ft", "fb", "tb", "f", "t", "b"] : ["ft", "ft", "f", "t"]
        let combo = rng.pick(combos)
        if combo.contains("f") { animation.from = value(kind) }
        if combo.contains("t") { animation.to = value(kind) }
        if combo.contains("b") { animation.by = value(kind) }
    }

    private mutating func keyframes(_ keyPath: String, _ kind: Kind) -> RAnimation {
        let count = rng.int(2...5)
        let values = (0..<count).map { _ in value(kind) }
        var mode = rng.pick([RKeyframeMode.linear, .linear, .discrete, .paced])
        if mode == .paced, case .transform = kind { mode = .linear }
        func times(_ n: Int) -> [Double] {
            var inner = (1..<(n - 1)).map { _ in rng.double(0.05, 0.95) }.sorted()
            for i in inner.indices.dropFirst() where inner[i] - inner[i - 1] < 0.01 { inner[i] = inner[i - 1] + 0.01 }
            return [0] + inner + [1]
        }
        switch mode {
        case .linear:
            let keyTimes = rng.chance(0.5) ? times(count) : nil
            let segments = rng.chance(0.4) ? (1..<count).map { _ in curve(overshoot: false) } : nil
            return RAnimation(keyPath: keyPath, kind: .keyframes(
                values: values, keyTimes: keyTimes, mode: .linear, segmentCurves: segments, curve: curve(overshoot: false)))
        case .discrete:
            return RAnimation(keyPath: keyPath, kind: .keyframes(
                values: values, keyTimes: times(count + 1), mode: .discrete, segmentCurves: nil, curve: .linear))
        case .paced:
            return RAnimation(keyPath: keyPath, kind: .keyframes(
                values: values, keyTimes: nil, mode: .paced, segmentCurves: nil, curve: .linear))
        }
    }
}
