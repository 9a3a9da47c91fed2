import ChoreoCore
import Dispatch
import Synchronization

/// A real-time display link: a `DispatchSourceTimer` on a serial queue, phase-locked to absolute
/// deadlines at `framesPerSecond`.
///
/// Why absolute deadlines: rescheduling "now + 1/fps" after each tick adds every tick's latency
/// to all later frames, and the link drifts. Here frame `k` is always due `Double(k) / fps`
/// after the start on `clock`, and reported at `origin + Double(k) / framesPerSecond`; each tick
/// arms the timer for the time left until the next absolute deadline. Over 10 s at 60 Hz the
/// last timestamp minus the first is exactly the number of frame intervals between them.
///
///     let link = try DispatchDisplayLink(queue: queue, framesPerSecond: 60)
///     link.start(origin: 0, firstFrame: 0) { tick in
///         render(at: tick.targetTimestamp)
///         if tick.timestamp >= 1 { link.invalidate() }
///     }
///     link.waitUntilInvalidated()          // blocks this thread (not `queue`) for ~1 s
///
/// A late tick displays the latest deadline that has passed and skips the ones before it,
/// counting them in `droppedFrames`; it never delivers a burst of catch-up frames. Deadlines and
/// lateness are read from `clock` alone (a real clock: `MonotonicClock`; a test can inject one
/// that jumps); the dispatch timer only waits out the time left. `timestamp`, `targetTimestamp` and
/// `droppedFrames` are written on `queue`: read them there, or after `waitUntilInvalidated()`.
/// `isPaused` and `invalidate()` are safe from any thread, as CADisplayLink's are.
public final class DispatchDisplayLink: DisplayLink {
    /// The serial queue the handler runs on.
    public let queue: DispatchQueue
    /// The clock lateness is measured with.
    public let clock: any MediaClock
    public let framesPerSecond: Double
    public private(set) var timestamp = 0.0
    public private(set) var targetTimestamp = 0.0
    public var duration: Double { 1 / framesPerSecond }
    public private(set) var droppedFrames = 0
    /// True: frame 0 is due when `start` is called, each later one at its deadline on `clock`.
    public var isRealTime: Bool { true }

    public var isPaused: Bool {
        get { paused.load(ordering: .acquiring) }
        set { paused.store(newValue, ordering: .releasing) }
    }

    /// Whether `invalidate()` was called.
    public var isInvalidated: Bool { invalidated.load(ordering: .acquiring) }

    private let paused = Atomic<Bool>(false)
    private let invalidated = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private var timer: (any DispatchSourceTimer)?
    private var handler: ((DisplayLinkTick) -> Void)?
    private var origin = 0.0
    private var nextFrame = 0
    /// `clock.now` at `start`: when frame 0 was due.
    private var clockStart = 0.0

    /// A link at `framesPerSecond` (finite, > 0) whose handler runs on `queue`.
    public init(queue: DispatchQueue, clock: any MediaClock = MonotonicClock(), framesPerSecond: Double = 60)
        throws(ArgumentError)
    {
        self.queue = queue
        self.clock = clock
        self.framesPerSecond = try requirePositive(framesPerSecond, "framesPerSecond")
    }

    deinit { timer?.cancel() }

    /// Makes now the deadline of frame 0 (at media time `origin`) and schedules frame
    /// `firstFrame` (≥ 0) and each later frame at its absolute deadline.
    public func start(origin: Double, firstFrame: Int, handler: @escaping (DisplayLinkTick) -> Void) {
        precondition(timer == nil, "DispatchDisplayLink.start: the link was already started")
        self.origin = origin
        self.handler = handler
        nextFrame = firstFrame
        clockStart = clock.now
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer.setEventHandler { [weak self] in self?.tick() }
        self.timer = timer
        schedule(nextFrame)
        timer.activate()
    }

    public func invalidate() {
        guard !invalidated.exchange(true, ordering: .acquiringAndReleasing) else { return }
        timer?.cancel()
        finished.signal()
    }

    public func waitUntilInvalidated() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        finished.wait()
        finished.signal()  // later waits return at once too
    }

    /// Arms the timer for frame `frame`'s absolute deadline: the time left until it on `clock`.
    private func schedule(_ frame: Int) {
        let remaining = clockStart + Double(frame) / framesPerSecond - clock.now
        let nanoseconds = Int(min(max(remaining, 0), 3600) * 1e9 + 1)  // + 1: never before the deadline
        timer?.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .never, leeway: .nanoseconds(0))
    }

    /// One timer event: display the latest deadline that has passed (never an earlier one than
    /// scheduled), count the skipped ones, then arm the next deadline after it.
    private func tick() {
        guard !isInvalidated, let handler else { return }
        let elapsed = clock.now - clockStart
        let latestDue = Int((elapsed * framesPerSecond).rounded(.down))
        let scheduled = nextFrame
        let frame = max(scheduled, latestDue)
        nextFrame = frame + 1
        if !isPaused {
            let dropped = frame - scheduled
            droppedFrames += dropped
            timestamp = gridDeadline(origin: origin, frame: frame, framesPerSecond: framesPerSecond)
            targetTimestamp = gridDeadline(origin: origin, frame: frame + 1, framesPerSecond: framesPerSecond)
            handler(DisplayLinkTick(
                frame: frame, timestamp: timestamp, targetTimestamp: targetTimestamp, droppedFrames: dropped))
        }
        if !isInvalidated { schedule(nextFrame) }
    }
}
