import ChoreoCore

/// A display link for headless runs and tests: frames as fast as the CPU allows over a
/// `VirtualClock`, bit-for-bit deterministic.
///
/// `start` runs the whole loop synchronously: it calls the handler for frame `firstFrame`, then
/// the next, with no sleeping, until the handler (or anything it calls) invalidates or pauses the
/// link. Vsync `k` is at `origin + Double(k) / framesPerSecond`, computed afresh for every frame,
/// so frame 600 at 60 fps is at exactly 10 s.
///
///     let link = try VirtualDisplayLink(framesPerSecond: 60)
///     var times: [Double] = []
///     link.start(origin: 0, firstFrame: 0) { tick in
///         times.append(tick.timestamp)
///         if times.count == 3 { link.invalidate() }
///     }
///     // times == [0, 1.0/60, 2.0/60]; link.clock.now == 2.0/60
///
/// Like a vsync, the link moves its clock to a callback's vsync before calling the handler.
/// (The engine keeps its own time, which also stops between frames at timers' deadlines, so it
/// gives the link a clock of its own.) A handler that moves the clock on — a simulated stall —
/// makes the next callback late: it snaps to the latest vsync that has passed and reports the
/// callbacks it skipped, as a real link does (`FramePacer`). Nothing else is ever late, so a run
/// whose handler leaves the clock alone never skips a frame. Pausing ends the loop after the
/// current frame, since nothing could unpause it while the loop runs; `resume()` goes on.
public final class VirtualDisplayLink: DisplayLink {
    /// The clock the link moves frame by frame.
    public let clock: VirtualClock
    public let framesPerSecond: Double
    public private(set) var timestamp = 0.0
    public private(set) var targetTimestamp = 0.0
    public var duration: Double { 1 / framesPerSecond }
    public var isPaused = false {
        didSet { if isPaused { pacer?.pause() } }
    }
    public var droppedFrames: Int { pacer?.droppedFrames ?? 0 }
    public private(set) var skippedFrames = 0
    /// The rates the link asks for (CAFrameRateRange): its callbacks come every
    /// `preferredFrameRateRange.frameInterval(refreshRate: framesPerSecond)` vsyncs.
    public private(set) var preferredFrameRateRange = FrameRateRange.default
    /// False: frames come as fast as the handler returns.
    public var isRealTime: Bool { false }
    /// Whether `invalidate()` was called.
    public private(set) var isInvalidated = false
    private var pacer: FramePacer?
    private var handler: ((DisplayLinkTick) -> Void)?

    /// A link at `framesPerSecond` (finite, > 0) over `clock`.
    public init(clock: VirtualClock = VirtualClock(), framesPerSecond: Double = 60) throws(ArgumentError) {
        self.clock = clock
        self.framesPerSecond = try requirePositive(framesPerSecond, "framesPerSecond")
    }

    /// The preferred rate (`preferredFrameRateRange.preferred`, 0 for none).
    public var preferredFramesPerSecond: Double { preferredFrameRateRange.preferred ?? 0 }

    /// Asks for callbacks at `rate` frames per second (finite, ≥ 0; 0: the display's rate),
    /// rounded to a factor of the refresh rate: the range `(0, 0, rate)`.
    public func setPreferredFramesPerSecond(_ rate: Double) throws(ArgumentError) {
        preferredFrameRateRange = try .preferring(rate)
    }

    /// Asks for callbacks within `range` (checked by `FrameRateRange.validated()`).
    public func setPreferredFrameRateRange(_ range: FrameRateRange) throws(ArgumentError) {
        preferredFrameRateRange = try range.validated()
    }

    public func start(origin: Double, firstFrame: Int, handler: @escaping (DisplayLinkTick) -> Void) {
        precondition(pacer == nil, "VirtualDisplayLink.start: the link was already started")
        pacer = FramePacer(origin: origin, firstFrame: firstFrame, framesPerSecond: framesPerSecond)
        self.handler = handler
        runLoop()
    }

    /// Unpauses a started link and runs its loop again, from the latest vsync of the clock (a
    /// test may have moved it while the link was paused): the first callback starts afresh,
    /// with nothing skipped, so the link does not jump.
    public func resume() {
        precondition(pacer != nil, "VirtualDisplayLink.resume: the link was not started")
        isPaused = false
        runLoop()
    }

    private func runLoop() {
        guard let handler else { return }
        while !isInvalidated && !isPaused, var pacer {
            pacer.frameInterval = preferredFrameRateRange.frameInterval(refreshRate: framesPerSecond)
            let tick = pacer.nextTick(latestVsync: pacer.latestVsync(at: clock.now))
            self.pacer = pacer
            timestamp = tick.timestamp
            targetTimestamp = tick.targetTimestamp
            skippedFrames = tick.skippedFrames
            clock.advance(to: pacer.time(of: tick.frame))
            handler(tick)
        }
    }

    public func invalidate() {
        isInvalidated = true
        handler = nil
    }

    /// Returns at once: the loop ran inside `start`.
    public func waitUntilInvalidated() {}
}
