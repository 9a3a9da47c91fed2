/// UIKit's damping-ratio spring before it knows its duration: `UISpringTimingParameters(dampingRatio:
/// initialVelocity:)`, and `SpringTimingParameters.new{ dampingRatio = 0.5 }` in scripts.
///
/// UIKit's damping-ratio spring has no duration of its own: it runs for the duration of whatever
/// uses it. So this curve is a *description* that becomes a `SpringCurve(dampingRatio:duration:
/// initialVelocity:)` once that duration is known (`resolved(forDuration:)`). Core resolves it in
/// one place per use:
///
///     use                                      fitted to
///     ─────────────────────────────────────    ──────────────────────────────────────────────
///     an animation's timingFunction            the animation's duration, after its default
///       (Layer.add; the transaction's curve      (0 takes the transaction's, 0.25 s unless set;
///       when the animation has none)              a group child's 0 takes the group's)
///     a keyframe animation's segment curve     its segment's share of the duration (key times
///                                               as given, or evenly spaced)
///     Animator(duration:curve:)                the animator's duration
///     Animator.continueAnimation               the continuation's remaining time
///     AnimationTraits (MotionTimingCurve)      the traits' duration
///
///     let spring = try FittedSpringCurve(dampingRatio: 0.5)
///     let curve = try spring.fitted(toDuration: 2)   // settles exactly at 2 s when started from rest
///
/// Anywhere else — `progress(at:)` asked directly, or wrapped where nothing resolves it (reversed,
/// mirrored, baked) — it behaves as the spring fitted to **1 second**. Started from rest the shape
/// does not depend on the duration (the fit scales time only); with an initial velocity, in
/// progress per second, it does.
public struct FittedSpringCurve: TimingCurve, Hashable {
    /// ζ, as given (the fit uses at least `SpringParameters.minimumFittedDampingRatio`).
    public let dampingRatio: Double
    /// Progress per second at the start (UIKit's normalised velocity).
    public let initialVelocity: Double
    /// The spring fitted to 1 s, for uses that never fit it.
    private let unitSpring: SpringCurve

    /// Checks ζ (0...1000) and the velocity (finite) now, so that a bad spring is an error where
    /// it is made, not where it is used.
    public init(dampingRatio: Double, initialVelocity: Double = 0) throws(ArgumentError) {
        unitSpring = try SpringCurve(dampingRatio: dampingRatio, duration: 1, initialVelocity: initialVelocity)
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// The spring fitted to `duration` seconds (within `NumberLimits.springSeconds`).
    public func fitted(toDuration duration: Double) throws(ArgumentError) -> SpringCurve {
        try SpringCurve(dampingRatio: dampingRatio, duration: duration, initialVelocity: initialVelocity)
    }

    /// The spring fitted to `duration`: this curve's shape depends on the duration it is given.
    public func resolved(forDuration duration: Double) throws(ArgumentError) -> (any TimingCurve)? {
        try fitted(toDuration: duration)
    }

    /// The mass every fitted spring has: 1 (see `SpringParameters.init(dampingRatio:duration:)`).
    public var mass: Double { unitSpring.mass }

    /// SwiftUI's bounce for this damping ratio as given (`SpringParameters.bounce(dampingRatio:)`).
    public var bounce: Double { SpringParameters.bounce(dampingRatio: dampingRatio) }

    public func progress(within t: Double) -> Double { unitSpring.progress(within: t) }
    public func velocity(within t: Double) -> Double? { unitSpring.velocity(within: t) }
    public var duration: Double? { nil }
}
