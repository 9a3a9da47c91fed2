/// A cubic Bézier timing curve from (0, 0) to (1, 1): CAMediaTimingFunction and CSS `cubic-bezier()`.
///
/// The two inner control points shape the curve; their x must stay in 0...1 (so time only moves
/// forward), their y may leave 0...1 for curves that overshoot, like (0.57, −0.4, 0.96, 0.87).
///
///     let curve = try CubicBezierCurve(0.25, 0.1, 0.25, 1)   // CAMediaTimingFunction "default"
///     curve.progress(at: 0.5)                               // 0.8024033877399112
///
/// The solver is Chromium's kind (`gfx::CubicBezier`): polynomial coefficients computed once and
/// evaluated by Horner's rule; x(s) = t is solved for the curve parameter s by Newton's method,
/// seeded from 11 precomputed samples of x, with bisection as the fallback; then progress = y(s).
/// Newton stops when its step in s is below `parameterEpsilon`, which bounds the error in y by
/// max|dy/ds| · 1e-10 < 1e-9 — also on steep parts, where a tolerance on x alone would not.
///
/// Contract: progress error ≤ 1e-7 (in practice ≤ 1e-9) for every t in 0...1; evaluation does not
/// allocate; t outside 0...1 is clamped by `progress(at:)`. The one exception is inherent to double
/// precision: where the curve has a vertical tangent inside (x control points 1 and 0, as in
/// (1, 0, 0, 1)), x(s) is flat to third order, so one ulp of t moves the exact progress by ~5e-6;
/// there the error is at that level, for this solver and any other working in doubles.
public struct CubicBezierCurve: TimingCurve, Hashable {
    /// The control points as given: (c1x, c1y), (c2x, c2y).
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    // x(s) = ((ax·s + bx)·s + cx)·s, and the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// dy/dx at t = 0 and t = 1, by Chromium's rules for vertical or degenerate tangents.
    private let startGradient: Double, endGradient: Double
    /// x(s) at s = 0, 0.1, ..., 1: the Newton seeds.
    private let samples: InlineArray<11, Double>
    /// Control points on the diagonal make x(s) = y(s): the identity curve, solved by no work.
    private let isLinear: Bool

    /// Newton stops when its step in the curve parameter is smaller than this.
    static let parameterEpsilon = 1e-10

    /// Creates the curve, checking that the control points' x are within 0...1 and their y within
    /// ±1e6 (the curve's progress stays within its control points' y).
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws(ArgumentError) {
        self.init(
            uncheckedC1x: try requireInRange(c1x, 0...1, "controlPoint1.x"),
            c1y: try requireProgress(c1y, "controlPoint1.y"),
            c2x: try requireInRange(c2x, 0...1, "controlPoint2.x"),
            c2y: try requireProgress(c2y, "controlPoint2.y"))
    }

    /// Creates a curve from control points known to be valid (the named presets).
    init(uncheckedC1x c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by

        if c1x > 0 {
            startGradient = c1y / c1x
        } else if c1y == 0 && c2x > 0 {
            startGradient = c2y / c2x
        } else if c1y == 0 && c2y == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if c2x < 1 {
            endGradient = (c2y - 1) / (c2x - 1)
        } else if c2y == 1 && c1x < 1 {
            endGradient = (c1y - 1) / (c1x - 1)
        } else if c2y == 1 && c1y == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }

        isLinear = c1x == c1y && c2x == c2y
        var samples = InlineArray<11, Double>(repeating: 0)
        for i in 0..<11 {
            let s = Double(i) / 10
            samples[i] = ((ax * s + bx) * s + cx) * s
        }
        self.samples = samples
    }

    /// The four control points as CAMediaTimingFunction's `getControlPoint(at:)` returns them:
    /// index 0 is (0, 0), 1 and 2 the inner points, 3 is (1, 1).
    public func controlPoint(at index: Int) -> (x: Double, y: Double)? {
        switch index {
        case 0: return (0, 0)
        case 1: return (c1x, c1y)
        case 2: return (c2x, c2y)
        case 3: return (1, 1)
        default: return nil
        }
    }

    @inline(__always) private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inline(__always) private func sampleDerivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s in 0...1 with x(s) = x.
    ///
    /// Always inlined into its two callers: called, it takes `self` by value, so the witnesses
    /// through which `any TimingCurve` reaches `progress(within:)` copied all 185 bytes of the
    /// curve to the stack on every call (51 ns an evaluation where the C twin takes 28).
    @inline(__always) func solveParameter(forX x: Double) -> Double {
        // Seed: linear interpolation between the two samples around x. The loop carries the two
        // samples rather than reading samples[i - 1] and samples[i] after it: once it is unrolled
        // every index is a constant, where a variable index copies the InlineArray to the stack
        // (Swift 6.3).
        var i = 1
        var x0 = samples[0], x1 = samples[1]
        for k in 2...10 {
            guard x1 < x else { break }
            i = k; x0 = x1; x1 = samples[k]
        }
        var s = (Double(i - 1) + (x1 > x0 ? (x - x0) / (x1 - x0) : 0)) / 10

        for _ in 0..<8 {
            let dx = sampleDerivativeX(s)
            if abs(dx) < 1e-7 { break }
            let step = (sampleX(s) - x) / dx
            s -= step
            if abs(step) < Self.parameterEpsilon {
                if s >= 0 && s <= 1 { return s }
                break
            }
        }

        // Bisection: x(s) is monotone because both x control points are within 0...1.
        var lo = 0.0, hi = 1.0
        s = x
        while hi - lo > Self.parameterEpsilon {
            let value = sampleX(s)
            if value == x { return s }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    public var cubicBezier: CubicBezierCurve? { self }

    public func progress(within t: Double) -> Double {
        if isLinear { return t }
        return sampleY(solveParameter(forX: t))
    }

    public func velocity(within t: Double) -> Double? {
        if isLinear { return 1 }
        if t <= 0 { return startGradient }
        if t >= 1 { return endGradient }
        let s = solveParameter(forX: t)
        return sampleDerivativeY(s) / max(sampleDerivativeX(s), 1e-12)
    }
}

extension CubicBezierCurve {
    /// Two curves are equal when their control points are: everything else derives from them.
    public static func == (a: CubicBezierCurve, b: CubicBezierCurve) -> Bool {
        a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x); hasher.combine(c1y); hasher.combine(c2x); hasher.combine(c2y)
    }
}

extension CubicBezierCurve {
    /// `linear`: control points (0, 0), (1, 1) — constant speed.
    public static let linear = CubicBezierCurve(uncheckedC1x: 0, c1y: 0, c2x: 1, c2y: 1)
    /// `easeIn`: (0.42, 0), (1, 1) — starts slowly, ends at full speed.
    public static let easeIn = CubicBezierCurve(uncheckedC1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
    /// `easeOut`: (0, 0), (0.58, 1) — starts at full speed, slows to rest.
    public static let easeOut = CubicBezierCurve(uncheckedC1x: 0, c1y: 0, c2x: 0.58, c2y: 1)
    /// `easeInOut` (`easeInEaseOut`): (0.42, 0), (0.58, 1) — slow at both ends; UIKit's default curve.
    public static let easeInOut = CubicBezierCurve(uncheckedC1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
    /// `default`: (0.25, 0.1), (0.25, 1) — Core Animation's default timing function, a gentler ease.
    public static let `default` = CubicBezierCurve(uncheckedC1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)
}
