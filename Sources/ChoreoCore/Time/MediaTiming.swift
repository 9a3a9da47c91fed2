/// The eight CAMediaTiming properties of a timed object: a layer, a group or an animation.
///
/// Time flows from the root down. Each timed object maps its parent's time into its own, and
/// bounded objects (animations, groups) then fold that time into iterations:
///
///     parent time ─────────┬──────────────────────────────────────────────────────────►
///                          │ beginTime
///                          ▼
///     elapsed = (parent − beginTime) × speed            (speed < 0: played from the end)
///
///          before          │◄──────────────── active duration ─────────────────►│   after
///     ─────────────────────┼────────────┬────────────┬────────────┬──────┬─────────┼──────────
///      fill backwards:     │  cycle 0   │  cycle 1   │  cycle 2   │  ... │ (frac.) │ fill forwards:
///      shows elapsed = 0   │            │            │            │      │         │ shows the end
///
///     position = elapsed + timeOffset, wrapped into the active duration (DR1: a 3 s animation
///                with timeOffset 1 plays 1→3, then 0→1)
///     cycle    = duration × (autoreverses ? 2 : 1)
///     active   = repeatDuration > 0 ? repeatDuration : cycle × (repeatCount > 0 ? repeatCount : 1)
///     iteration time u = position mod cycle;  autoreverses and u > duration ⇒ u = 2·duration − u
///     progress = u / duration  →  the timing curve  →  the value
///
/// Children of a group see the group's iteration time `u` as their parent time, so they are
/// clipped to the group's duration and repeat with it. Layers are unbounded: their local time is
/// the plain linear map `(parent − beginTime) × speed + timeOffset` (see `TimeMapping`), which is
/// how a layer with speed 0 freezes its subtree and a paused layer is scrubbed by its timeOffset.
///
/// Where Apple is silent (the reference marks it UNCONFIRMED) this follows the W3C Web Animations
/// timing model, which defines the same concepts precisely:
/// - A fractional `repeatCount` below 1 plays that fraction of one cycle; 0 means one cycle.
/// - With both `repeatCount` and `repeatDuration` set, `repeatDuration` wins.
/// - The active interval is closed at the start and open at the end (at exactly the end the
///   object is in its after phase, showing its fill); the final state of a run that ends exactly
///   on a cycle boundary is the end of the last cycle, not the start of a new one.
/// - Negative speed plays the active interval backwards: the object starts at its end at
///   `beginTime` and reaches its start `activeDuration / |speed|` later (Web Animations'
///   reversed playback). Before it starts it is in its after phase, and afterwards in its before
///   phase, so `forwards` and `backwards` fill keep their meaning on the object's own timeline.
/// - `repeatCount` ≥ `Float.greatestFiniteMagnitude` (Apple's "forever", HUGE_VALF) or +∞ repeats
///   forever.
///
/// Durations of 0 are left alone here; `resolvingDefaultDuration` gives a top-level animation
/// the default 0.25 s as `CALayer.add(_:forKey:)` does. A duration that is still 0 when evaluated
/// makes an instantaneous object: progress 1 from its begin on.
public struct MediaTiming: Hashable, Sendable {
    /// When the object starts, in its parent's time.
    public var beginTime: MediaTime = .zero
    /// The length of one simple iteration.
    public var duration: MediaDuration = .zero
    /// How fast local time runs relative to the parent's: 2 is twice as fast, 0 pauses, < 0 reverses.
    public var speed: Double = 1
    /// Added to the position in the active interval (wrapping within it); for layers, added to local time.
    public var timeOffset: MediaDuration = .zero
    /// How many cycles play; fractional allowed; 0 means 1; ∞ forever.
    public var repeatCount: Double = 0
    /// How long the cycles repeat, instead of a count; 0 means unused.
    public var repeatDuration: MediaDuration = .zero
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses: Bool = false
    /// What shows outside the active interval.
    public var fillMode: FillMode = .removed

    public init(
        beginTime: MediaTime = .zero, duration: MediaDuration = .zero, speed: Double = 1,
        timeOffset: MediaDuration = .zero, repeatCount: Double = 0, repeatDuration: MediaDuration = .zero,
        autoreverses: Bool = false, fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Checks every property, naming the first that is out of its domain.
    ///
    /// Evaluation never crashes and never produces NaN even on unchecked values, but scripts get
    /// this error instead of an animation that silently does nothing.
    public func validate() throws(ArgumentError) {
        _ = try requireFinite(beginTime.seconds, "beginTime")
        _ = try requireNonNegative(duration.seconds, "duration")
        _ = try Self.checkedSpeed(speed, "speed")
        _ = try requireFinite(timeOffset.seconds, "timeOffset")
        _ = try requireNonNegativeOrInfinite(repeatCount, "repeatCount")
        _ = try requireNonNegativeOrInfinite(repeatDuration.seconds, "repeatDuration")
    }

    /// A speed within ±1e6 (`NumberLimits.speed`; 0 pauses): a speed of 1e308 turned any time
    /// into infinity, and the active duration `duration / speed` overflows for tiny speeds.
    public static func checkedSpeed(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
        value.isFinite ? try requireMagnitude(value, parameter, limit: NumberLimits.speed)
            : try requireFinite(value, parameter)
    }

    /// This timing with a duration of 0 replaced by `defaultDuration` (0.25 s unless a
    /// transaction sets another), as `CALayer.add(_:forKey:)` does for a top-level animation.
    public func resolvingDefaultDuration(_ defaultDuration: MediaDuration = .defaultAnimationDuration) -> MediaTiming {
        var resolved = self
        if !(duration.seconds > 0) { resolved.duration = defaultDuration }
        return resolved
    }

    /// Whether the cycles repeat forever.
    public var repeatsForever: Bool {
        repeatDuration.seconds == .infinity
            || (repeatDuration.seconds <= 0 && repeatCount >= Double(Float.greatestFiniteMagnitude))
    }

    /// The length of one cycle: the duration, doubled when the object autoreverses.
    @inlinable public var cycleDuration: MediaDuration { autoreverses ? duration * 2 : duration }

    /// How long the object is active, in its own time (not scaled by speed); may be infinite.
    public var activeDuration: MediaDuration {
        if repeatDuration.seconds > 0 { return repeatDuration }
        if repeatsForever { return duration.seconds > 0 ? .infinity : .zero }
        return cycleDuration * (repeatCount > 0 ? repeatCount : 1)
    }

    /// When the active interval ends, in parent time; nil when it never ends (infinite, or speed 0).
    public var activeEndTime: MediaTime? {
        let active = activeDuration.seconds
        guard active.isFinite, speed != 0 else { return nil }
        return beginTime + MediaDuration(active / abs(speed))
    }
}
