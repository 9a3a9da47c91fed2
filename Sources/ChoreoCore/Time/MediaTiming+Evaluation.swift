extension MediaTiming {
    /// The state of a bounded object (an animation or group) at `parentTime`.
    ///
    /// The whole time model of `MediaTiming`'s diagram in one pure function: elapsed time, phase,
    /// fill, the timeOffset wrap, the cycle, the autoreverse fold. It does not allocate and is
    /// safe on any input: a NaN anywhere gives a state that is not in effect.
    ///
    ///     let fade = MediaTiming(beginTime: 1, duration: 1.5, fillMode: .backwards)
    ///     fade.state(at: 0.5).progress   // 0 — before the start, filled backwards
    ///     fade.state(at: 1.75).progress  // 0.5
    ///     fade.state(at: 3).progress     // nil — ended, no forwards fill
    public func state(at parentTime: MediaTime) -> TimingState {
        let active = activeDuration.seconds
        let offsetFromBegin = parentTime.seconds - beginTime.seconds
        let reversed = speed < 0 && active.isFinite
        // Reversed playback starts at the end of the active interval.
        let elapsed = reversed ? active + offsetFromBegin * speed : offsetFromBegin * speed
        guard !elapsed.isNaN else { return .notInEffect(.before) }

        // Phase, with Web Animations' boundary rule: the interval is [0, active) when playing
        // forwards and (0, active] when playing backwards.
        let phase: TimingState.Phase
        if elapsed < 0 || (reversed && elapsed == 0 && speed != 0) {
            phase = .before
        } else if elapsed > active || (!reversed && elapsed == active) {
            phase = .after
        } else {
            phase = .active
        }

        let effectiveElapsed: Double
        switch phase {
        case .before:
            guard fillMode.fillsBackwards else { return .notInEffect(.before) }
            effectiveElapsed = 0
        case .after:
            guard fillMode.fillsForwards else { return .notInEffect(.after) }
            effectiveElapsed = active
        case .active:
            effectiveElapsed = elapsed
        }
        return iterationState(phase: phase, position: wrappedPosition(effectiveElapsed, active: active))
    }

    /// Adds timeOffset to the elapsed time: the active local time `elapsed + timeOffset`.
    ///
    /// A bounded object wraps the sum into its active interval (duration 3, offset 1 plays 1→3,
    /// then 0→1, as the seed's figure 9 draws it: at the instant it wraps it shows the end of
    /// the first leg, 3, and the next instant the start of the second). An object that
    /// repeats forever keeps the whole sum, so its cycles count the offset too (a cumulative
    /// animation with offset 1.5 is in its second cycle at once); a sum below 0 (a negative
    /// offset) wraps into the first cycle.
    private func wrappedPosition(_ elapsed: Double, active: Double) -> Double {
        let offset = timeOffset.seconds
        guard offset != 0 else { return elapsed }
        let period = active.isFinite ? active : cycleDuration.seconds
        guard period > 0 else { return elapsed }
        guard active.isFinite else {
            let position = elapsed + offset
            return position >= 0 ? position : positiveRemainder(position, period)
        }
        let wrappedOffset = positiveRemainder(offset, period)
        guard wrappedOffset > 0 else { return elapsed }
        let position = elapsed + wrappedOffset
        return position > period ? position - period : position
    }

    /// Splits a position in the active interval into cycle, iteration time and progress.
    private func iterationState(phase: TimingState.Phase, position: Double) -> TimingState {
        let simple = duration.seconds
        guard simple > 0 else {
            // An instantaneous object: it is at its end from its begin on.
            let progress: Double = phase == .before ? 0 : 1
            return TimingState(phase: phase, iteration: 0, iterationTime: .zero, progress: progress, isReversing: false)
        }
        let cycle = cycleDuration.seconds
        var iteration = (position / cycle).rounded(.down)
        var time = position - iteration * cycle
        // The end of a run that stops exactly on a cycle boundary is the end of the last cycle.
        if time <= 0, position > 0, position >= activeDuration.seconds {
            iteration -= 1
            time = cycle
        }
        var isReversing = false
        if autoreverses && time > simple {
            time = 2 * simple - time
            isReversing = true
        }
        time = min(max(time, 0), simple)
        let index = iteration < Double(Int.max) ? Int(iteration) : Int.max
        return TimingState(
            phase: phase, iteration: index, iterationTime: MediaDuration(time), progress: time / simple,
            isReversing: isReversing)
    }
}

/// `a` modulo `b` in `0..<b` for b > 0 (Swift's `truncatingRemainder` keeps the sign of `a`).
@inlinable
func positiveRemainder(_ a: Double, _ b: Double) -> Double {
    let r = a.truncatingRemainder(dividingBy: b)
    return r < 0 ? r + b : r
}
