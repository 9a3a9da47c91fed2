/// How an animation moves — delay, duration, timing curve, repetition — as data, apart from what
/// it animates: Material Motion's `MDMAnimationTraits` (MotionInterchange).
///
/// Traits are what a motion spec or a "motion stylesheet" holds: designers tune them without
/// touching the code that runs them, and one set of traits drives any number of animations.
///
///     let chipExpand = try AnimationTraits(duration: 0.35, timingCurve: .cubic(.easeInOut))
///     let fling = try AnimationTraits(
///         duration: 0.5,
///         timingCurve: .spring(SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8, initialVelocity: 1200)))
///     try MotionAnimator().animate(chipExpand, between: (.scalar(0), .scalar(10)), layer: layer, keyPath: "cornerRadius")
///
/// Contract: `delay` and `duration` are seconds, finite and ≥ 0 (a duration of 0 sets the final
/// value without animating); a repetition count or duration is > 0 (∞ repeats forever). The
/// default curve is ease-in-out, as MDMAnimationTraits' is. `validate()` runs in the initializer
/// and again whenever a `MotionAnimator` uses the traits, since the fields are mutable.
public struct AnimationTraits: Equatable, Sendable {
    /// Seconds from the `animate` call to the start (the animation fills backwards meanwhile).
    public var delay: Double
    /// Seconds one cycle lasts with a cubic curve; a spring lasts until it settles.
    public var duration: Double
    public var timingCurve: MotionTimingCurve
    public var repetition: Repetition
    /// Whether each cycle plays forwards, then backwards (CAMediaTiming's `autoreverses`).
    public var autoreverses: Bool
    /// A staggered delay, which replaces `delay` in the block form of `MotionAnimator.animate`:
    /// each view (or stand-alone layer) the block changes waits the delay of its index in the
    /// order of its first change. A single animation (`animate(_:between:…)`) is item 1 of 1.
    public var stagger: Stagger?

    /// How often an animation repeats: MotionInterchange's `MDMRepetition` (a number of cycles)
    /// and `MDMRepetitionOverTime` (cycles for a number of seconds).
    public enum Repetition: Hashable, Sendable {
        case none
        /// Cycles to play (> 0, fractional allowed, `.infinity` forever): CAMediaTiming's `repeatCount`.
        case count(Double)
        /// Seconds to keep cycling (> 0, `.infinity` forever): CAMediaTiming's `repeatDuration`.
        case duration(Double)
    }

    public init(
        delay: Double = 0, duration: Double, timingCurve: MotionTimingCurve = .cubic(.easeInOut),
        repetition: Repetition = .none, autoreverses: Bool = false, stagger: Stagger? = nil
    ) throws(ArgumentError) {
        self.stagger = stagger
        self.delay = delay
        self.duration = duration
        self.timingCurve = timingCurve
        self.repetition = repetition
        self.autoreverses = autoreverses
        try validate()
    }

    /// Checks every field, naming the first that is out of its domain.
    public func validate() throws(ArgumentError) {
        _ = try requireNonNegative(delay, "delay")
        _ = try requireNonNegative(duration, "duration")
        switch repetition {
        case .none: break
        case .count(let count): _ = try requirePositiveOrInfinite(count, "repetition.amount")
        case .duration(let seconds): _ = try requirePositiveOrInfinite(seconds, "repetition.duration")
        }
        if case .spring(let spring) = timingCurve { try spring.validate() }
    }

    /// The CAMediaTiming these traits give an animation starting at `now` (a layer's local time).
    /// The animation fills backwards, so that it shows its start value during the delay.
    func mediaTiming(startingAt now: MediaTime, duration: Double) -> MediaTiming {
        var timing = MediaTiming(beginTime: now + MediaDuration(delay), duration: MediaDuration(duration))
        timing.fillMode = .backwards
        timing.autoreverses = autoreverses
        switch repetition {
        case .none: break
        case .count(let count): timing.repeatCount = count
        case .duration(let seconds): timing.repeatDuration = MediaDuration(seconds)
        }
        return timing
    }
}

/// The value must be > 0 and not NaN; +infinity is allowed (a repetition that never ends).
private func requirePositiveOrInfinite(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard !value.isNaN, value > 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a number > 0 (or infinity)", value: value)
    }
    return value
}
