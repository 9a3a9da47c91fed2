/// A timing curve: maps a time fraction to progress.
///
/// This is the one protocol behind every easing in Choreo — cubic Béziers, springs, steps,
/// piecewise-linear curves, reversed and mirrored curves, and the providers scripts and plugins
/// register. Like Flutter's `Curve.transform`, a conforming type implements only the inside of
/// the curve; the endpoints and argument handling live once, in the extension below.
///
///     let curve = CubicBezierCurve.easeInOut
///     curve.progress(at: 0.5)   // 0.5
///     curve.velocity(at: 0)     // 0 — an ease starts at rest
///
/// Contract:
/// - Time `t` and progress are fractions: 0 is the start of the animation, 1 its end. Progress may
///   leave 0...1 in between (overshooting Béziers, springs). `progress(at:)` is exactly 1 at t ≥ 1:
///   an animation ends on its to-value. At t ≤ 0 it is the curve's start value, `progress(within: 0)`,
///   which is exactly 0 for every curve except those CSS defines otherwise (`steps(n, jump-start)`
///   starts at 1/n; `linear(0.2, 1)` starts at 0.2).
/// - `velocity(at:)` is d progress / d t in fractions per fraction (multiply by the distance and
///   divide by the duration for units per second). Curves that know it analytically provide it;
///   the rest get a central finite difference.
/// - A curve with its own `duration` (a physics spring) defines how long it lasts, in seconds;
///   `t` then spans that duration. Others return `nil` and take the animation's duration.
/// - NaN time is treated as the start (progress 0): a NaN never reaches a presentation value.
/// - A curve whose shape depends on the duration it is given (UIKit's damping-ratio spring,
///   `FittedSpringCurve`) says so in `resolved(forDuration:)`. Core resolves it once, where the
///   duration becomes known: when an animation is added (`Layer.add`), when an `Animator` is made
///   or continued, when `AnimationTraits` take it; bindings and callers only pass it along.
public protocol TimingCurve: Sendable {
    /// Progress at `t`, called only with 0 ≤ t < 1.
    func progress(within t: Double) -> Double

    /// Velocity (d progress / d t) at `t`, called with 0 ≤ t ≤ 1; `nil` when not known in closed form.
    func velocity(within t: Double) -> Double?

    /// The curve's own duration in seconds, for curves that define one (physics); `nil` otherwise.
    var duration: Double? { get }

    /// The cubic Bézier this curve is, seen through wrappers; `nil` for other curves. The frame
    /// loop evaluates cubic curves without dynamic dispatch and shares their values.
    var cubicBezier: CubicBezierCurve? { get }

    /// The curve this one becomes in an animation lasting `duration` seconds, for a curve whose
    /// shape depends on the duration it is given; `nil` (the default) for every other curve,
    /// which is used as it is.
    ///
    ///     let spring = try FittedSpringCurve(dampingRatio: 0.5)
    ///     try spring.resolved(forDuration: 2)            // SpringCurve(dampingRatio: 0.5, duration: 2)
    ///     try CubicBezierCurve.easeIn.resolved(forDuration: 2)   // nil: easeIn itself
    ///
    /// Wrappers that stand for their base (`AnyTimingCurve`) forward it. `duration` is the
    /// animation's duration after its default is applied (`MediaTiming.resolvingDefaultDuration`).
    ///
    /// - Throws: `ArgumentError` when the curve cannot be fitted to `duration` (for a spring,
    ///   outside `NumberLimits.springSeconds`).
    func resolved(forDuration duration: Double) throws(ArgumentError) -> (any TimingCurve)?
}

extension TimingCurve {
    public func velocity(within t: Double) -> Double? { nil }
    public var duration: Double? { nil }
    public var cubicBezier: CubicBezierCurve? { nil }
    public func resolved(forDuration duration: Double) throws(ArgumentError) -> (any TimingCurve)? { nil }

    /// Progress at time fraction `t`: the start value at t ≤ 0 (and NaN), exactly 1 at t ≥ 1.
    @inlinable
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return progress(within: 0) }
        guard t < 1 else { return 1 }
        return progress(within: t)
    }

    /// Velocity at time fraction `t`, clamped into 0...1; analytic where the curve knows it, else a
    /// central finite difference (one-sided at the ends).
    public func velocity(at t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        if let v = velocity(within: t) { return v }
        let h = 1e-6
        let a = max(t - h, 0), b = min(t + h, 1)
        return (progress(at: b) - progress(at: a)) / (b - a)
    }
}
