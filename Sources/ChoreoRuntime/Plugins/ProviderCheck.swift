import ChoreoCore

/// What `choreo plugins check` tests on each provider, at its defaults:
///
/// - progress is a finite number at t = 0, 0.01, ..., 1 (and velocity, where the provider gives it);
/// - progress(0) = 0 and progress(1) = 1 within 1e-9, unless the provider declares free endpoints;
/// - a velocity it gives agrees with the slope of its progress: at t = 0.01, ..., 0.99 it is within
///   1e-3 (relative, or absolute below 1) of the forward or the backward difference over 1e-6
///   (either side, so a curve with a corner, like a bounce, still passes where it is honest);
/// - a duration it defines is finite and > 0.
///
///     let problems = ProviderCheck.problems(progress: { $0 * $0 }, velocity: { 2 * $0 }, exactEndpoints: true)
///     problems.isEmpty   // true
public enum ProviderCheck {
    /// The problems found, each a sentence; empty when the provider passes.
    ///
    /// `progress` and `velocity` are the provider's own functions at t (also at t = 1, unlike
    /// `TimingCurve.progress(at:)`, which is exactly 1 there by contract).
    public static func problems(
        progress: (Double) -> Double, velocity: ((Double) -> Double)?, exactEndpoints: Bool,
        duration: Double?? = .none
    ) -> [String] {
        var problems: [String] = []
        let f = formatNumber
        for i in 0...100 {
            let t = Double(i) / 100
            let value = progress(t)
            if !value.isFinite {
                problems.append("progress(\(f(t))) = \(f(value)), not a finite number")
                return problems
            }
            if !NumberLimits.isProgress(value) {
                problems.append("progress(\(f(t))) = \(f(value)), not within ±\(formatLimit(NumberLimits.progress))")
                return problems
            }
            if let velocity, case let v = velocity(t), !v.isFinite {
                problems.append("velocity(\(f(t))) = \(f(v)), not a finite number")
                return problems
            }
        }
        if exactEndpoints {
            let start = progress(0), end = progress(1)
            if abs(start) > 1e-9 { problems.append("progress(0) = \(f(start)) (expected 0; declare free endpoints if meant)") }
            if abs(end - 1) > 1e-9 { problems.append("progress(1) = \(f(end)) (expected 1; declare free endpoints if meant)") }
        }
        if let velocity {
            let h = 1e-6
            for i in 1...99 {
                let t = Double(i) / 100
                let v = velocity(t), p = progress(t)
                let forward = (progress(t + h) - p) / h, backward = (p - progress(t - h)) / h
                let close = { (slope: Double) in abs(v - slope) <= 1e-3 * max(1, abs(slope)) }
                if !close(forward) && !close(backward) {
                    problems.append("velocity(\(f(t))) = \(f(v)) but the slope of progress there is \(f((forward * 1e6).rounded() / 1e6))")
                    break
                }
            }
        }
        if case .some(let seconds) = duration {
            if let seconds, !(seconds.isFinite && seconds > 0) {
                problems.append("duration = \(f(seconds)), not a finite number of seconds > 0")
            } else if seconds == nil {
                problems.append("declares a duration but gives none")
            }
        }
        return problems
    }
}
