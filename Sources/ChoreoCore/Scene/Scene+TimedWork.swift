/// Work due at an exact time, for objects in Core that keep their own time (a timeline's
/// callbacks): the host's timers run it, under the engine rule.
///
///     let work = scene.schedule(at: MediaTime(1.5)) { print(scene.currentTime) }   // 1.5
///     work.cancel()
///
/// The engine rule (DESIGN §8): work due at time T runs in the first frame whose time is
/// ≥ T − 1 ns, with the clock at exactly T inside it, among the engine's timers (ties in
/// scheduling order, with `after` and `wait`), before the animation events due by that
/// frame's time. An `Engine` gives its scene a `timedWorkHost` (its timers); a scene without
/// one (driven by `advance(to:)` alone, in Core's tests) runs the work at the first delivering
/// advance at or after T − 1 ns, before that advance delivers its events.
public protocol ScheduledWork: AnyObject {
    /// Stops the work from running; nothing once it has run.
    func cancel()
    /// Whether it has yet to run (not cancelled, not run).
    var isScheduled: Bool { get }
    /// Its place among work due at one time: ties run in this order (the order it was scheduled
    /// in, unless it was given the place of earlier work).
    var schedulingOrder: Int { get }
}

/// Schedules work at an exact time: what an `Engine` installs on its scene.
public typealias TimedWorkHost = (_ time: MediaTime, _ order: Int?, _ work: @escaping () throws -> Void) -> any ScheduledWork

extension Scene {
    /// Runs `work` at exactly `time` (a time in the past: now), under the engine rule. A throw
    /// ends the engine's run as a timer's would. `order` gives it the place of earlier work
    /// among ties (`schedulingOrder`: a timeline's callbacks keep the place it took when it
    /// started); nil, a new place after all others.
    @discardableResult
    public func schedule(at time: MediaTime, order: Int? = nil, _ work: @escaping () throws -> Void) -> any ScheduledWork {
        if let timedWorkHost { return timedWorkHost(time, order, work) }
        let entry = LocalScheduledWork(time: time, order: order ?? Scene.nextSequence(), work: work)
        localTimedWork.append(entry)
        return entry
    }

    /// Runs the work of a scene without a host that is due by `time` (+ 1 ns), in time order.
    func runLocalTimedWork(upTo time: MediaTime) {
        guard !localTimedWork.isEmpty else { return }
        func precedes(_ a: LocalScheduledWork, _ b: LocalScheduledWork) -> Bool {
            a.time != b.time ? a.time < b.time : a.schedulingOrder < b.schedulingOrder
        }
        while let index = localTimedWork.indices.min(by: { precedes(localTimedWork[$0], localTimedWork[$1]) }),
              localTimedWork[index].time.seconds <= time.seconds + 1e-9 {
            let entry = localTimedWork.remove(at: index)
            guard let work = entry.work else { continue }
            entry.work = nil
            try? work()
        }
    }
}

/// Work kept by a scene without a host.
final class LocalScheduledWork: ScheduledWork {
    let time: MediaTime
    let schedulingOrder: Int
    var work: (() throws -> Void)?
    init(time: MediaTime, order: Int, work: @escaping () throws -> Void) {
        self.time = time
        self.schedulingOrder = order
        self.work = work
    }
    func cancel() { work = nil }
    var isScheduled: Bool { work != nil }
}
