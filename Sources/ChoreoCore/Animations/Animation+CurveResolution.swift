/// Fitting the curves whose shape depends on the duration (UIKit's damping-ratio spring,
/// `FittedSpringCurve`) to the animation that uses them, once its duration is known.
extension Animation {
    /// Replaces `timingFunction` — and a keyframe animation's segment `timingFunctions` — by what
    /// they resolve to for this animation (`TimingCurve.resolved(forDuration:)`); curves that do
    /// not depend on the duration stay the very same values.
    ///
    /// Called by `prepare`, on the copy `Layer.add` attaches, after the default duration is
    /// applied and the timing validated; a group's children are prepared (and so resolved) after
    /// the group, with the group's duration as their default. Reading the attached animation back
    /// (`Layer.animation(forKey:)`) shows the fitted springs.
    ///
    /// A keyframe segment's curve runs over its segment only, so it is fitted to the segment's
    /// share of the duration: key times as given when there is one per value (segments + 1),
    /// otherwise evenly spaced (`KeyframeSampler.evenKeyTimes`, the sampler's own default). A
    /// zero-length segment never shows its curve; it gets the whole duration (any positive fit
    /// would do).
    ///
    /// - Throws: `ArgumentError` when a curve cannot be fitted (a duration or segment outside
    ///   `NumberLimits.springSeconds`).
    func resolveDurationDependentCurves() throws(ArgumentError) {
        let duration = timing.duration.seconds
        // Asked in its box: the curve is not copied out (most curves resolve to nothing).
        if let box = curveBox, box.dependsOnDuration, let resolved = try box.curve.resolved(forDuration: duration) {
            timingFunction = resolved
        }
        if let keyframes = self as? KeyframeAnimation, let curves = keyframes.timingFunctions {
            keyframes.timingFunctions = try Self.segmentCurves(curves, keyTimes: keyframes.keyTimes, duration: duration)
        }
    }

    /// `curves`, one per keyframe segment, each resolved for its segment's seconds.
    static func segmentCurves(
        _ curves: [any TimingCurve], keyTimes: [Double]?, duration: Double
    ) throws(ArgumentError) -> [any TimingCurve] {
        let times = keyTimes.flatMap { $0.count == curves.count + 1 ? $0 : nil }
            ?? KeyframeSampler.evenKeyTimes(curves.count + 1)
        var resolved = curves
        for (index, curve) in curves.enumerated() {
            let share = times[index + 1] - times[index]
            if let fitted = try curve.resolved(forDuration: share > 0 ? share * duration : duration) {
                resolved[index] = fitted
            }
        }
        return resolved
    }
}
