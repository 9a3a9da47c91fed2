import RealModule

extension KeyframeSampler {
    /// A sampler that moves a point along `path` (CAKeyframeAnimation's `path`, which overrides
    /// `values`; reference §4.5), optionally reporting the rotation that follows it.
    ///
    ///     let line = BezierPath(elements: [.move(to: .zero), .line(to: Point(x: 100, y: 100))])
    ///     let sampler = try KeyframeSampler(path: line, keyTimes: nil, timingFunctions: nil,
    ///                                       calculationMode: .paced, rotationMode: .rotateAuto)
    ///     sampler.value(at: 0.5)      // .point(50, 50)
    ///     sampler.rotation(at: 0.5)   // π/4
    ///
    /// The keyframes are the path's points: the start of its first segment, then the end point of
    /// every segment (each line or curve element, and each `close`, which Apple counts as an
    /// element too). `values` holds them, so `firstValue` and `lastValue` are the path's ends.
    ///
    /// - `linear` and `cubic`: the point follows the path's own geometry, segment by segment; each
    ///   segment gets its own time span from `keyTimes` (one per point: segments + 1), or an equal
    ///   share of the time without them, and its own timing function.
    /// - `paced` and `cubicPaced`: constant speed by arc length over the whole path; key times
    ///   and timing functions are ignored (`keyTimes` then reports each point's arc-length fraction).
    /// - `discrete`: the point jumps from one path point to the next at the key times, with
    ///   discrete mode's key-time rules (points + 1, or points).
    ///
    /// Choices where Apple is silent:
    /// - Within a segment the point moves at constant speed along the arc (the segment's local
    ///   fraction is a fraction of its arc length, not the Bézier parameter), so a curve's control
    ///   points shape where it goes but not how fast. A timing function that overshoots stops at
    ///   the segment's ends rather than leaving the path.
    /// - A move between subpaths is a jump at the key time where one segment ends and the next
    ///   begins (in paced modes, a jump that takes no time). A close that returns to a point it
    ///   is already at is a segment of zero length: in `linear` mode it still takes its share of
    ///   the time, standing still, as each element does in Core Animation; use `paced` for a
    ///   circle at even speed.
    /// - Rotation (`rotationMode`): the angle of the direction of motion, atan2(dy, dx) in radians
    ///   (y down, as the layer's coordinates), plus π for `rotateAutoReverse`. Where the path has
    ///   no direction (a zero-length segment) it keeps the heading it arrived with. In discrete
    ///   mode a point faces the way its segment arrived (the first point the way the path leaves).
    ///
    /// Errors: the path is checked as `BezierPath.validated(_:parameter:)` checks it (`path[2].to.x
    /// must be a finite number (got nan)`) and must contain a line or curve; key times and timing
    /// functions as for values, counted per path point and per path segment.
    public init(
        path: BezierPath, keyTimes: [Double]?, timingFunctions: [AnyTimingCurve]?,
        calculationMode mode: CalculationMode, rotationMode: RotationMode?
    ) throws(ArgumentError) {
        let path = try BezierPath.validated(path.elements, parameter: "path")
        let measure = BezierPath.Measure(path)
        guard let firstSegment = measure.segments.first else {
            throw ArgumentError(parameter: "path", requirement: "must contain at least one line or curve", value: "none")
        }
        var points: [AnimationValue] = [.point(firstSegment.start)]
        points.reserveCapacity(measure.segments.count + 1)
        for segment in measure.segments { points.append(.point(segment.end)) }
        let n = points.count
        let curves = try Self.checkedTimingFunctions(timingFunctions, mode: mode, count: n - 1, what: "one per path segment")
        let times: [Double]
        switch mode {
        case .paced, .cubicPaced:
            if measure.length > 0 {
                var fractions = measure.starts.map { $0 / measure.length }
                fractions[n - 1] = 1
                times = fractions
            } else {
                times = Self.evenKeyTimes(n)
            }
        case .discrete:
            times = try Self.checkedKeyTimes(keyTimes, counts: [n + 1, n], even: n + 1, requirement:
                "must have \(n + 1) entries (one per path point, plus the end) or \(n) (one per path point) in calculationMode discrete")
        case .linear, .cubic:
            times = try Self.checkedKeyTimes(keyTimes, counts: [n], even: n, requirement:
                "must have \(n) entries, one per path point (its start and each segment's end)")
        }
        self.calculationMode = mode
        self.valueKind = .point
        self.values = points
        self.keyTimes = times
        self.timingFunctions = curves
        self.spline = nil
        self.measure = measure
        self.rotationMode = rotationMode
    }

    /// The rotation, in radians, that `rotationMode` gives at `progress` (clamped like
    /// `value(at:)`): the angle of the path's direction of motion, plus π for
    /// `rotateAutoReverse`. `nil` without a path or a rotation mode.
    public func rotation(at progress: Double) -> Double? {
        guard let measure, let rotationMode else { return nil }
        let direction = measure.tangent(at: pathLocation(at: Self.clamped(progress), in: measure))
        let angle = Double.atan2(y: direction.dy, x: direction.dx)
        return rotationMode == .rotateAutoReverse ? angle + .pi : angle
    }

    /// Where on the path the point is at progress p: a segment and its Bézier parameter.
    func pathLocation(at p: Double, in measure: BezierPath.Measure) -> (segment: Int, parameter: Double) {
        switch calculationMode {
        case .paced, .cubicPaced:
            return measure.location(atLength: p * measure.length) ?? (0, 0)
        case .discrete:
            let k = discreteIndex(at: p)
            return k == 0 ? (0, 0) : (k - 1, 1)
        case .linear, .cubic:
            let (i, f) = span(at: p)
            return (i, measure.parameter(inSegment: i, atFraction: eased(f, segment: i)))
        }
    }
}
