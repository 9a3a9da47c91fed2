/// The pacing of a display link: at which vsync each callback runs and what it reports, the way
/// CADisplayLink reports it and Android's Choreographer drops late frames. The links of this
/// module use it; a host's own link (a window's vsync) can too.
///
/// Vsync `k` of the display is at `origin + Double(k) / framesPerSecond` (computed, never
/// accumulated). Callbacks come every `frameInterval` vsyncs (the link's preferred rate). Each
/// tick reports:
/// - `timestamp`: the vsync the previous callback's frame was displayed at (its `targetTimestamp`);
///   on time, the vsync this callback runs at, as on Apple's links;
/// - `targetTimestamp`: the vsync this callback's frame will be displayed at: sample the scene there;
/// - `skippedFrames`: the callbacks that did not happen because the previous one came late.
///
/// A callback woken late (the handler before it stalled) snaps to the latest vsync of its
/// cadence that has passed, counts the callbacks it missed and runs once: never a burst of
/// catch-up callbacks, never two callbacks for one vsync, never backwards. So `targetTimestamp −
/// timestamp` is always a whole number of vsync periods: `frameInterval × (skippedFrames + 1)`.
///
///     var pacer = FramePacer(origin: 0, firstFrame: 0, framesPerSecond: 60)
///     pacer.nextTick(latestVsync: 0)   // frame 0: timestamp 0, target 1/60
///     // the callback stalls 50 ms (3 periods): the clock is at vsync 3
///     pacer.nextTick(latestVsync: 3)   // frame 3: timestamp 1/60, target 4/60, 2 skipped
///
/// After a pause (`pause()`) the next callback starts afresh at the latest vsync: nothing is
/// counted as skipped and `timestamp` is that vsync, so resuming does not jump.
public struct FramePacer: Hashable, Sendable {
    /// The display's refresh rate: vsyncs per second.
    public let framesPerSecond: Double
    /// The time of vsync 0.
    public let origin: Double
    /// Vsyncs between callbacks (≥ 1): from the link's preferred frame rate.
    public var frameInterval = 1 {
        didSet { frameInterval = max(1, frameInterval) }
    }
    /// The vsync the next callback is due at, on time.
    public private(set) var scheduledFrame: Int
    /// Callbacks skipped since the start (the sum of the ticks' `skippedFrames`).
    public private(set) var droppedFrames = 0
    /// Whether the next callback starts afresh (after a pause).
    private var restarts = false

    public init(origin: Double, firstFrame: Int, framesPerSecond: Double) {
        self.origin = origin
        self.framesPerSecond = framesPerSecond
        scheduledFrame = firstFrame
    }

    /// The time of vsync `frame`.
    public func time(of frame: Int) -> Double { gridDeadline(origin: origin, frame: frame, framesPerSecond: framesPerSecond) }

    /// The latest vsync at or before `time` (a nanosecond's slack: a clock reading a hair before
    /// a vsync it has reached counts as at it).
    public func latestVsync(at time: Double) -> Int {
        Int(((time - origin + 1e-9) * framesPerSecond).rounded(.down))
    }

    /// The tick of the callback woken when vsync `latestVsync` is the latest that has passed,
    /// and the schedule moved past it. A wake before the scheduled vsync runs the scheduled one.
    public mutating func nextTick(latestVsync: Int) -> DisplayLinkTick {
        let scheduled = scheduledFrame
        let frame: Int
        let skipped: Int
        if restarts {
            frame = max(scheduled, latestVsync)
            skipped = 0
        } else {
            let late = max(0, latestVsync - scheduled) / frameInterval
            frame = scheduled + late * frameInterval
            skipped = late
        }
        let tick = DisplayLinkTick(
            frame: frame, timestamp: time(of: restarts ? frame : scheduled), targetTimestamp: time(of: frame + frameInterval),
            droppedFrames: skipped)
        scheduledFrame = frame + frameInterval
        droppedFrames += skipped
        restarts = false
        return tick
    }

    /// The link was paused: the next callback starts afresh, whenever it comes.
    public mutating func pause() { restarts = true }
}
