import RealModule

/// The physical description of a damped spring: mass, stiffness and damping.
///
/// Every spring in Choreo comes down to these three numbers, however it was specified:
/// CASpringAnimation and `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` give
/// them directly; SwiftUI and iOS 17 give a perceptual duration and a bounce; SwiftUI's older
/// spring gives a response and a damping ratio; UIKit's `dampingRatio` springs are fitted to the
/// animation's duration. The conversions below are the only place those vocabularies meet.
///
///     let spring = try SpringParameters(duration: 0.5, bounce: 0.3)
///     spring.stiffness            // 157.91…  (SwiftUI documents 157.9)
///     spring.damping              // 17.59…   (SwiftUI documents 17.6)
///     spring.settlingDuration()   // seconds until a unit displacement stays within 8.25e-4
///
/// Units: mass in kg-like units, stiffness in N/m-like units, damping in N·s/m-like units; only
/// their ratios matter. Time is in seconds, angular frequencies in radians per second. The motion
/// is m·x″ + c·x′ + k·x = 0 with x the displacement from the rest position.
public struct SpringParameters: Hashable, Sendable {
    /// The mass m of the attached object (> 0). CASpringAnimation's default is 1.
    public let mass: Double
    /// The spring constant k (> 0). CASpringAnimation's default is 100.
    public let stiffness: Double
    /// The damping coefficient c (≥ 0; 0 never comes to rest). CASpringAnimation's default is 10.
    public let damping: Double

    /// Creates a spring, checking that mass and stiffness are > 0 and damping is ≥ 0. The
    /// defaults are CASpringAnimation's.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) throws(ArgumentError) {
        self.init(
            uncheckedMass: try Self.checkedMass(mass, "mass"),
            stiffness: try Self.checkedStiffness(stiffness, "stiffness"),
            damping: try Self.checkedDamping(damping, "damping"))
    }

    /// A mass within 1e-6...1e9 (`NumberLimits.springMass`); with stiffness and damping in their
    /// ranges, the closed form and the settling time stay finite (a mass of 1e-300 gave NaN).
    public static func checkedMass(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
        value.isFinite && value > 0 ? try requireInRange(value, NumberLimits.springMass, parameter)
            : try requirePositive(value, parameter)
    }

    /// A stiffness within 1e-6...1e9 (`NumberLimits.springStiffness`).
    public static func checkedStiffness(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
        value.isFinite && value > 0 ? try requireInRange(value, NumberLimits.springStiffness, parameter)
            : try requirePositive(value, parameter)
    }

    /// A damping within 0...1e9 (`NumberLimits.springDamping`).
    public static func checkedDamping(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
        value.isFinite && value >= 0 ? try requireInRange(value, NumberLimits.springDamping, parameter)
            : try requireNonNegative(value, parameter)
    }

    /// A damping ratio within 0...1000 (`NumberLimits.dampingRatio`).
    public static func checkedDampingRatio(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
        value.isFinite && value >= 0 ? try requireInRange(value, NumberLimits.dampingRatio, parameter)
            : try requireNonNegative(value, parameter)
    }

    /// A spring's duration or response within 1e-6...1e6 s (`NumberLimits.springSeconds`), so
    /// that the stiffness fitted to it stays finite.
    public static func checkedSeconds(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
        value.isFinite && value > 0 ? try requireInRange(value, NumberLimits.springSeconds, parameter)
            : try requirePositive(value, parameter)
    }

    /// Creates a spring from values known to be valid.
    init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// The damping ratio ζ = c / (2·√(k·m)): 0 undamped, < 1 oscillates, 1 critically damped
    /// (the fastest approach without overshoot), > 1 overdamped.
    public var dampingRatio: Double { damping / (2 * Double.sqrt(stiffness * mass)) }

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    public var undampedAngularFrequency: Double { Double.sqrt(stiffness / mass) }

    /// The same spring with overdamping removed: an overdamped spring (ζ > 1) gets the critical
    /// damping c = 2·√(k·m); any other spring is returned unchanged.
    ///
    /// This is CASpringAnimation's `allowsOverdamping = false` (its default): "overdamped values
    /// behave as critically damped" (H:CAAnimation.h). The animation layer applies it when the
    /// flag is off; `init(perceptualDuration:bounce:)` turns the flag on.
    public var clampedToCritical: SpringParameters {
        let critical = 2 * Double.sqrt(stiffness * mass)
        guard damping > critical else { return self }
        return SpringParameters(uncheckedMass: mass, stiffness: stiffness, damping: critical)
    }
}

// MARK: - SwiftUI and iOS 17: duration and bounce

extension SpringParameters {
    /// Creates the spring of SwiftUI's `Spring(duration:bounce:)`, which iOS 17's
    /// `UISpringTimingParameters(duration:bounce:)` and `CASpringAnimation(perceptualDuration:bounce:)`
    /// share (reference §2.5; the sharing is UNCONFIRMED but matches their header wording).
    ///
    /// Formulas (reference §2.5, "Formulas consistent with both examples"):
    /// - ω₀ = 2π/d, so k = m·(2π/d)²
    /// - b ≥ 0: ζ = 1 − b;  b < 0: ζ = 1/(1 + b)  (the negative branch is Flutter's
    ///   `SpringDescription.withDurationAndBounce`)
    /// - c = ζ·2·√(k·m)
    ///
    /// Source row: "`Spring(duration: 0.5, bounce: 0.3)` ⇒ mass 1.0, stiffness 157.9, damping 17.6".
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration d in seconds (> 0): the period of the undamped spring.
    ///   - bounce: −1 < b ≤ 1. 0 is critically damped, 1 undamped, negative overdamped.
    ///   - mass: m > 0, default 1.
    public init(duration: Double, bounce: Double, mass: Double = 1) throws(ArgumentError) {
        let d = try Self.checkedSeconds(duration, "duration")
        let m = try Self.checkedMass(mass, "mass")
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw ArgumentError(parameter: "bounce", requirement: "must be a finite number > -1 and ≤ 1", value: bounce)
        }
        let omega = 2 * Double.pi / d
        let k = m * omega * omega
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(uncheckedMass: m, stiffness: k, damping: zeta * 2 * Double.sqrt(k * m))
    }

    /// SwiftUI's `duration` (CASpringAnimation's `perceptualDuration`): d = 2π·√(m/k), in seconds.
    ///
    /// Source row: "`Spring(mass: 1, stiffness: 100, damping: 10)` ⇒ duration 0.63, bounce 0.5".
    public var perceptualDuration: Double { 2 * Double.pi * Double.sqrt(mass / stiffness) }

    /// SwiftUI's `bounce`: b = 1 − ζ when ζ ≤ 1, else 1/ζ − 1 (so −1 < b ≤ 1).
    public var bounce: Double { Self.bounce(dampingRatio: dampingRatio) }

    /// SwiftUI's `bounce` for damping ratio ζ ≥ 0: 1 − ζ when ζ ≤ 1, else 1/ζ − 1; the inverse of
    /// the ζ that `init(duration:bounce:mass:)` takes from a bounce. Also what a damping-ratio
    /// spring (`FittedSpringCurve`) reports before it is fitted.
    public static func bounce(dampingRatio zeta: Double) -> Double {
        zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}

// MARK: - SwiftUI: response and damping ratio

extension SpringParameters {
    /// Creates the spring of SwiftUI's `Spring(response:dampingRatio:)`.
    ///
    /// Formulas (reference §2.5: `response` is "stiffness expressed as an approximate duration",
    /// `dampingRatio` the "fraction of critical damping"):
    /// k = m·(2π/response)², c = 4π·m·ζ/response.
    ///
    /// - Parameters:
    ///   - response: seconds (> 0): the period of the undamped spring.
    ///   - dampingRatio: ζ ≥ 0.
    ///   - mass: m > 0, default 1.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(ArgumentError) {
        let r = try Self.checkedSeconds(response, "response")
        let zeta = try Self.checkedDampingRatio(dampingRatio, "dampingRatio")
        let m = try Self.checkedMass(mass, "mass")
        let omega = 2 * Double.pi / r
        self.init(uncheckedMass: m, stiffness: m * omega * omega, damping: 4 * Double.pi * m * zeta / r)
    }
}

// MARK: - UIKit: a damping ratio fitted to a duration

extension SpringParameters {
    /// The smallest damping ratio a duration-fitted spring is built with: 0.01.
    ///
    /// A spring with ζ = 0 never settles, so it cannot be fitted to a duration; below this ratio
    /// the fit (and the spring) uses 0.01, which settles (by `settlingEpsilon`) after about
    /// 710 undamped radians — some 113 oscillations. Choreo's choice; Apple documents nothing.
    public static let minimumFittedDampingRatio = 0.01

    /// Creates UIKit's duration-fitted spring: `UIViewPropertyAnimator(duration:dampingRatio:)`,
    /// `UISpringTimingParameters(dampingRatio:)` and `UIView.animate(…usingSpringWithDamping:…)`.
    ///
    /// UIKit only says that the spring runs for the animation's duration; how it is fitted is
    /// UNCONFIRMED (reference §2.3). Choreo's fit: mass 1, the requested damping ratio, and ω₀
    /// chosen so that the spring, released from rest at unit displacement, settles (by
    /// `settlingDuration()`) exactly at `duration`. Settling time scales as 1/ω₀, so with T₁ the
    /// settling time of the ω₀ = 1 spring with this ζ: ω₀ = T₁ / duration, k = ω₀², c = 2ζω₀.
    ///
    ///     let spring = try SpringParameters(dampingRatio: 0.5, duration: 1)
    ///     spring.settlingDuration()   // 1.0
    ///
    /// - Parameters:
    ///   - dampingRatio: ζ ≥ 0; below `minimumFittedDampingRatio` (0.01) the spring is built with
    ///     0.01, so `dampingRatio` then reads back as 0.01.
    ///   - duration: seconds (> 0).
    public init(dampingRatio: Double, duration: Double) throws(ArgumentError) {
        let requested = try Self.checkedDampingRatio(dampingRatio, "dampingRatio")
        let d = try Self.checkedSeconds(duration, "duration")
        let zeta = max(requested, Self.minimumFittedDampingRatio)
        let unit = SpringParameters(uncheckedMass: 1, stiffness: 1, damping: 2 * zeta)
        let omega = unit.settlingDuration() / d
        self.init(uncheckedMass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }
}

// MARK: - Settling

extension SpringParameters {
    /// The tolerance of `settlingDuration`: 8.25e-4 of the displacement, ln(1/ε) = 7.10.
    ///
    /// Chosen so that CASpringAnimation's documented examples hold (A/quartzcore/caspringanimation/
    /// settlingduration; mass 1, stiffness 100): damping 5 ⇒ "≈ 2.85 s" (this gives 2.853 s) and
    /// damping 15 ⇒ "just over 1 s" (this gives 1.0018 s). Any ε with ln(1/ε) in about
    /// (7.087, 7.168) meets both; SwiftUI's documented 0.001 gives 2.776 s and 0.976 s, so Core
    /// Animation's tolerance must be slightly tighter than SwiftUI's (A/swiftui/spring/settlingduration).
    public static let settlingEpsilon = 8.25e-4

    /// The time in seconds after which the spring stays at rest, within `epsilon`.
    ///
    /// The spring starts at unit displacement (−1 relative to its target, the progress-0 start of
    /// a 0→1 animation) moving at `initialVelocity` displacements per second (positive = toward
    /// the target, CASpringAnimation's sign). The result is the smallest T after which an
    /// envelope of |x(t)| stays ≤ ε: an upper bound that ignores where in an oscillation the
    /// spring is, so the answer does not jump as a zero crossing slides past ε. See
    /// `SpringSolution.settlingTime(epsilon:)` for the envelopes.
    ///
    /// - Returns: seconds ≥ 0; `.infinity` for an undamped spring (damping 0), which never settles,
    ///   or when `initialVelocity` is not finite or `epsilon` is not > 0.
    public func settlingDuration(
        initialVelocity: Double = 0, epsilon: Double = SpringParameters.settlingEpsilon
    ) -> Double {
        guard initialVelocity.isFinite else { return .infinity }
        return SpringSolution(parameters: self, initialDisplacement: -1, initialVelocity: initialVelocity)
            .settlingTime(epsilon: epsilon)
    }
}
