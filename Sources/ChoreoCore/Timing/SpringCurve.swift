/// A spring as a timing curve: UISpringTimingParameters, CASpringAnimation, SwiftUI's `Spring`.
///
/// The spring starts at progress 0 — a displacement of −1 from its target, progress 1 — moving at
/// `initialVelocity`, and progress(t) = 1 + x(t·D), where x is the spring's closed-form motion
/// (`SpringSolution`) and D is the curve's own `duration` in seconds:
///
///     time fraction t ──×D──► seconds s ──spring──► x(s) ──+1──► progress
///        0 … 1                0 … D                 −1 … ≈0        0 … ≈1 (exactly 1 at t ≥ 1)
///
/// D depends on how the spring was made:
/// - from physics (`init(parameters:)`, and the SwiftUI `duration:bounce:` / `response:dampingRatio:`
///   forms): D = `settlingDuration`, the time the spring takes to come to rest (UIKit computes
///   the duration "from the spring" for `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`).
///   A spring that never settles (damping 0) gets the settling time it would have with damping
///   ratio `SpringParameters.minimumFittedDampingRatio`, so the curve still ends.
/// - fitted to a duration (`init(dampingRatio:duration:)`, UIKit's damping-ratio springs): D is
///   that duration, and the spring settles exactly then when it starts from rest.
///
///     let curve = try SpringCurve(dampingRatio: 0.5, duration: 1)
///     curve.progress(at: 0.25)   // past 1: a ζ = 0.5 spring overshoots by 16%
///     curve.duration             // 1.0
///
/// CASpringAnimation runs its own `duration` regardless of the spring and only cuts the motion
/// off; it samples `value(atSeconds:)` and `velocity(atSeconds:)` in seconds instead.
///
/// Units: `initialVelocity` is UIKit's normalised velocity, in progress per second (1 = the whole
/// distance in one second; CASpringAnimation's sign: positive toward the target). Curve
/// velocity (`velocity(at:)`) is in progress per time fraction, = D × progress per second.
/// Evaluation is O(1) and does not allocate.
public struct SpringCurve: TimingCurve, Hashable {
    /// The spring's mass, stiffness and damping.
    public let parameters: SpringParameters
    /// The velocity at the start, in progress per second (positive = toward the target).
    public let initialVelocity: Double
    /// The time in seconds after which this spring, started from progress 0 at
    /// `initialVelocity`, stays within `SpringParameters.settlingEpsilon` of its target;
    /// `.infinity` for an undamped spring.
    public let settlingDuration: Double

    /// D: the seconds that the time fraction 0…1 spans.
    private let seconds: Double
    /// Whether D is the spring's own (it lasts until it settles: the physics and SwiftUI forms)
    /// rather than a duration it was fitted or retimed to. SwiftUI reports a physics spring's
    /// `duration` as its perceptual duration; a fitted spring's duration is the one it spans.
    public let lastsUntilSettled: Bool
    private let motion: SpringSolution

    private init(parameters: SpringParameters, initialVelocity: Double, seconds: Double, lastsUntilSettled: Bool = false) {
        self.lastsUntilSettled = lastsUntilSettled
        self.parameters = parameters
        self.initialVelocity = initialVelocity
        self.settlingDuration = parameters.settlingDuration(initialVelocity: initialVelocity)
        // The physics-driven duration can only overflow for absurd inputs; keep t·D finite.
        self.seconds = seconds.isFinite ? seconds : .greatestFiniteMagnitude
        self.motion = SpringSolution(parameters: parameters, initialDisplacement: -1, initialVelocity: initialVelocity)
    }

    /// A physics spring that lasts until it settles: CASpringAnimation's spring and
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
    ///
    /// Its `duration` is `settlingDuration`, except for a spring that never settles (damping 0),
    /// which lasts as long as the same spring would with damping ratio
    /// `SpringParameters.minimumFittedDampingRatio` (0.01) and then snaps to 1.
    public init(parameters: SpringParameters, initialVelocity: Double = 0) throws(ArgumentError) {
        let v0 = try requireFinite(initialVelocity, "initialVelocity")
        var seconds = parameters.settlingDuration(initialVelocity: v0)
        if !seconds.isFinite {
            let leastDamped = SpringParameters(
                uncheckedMass: parameters.mass, stiffness: parameters.stiffness,
                damping: SpringParameters.minimumFittedDampingRatio * 2 * (parameters.stiffness * parameters.mass).squareRoot())
            seconds = leastDamped.settlingDuration(initialVelocity: v0)
        }
        self.init(parameters: parameters, initialVelocity: v0, seconds: seconds, lastsUntilSettled: true)
    }

    /// UIKit's duration-fitted spring: `UIViewPropertyAnimator(duration:dampingRatio:)`,
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` and
    /// `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:…)`.
    ///
    /// See `SpringParameters.init(dampingRatio:duration:)` for the fit (UNCONFIRMED in Apple's
    /// docs). The fit assumes a start from rest; with an `initialVelocity` the spring may not
    /// have settled at `duration`, and progress then snaps to exactly 1 at t = 1.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) throws(ArgumentError) {
        let v0 = try requireFinite(initialVelocity, "initialVelocity")
        let parameters = try SpringParameters(dampingRatio: dampingRatio, duration: duration)
        self.init(parameters: parameters, initialVelocity: v0, seconds: duration)
    }

    /// SwiftUI's `Spring(duration:bounce:)`, iOS 17's `UISpringTimingParameters(duration:bounce:initialVelocity:)`:
    /// a physics spring (see `SpringParameters.init(duration:bounce:mass:)`, mass 1) that lasts
    /// until it settles. `duration` here is the perceptual duration, not the curve's `duration`.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) throws(ArgumentError) {
        try self.init(parameters: SpringParameters(duration: duration, bounce: bounce), initialVelocity: initialVelocity)
    }

    /// SwiftUI's `Spring(response:dampingRatio:)`: a physics spring (see
    /// `SpringParameters.init(response:dampingRatio:mass:)`, mass 1) that lasts until it settles.
    public init(response: Double, dampingRatio: Double, initialVelocity: Double = 0) throws(ArgumentError) {
        try self.init(
            parameters: SpringParameters(response: response, dampingRatio: dampingRatio), initialVelocity: initialVelocity)
    }

    /// The same spring starting at another `initialVelocity` (progress per second), spanning
    /// `duration` seconds of its motion (progress snaps to 1 at the end if it has not settled).
    /// `Animator.continueAnimation` uses it to hand a property's velocity to a spring.
    public func retimed(initialVelocity: Double, duration: Double) -> SpringCurve {
        SpringCurve(
            parameters: parameters, initialVelocity: initialVelocity.isFinite ? initialVelocity : 0,
            seconds: duration.isFinite && duration > 0 ? duration : seconds)
    }

    /// The damping ratio ζ of `parameters`.
    public var dampingRatio: Double { parameters.dampingRatio }
    /// The mass of `parameters`.
    public var mass: Double { parameters.mass }
    /// The stiffness of `parameters`.
    public var stiffness: Double { parameters.stiffness }
    /// The damping of `parameters`.
    public var damping: Double { parameters.damping }
    /// SwiftUI's bounce of `parameters` (`SpringParameters.bounce`).
    public var bounce: Double { parameters.bounce }

    /// D, in seconds: the settling duration for a physics spring, the fitted duration otherwise.
    public var duration: Double? { seconds }

    public func progress(within t: Double) -> Double {
        1 + motion.position(at: t * seconds)
    }

    /// d progress / d t = D · dx/ds, analytic.
    public func velocity(within t: Double) -> Double? {
        seconds * motion.velocity(at: t * seconds)
    }

    /// Progress at `seconds` after the start, following the physics with no end (0 before the
    /// start and for NaN). CASpringAnimation's presentation value is from + (to − from) × this.
    public func value(atSeconds seconds: Double) -> Double {
        guard seconds > 0 else { return 0 }
        return 1 + motion.position(at: seconds)
    }

    /// Velocity at `seconds` after the start, in progress per second (`initialVelocity` before
    /// the start and for NaN).
    public func velocity(atSeconds seconds: Double) -> Double {
        guard seconds > 0 else { return initialVelocity }
        return motion.velocity(at: seconds)
    }
}
