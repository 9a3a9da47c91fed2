import RealModule

extension KeyframeSampler {
    /// The `cubic` and `cubicPaced` curve: a Kochanek–Bartels (TCB) cubic Hermite spline through
    /// every value, which is Catmull–Rom when tension, continuity and bias are all 0
    /// (A/quartzcore/caanimationcalculationmode/cubic; reference §4.5).
    ///
    /// Segment i runs from p(i) to p(i+1) over a local parameter u ∈ [0, 1]:
    ///
    ///     P(u) = h00(u)·p(i) + h10(u)·out(i) + h01(u)·p(i+1) + h11(u)·in(i+1)
    ///     h00 = 2u³ − 3u² + 1,  h10 = u³ − 2u² + u,  h01 = −2u³ + 3u²,  h11 = u³ − u²
    ///
    /// With Δ₋ = p(k) − p(k−1) and Δ₊ = p(k+1) − p(k), key k's tangents are Kochanek and Bartels'
    /// (SIGGRAPH 1984; as on Wikipedia's "Kochanek–Bartels spline"):
    ///
    ///     out(k) = (1−t)/2 · [(1+b)(1−c)·Δ₋ + (1−b)(1+c)·Δ₊] · 2N₊/(N₋ + N₊)
    ///     in(k)  = (1−t)/2 · [(1+b)(1+c)·Δ₋ + (1−b)(1−c)·Δ₊] · 2N₋/(N₋ + N₊)
    ///
    /// where N₋ and N₊ are the durations (key time spans) of the segments before and after key k:
    /// the standard non-uniform correction, which makes the velocity in time continuous across a
    /// key however unevenly the key times are spaced (C1 in time when c = 0 and no per-segment
    /// timing functions bend it).
    ///
    /// Choices where Apple is silent:
    /// - Signs: tension as KB (+1 tight: tangents 0, each segment a smoothstep; −1 round) and bias
    ///   as KB (+1 leans the tangent towards the incoming chord, the "follow-through"). Continuity
    ///   takes the sign Apple documents, "positive values indicate sharper corners": +1 makes the
    ///   curve arrive along the incoming chord and leave along the outgoing one, which is KB's c = −1.
    /// - The ends duplicate the end points (p(−1) = p(0), p(n) = p(n−1)), so the end chords count
    ///   as zero and the spline starts and ends with half the first and last chord as tangent
    ///   (Catmull–Rom), with the missing neighbour's duration taken equal to the one present.
    /// - Built only from AnimationValue's +, − and ×, so it works for numbers, points, sizes, rects
    ///   and colors. Transforms (whose + is concatenation) have no spline: cubic modes interpolate
    ///   them as `linear` and `paced` do.
    /// - `cubicPaced` ignores key times, so its spline is the one `cubic` draws with evenly spaced
    ///   key times, traversed at constant speed.
    ///
    /// Constant speed: at init the arc length ∫|P′(u)|du (in the kind's `animationDistance`
    /// metric) is integrated by adaptive Gauss–Legendre at `nodesPerSegment` steps of each
    /// segment; a sample finds its step by binary search and solves for u by Newton's method, so
    /// equal progress covers equal arc length to about 1e-10.
    struct CubicSpline: Sendable {
        let points: [AnimationValue]
        /// Each key's tangent leaving it, in the units of one segment's u.
        let outgoing: [AnimationValue]
        /// Each key's tangent arriving at it.
        let incoming: [AnimationValue]
        /// cubicPaced only: the running arc length at u = j / nodesPerSegment in each segment,
        /// (points − 1) · nodesPerSegment + 1 entries; empty otherwise.
        let nodes: [Double]
        /// cubicPaced only: the total arc length.
        let length: Double

        static let nodesPerSegment = 16

        init(values: [AnimationValue], keyTimes: [Double], tension: [Double], continuity: [Double], bias: [Double],
             paced: Bool) {
            let n = values.count
            let zero = AnimationValue.zero(values[0].kind)
            var outgoing: [AnimationValue] = [], incoming: [AnimationValue] = []
            outgoing.reserveCapacity(n)
            incoming.reserveCapacity(n)
            for k in 0..<n {
                let before = k > 0 ? values[k] - values[k - 1] : zero
                let after = k < n - 1 ? values[k + 1] - values[k] : zero
                let spanBefore = k > 0 ? keyTimes[k] - keyTimes[k - 1] : keyTimes[k + 1] - keyTimes[k]
                let spanAfter = k < n - 1 ? keyTimes[k + 1] - keyTimes[k] : spanBefore
                let sum = spanBefore + spanAfter
                let (outScale, inScale) = sum > 0 ? (2 * spanAfter / sum, 2 * spanBefore / sum) : (1, 1)
                let (t, c, b) = (tension[k], continuity[k], bias[k])
                let h = (1 - t) / 2
                outgoing.append((before * (h * (1 + b) * (1 - c)) + after * (h * (1 - b) * (1 + c))) * outScale)
                incoming.append((before * (h * (1 + b) * (1 + c)) + after * (h * (1 - b) * (1 - c))) * inScale)
            }
            self.points = values
            self.outgoing = outgoing
            self.incoming = incoming
            guard paced else {
                self.nodes = []
                self.length = 0
                return
            }
            let k = CubicSpline.nodesPerSegment
            var nodes = [0.0]
            nodes.reserveCapacity((n - 1) * k + 1)
            for i in 0..<(n - 1) {
                for j in 0..<k {
                    let (u0, u1) = (Double(j) / Double(k), Double(j + 1) / Double(k))
                    let piece = ArcLength.integrate(from: u0, to: u1, relativeTolerance: 1e-10) {
                        CubicSpline.speed(values[i], values[i + 1], outgoing[i], incoming[i + 1], at: $0)
                    }
                    nodes.append(nodes[nodes.count - 1] + piece)
                }
            }
            self.nodes = nodes
            self.length = nodes[nodes.count - 1]
        }

        /// The spline on segment i at local parameter u (exactly the values at u = 0 and 1).
        func value(segment i: Int, at u: Double) -> AnimationValue {
            if u == 0 { return points[i] }
            if u == 1 { return points[i + 1] }
            let (u2, u3) = (u * u, u * u * u)
            return points[i] * (2 * u3 - 3 * u2 + 1) + outgoing[i] * (u3 - 2 * u2 + u)
                + points[i + 1] * (3 * u2 - 2 * u3) + incoming[i + 1] * (u3 - u2)
        }

        /// dP/du on segment i: the velocity in value units per unit of u.
        func velocity(segment i: Int, at u: Double) -> AnimationValue {
            CubicSpline.velocity(points[i], points[i + 1], outgoing[i], incoming[i + 1], at: u)
        }

        static func velocity(
            _ p0: AnimationValue, _ p1: AnimationValue, _ m0: AnimationValue, _ m1: AnimationValue, at u: Double
        ) -> AnimationValue {
            let u2 = u * u
            return (p1 - p0) * (6 * u - 6 * u2) + m0 * (3 * u2 - 4 * u + 1) + m1 * (3 * u2 - 2 * u)
        }

        static func speed(
            _ p0: AnimationValue, _ p1: AnimationValue, _ m0: AnimationValue, _ m1: AnimationValue, at u: Double
        ) -> Double {
            magnitude(velocity(p0, p1, m0, m1, at: u))
        }

        /// Where cubicPaced is at progress p: the segment and its u at which the arc length from
        /// the start is p · length. A spline of zero length (all values equal) is spaced evenly.
        func pacedLocation(at p: Double) -> (segment: Int, parameter: Double) {
            let segments = points.count - 1
            guard length > 0 else {
                let x = p * Double(segments)
                let i = Swift.min(Int(saturating: x), segments - 1)
                return (i, Swift.min(x - Double(i), 1))
            }
            let target = p * length
            if target >= length { return (segments - 1, 1) }
            // The last node at or before the target (not the very last node).
            var low = 0, high = nodes.count - 2
            while low < high {
                let mid = (low + high + 1) / 2
                if nodes[mid] <= target { low = mid } else { high = mid - 1 }
            }
            let k = CubicSpline.nodesPerSegment
            let (i, j) = (low / k, low % k)
            let (u0, u1) = (Double(j) / Double(k), j + 1 == k ? 1 : Double(j + 1) / Double(k))
            let (s0, s1) = (nodes[low], nodes[low + 1])
            let (p0, p1, m0, m1) = (points[i], points[i + 1], outgoing[i], incoming[i + 1])
            let u = ArcLength.invert(
                target, from: u0, to: u1, lengths: s0, s1,
                length: { a, b in
                    ArcLength.integrate(from: a, to: b, relativeTolerance: 1e-10) { CubicSpline.speed(p0, p1, m0, m1, at: $0) }
                },
                speed: { CubicSpline.speed(p0, p1, m0, m1, at: $0) })
            return (i, u)
        }

        /// The size of a difference of values in the metric `animationDistance` uses (Euclidean
        /// over the components), computed here without the array the general norm builds, since it
        /// runs per sample. Transforms never reach a spline.
        static func magnitude(_ value: AnimationValue) -> Double {
            switch value {
            case let .scalar(x): Swift.abs(x)
            case let .point(p): Double.hypot(p.x, p.y)
            case let .size(s): Double.hypot(s.width, s.height)
            case let .rect(r):
                Double.hypot(Double.hypot(r.origin.x, r.origin.y), Double.hypot(r.size.width, r.size.height))
            case let .color(c): Double.hypot(Double.hypot(c.red, c.green), Double.hypot(c.blue, c.alpha))
            case .transform, .path: 0
            case .colors, .numbers: value.listDistance(to: .zero(value.kind))
            }
        }
    }
}
