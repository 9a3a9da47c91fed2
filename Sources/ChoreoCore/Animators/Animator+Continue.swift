/// `continueAnimation(withTimingParameters:durationFactor:)`: resuming a paused animator with new
/// timing (reference §1.6).
extension Animator {
    /// Resumes a paused animator from where it is, over a new remaining time and, optionally,
    /// along a new curve; forwards, or back to the start when `isReversed`.
    ///
    /// - The remaining time is `durationFactor × duration` (the original duration); a factor of
    ///   0 keeps the time that remained. A curve with a duration of its own (a physics spring, a
    ///   provider with `duration`) sets the remaining time itself, as it sets an animator's
    ///   duration.
    /// - Each property moves on from its current value to its end (start, reversed) along
    ///   `parameters` (nil keeps the current curve). A damping-ratio spring (`FittedSpringCurve`)
    ///   is fitted to the remaining time, `continuationTime(durationFactor:)`.
    /// - Going further than UIKit: continuing with a spring hands each property's velocity — the
    ///   one it had along the old curve at this fraction, in the current direction — to its own
    ///   copy of the spring (normalised by the distance left, as `initialVelocity` is), so the
    ///   motion has no kink. The springs run in real seconds; the remaining time is then the
    ///   longest any of them takes to settle, and at least the spring's own duration.
    ///
    /// The new timing lasts until the animator becomes inactive; then `duration` and
    /// `timingParameters` apply again.
    ///
    /// - Throws: `AnimatorError` unless the animator is active, paused and interruptible;
    ///   `ArgumentError` when `durationFactor` is negative or not a number.
    public func continueAnimation(withTimingParameters parameters: (any TimingCurve)?, durationFactor: Double) throws {
        let step = try Self.step(for: .continueAnimation, in: phase, isInterruptible: isInterruptible)
        let factor = try requireNonNegative(durationFactor, "durationFactor")
        guard step == .continueRunning else { return }
        let parameters = try parameters.map { curve throws(ArgumentError) in
            try curve.resolved(forDuration: continuationTime(durationFactor: factor)) ?? curve
        }
        let fraction = anchorFraction
        let remainingFraction = isReversed ? fraction : 1 - fraction
        var remaining = continuationTime(durationFactor: factor)
        var curves = [(any TimingCurve)?](repeating: nil, count: tracks.count)
        if let spring = Self.spring(in: parameters) {
            let velocities = tracks.map { handoverVelocity(of: $0, at: fraction) }
            let settling = velocities.map { spring.parameters.settlingDuration(initialVelocity: $0) }.filter(\.isFinite)
            remaining = max(spring.duration ?? remaining, settling.max() ?? 0)
            curves = velocities.map { spring.retimed(initialVelocity: $0, duration: remaining) }
        } else if let own = parameters?.duration, own.isFinite, own > 0 {
            remaining = own
        }
        if remainingFraction > 0 {
            for index in tracks.indices {
                retarget(&tracks[index], at: fraction, reversed: isReversed, curve: curves[index])
            }
            activeDuration = remaining / remainingFraction
        }
        if let parameters { activeCurve = parameters }
        run(after: 0)
    }

    /// The remaining time a continuation with `durationFactor` gets, unless its curve has a
    /// duration of its own: `durationFactor × duration`, or for 0 the time that remains at the
    /// current pace. A damping-ratio spring is fitted to it.
    public func continuationTime(durationFactor: Double) -> Double {
        guard durationFactor.isFinite, durationFactor <= 0 else { return durationFactor * duration }
        return (isReversed ? fractionComplete : 1 - fractionComplete) * activeDuration
    }

    /// The spring inside `curve`, looking through `AnyTimingCurve`.
    private static func spring(in curve: (any TimingCurve)?) -> SpringCurve? {
        switch curve {
        case let spring as SpringCurve: spring
        case let any as AnyTimingCurve: spring(in: any.base)
        default: nil
        }
    }

    /// `track`'s velocity at `fraction` along its current curve, moving the way the animator
    /// does, as a spring's initial velocity: progress per second of the distance left to its end
    /// (its start, reversed). 0 before or after its segment, or when its target is not on it.
    func handoverVelocity(of track: Track, at fraction: Double) -> Double {
        // A keyframed property's velocity is its keyframe path's, which this does not follow.
        guard !track.followsKeyframes else { return 0 }
        let segment = track.segment
        let span = segment.upper - segment.lower
        let u = segment.progress(atFraction: fraction)
        guard span > 0, u > 0, u < 1 else { return 0 }
        let curve: any TimingCurve = showsLinearly ? CubicBezierCurve.linear : (track.curve ?? activeCurve)
        let direction = (segment.isDescending ? -1.0 : 1.0) * (isReversed ? -1.0 : 1.0)
        // In units of (to − from) per second.
        let rate = curve.velocity(at: u) * direction / (span * activeDuration)
        let target = isReversed ? track.start : track.end
        let targetProgress: Double
        if target == segment.to {
            targetProgress = 1
        } else if target == segment.from {
            targetProgress = 0
        } else {
            return 0
        }
        let left = targetProgress - curve.progress(at: u)
        guard abs(left) > 1e-9 else { return 0 }
        return rate / left
    }
}
