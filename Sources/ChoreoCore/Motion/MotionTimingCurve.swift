/// The timing curve of `AnimationTraits`: a cubic Bézier, a spring whose initial velocity is in
/// absolute units, or any other curve (scripts may use any curve object).
///
/// Cubic and spring curves are data: they round-trip through JSON motion specs. A `custom`
/// curve (a plugin provider, a Lua function, a physics spring object) runs like a cubic one —
/// as the animation's timing function over `duration` — but cannot be written to a spec.
public enum MotionTimingCurve: Equatable, Sendable {
    case cubic(CubicBezierCurve)
    case spring(SpringTimingCurveGenerator)
    case custom(any TimingCurve)

    /// Cubic and spring curves compare by value; custom curves are equal only when they are the
    /// same object (a curve of a value type is never equal to another custom curve).
    public static func == (lhs: MotionTimingCurve, rhs: MotionTimingCurve) -> Bool {
        switch (lhs, rhs) {
        case let (.cubic(a), .cubic(b)): a == b
        case let (.spring(a), .spring(b)): a == b
        case let (.custom(a), .custom(b)): type(of: a) is AnyClass && (a as AnyObject) === (b as AnyObject)
        default: false
        }
    }
}

extension MotionTimingCurve {
    /// Any curve as a traits curve for traits lasting `duration` seconds: `.cubic` when it is a
    /// cubic Bézier underneath (through `AnyTimingCurve` and other wrappers that stand for their
    /// base), so that a motion spec can hold it; otherwise `.custom`, with a curve whose shape
    /// depends on the duration (a damping-ratio spring) fitted to `duration`.
    ///
    ///     try MotionTimingCurve(CubicBezierCurve.easeOut, duration: 0.3)                   // .cubic(.easeOut)
    ///     try MotionTimingCurve(FittedSpringCurve(dampingRatio: 0.5), duration: 0.3)   // .custom(fitted to 0.3 s)
    ///
    /// - Throws: `ArgumentError` naming `timingCurve` when the curve must be fitted and
    ///   `duration` is not > 0, and the fit's error for a duration it cannot take.
    public init(_ curve: any TimingCurve, duration: Double) throws(ArgumentError) {
        if let cubic = curve.cubicBezier {
            self = .cubic(cubic)
            return
        }
        do throws(ArgumentError) {
            self = .custom(try curve.resolved(forDuration: duration) ?? curve)
        } catch {
            guard duration > 0 else {
                throw ArgumentError(
                    parameter: "timingCurve", requirement: "needs a duration > 0 to fit a damping-ratio spring to",
                    value: duration)
            }
            throw error
        }
    }
}

/// A spring described the way a gesture hands it over: Material Motion's
/// `MDMSpringTimingCurveGenerator(duration:dampingRatio:initialVelocity:)`.
///
/// The spring is UIKit's duration-fitted one (`SpringParameters(dampingRatio:duration:)`), and its
/// initial velocity is **absolute**, in units of the animated value per second (points per second
/// for positions), positive in the direction of the motion (from → to), as a pan gesture's
/// `velocity(in:)` reports it. Core Animation wants it normalised by the displacement (1 = the
/// whole distance in one second); `normalizedVelocity(displacement:)` does that:
///
///     let fling = try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8, initialVelocity: 1200)
///     fling.normalizedVelocity(displacement: 300)   // 4: the spring starts at 4 distances per second
///
/// A spring animation lasts until the spring settles (its `settlingDuration`), as Material
/// Motion's does; `duration` only fits the spring's stiffness.
public struct SpringTimingCurveGenerator: Hashable, Sendable {
    /// Seconds the spring is fitted to settle in, from rest (> 0).
    public var duration: Double
    /// ζ: 1 critically damped, < 1 bouncy, > 1 overdamped (≥ 0).
    public var dampingRatio: Double
    /// Value units per second (points/s for positions), positive along from → to.
    public var initialVelocity: Double

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) throws(ArgumentError) {
        self.duration = duration
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        try validate()
    }

    /// Checks every field, naming the first that is out of its domain.
    public func validate() throws(ArgumentError) {
        _ = try requirePositive(duration, "timingCurve.duration")
        _ = try requireNonNegative(dampingRatio, "timingCurve.dampingRatio")
        _ = try requireFinite(initialVelocity, "timingCurve.initialVelocity")
    }

    /// The fitted spring's mass, stiffness and damping.
    public func springParameters() throws(ArgumentError) -> SpringParameters {
        try SpringParameters(dampingRatio: dampingRatio, duration: duration)
    }

    /// The initial velocity in displacements per second (Core Animation's unit):
    /// `initialVelocity / displacement`, and 0 when the displacement is (nearly) zero, where no
    /// finite normalised velocity exists (Material Motion's threshold: |displacement| ≤ 1e-5).
    public func normalizedVelocity(displacement: Double) -> Double {
        guard abs(displacement) > 1e-5, displacement.isFinite else { return 0 }
        return initialVelocity / displacement
    }
}
