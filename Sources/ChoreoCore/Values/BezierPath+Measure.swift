import RealModule

// Arc length and cutting: how long a path is, where a point a given distance along it lies, how a
// segment splits (de Casteljau), and the part of a path between two fractions of its length
// (CAShapeLayer's strokeStart and strokeEnd).

extension BezierPath {
    /// The total arc length of the path's segments, in points (moves add nothing).
    public var length: Double { Measure(self).length }

    /// The point `distance` along the path (clamped into 0...length) and the unit direction of
    /// motion there. See `Measure.position(atLength:)`.
    public func position(atLength distance: Double) -> (point: Point, tangent: Vector) {
        Measure(self).position(atLength: distance)
    }

    /// The part of the path between two fractions of its length: what CAShapeLayer strokes for
    /// `strokeStart = start` and `strokeEnd = end`.
    ///
    ///     let circle = BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))
    ///     circle.trimmed(from: 0, to: 0.25)   // the first quarter arc, as one cubic
    ///
    /// Curves are cut exactly, by de Casteljau subdivision at the parameters where the arc length
    /// reaches the two distances, so the pieces lie on the original curves. A run of segments of
    /// one subpath stays one subpath (a move, then the pieces); a subpath kept whole from its
    /// start through its `close` stays closed, so the stroke joins there as it did.
    ///
    /// Fractions are clamped into 0...1. `start ≥ end`, NaN, or a path of zero length gives an
    /// empty path (CAShapeLayer draws nothing); 0 and 1 give the path itself, elements unchanged.
    public func trimmed(from start: Double, to end: Double) -> BezierPath {
        guard !start.isNaN, !end.isNaN else { return BezierPath() }
        let (a, b) = (Swift.max(start, 0), Swift.min(end, 1))
        if a <= 0, b >= 1 { return self }
        guard a < b else { return BezierPath() }
        let measure = Measure(self)
        guard measure.length > 0 else { return BezierPath() }
        let (s0, s1) = (a * measure.length, b * measure.length)
        var result = BezierPath()
        var previous = -2
        var keepsSubpathStart = false
        for i in measure.segments.indices {
            let (from, to) = (measure.starts[i], measure.starts[i + 1])
            if to < s0 { continue }
            if from > s1 { break }
            // A segment with length must overlap the range; a point-like one must lie inside it.
            if to > from, Swift.min(to, s1) <= Swift.max(from, s0) { continue }
            let t0 = from >= s0 ? 0 : measure.parameter(inSegment: i, atLength: s0 - from)
            let t1 = to <= s1 ? 1 : measure.parameter(inSegment: i, atLength: s1 - from)
            let piece = measure.segments[i].subsegment(from: t0, to: t1)
            if previous != i - 1 || measure.startsSubpath[i] {
                result.move(to: piece.start)
                keepsSubpathStart = t0 == 0 && measure.startsSubpath[i]
            }
            if measure.closesSubpath[i], t1 == 1, keepsSubpathStart {
                result.closeSubpath()
            } else {
                result.elements.append(piece.element)
            }
            previous = i
        }
        return result
    }
}

extension BezierPath.Segment {
    /// The segment cut at `t` into the parts before and after, by de Casteljau's construction
    /// (exact: both parts trace the same curve, and they share the split point).
    public func split(at t: Double) -> (Self, Self) {
        switch self {
        case let .line(p0, p1):
            let m = p0.interpolated(to: p1, fraction: t)
            return (.line(from: p0, to: m), .line(from: m, to: p1))
        case let .quadCurve(p0, c, p1):
            let (a, b) = (p0.interpolated(to: c, fraction: t), c.interpolated(to: p1, fraction: t))
            let m = a.interpolated(to: b, fraction: t)
            return (.quadCurve(from: p0, control: a, to: m), .quadCurve(from: m, control: b, to: p1))
        case let .curve(p0, c1, c2, p1):
            let a = p0.interpolated(to: c1, fraction: t)
            let b = c1.interpolated(to: c2, fraction: t)
            let c = c2.interpolated(to: p1, fraction: t)
            let ab = a.interpolated(to: b, fraction: t), bc = b.interpolated(to: c, fraction: t)
            let m = ab.interpolated(to: bc, fraction: t)
            return (.curve(from: p0, control1: a, control2: ab, to: m), .curve(from: m, control1: bc, control2: c, to: p1))
        }
    }

    /// The part of the segment between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1), by two
    /// de Casteljau splits. Its ends are exactly this segment's where t0 = 0 or t1 = 1.
    public func subsegment(from t0: Double, to t1: Double) -> Self {
        var piece = self
        if t1 < 1 { piece = piece.split(at: t1).0 }
        if t0 > 0 { piece = piece.split(at: t1 < 1 ? t0 / t1 : t0).1 }
        return piece
    }

    /// The arc length of the segment, in points. Lines are exact (a hypotenuse); curves are
    /// integrated as `ArcLength.integrate` describes (adaptive Gauss–Legendre to 1e-10 of the
    /// control polygon's length).
    public var length: Double { length(from: 0, to: 1) }

    /// The arc length between parameters `t0` and `t1`.
    public func length(from t0: Double, to t1: Double) -> Double {
        if case let .line(p0, p1) = self { return p0.animationDistance(to: p1) * (t1 - t0) }
        return ArcLength.integrate(from: t0, to: t1, tolerance: 1e-10 * controlPolygonLength) {
            derivative(at: $0).magnitude
        }
    }

    /// The parameter t at which the arc length from the start reaches `distance` (clamped into
    /// 0...length): Newton's method on the arc length, safeguarded by bisection.
    public func parameter(atLength distance: Double) -> Double {
        let total = length
        guard total > 0, distance > 0 else { return 0 }
        guard distance < total else { return 1 }
        if case .line = self { return distance / total }
        return ArcLength.invert(distance, from: 0, to: 1, lengths: 0, total,
                                length: { length(from: $0, to: $1) }, speed: { derivative(at: $0).magnitude })
    }
}

extension BezierPath {
    /// A path measured once, for repeated queries: the keyframe sampler's per-frame lookups.
    ///
    ///     let measure = BezierPath.Measure(BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 2, height: 2)))
    ///     measure.length                          // 6.2832… (2π within 2e-4)
    ///     measure.position(atLength: .pi / 2)     // ≈ (1, 2), heading (-1, 0)
    ///
    /// Each curve is integrated at init on `nodesPerSegment` equal steps of its parameter; a query
    /// finds the step by binary search over the running lengths (O(log n)) and solves inside it
    /// with Newton's method, without allocating.
    public struct Measure: Sendable {
        /// The path's segments in drawing order.
        public let segments: [Segment]
        /// The arc length of each segment, in points.
        public let segmentLengths: [Double]
        /// The total arc length, in points.
        public let length: Double
        /// The arc length at each segment's start; one more entry, the total, at the end.
        let starts: [Double]
        /// Whether each segment is the first since a move or a close.
        let startsSubpath: [Bool]
        /// Whether each segment is the line a `close` draws.
        let closesSubpath: [Bool]
        /// For each segment, the arc length from its start at t = j / nodesPerSegment, j = 0...n.
        let nodes: [Double]
        /// The direction a point-like segment reports: the heading the path had when it got there
        /// (the last segment with length before it), else the one it will leave with.
        let headings: [Vector]

        static let nodesPerSegment = 8

        public init(_ path: BezierPath) {
            var segments: [Segment] = [], startsSubpath: [Bool] = [], closesSubpath: [Bool] = []
            path.forEachSegment { segment, starts, closes in
                segments.append(segment)
                startsSubpath.append(starts)
                closesSubpath.append(closes)
            }
            let k = Measure.nodesPerSegment
            var nodes: [Double] = []
            nodes.reserveCapacity(segments.count * (k + 1))
            var lengths: [Double] = [], starts: [Double] = [0]
            for segment in segments {
                var sum = 0.0
                nodes.append(0)
                for j in 0..<k {
                    sum += segment.length(from: Double(j) / Double(k), to: Double(j + 1) / Double(k))
                    nodes.append(sum)
                }
                if case .line = segment { sum = segment.length }   // exact, not a sum of eighths
                nodes[nodes.count - 1] = sum
                lengths.append(sum)
                starts.append(starts[starts.count - 1] + sum)
            }
            var headings = [Vector](repeating: .zero, count: segments.count)
            var last: Vector? = nil
            for i in segments.indices {
                if lengths[i] > 0 { last = segments[i].tangent(at: 1) } else if let last { headings[i] = last }
            }
            var next: Vector? = nil
            for i in segments.indices.reversed() {
                if lengths[i] > 0 { next = segments[i].tangent(at: 0) } else if headings[i] == .zero, let next { headings[i] = next }
            }
            self.segments = segments
            self.segmentLengths = lengths
            self.starts = starts
            self.length = starts[starts.count - 1]
            self.startsSubpath = startsSubpath
            self.closesSubpath = closesSubpath
            self.nodes = nodes
            self.headings = headings
        }

        /// Where the point `distance` along the path lies: a segment index and its parameter t.
        /// The distance is clamped into 0...length; a distance where a segment ends and the next
        /// begins gives the end of the first, point-like segments are passed over, and the total
        /// length gives the last segment's end. `nil` for a path with no segments.
        public func location(atLength distance: Double) -> (segment: Int, parameter: Double)? {
            guard !segments.isEmpty else { return nil }
            let s = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), length)
            // The very end is the last segment's end, even past point-like segments in a new subpath.
            if s >= length { return (segments.count - 1, 1) }
            // The first segment whose end reaches s.
            var low = 0, high = segments.count - 1
            while low < high {
                let mid = (low + high) / 2
                if starts[mid + 1] >= s { high = mid } else { low = mid + 1 }
            }
            var i = low
            while segmentLengths[i] == 0, i + 1 < segments.count, starts[i + 1] <= s { i += 1 }
            return (i, parameter(inSegment: i, atLength: s - starts[i]))
        }

        /// The parameter t of segment `index` at `fraction` of its arc length (clamped into 0...1;
        /// exactly 0 and 1 at the ends).
        public func parameter(inSegment index: Int, atFraction fraction: Double) -> Double {
            parameter(inSegment: index, atLength: fraction * segmentLengths[index])
        }

        /// The parameter t of segment `index` where the arc length from its start is `distance`.
        func parameter(inSegment index: Int, atLength distance: Double) -> Double {
            let total = segmentLengths[index]
            guard total > 0, distance > 0 else { return 0 }
            guard distance < total else { return 1 }
            let segment = segments[index]
            if case .line = segment { return distance / total }
            // The last node at or before the distance, among this segment's k + 1.
            let k = Measure.nodesPerSegment, base = index * (k + 1)
            var j = 0
            while j + 1 < k, nodes[base + j + 1] <= distance { j += 1 }
            let t0 = Double(j) / Double(k), t1 = Double(j + 1) / Double(k)
            return ArcLength.invert(distance, from: t0, to: t1, lengths: nodes[base + j], nodes[base + j + 1],
                                    length: { segment.length(from: $0, to: $1) },
                                    speed: { segment.derivative(at: $0).magnitude })
        }

        /// The point at a location.
        public func point(at location: (segment: Int, parameter: Double)) -> Point {
            segments[location.segment].point(at: location.parameter)
        }

        /// The unit direction of motion at a location; a point-like segment reports the heading
        /// the path had when it got there (or, at its start, the one it leaves with).
        public func tangent(at location: (segment: Int, parameter: Double)) -> Vector {
            guard segmentLengths[location.segment] > 0 else { return headings[location.segment] }
            return segments[location.segment].tangent(at: location.parameter)
        }

        /// The point `distance` along the path and the unit direction of motion there; the
        /// origin and `.zero` for a path with no segments.
        public func position(atLength distance: Double) -> (point: Point, tangent: Vector) {
            guard let location = location(atLength: distance) else { return (.zero, .zero) }
            return (point(at: location), tangent(at: location))
        }
    }
}

/// Arc length by quadrature, and its inverse: shared by path measuring and cubicPaced keyframes.
///
/// The length of a curve is ∫ |B′(t)| dt. `integrate` applies 5-point Gauss–Legendre (exact for
/// polynomials of degree 9) on halves of the interval recursively until the two halves agree
/// with the whole to the tolerance (at most 24 levels, which only a cusp, where |B′| has a kink,
/// comes near). Callers pass 1e-10 of a length scale; since the halves are far more accurate
/// than the whole they are checked against, the result is well inside 1e-9 relative.
enum ArcLength {
    private static let nodes = (0.5384693101056831, 0.9061798459386640)
    private static let weights = (0.5688888888888889, 0.4786286704993665, 0.2369268850562069)

    /// 5-point Gauss–Legendre on [a, b].
    static func gaussLegendre(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let (m, h) = ((a + b) / 2, (b - a) / 2)
        let sum = weights.0 * f(m)
            + weights.1 * (f(m - h * nodes.0) + f(m + h * nodes.0))
            + weights.2 * (f(m - h * nodes.1) + f(m + h * nodes.1))
        return sum * h
    }

    /// ∫ f over [a, b], adaptive to an absolute `tolerance`.
    static func integrate(from a: Double, to b: Double, tolerance: Double, _ f: (Double) -> Double) -> Double {
        guard b > a else { return 0 }
        return refine(a, b, gaussLegendre(from: a, to: b, f), Swift.max(tolerance, 1e-300), 24, f)
    }

    /// ∫ f over [a, b], adaptive to `relativeTolerance` of a first estimate of the integral.
    static func integrate(from a: Double, to b: Double, relativeTolerance: Double, _ f: (Double) -> Double) -> Double {
        guard b > a else { return 0 }
        let whole = gaussLegendre(from: a, to: b, f)
        return refine(a, b, whole, Swift.max(relativeTolerance * Swift.abs(whole), 1e-300), 24, f)
    }

    private static func refine(
        _ a: Double, _ b: Double, _ whole: Double, _ tolerance: Double, _ depth: Int, _ f: (Double) -> Double
    ) -> Double {
        let m = (a + b) / 2
        let left = gaussLegendre(from: a, to: m, f), right = gaussLegendre(from: m, to: b, f)
        if depth == 0 || Swift.abs(left + right - whole) <= tolerance { return left + right }
        return refine(a, m, left, tolerance / 2, depth - 1, f) + refine(m, b, right, tolerance / 2, depth - 1, f)
    }

    /// The parameter u in [u0, u1] where the running length reaches `target`, given the lengths
    /// s0 at u0 and s1 at u1: Newton's method on s0 + length(u0, u) − target with the speed as
    /// derivative, kept inside a shrinking bracket by bisection when a step would leave it (zero
    /// speed, a kink). Converges to 1e-12 of the bracket's length in a few steps.
    static func invert(
        _ target: Double, from u0: Double, to u1: Double, lengths s0: Double, _ s1: Double,
        length: (Double, Double) -> Double, speed: (Double) -> Double
    ) -> Double {
        guard s1 > s0 else { return u0 }
        if target <= s0 { return u0 }
        if target >= s1 { return u1 }
        let tolerance = 1e-12 * Swift.max(s1 - s0, Swift.abs(s1))
        var (low, high) = (u0, u1)
        var u = u0 + (u1 - u0) * (target - s0) / (s1 - s0)
        for _ in 0..<60 {
            let error = s0 + length(u0, u) - target
            if Swift.abs(error) <= tolerance { break }
            if error > 0 { high = u } else { low = u }
            let v = speed(u)
            var next = v > 0 ? u - error / v : .nan
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == u || high - low <= 4 * u.ulp { break }
            u = next
        }
        return u
    }
}
