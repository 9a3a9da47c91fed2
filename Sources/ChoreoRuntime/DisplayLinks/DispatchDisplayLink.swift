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
/// A late tick runs at the latest vsync that has passed and skips the callbacks before it,
/// counting them in `skippedFrames` and `droppedFrames`; it never delivers a burst of catch-up
/// frames (`FramePacer` has the rules). Deadlines and lateness are read from `clock` alone (a
/// real clock: `MonotonicClock`; a test can inject one that jumps); the dispatch timer only waits
/// out the time left. `timestamp`, `targetTimestamp`, `skippedFrames` and `droppedFrames` are
/// written on `queue`: read them there, or after `waitUntilInvalidated()`. Callbacks come at the
/// preferred rate (`setPreferredFrameRateRange`, a factor of `framesPerSecond`); after a pause the
/// next callback starts afresh at the latest vsync, with nothing skipped.
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
    public var droppedFrames: Int { pacer.droppedFrames }
    public private(set) var skippedFrames = 0
    /// The rates the link asks for; set it on `queue` (or before `start`).
    public private(set) var preferredFrameRateRange = FrameRateRange.default
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
    private var pacer = FramePacer(origin: 0, firstFrame: 0, framesPerSecond: 1)
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

    /// Asks for callbacks within `range` (checked by `FrameRateRange.validated()`); call it on
    /// `queue`, or before `start`.
    public func setPreferredFrameRateRange(_ range: FrameRateRange) throws(ArgumentError) {
        preferredFrameRateRange = try range.validated()
    }

    /// Makes now the deadline of frame 0 (at media time `origin`) and schedules frame
    /// `firstFrame` (≥ 0) and each later frame at its absolute deadline.
    public func start(origin: Double, firstFrame: Int, handler: @escaping (DisplayLinkTick) -> Void) {
        precondition(timer == nil, "DispatchDisplayLink.start: the link was already started")
        self.handler = handler
        pacer = FramePacer(origin: origin, firstFrame: firstFrame, framesPerSecond: framesPerSecond)
        clockStart = clock.now
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer.setEventHandler { [weak self] in self?.tick() }
        self.timer = timer
        schedule(firstFrame)
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

    /// One timer event: a callback at the latest vsync that has passed (never an earlier one
    /// than scheduled), counting the skipped ones, then the timer armed for the next callback's
    /// vsync. While paused, the timer polls at every vsync and nothing is delivered.
    private func tick() {
        guard !isInvalidated, let handler else { return }
        let latest = Int(((clock.now - clockStart + 1e-9) * framesPerSecond).rounded(.down))
        if isPaused {
            pacer.pause()
            schedule(max(latest + 1, pacer.scheduledFrame))
            return
        }
        pacer.frameInterval = preferredFrameRateRange.frameInterval(refreshRate: framesPerSecond)
        let tick = pacer.nextTick(latestVsync: latest)
        timestamp = tick.timestamp
        targetTimestamp = tick.targetTimestamp
        skippedFrames = tick.skippedFrames
        handler(tick)
        if !isInvalidated { schedule(pacer.scheduledFrame) }
    }
}
