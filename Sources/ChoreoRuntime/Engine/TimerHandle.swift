import ChoreoCore

/// A timer scheduled on an `Engine` with `after`, `every` or `schedule(at:)`: the script's
/// `after(2, fn)` / `every(1, fn)` and the handle `t:cancel()` acts on.
///
///     let tick = try engine.every(0.5) { print(engine.now) }   // 0.5, 1, 1.5, ...
///     try engine.advance(by: 1)
///     tick.cancel()
///
/// A repeating timer's `k`-th deadline is `start + Double(k) * interval`, computed from the
/// start, never accumulated, so it does not drift after thousands of repeats. A handle is the
/// timer itself: cancelling it (even from inside its own callback) removes every later firing.
public final class TimerHandle {
    /// The time of the next firing, in engine seconds (the last one once finished).
    public internal(set) var deadline: Double
    /// The repeat interval in seconds; nil for a one-shot timer.
    public let interval: Double?
    /// Whether `cancel()` was called before the timer finished.
    public private(set) var isCancelled = false
    /// Whether the timer will still fire: not cancelled, and repeating or not yet fired.
    public var isScheduled: Bool { callback != nil }
    /// Where the script created the timer (`scene.lua:4`), named when it runs away.
    public var origin: String?

    /// The engine time the timer was scheduled at (the origin of its repeats).
    let start: Double
    /// How many times it has fired.
    var firings = 0
    /// Orders timers with equal deadlines: the order their current firing was scheduled in.
    var sequence: Int
    var callback: (() throws -> Void)?
    /// The queue that holds the timer, told when it is cancelled.
    weak var queue: TimerQueue?

    /// The engine's count of live timers.
    private let liveCount: LiveObjectCount

    init(deadline: Double, interval: Double?, start: Double, sequence: Int, liveCount: LiveObjectCount,
         callback: @escaping () throws -> Void) {
        self.liveCount = liveCount
        liveCount.increment()
        self.deadline = deadline
        self.interval = interval
        self.start = start
        self.sequence = sequence
        self.callback = callback
    }

    deinit { liveCount.decrement() }

    /// Stops the timer: it does not fire again. Does nothing once it has finished.
    public func cancel() {
        guard callback != nil else { return }
        isCancelled = true
        callback = nil
        queue?.didCancel(self)
    }

    /// The deadline of the firing after this one, from the start (no accumulated error).
    func nextRepeatDeadline() -> Double? {
        guard let interval else { return nil }
        return start + Double(firings + 1) * interval
    }
}

/// A timer is timed work a scene scheduled (`Scene.schedule(at:_:)`).
extension TimerHandle: ScheduledWork {
    public var schedulingOrder: Int { sequence }
}

/// Work that will never run (a time that could not be scheduled).
final class FinishedWork: ScheduledWork {
    func cancel() {}
    var isScheduled: Bool { false }
    var schedulingOrder: Int { 0 }
}
