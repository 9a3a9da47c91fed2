/// A source of frames on a fixed grid of deadlines: what drives an `Engine` (CADisplayLink's
/// role). The engine takes its link from its caller (`Engine.run(on:until:)`,
/// `Engine.start(on:until:)`) and knows of it only what this protocol says: whether frames come
/// in real time, and the ticks.
///
/// Frame `k` of a link's grid is due at `origin + Double(k) / framesPerSecond`: every deadline is
/// computed from the origin, never accumulated, so a link does not drift. The link calls its
/// handler once per frame it displays, with that frame's deadline as `timestamp`.
///
///     let link: any DisplayLink = VirtualDisplayLink(framesPerSecond: 60)
///     link.start(origin: 0, firstFrame: 0) { tick in
///         if tick.timestamp >= 1 { link.invalidate() }
///     }
///     link.waitUntilInvalidated()
///
/// Contract (CADisplayLink's, with Android Choreographer's dropping; `FramePacer` implements it):
/// the handler runs on one thread at a time and never concurrently with itself; timestamps
/// strictly increase; `targetTimestamp − timestamp` is a whole number of periods; a callback
/// whose vsync passed while an earlier one was late is skipped (counted in `skippedFrames` and
/// `droppedFrames`), never delivered in a burst, never twice for one vsync.
public protocol DisplayLink: AnyObject {
    /// The rate of the grid, in frames per second (> 0).
    var framesPerSecond: Double { get }
    /// The vsync the previous frame was displayed at (the last tick's `timestamp`); 0 before
    /// the first. On time it is the vsync the callback runs at.
    var timestamp: Double { get }
    /// The vsync the last tick's frame is displayed at: render for this time.
    var targetTimestamp: Double { get }
    /// The interval between frames, 1 / `framesPerSecond`, in seconds.
    var duration: Double { get }
    /// While true the handler is not called (deadlines pass without being counted as dropped).
    var isPaused: Bool { get set }
    /// How many callbacks were skipped because a frame came late, since `start`.
    var droppedFrames: Int { get }
    /// How many callbacks were skipped just before the last one (0 when it came on time).
    var skippedFrames: Int { get }
    /// Whether frames come in real time. A real-time link's frame 0 is due the moment `start` is
    /// called, so a run on it anchors its grid at the engine's current time (the first frame is
    /// at now). A virtual link (false) can begin at any frame of a grid whose frame 0 is at time
    /// 0, so a run's frame `n` is at exactly `Double(n) / framesPerSecond` whenever it began.
    var isRealTime: Bool { get }

    /// Starts delivering the frames `firstFrame`, `firstFrame + 1`, ... (`firstFrame` ≥ 0) of the
    /// grid whose frame 0 is at `origin` (media seconds) to `handler`, until `invalidate()`. For
    /// a real-time link frame 0 is due the moment `start` is called. A link starts once.
    func start(origin: Double, firstFrame: Int, handler: @escaping (DisplayLinkTick) -> Void)
    /// Stops the link for good; no handler call begins after it returns (on the link's thread).
    func invalidate()
    /// Blocks the caller until the link is invalidated. Returns at once for a link that runs
    /// synchronously inside `start`; must not be called from the thread the handler runs on.
    func waitUntilInvalidated()
}

extension DisplayLink {
    /// 0: a link that does not say (one written before `skippedFrames` existed) reports none.
    public var skippedFrames: Int { 0 }
}

/// One frame delivered by a display link (see `FramePacer` for how the fields relate).
///
/// An engine run on a link produces the frame at vsync `frame` (engine time
/// `origin + Double(frame) / framesPerSecond`); a preview presents the scene at
/// `targetTimestamp`, when the frame will be on screen.
public struct DisplayLinkTick: Hashable, Sendable {
    /// The vsync the callback runs at, on the link's grid.
    public var frame: Int
    /// The vsync the previous frame was displayed at (on time: vsync `frame`'s time).
    public var timestamp: Double
    /// The vsync this frame will be displayed at.
    public var targetTimestamp: Double
    /// Callbacks skipped just before this one because it came late (0 on time).
    public var droppedFrames: Int
    /// The same as `droppedFrames`, by the name the Lua `DisplayLink` uses (DESIGN §8).
    public var skippedFrames: Int {
        get { droppedFrames }
        set { droppedFrames = newValue }
    }

    public init(frame: Int, timestamp: Double, targetTimestamp: Double, droppedFrames: Int = 0) {
        self.frame = frame
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.droppedFrames = droppedFrames
    }
}

/// The deadline of frame `k` on a grid: computed from the origin, never accumulated.
@inline(__always)
func gridDeadline(origin: Double, frame: Int, framesPerSecond: Double) -> Double {
    origin + Double(frame) / framesPerSecond
}
