import RealModule

/// The closed-form motion of a damped spring: position and velocity at any time, in O(1).
///
/// Solves m·x″ + c·x′ + k·x = 0 for x(0) = x₀, x′(0) = v₀ the way Flutter's `SpringSimulation`
/// does: the damping case is picked once, its coefficients are computed once, and each
/// evaluation is one or two `exp` plus (underdamped) a `cos` and a `sin`, with no allocation —
/// it runs per animated property per frame.
///
/// With decay α = c/(2m), ω₀ = √(k/m) and b = v₀ + α·x₀:
/// - underdamped (ζ < 1), ω_d = ω₀·√(1 − ζ²):  x = e^(−αt)·(x₀·cos ω_d t + (b/ω_d)·sin ω_d t)
/// - critically damped (ζ = 1):                x = e^(−ω₀t)·(x₀ + (v₀ + ω₀x₀)·t)
/// - overdamped (ζ > 1), roots r₁ > r₂ of m·r² + c·r + k: x = c₁·e^(r₁t) + c₂·e^(r₂t)
///
/// Near ζ = 1 the under- and overdamped forms divide by a vanishing ω_d or r₁ − r₂, so a spring
/// with |ζ − 1| ≤ `criticalTolerance` is solved as critically damped; the error that introduces
/// is of the order of |ζ − 1|, below 1e-6 of the displacement.
///
///     let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 20)   // ζ = 1
///     let motion = SpringSolution(parameters: spring, initialDisplacement: -1, initialVelocity: 0)
///     motion.position(at: 0.1)   // −(1 + 10·0.1)·e^(−1) = −0.7357…
///
/// Units: t in seconds; x₀ and `position` in any unit of displacement (points, progress…)
/// measured from the rest position; v₀ and `velocity` in that unit per second.
public struct SpringSolution: Hashable, Sendable {
    /// The three ways a spring comes to rest.
    public enum DampingCase: Hashable, Sendable {
        /// ζ < 1: oscillates about the rest position (ζ = 0 never stops).
        case underdamped
        /// ζ = 1 (within `criticalTolerance`): the fastest approach without oscillating.
        case criticallyDamped
        /// ζ > 1: creeps toward the rest position without oscillating.
        case overdamped
    }

    /// Damping ratios within this distance of 1 are solved as critically damped: 1e-6.
    public static let criticalTolerance = 1e-6

    private enum Form: Hashable, Sendable {
        /// x = e^(−decay·t)·(c1·cos ωt + c2·sin ωt); x′ = e^(−decay·t)·(v1·cos ωt + v2·sin ωt).
        case underdamped(decay: Double, omega: Double, c1: Double, c2: Double, v1: Double, v2: Double)
        /// x = e^(−decay·t)·(c1 + c2·t); x′ = e^(−decay·t)·(v1 + v2·t).
        case critical(decay: Double, c1: Double, c2: Double, v1: Double, v2: Double)
        /// x = c1·e^(r1·t) + c2·e^(r2·t), with r2 < r1 < 0.
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private let form: Form

    /// The damping case the spring was solved in.
    public let dampingCase: DampingCase
    /// x₀: the displacement from the rest position at t = 0.
    public let initialDisplacement: Double
    /// v₀: the velocity at t = 0, in displacement units per second.
    public let initialVelocity: Double

    /// Solves the spring for a start at `initialDisplacement` moving at `initialVelocity`.
    ///
    /// For a 0→1 animation the rest position is the target, so x₀ = −1 and a positive v₀ moves
    /// toward the target.
    public init(parameters: SpringParameters, initialDisplacement x0: Double, initialVelocity v0: Double) {
        initialDisplacement = x0
        initialVelocity = v0
        let m = parameters.mass, k = parameters.stiffness, c = parameters.damping
        let omega0 = Double.sqrt(k / m)
        let zeta = parameters.dampingRatio
        let alpha = c / (2 * m)

        if abs(zeta - 1) <= Self.criticalTolerance {
            dampingCase = .criticallyDamped
            let c2 = v0 + omega0 * x0
            // x′ = e^(−ω₀t)·(c2 − ω₀·(c1 + c2·t))
            form = .critical(decay: omega0, c1: x0, c2: c2, v1: c2 - omega0 * x0, v2: -omega0 * c2)
        } else if zeta < 1 {
            dampingCase = .underdamped
            let omegaD = omega0 * Double.sqrt((1 - zeta) * (1 + zeta))
            let c1 = x0, c2 = (v0 + alpha * x0) / omegaD
            form = .underdamped(
                decay: alpha, omega: omegaD, c1: c1, c2: c2,
                v1: omegaD * c2 - alpha * c1, v2: -omegaD * c1 - alpha * c2)
        } else {
            dampingCase = .overdamped
            // r₁ = −ω₀·(ζ − √(ζ² − 1)) loses its digits to cancellation when ζ is large; the
            // product of the roots is ω₀², so compute the small root from the large one.
            let s = Double.sqrt((zeta - 1) * (zeta + 1))
            let r2 = -omega0 * (zeta + s)
            let r1 = -omega0 / (zeta + s)
            let c2 = (r1 * x0 - v0) / (r1 - r2)
            form = .overdamped(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        }
    }

    /// The displacement from the rest position at `t` seconds.
    @inlinable
    public func position(at t: Double) -> Double { state(at: t).position }

    /// The velocity at `t` seconds, in displacement units per second.
    @inlinable
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// Position and velocity at `t` seconds, sharing the exponentials and trigonometry.
    public func state(at t: Double) -> (position: Double, velocity: Double) {
        switch form {
        case let .underdamped(decay, omega, c1, c2, v1, v2):
            let e = Double.exp(-decay * t)
            let cosine = Double.cos(omega * t), sine = Double.sin(omega * t)
            return (e * (c1 * cosine + c2 * sine), e * (v1 * cosine + v2 * sine))
        case let .critical(decay, c1, c2, v1, v2):
            let e = Double.exp(-decay * t)
            return (e * (c1 + c2 * t), e * (v1 + v2 * t))
        case let .overdamped(r1, r2, c1, c2):
            let e1 = c1 * Double.exp(r1 * t), e2 = c2 * Double.exp(r2 * t)
            return (e1 + e2, r1 * e1 + r2 * e2)
        }
    }
}

// MARK: - Settling

extension SpringSolution {
    /// The smallest time T in seconds such that an envelope of |x(t)| stays ≤ `epsilon` for all t ≥ T.
    ///
    /// The envelopes bound |x| from above and are never fooled by a zero crossing. Writing
    /// x = e^(−αt)·(x₀·C(t) + b·S(t)) with b = v₀ + α·x₀:
    /// - underdamped: e^(−αt)·min(A, |x₀| + |b|·t), with A = √(c₁² + c₂²) the amplitude of
    ///   c₁·cos + c₂·sin. The A·e^(−αt) branch decides for every visibly bouncy spring; the second
    ///   (from |sin ω_d t| ≤ ω_d·t) keeps the bound finite as ζ → 1, where A grows without limit.
    /// - critically damped: (|c₁| + |c₂|·t)·e^(−ω₀t).
    /// - overdamped: e^(−αt)·(|x₀|·cosh βt + |b|·sinh(βt)/β), β = (r₁ − r₂)/2, which is
    ///   max(|c₁|, |c₂|)·e^(r₁t) ± min(|c₁|, |c₂|)·e^(r₂t); it equals |x| when x₀ and b share a sign
    ///   (always, from rest) and tends to the critical envelope as ζ → 1.
    ///
    /// So the settling time is continuous in ζ across critical damping. Each envelope rises to at
    /// most one peak and then falls, so T is found past the peak by bracketing and bisection, to
    /// the last bit; the underdamped A-branch is solved in closed form: T = ln(A/ε)/α.
    ///
    /// - Returns: seconds ≥ 0; `.infinity` when undamped and not already within ε, or when
    ///   `epsilon` is not > 0.
    public func settlingTime(epsilon: Double) -> Double {
        guard epsilon > 0 else { return .infinity }
        switch form {
        case let .underdamped(decay, omega, c1, c2, _, _):
            let amplitude = Double.hypot(c1, c2)
            guard decay > 0 else { return amplitude <= epsilon ? 0 : .infinity }
            let amplitudeTime = amplitude <= epsilon ? 0 : Double.log(amplitude / epsilon) / decay
            let p = abs(c1), q = abs(c2 * omega)
            let linearTime = Self.lastTimeAbove(epsilon, p: p, q: q, decay: decay)
            // {A·e^(−αt) > ε} is [0, amplitudeTime); {(p + q·t)·e^(−αt) > ε} is an interval ending at
            // linearTime. The envelope, their minimum, is above ε on their intersection.
            if p > epsilon { return min(amplitudeTime, linearTime) }
            guard linearTime > 0 else { return 0 }
            let rising = Self.firstTimeAbove(epsilon, before: Self.peak(p: p, q: q, decay: decay)) {
                (p + q * $0) * Double.exp(-decay * $0)
            }
            return rising < amplitudeTime ? min(amplitudeTime, linearTime) : 0
        case let .critical(decay, c1, c2, _, _):
            return Self.lastTimeAbove(epsilon, p: abs(c1), q: abs(c2), decay: decay)
        case let .overdamped(r1, r2, c1, c2):
            let slow = max(abs(c1), abs(c2))
            let fast = (c1 >= 0) == (c2 >= 0) ? min(abs(c1), abs(c2)) : -min(abs(c1), abs(c2))
            let envelope = { (t: Double) in slow * Double.exp(r1 * t) + fast * Double.exp(r2 * t) }
            var peak = 0.0
            if fast < 0, slow > 0 {
                // E′ = 0 where e^((r₁ − r₂)t) = fast·r₂ / (−slow·r₁)
                peak = max(0, Double.log(fast * r2 / (-slow * r1)) / (r1 - r2))
            }
            return Self.lastTimeAbove(epsilon, peak: peak, timeScale: -1 / r1, envelope)
        }
    }

    /// The peak time of (p + q·t)·e^(−decay·t), p, q ≥ 0.
    private static func peak(p: Double, q: Double, decay: Double) -> Double {
        q > 0 ? max(0, 1 / decay - p / q) : 0
    }

    /// The last time (p + q·t)·e^(−decay·t) is above ε.
    private static func lastTimeAbove(_ epsilon: Double, p: Double, q: Double, decay: Double) -> Double {
        lastTimeAbove(epsilon, peak: peak(p: p, q: q, decay: decay), timeScale: 1 / decay) {
            (p + q * $0) * Double.exp(-decay * $0)
        }
    }

    /// The last time a function that rises to `peak` and then falls is above ε (0 if never).
    private static func lastTimeAbove(
        _ epsilon: Double, peak: Double, timeScale: Double, _ envelope: (Double) -> Double
    ) -> Double {
        guard envelope(peak) > epsilon else { return 0 }
        var low = peak, high = peak + timeScale
        while envelope(high) > epsilon {
            low = high
            high = peak + 2 * (high - peak)
            if !high.isFinite { return .infinity }
        }
        return bisect(low, high) { envelope($0) > epsilon }
    }

    /// The first time a function that starts ≤ ε and rises to `peak` is above ε.
    private static func firstTimeAbove(
        _ epsilon: Double, before peak: Double, _ envelope: (Double) -> Double
    ) -> Double {
        bisect(0, peak) { envelope($0) <= epsilon }
    }

    /// Bisection to the last bit: `holds(low)` is true and `holds(high)` false; returns the
    /// boundary's upper end.
    private static func bisect(_ low: Double, _ high: Double, _ holds: (Double) -> Bool) -> Double {
        var low = low, high = high
        for _ in 0..<2100 {
            let mid = low + (high - low) / 2
            if mid <= low || mid >= high { break }
            if holds(mid) { low = mid } else { high = mid }
        }
        return high
    }
}
