import ChoreoCore

/// A display link for headless runs: frames as fast as the CPU allows over a `VirtualClock`,
/// bit-for-bit deterministic.
///
/// `start` runs the whole loop synchronously: it calls the handler for frame `firstFrame`, then
/// the next, with no sleeping, until the handler (or anything it calls) invalidates the link.
/// Frame `k` is due at `origin + Double(k) / framesPerSecond`, computed afresh for every frame,
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
/// Like a vsync, the link moves its clock to a frame's timestamp before calling the handler.
/// (The engine keeps its own time, which also stops between frames at timers' deadlines, so it
/// gives the link a clock of its own.) A virtual link never drops frames. Pausing it ends the
/// loop after the current frame, since nothing could unpause it while the loop runs.
public final class VirtualDisplayLink: DisplayLink {
    /// The clock the link moves frame by frame.
    public let clock: VirtualClock
    public let framesPerSecond: Double
    public private(set) var timestamp = 0.0
    public private(set) var targetTimestamp = 0.0
    public var duration: Double { 1 / framesPerSecond }
    public var isPaused = false
    public var droppedFrames: Int { 0 }
    /// False: frames come as fast as the handler returns.
    public var isRealTime: Bool { false }
    /// Whether `invalidate()` was called.
    public private(set) var isInvalidated = false
    private var isStarted = false

    /// A link at `framesPerSecond` (finite, > 0) over `clock`.
    public init(clock: VirtualClock = VirtualClock(), framesPerSecond: Double = 60) throws(ArgumentError) {
        self.clock = clock
        self.framesPerSecond = try requirePositive(framesPerSecond, "framesPerSecond")
    }

    public func start(origin: Double, firstFrame: Int, handler: @escaping (DisplayLinkTick) -> Void) {
        precondition(!isStarted, "VirtualDisplayLink.start: the link was already started")
        isStarted = true
        var frame = firstFrame
        while !isInvalidated && !isPaused {
            timestamp = gridDeadline(origin: origin, frame: frame, framesPerSecond: framesPerSecond)
            targetTimestamp = gridDeadline(origin: origin, frame: frame + 1, framesPerSecond: framesPerSecond)
            clock.advance(to: timestamp)
            handler(DisplayLinkTick(frame: frame, timestamp: timestamp, targetTimestamp: targetTimestamp))
            frame += 1
        }
    }

    public func invalidate() { isInvalidated = true }

    /// Returns at once: the loop ran inside `start`.
    public func waitUntilInvalidated() {}
}
