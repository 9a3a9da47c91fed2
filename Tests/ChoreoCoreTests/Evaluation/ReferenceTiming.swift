import Foundation
import ChoreoCore  // only for the Choreo curve a custom RCurve names

/// CAMediaTiming as the semantics reference states it (§4.1, A/quartzcore/camediatiming), with
/// Choreo's documented answers where Apple is silent (README "Choices where Apple is silent").
/// A negative speed follows the README's choice: the active interval plays backwards, from its
/// end at `beginTime` to its start |active / speed| later (so before `beginTime` the object is in
/// its after phase, and afterwards in its before phase).
struct RTiming: Equatable {
    var begin = 0.0
    var duration = 0.0
    var speed = 1.0
    var offset = 0.0
    var repeatCount = 0.0
    var repeatDuration = 0.0
    var autoreverses = false
    var fill = "removed"  // removed, forwards, backwards, both

    var fillsBackwards: Bool { fill == "backwards" || fill == "both" }
    var fillsForwards: Bool { fill == "forwards" || fill == "both" }

    /// One cycle: the duration, twice when it autoreverses.
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// repeatDuration wins when set (README); else cycle × repeatCount, where 0 means one cycle
    /// (§4.1), a fraction below 1 plays part of a cycle (README) and ≥ Float.greatestFiniteMagnitude
    /// (HUGE_VALF) or +∞ repeats forever (§4.1, README).
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
        return cycle * (repeatCount > 0 ? repeatCount : 1)
    }

    /// The time in the object's active interval for a parent time: `(t − beginTime) × speed` (§4.1),
    /// counted from the end when the speed is negative (README).
    func elapsed(at parentTime: Double) -> Double {
        speed < 0 ? activeDuration + (parentTime - begin) * speed : (parentTime - begin) * speed
    }

    /// Whether the active interval is over at `parentTime` (the instant it ends counts: README,
    /// "the object is in its after phase"); played backwards, once it has reached its start.
    func hasEnded(at parentTime: Double) -> Bool {
        speed < 0 ? elapsed(at: parentTime) <= 0 && parentTime > begin : elapsed(at: parentTime) >= activeDuration
    }

    /// Where in its cycle the object is at `parentTime`, or nil when it shows nothing there.
    ///
    /// - `u`: seconds into the basic duration (0...duration), after autoreversing;
    /// - `iteration`: which cycle (0-based), for cumulative animations.
    ///
    /// Before the active interval: the start (u = 0) with backwards fill, else nothing. From its end
    /// on: the end of the last cycle (a run ending on a cycle boundary holds the end of that cycle,
    /// README) with forwards fill, else nothing. Inside: `elapsed + timeOffset`, wrapped into the
    /// active duration (README: a 3 s animation with offset 1 plays 1→3, then 0→1), folded into
    /// cycles; in the second half of an autoreversing cycle time runs back (§4.1).
    /// Where the end of the active interval is: the end of the last cycle (a run ending on a
    /// cycle boundary holds the end of that cycle, README).
    private func endOfActive(_ active: Double) -> (Double, Int) {
        let cycles = active / cycle
        if cycles == cycles.rounded(.down) { return (cycle, Int(cycles) - 1) }
        let whole = cycles.rounded(.down)
        return (active - whole * cycle, Int(whole))
    }

    func state(at parentTime: Double) -> (u: Double, iteration: Int)? {
        let active = activeDuration
        let elapsed = elapsed(at: parentTime)
        let inCycle: Double
        let iteration: Int
        if elapsed < 0 {
            guard fillsBackwards else { return nil }
            (inCycle, iteration) = (0, 0)
        } else if elapsed >= active {
            guard fillsForwards else { return nil }
            (inCycle, iteration) = endOfActive(active)
        } else {
            var position = elapsed + offset
            if active.isFinite {
                position = position.truncatingRemainder(dividingBy: active)
                if position < 0 { position += active }
            }
            if active.isFinite, position == 0, elapsed > 0, offset.truncatingRemainder(dividingBy: active) != 0 {
                // The instant the offset wraps shows the end of the first leg (the seed's
                // figure 9, README's choices table: 1→3, then 0→1).
                (inCycle, iteration) = endOfActive(active)
            } else {
                let whole = (position / cycle).rounded(.down)
                (inCycle, iteration) = (position - whole * cycle, Int(whole))
            }
        }
        let u = autoreverses && inCycle > duration ? 2 * duration - inCycle : inCycle
        return (u, iteration)
    }
}

/// A layer's own time space: `local = (parent − beginTime) × speed + timeOffset` (§4.1 step 1;
/// layers are unbounded, so nothing wraps or fills).
struct RLayerTiming: Equatable {
    var begin = 0.0
    var speed = 1.0
    var offset = 0.0

    func local(_ parentTime: Double) -> Double { (parentTime - begin) * speed + offset }
}

/// A timing function (CAMediaTimingFunction, §4.8): a cubic Bézier from (0, 0) to (1, 1).
/// `nil` control points are the linear function (an animation without a timing function).
struct RCurve: Equatable, CustomStringConvertible {
    var points: (Double, Double, Double, Double)?
    /// A curve given by its formula (smoothstep, CSS steps), with the Choreo curve that claims it.
    var custom: (name: String, progress: @Sendable (Double) -> Double, choreo: any TimingCurve)?

    init(points: (Double, Double, Double, Double)?) { self.points = points }

    init(name: String, choreo: any TimingCurve, _ progress: @escaping @Sendable (Double) -> Double) {
        custom = (name, progress, choreo)
    }

    static let linear = RCurve(points: nil)
    static func bezier(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> RCurve { RCurve(points: (a, b, c, d)) }

    static func == (l: RCurve, r: RCurve) -> Bool {
        if l.custom != nil || r.custom != nil { return l.custom?.name == r.custom?.name }
        switch (l.points, r.points) {
        case (nil, nil): return true
        case let (a?, b?): return a == b
        default: return false
        }
    }

    /// Progress at time fraction `x` in 0...1: solve x(s) = x by bisection (x(s) is increasing
    /// since both inner x lie in 0...1), then y(s). Bisection to the last bit is slow and plain.
    func progress(_ x: Double) -> Double {
        if let custom { return custom.progress(min(max(x, 0), 1)) }
        guard let (x1, y1, x2, y2) = points else { return x }
        let x = min(max(x, 0), 1)
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if bezier(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return bezier(y1, y2, (low + high) / 2)
    }

    var isLinear: Bool { points == nil && custom == nil }

    /// Whether the curve is a Bézier (solved by Choreo within a documented error).
    var isBezier: Bool { points != nil }

    var description: String {
        if let custom { return custom.name }
        guard let (a, b, c, d) = points else { return "linear" }
        return "bezier(\(fmt(a)), \(fmt(b)), \(fmt(c)), \(fmt(d)))"
    }
}

/// A damped harmonic oscillator in closed form (CASpringAnimation, §2.4): mass m, stiffness k,
/// damping c, and an initial velocity in units of the whole from→to distance per second,
/// positive toward the target. Time is the animation's local time in seconds.
///
/// The displacement from the target, x (1 at the start), obeys m·x'' + c·x' + k·x = 0 with
/// x(0) = 1, x'(0) = −v₀. With ω₀ = √(k/m) and ζ = c / (2√(k·m)):
/// - ζ < 1: x = e^(−ζω₀t) (cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t), ω_d = ω₀√(1 − ζ²)
/// - ζ = 1: x = e^(−ω₀t) (1 + (ω₀ − v₀) t)
/// - ζ > 1: x = c₁e^(r₁t) + c₂e^(r₂t), r = −ω₀(ζ ∓ √(ζ² − 1)), c₂ = (−v₀ − r₁)/(r₂ − r₁), c₁ = 1 − c₂
/// Without `allowsOverdamping`, an overdamped spring moves as a critically damped one (§2.4).
/// The progress toward the target is 1 − x.
struct RSpring: Equatable, CustomStringConvertible {
    var mass = 1.0, stiffness = 100.0, damping = 10.0, velocity = 0.0, allowsOverdamping = false

    func progress(at t: Double) -> Double {
        let omega = (stiffness / mass).squareRoot()
        var zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta > 1 && !allowsOverdamping { zeta = 1 }
        let x: Double
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - velocity) / wd * sin(wd * t))
        } else if zeta == 1 {
            x = exp(-omega * t) * (1 + (omega - velocity) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (-velocity - r1) / (r2 - r1)
            x = (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 - x
    }

    var description: String {
        "spring(m \(fmt(mass)), k \(fmt(stiffness)), c \(fmt(damping)), v \(fmt(velocity))\(allowsOverdamping ? ", overdamping" : ""))"
    }
}
