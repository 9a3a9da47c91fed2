/// What runs a timeline's callbacks at exact times: the engine's timer queue (`Engine`
/// conforms in ChoreoRuntime), or a test's hand-driven clock.
///
/// A timeline schedules one call at a time, at the exact scene time its playhead reaches the
/// next callback (or its end). Calls due at the same time run in `order`: a timeline takes its
/// place in that order when it starts or resumes (`nextSchedulingOrder()`), so its callbacks tie
/// with timers as if they had been scheduled then.
public protocol TimelineScheduler: AnyObject {
    /// A fresh place in the order of scheduled calls (later than every one given before).
    func nextSchedulingOrder() -> Int
    /// Calls `body` at scene time `time` (now, if earlier), among calls due then in `order`.
    /// An error `body` throws ends the run, as an error in an `after` callback does.
    func schedule(at time: MediaTime, order: Int, _ body: @escaping () throws -> Void) -> any TimelineScheduledCall
}

/// A call a `TimelineScheduler` will make; cancelling it means it will not be made.
public protocol TimelineScheduledCall: AnyObject {
    func cancel()
}
