/// When an attached animation is in effect, in its layer's local time: the animation's
/// `MediaTiming` with the two policies that sit around the time model folded in, so that every
/// reader (the evaluator, velocity, view animation blocks, test oracles) asks one function:
///
/// - removed on completion: once the active interval ends the animation shows nothing, even in
///   the frame before the scene removes it (Core Animation removes it at its end);
/// - not yet committed with a `beginTime` of 0: it begins "now", whatever now is, because the
///   transaction that added it has not resolved its begin time yet (an implicit animation read
///   between frames starts from its from-value).
///
///     let timing = EffectTiming(MediaTiming(beginTime: 1, duration: 2), removesAtEnd: true, waitsForCommit: false)
///     timing.state(at: 2).progress    // 0.5
///     timing.state(at: 3).progress    // nil — ended and removed
struct EffectTiming: Hashable {
    var timing: MediaTiming
    var removesAtEnd: Bool
    var waitsForCommit: Bool
    /// `timing.activeEndTime`, computed once.
    let activeEnd: MediaTime?

    init(_ timing: MediaTiming, removesAtEnd: Bool, waitsForCommit: Bool) {
        self.timing = timing
        self.removesAtEnd = removesAtEnd
        self.waitsForCommit = waitsForCommit
        activeEnd = waitsForCommit ? nil : timing.activeEndTime
    }

    /// The timing of an attached animation, as its lifecycle stands.
    init(_ entry: AttachedAnimation) {
        let animation = entry.animation
        self.init(animation.timing, removesAtEnd: animation.isRemovedOnCompletion,
                  waitsForCommit: !entry.isCommitted && animation.timing.beginTime == .zero)
    }

    /// The state at `localTime` (the layer's time): none once ended when removed at its end; a
    /// timing waiting for its commit begins at `localTime`.
    @inline(__always)
    func state(at localTime: MediaTime) -> TimingState {
        if waitsForCommit {
            var timing = timing
            timing.beginTime = localTime
            if removesAtEnd, let end = timing.activeEndTime, localTime >= end { return .notInEffect(.after) }
            return timing.state(at: localTime)
        }
        if removesAtEnd, let end = activeEnd, localTime >= end { return .notInEffect(.after) }
        return timing.state(at: localTime)
    }
}

extension MediaTiming {
    /// How fast the iteration time runs against the parent time in `state`: ±speed while active
    /// (negative in the backward half of an autoreversing cycle), 0 while filling or frozen.
    /// Multiplies a sampler's velocity per second of iteration time into one per parent second.
    func iterationRate(in state: TimingState) -> Double {
        guard state.phase == .active, state.isInEffect else { return 0 }
        return state.isReversing ? -speed : speed
    }
}
