/// The source of "now" for an engine: media time in seconds, like `CACurrentMediaTime()`.
///
/// The engine never reads a clock itself (CONVENTIONS §9): its time moves with the frames and
/// timers its display link drives. Clocks belong to display links: a `VirtualDisplayLink` moves a
/// `VirtualClock` frame by frame, a `DispatchDisplayLink` measures lateness on a real one (a
/// `MonotonicClock`, or one a test injects).
public protocol MediaClock: AnyObject {
    /// Seconds since the clock's origin; never decreases.
    var now: Double { get }
}

/// A clock that moves only when told to: headless runs and tests.
///
/// Time never goes backwards: `advance(to:)` with an earlier time is ignored, so a callback
/// scheduled "in the past" runs at the current time, as swift-nio's `EmbeddedEventLoop` does.
public final class VirtualClock: MediaClock {
    public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    /// Moves the clock to `time` if that is later than now.
    public func advance(to time: Double) {
        if time > now { now = time }
    }

    /// Moves the clock forward by `seconds` (ignored unless positive).
    public func advance(by seconds: Double) {
        if seconds > 0 { now += seconds }
    }
}
