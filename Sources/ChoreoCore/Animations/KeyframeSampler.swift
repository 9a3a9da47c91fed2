import RealModule

/// The value of a keyframe animation at a progress: CAKeyframeAnimation's interpolation, checked
/// once and then sampled every frame.
///
/// A keyframe animation moves through a list of values (or along a path), each reached at its key
/// time, with a calculation mode deciding what happens in between (reference §4.5):
///
///     let sampler = try KeyframeSampler(
///         values: [.scalar(0), .scalar(10), .scalar(0)], keyTimes: [0, 0.25, 1],
///         timingFunctions: nil, calculationMode: .linear,
///         tensionValues: nil, continuityValues: nil, biasValues: nil)
///     sampler.value(at: 0.125)   // .scalar(5): halfway through the first quarter
///
///     progress (after the animation's own timing function)
///     0 ─────────── keyTimes[1] ─────────── keyTimes[2] ─── … ─── 1
///     values[1] ──seg 1──► values[2] ──seg 2──► values[3]  …  values[n]
///                 └ timingFunctions[1] eases the local fraction of segment 1, and so on
///
/// Rules (A/quartzcore/cakeyframeanimation/*, A/quartzcore/caanimationcalculationmode/*):
/// - `values` hold at least one value, all of one kind. One value is a constant (its key times
///   are not consulted).
/// - `keyTimes` lie in 0...1, never decrease, start at 0 and end at 1. linear and cubic take one
///   per value; discrete takes one per value plus one for the end (Apple's rule: each value holds
///   until the next key time) or, as Choreo also accepts, one per value (the last value then holds
///   from its key time to the end); paced and cubicPaced ignore them. Missing ⇒ evenly spaced.
///   Apple silently ignores an invalid array; Choreo deliberately throws an `ArgumentError` that
///   names `keyTimes` and the rule broken, because a scene author's typo should not pass unseen.
/// - `timingFunctions`: exactly one per segment (values − 1), each easing its segment's local
///   fraction; paced modes ignore them. The animation's own timing function is applied first, by
///   the caller: `progress` here is already eased.
/// - `linear` interpolates each segment, `discrete` holds each value (the last at progress 1),
///   `paced` interpolates at constant speed over the running `animationDistance` (even spacing if
///   every value is equal), `cubic` and `cubicPaced` are in `KeyframeSampler+Cubic.swift`, paths
///   and `rotationMode` in `KeyframeSampler+Path.swift`.
///
/// Cost: all checking, distances, spline tangents and arc-length tables are computed at init.
/// `value(at:)` and `rotation(at:)` find the segment by binary search (O(log n)) and do not
/// allocate.
public struct KeyframeSampler: Sendable {
    /// The calculation mode the sampler was built with.
    public let calculationMode: CalculationMode
    /// The kind every value has.
    public let valueKind: ValueKind
    /// The keyframe values: as given, or for a path its start point and each segment's end point.
    public let values: [AnimationValue]
    /// The key times in use: as given, evenly spaced, or (paced) proportional to the distance
    /// covered. One per value, or one more in discrete mode.
    public let keyTimes: [Double]
    /// One timing function per segment, or none (none given, or a paced mode).
    let timingFunctions: [AnyTimingCurve]
    /// The Kochanek–Bartels spline, in cubic modes for kinds that have one.
    let spline: CubicSpline?
    /// The measured path, for a sampler along a path.
    let measure: BezierPath.Measure?
    /// How a sampler along a path turns; `nil` when it does not.
    public let rotationMode: RotationMode?

    /// How many keyframe values an animation may have: 10,000. The cubic modes integrate the
    /// spline's arc length at every segment when the animation is added (16 adaptive integrals
    /// per segment for `cubicPaced`), so the limit bounds that work as well as the memory. A path
    /// is bounded by `BezierPath.maximumElementCount` instead.
    public static let maximumValueCount = 10_000

    /// A sampler over `values`. See the type's rules; the errors name the parameter as the user
    /// wrote it, with 1-based indices as Lua counts (`values[3] must be a point like values[1]
    /// (got a color)`).
    public init(
        values: [AnimationValue], keyTimes: [Double]?, timingFunctions: [AnyTimingCurve]?,
        calculationMode mode: CalculationMode,
        tensionValues: [Double]?, continuityValues: [Double]?, biasValues: [Double]?
    ) throws(ArgumentError) {
        guard let first = values.first else {
            throw ArgumentError(parameter: "values", requirement: "must hold at least 1 value", value: "0")
        }
        guard values.count <= Self.maximumValueCount else {
            throw ArgumentError(parameter: "values", requirement: "must hold at most \(Self.maximumValueCount) values",
                                value: "\(values.count)")
        }
        for (index, value) in values.enumerated() where value.kind != first.kind {
            throw ArgumentError(parameter: "values[\(index + 1)]", requirement: "must be \(first.kind.withArticle) like values[1]",
                                value: value.kind.withArticle)
        }
        let n = values.count
        let curves = try Self.checkedTimingFunctions(timingFunctions, mode: mode, count: n - 1,
                                                     what: "one per segment between values")
        let hasSpline = mode.isCubic && first.kind != .transform && n > 1
        let times: [Double]
        if n == 1 {
            times = [0]
        } else if mode == .paced || (mode == .cubicPaced && !hasSpline) {
            times = Self.pacedKeyTimes(values)
        } else if mode == .cubicPaced {
            times = Self.evenKeyTimes(n)   // the spline `cubic` draws without keyTimes
        } else if mode == .discrete {
            times = try Self.checkedKeyTimes(keyTimes, counts: [n + 1, n], even: n + 1, requirement:
                "must have \(n + 1) entries (one per value, plus the end) or \(n) (one per value) in calculationMode discrete")
        } else {
            times = try Self.checkedKeyTimes(keyTimes, counts: [n], even: n, requirement: "must have \(n) entries, one per value")
        }
        var spline: CubicSpline? = nil
        if mode.isCubic {
            // Checked in both cubic modes, even where the kind has no spline (transforms).
            let tension = try Self.checkedShapeValues(tensionValues, "tensionValues", count: n)
            let continuity = try Self.checkedShapeValues(continuityValues, "continuityValues", count: n)
            let bias = try Self.checkedShapeValues(biasValues, "biasValues", count: n)
            if hasSpline {
                spline = CubicSpline(values: values, keyTimes: times, tension: tension, continuity: continuity,
                                     bias: bias, paced: mode == .cubicPaced)
            }
        }
        self.calculationMode = mode
        self.valueKind = first.kind
        self.values = values
        self.keyTimes = times
        self.timingFunctions = curves
        self.spline = spline
        self.measure = nil
        self.rotationMode = nil
    }

    /// The value at `progress`, the animation's time fraction after its own timing function.
    /// Progress is clamped into 0...1 (it leaves it only by rounding); NaN is the start.
    public func value(at progress: Double) -> AnimationValue {
        let p = Self.clamped(progress)
        if values.count == 1 { return values[0] }
        if let measure { return .point(measure.point(at: pathLocation(at: p, in: measure))) }
        switch calculationMode {
        case .discrete:
            return values[discreteIndex(at: p)]
        case .linear, .paced:
            let (i, f) = span(at: p)
            return values[i].interpolated(to: values[i + 1], fraction: eased(f, segment: i))
        case .cubic:
            let (i, f) = span(at: p)
            let u = eased(f, segment: i)
            guard let spline else { return values[i].interpolated(to: values[i + 1], fraction: u) }
            return spline.value(segment: i, at: u)
        case .cubicPaced:
            guard let spline else {
                let (i, f) = span(at: p)
                return values[i].interpolated(to: values[i + 1], fraction: f)
            }
            let (i, u) = spline.pacedLocation(at: p)
            return spline.value(segment: i, at: u)
        }
    }

    /// The value at progress 0: where a cumulative animation's next cycle adds from.
    public var firstValue: AnimationValue { values[0] }

    /// The value at progress 1: what a cumulative animation's next cycle starts from.
    public var lastValue: AnimationValue { values[values.count - 1] }
}

// MARK: - Lookup

extension KeyframeSampler {
    static func clamped(_ progress: Double) -> Double {
        progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1)
    }

    /// The segment i whose key times hold p (values[i] → values[i + 1]) and the fraction of it
    /// elapsed. At a key time the segment that starts there; at 1 the last segment's end.
    func span(at p: Double) -> (segment: Int, fraction: Double) {
        let last = values.count - 1
        if p >= keyTimes[last] { return (last - 1, 1) }
        // The last i in 0..<last with keyTimes[i] ≤ p; its successor's key time is then > p.
        var low = 0, high = last - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if keyTimes[mid] <= p { low = mid } else { high = mid - 1 }
        }
        let (a, b) = (keyTimes[low], keyTimes[low + 1])
        return (low, b > a ? Swift.min(Swift.max((p - a) / (b - a), 0), 1) : 1)
    }

    /// The value discrete mode holds at p: the last one whose key time is ≤ p.
    func discreteIndex(at p: Double) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if keyTimes[mid] <= p { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// A segment's local fraction through its timing function, if there is one.
    func eased(_ fraction: Double, segment: Int) -> Double {
        timingFunctions.isEmpty ? fraction : timingFunctions[segment].progress(at: fraction)
    }
}

// MARK: - Checks

extension KeyframeSampler {
    /// `count` evenly spaced key times from 0 to 1 (both exact).
    static func evenKeyTimes(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to the running distance between the values: paced mode's.
    static func pacedKeyTimes(_ values: [AnimationValue]) -> [Double] {
        var running = [0.0]
        running.reserveCapacity(values.count)
        for i in 1..<values.count {
            running.append(running[i - 1] + values[i - 1].animationDistance(to: values[i]))
        }
        let total = running[running.count - 1]
        guard total > 0, total.isFinite else { return evenKeyTimes(values.count) }
        var times = running.map { $0 / total }
        times[times.count - 1] = 1
        return times
    }

    /// Given key times checked against the rules, or `even` evenly spaced ones when none are given.
    static func checkedKeyTimes(
        _ keyTimes: [Double]?, counts: [Int], even: Int, requirement: String
    ) throws(ArgumentError) -> [Double] {
        guard let keyTimes else { return evenKeyTimes(even) }
        guard counts.contains(keyTimes.count) else {
            throw ArgumentError(parameter: "keyTimes", requirement: requirement, value: String(keyTimes.count))
        }
        for (index, time) in keyTimes.enumerated() {
            let name = "keyTimes[\(index + 1)]"
            _ = try requireInRange(time, 0...1, name)
            if index == 0, time != 0 {
                throw ArgumentError(parameter: name, requirement: "must be 0, the start of the animation", value: time)
            }
            if index > 0, time < keyTimes[index - 1] {
                throw ArgumentError(
                    parameter: name,
                    requirement: "must be at least keyTimes[\(index)] = \(formatNumber(keyTimes[index - 1])): key times never decrease",
                    value: time)
            }
        }
        if let last = keyTimes.last, last != 1 {
            throw ArgumentError(parameter: "keyTimes[\(keyTimes.count)]", requirement: "must be 1, the end of the animation", value: last)
        }
        return keyTimes
    }

    /// The timing functions, checked to be one per segment; none in paced modes, which ignore them.
    static func checkedTimingFunctions(
        _ functions: [AnyTimingCurve]?, mode: CalculationMode, count: Int, what: String
    ) throws(ArgumentError) -> [AnyTimingCurve] {
        guard let functions, !mode.isPaced else { return [] }
        guard functions.count == count else {
            throw ArgumentError(parameter: "timingFunctions", requirement: "must have \(count) entries, \(what)",
                                value: String(functions.count))
        }
        return functions
    }

    /// Tension, continuity or bias values, one per value at most, each in -1...1; missing entries
    /// are 0.
    static func checkedShapeValues(_ given: [Double]?, _ parameter: String, count: Int) throws(ArgumentError) -> [Double] {
        var result = [Double](repeating: 0, count: count)
        guard let given else { return result }
        guard given.count <= count else {
            throw ArgumentError(parameter: parameter, requirement: "must have at most \(count) entries, one per value",
                                value: String(given.count))
        }
        for (index, value) in given.enumerated() {
            result[index] = try requireInRange(value, -1...1, "\(parameter)[\(index + 1)]")
        }
        return result
    }
}

extension ValueKind {
    /// The kind's name with an article, for messages: "a number", "a point".
    var withArticle: String { "a " + rawValue }
}
