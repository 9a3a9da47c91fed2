import ChoreoCore

/// The engine runs timelines' callbacks from its timer queue: at their exact times, with the
/// timers, in one order (DESIGN §4 "Exact virtual time").
extension Engine: TimelineScheduler {
    public func nextSchedulingOrder() -> Int { nextSequence() }

    public func schedule(at time: MediaTime, order: Int, _ body: @escaping () throws -> Void) -> any TimelineScheduledCall {
        let timer = TimerHandle(
            deadline: max(time.seconds, now), interval: nil, start: now, sequence: order, liveCount: timerCount,
            callback: body)
        timers.insert(timer)
        return timer
    }
}

extension TimerHandle: TimelineScheduledCall {}
