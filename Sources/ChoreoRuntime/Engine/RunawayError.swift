import ChoreoCore

/// Script work that ran away: more callbacks in one turn than `EngineLimits` allows. It ends the
/// run (as a `CallbackFailure`) and names what ran away, where, and the likely cause:
///
///     scene.lua:2: after: more than 100000 callbacks at t=0.5 s without time advancing
///     (a timer that reschedules itself with after(0)?)
public struct RunawayError: Error, CustomStringConvertible, Sendable {
    /// The kind of callback whose turn went over the limit.
    public enum Source: Sendable, Equatable {
        /// A one-shot timer (`after`, `schedule(at:)`).
        case timer
        /// A repeating timer (`every`).
        case repeatingTimer
        case displayLink
        /// An animation delegate, or a transaction, view-animation or animator completion.
        case animationEvent
    }

    public var source: Source
    /// Where the callback was created or defined in the script (`scene.lua:2`), if known.
    public var origin: String?
    /// The limit that was passed.
    public var limit: Int
    /// The turn's first and current times, in engine seconds.
    public var turnStart: Double
    public var time: Double

    public init(source: Source, origin: String?, limit: Int, turnStart: Double, time: Double) {
        self.source = source
        self.origin = origin
        self.limit = limit
        self.turnStart = turnStart
        self.time = time
    }

    public var description: String {
        let (call, hint): (String, String) = switch source {
        case .timer: ("after", "a timer that reschedules itself with after(0)?")
        case .repeatingTimer: ("every", "many repeating timers with short intervals?")
        case .displayLink: ("DisplayLink", "a display link that adds display links?")
        case .animationEvent:
            ("animation events", "a delegate that re-adds and removes its animation, a completion that starts "
                + "an animation that stops at once, or one that commits a transaction with itself as completion?")
        }
        let when = time == turnStart
            ? "at t=\(formatNumber(time)) s without time advancing"
            : "within one frame (t=\(formatNumber(turnStart)) s to \(formatNumber(time)) s)"
        let position = origin.map { $0 + ": " } ?? ""
        return "\(position)\(call): more than \(limit) script callbacks \(when) (\(hint))"
    }
}
