/// What a run of the engine did: how many frames, until when, why it ended, what was left.
///
///     let report = try engine.run(until: .time(10), fps: 60)
///     report.reason        // .idle: nothing was left before 10 s
///     report.frames        // frames handed to sinks
///     report.pending       // at a time limit: the animations, timers and links still waiting
///
/// `run`, `runRealtime` and `advance` all return one, and a `FrameDriver` holds one (final once
/// its run has ended). A run ends when nothing is left to do (no
/// animation attached in the scene, no timer, no running display link), at its time limit, or
/// at the first callback that throws.
public struct RunReport {
    /// Why a run ended.
    public enum Reason: Equatable, Sendable {
        /// Nothing was left to do.
        case idle
        /// The time limit came with work still pending (for `advance`: the target time).
        case timeLimit
        /// A callback threw; see `error`.
        case error
    }

    public var reason: Reason
    /// Engine time when the run began and when it ended, in seconds.
    public var startTime: Double
    public var endTime: Double
    /// Frames handed to sinks.
    public var frames = 0
    /// Frames on the grid that were not produced: deadlines a late real-time tick skipped, or
    /// the frames of a time jump beyond `Engine.maximumFramesPerAdvance`.
    public var droppedFrames = 0
    /// Timer firings (each repeat of `every` counts once).
    public var timersFired = 0
    /// Display-link callbacks run.
    public var displayLinkCallbacks = 0
    /// The failing callback when `reason` is `.error`.
    public var error: CallbackFailure?
    /// What was still waiting when the run ended (empty when it ended idle).
    public var pending = PendingWork()
}

/// When a run stops.
public enum RunLimit: Equatable, Sendable {
    /// When nothing is left to do. A scene with a never-ending animation or timer never gets
    /// there: give such runs a time limit.
    case idle
    /// When nothing is left to do, or at this engine time (seconds), whichever comes first. The
    /// frame at exactly the limit is produced; the timers due by it fire.
    case time(Double)
}

/// The work that keeps an engine running.
public struct PendingWork: Equatable, Sendable {
    /// Whether any layer of the scene has an animation attached.
    public var hasAnimations = false
    /// Timers that will still fire.
    public var timers = 0
    /// Display links that are neither paused nor invalidated.
    public var displayLinks = 0

    public init(hasAnimations: Bool = false, timers: Int = 0, displayLinks: Int = 0) {
        self.hasAnimations = hasAnimations
        self.timers = timers
        self.displayLinks = displayLinks
    }

    /// Nothing is pending: the engine is idle.
    public var isEmpty: Bool { !hasAnimations && timers == 0 && displayLinks == 0 }
}
