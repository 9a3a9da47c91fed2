import ChoreoCore
import Dispatch

/// The engine host: a scene, its timers and display links, and the frame loop that drives them
/// (DESIGN §2 and §4), on frames from a display link its caller gives it (Engine+Runs.swift):
/// headless on a virtual link, in real time on a Dispatch one, or one frame at a time from a
/// window's main loop, a test or a server (`FrameDriver`).
///
///     let engine = try Engine()
///     engine.addFrameSink { frame in trace.record(frame) }
///     try box.layer.add(fade, forKey: "fade")
///     try engine.after(0.5) { print(engine.now) }    // exactly 0.5
///     let report = try engine.run(until: .time(10), fps: 60)
///
/// Each frame, at time `t` on the frame grid:
/// 1. the timers due by `t` fire in time order, each with `now` equal to its deadline and the
///    scene advanced to that time first (so presentation values read inside are at that time),
///    then the display links due on the frame fire at `t`; timers and links due at the same
///    instant run in the order they were scheduled (a link's next firing is scheduled when it
///    fires);
/// 2. the scene advances to `t`, computing presentation and delivering animation events;
/// 3. the scene is committed after every callback;
/// 4. the frame goes to the sinks.
///
/// Exact virtual time (CONVENTIONS §10): time never goes backwards, a timer scheduled in the
/// past runs at the current time, and frames still happen at every `n / fps` in between. The
/// engine reads no clock: `now` moves with the frames and timers its display link drives (only
/// `runRealtime` hands `clock` to the link it makes). A callback that throws stops the run
/// (`CallbackFailure`).
///
/// Not thread-safe: use an engine from one thread at a time. Real-time runs do their work on
/// the link's queue (`queue` for `runRealtime`) while the caller waits, so script code still never
/// runs concurrently.
public final class Engine {
    /// The scene the engine drives. Replace it only between runs (a script may return the
    /// scene it wants driven).
    public var scene: Scene {
        didSet { hostTimedWork(of: scene) }
    }
    /// The real clock `runRealtime` paces its `DispatchDisplayLink` with: the injected one, else
    /// a `MonotonicClock` made on first use. Nothing else reads it: headless runs and
    /// `FrameDriver` steps never do (an engine that never runs in real time reads no clock).
    public private(set) lazy var clock: any MediaClock = MonotonicClock()
    /// The serial queue `runRealtime` works on.
    public let queue: DispatchQueue
    /// Engine time in seconds: what `CACurrentMediaTime()` returns to scripts. Inside a callback
    /// it is the callback's time (a timer's deadline, a display link's frame time).
    public internal(set) var now: Double
    /// The frame rate of `advance` and of runs that do not give one.
    public internal(set) var framesPerSecond: Double
    /// The most frames one `advance` produces: a longer jump produces only its last frame and
    /// counts the rest as dropped. Timers and animation events still happen, each once, in order,
    /// at their own times. 100,000 frames is about 28 minutes at 60 fps.
    public var maximumFramesPerAdvance = 100_000
    /// The last frame handed to sinks.
    public internal(set) var lastFrame: EngineFrame?
    /// The bounds on callbacks per turn (see `EngineLimits`).
    public var limits = EngineLimits()
    /// Called when a turn begins (the first script callback one frame interval after the last
    /// turn began): the Lua layer re-arms its instruction budget here, so that the callbacks of
    /// a turn share one budget instead of each getting a fresh one.
    public var turnDidBegin: (() -> Void)?
    /// Asked after the scene delivers animation events in a run: a failure a delegate or
    /// completion left that must end the run (they run where nothing can throw; the Lua layer
    /// reports its callbacks running away here) ends it as a `CallbackFailure`. Returns the
    /// error once, clearing it.
    public var takeEventFailure: (() -> (any Error)?)?

    let timers = TimerQueue()
    let timerCount = LiveObjectCount()
    let displayLinkCount = LiveObjectCount()
    /// The display links, in the order of their `sequence` (see Engine+DisplayLinks.swift).
    var displayLinks: [ScriptDisplayLink] = []
    /// How far the frame in progress has looked through `displayLinks` for due links.
    var linkCursor = 0
    var sinks: [(EngineFrame) throws -> Void] = []
    /// Orders everything scheduled: ties in time run in this order.
    var sequence = 0
    /// How frame numbers map to times in the current run.
    var grid: FrameGrid
    /// The frame being produced, and whether a display link has fired in it.
    var frameInProgress: Int?
    var displayLinkFiredInFrame = false
    /// Whether a run is driving frames (`run`, `runRealtime`, a `FrameDriver` not yet finished).
    var isDriving = false
    /// Whether a step of a run or an `advance` is in progress: callbacks may be running, so no
    /// run, advance or step may begin (the frame loop is not reentrant).
    var isStepping = false
    /// The report of the run in progress.
    var report: RunReport
    /// When the current turn began (engine seconds), and the callbacks it has run.
    var turnStart = -Double.infinity
    var turnCallbacks = 0

    /// An engine for `scene` at `framesPerSecond` (finite, > 0), with `clock` for `runRealtime`.
    /// Time starts at 0.
    public init(scene: Scene = Scene(), clock: (any MediaClock)? = nil, framesPerSecond: Double = 60)
        throws(ArgumentError)
    {
        self.scene = scene
        self.framesPerSecond = try requirePositive(framesPerSecond, "framesPerSecond")
        now = 0
        queue = DispatchQueue(label: "choreo.engine")
        grid = FrameGrid(framesPerSecond: framesPerSecond)
        report = RunReport(reason: .idle, startTime: now, endTime: now)
        if let clock { self.clock = clock }
        hostTimedWork(of: scene)
    }

    /// Makes the engine's timers run `scene`'s timed work (`Scene.schedule(at:_:)`): a
    /// timeline's callbacks share the timers' queue, so ties with `after` and `wait` run in
    /// scheduling order, under the engine rule.
    private func hostTimedWork(of scene: Scene) {
        scene.timedWorkHost = { [unowned self] time, order, work in
            // Only a non-finite time cannot be scheduled, which `MediaTime`s from Core are not.
            guard time.seconds.isFinite else { return FinishedWork() }
            return schedule(deadline: max(time.seconds, now), interval: nil, sequence: order, work)
        }
    }

    // MARK: Timers

    /// Calls `callback` once, `seconds` (finite, ≥ 0) from now.
    @discardableResult
    public func after(_ seconds: Double, _ callback: @escaping () throws -> Void) throws(ArgumentError) -> TimerHandle {
        let delay = try requireNonNegative(seconds, "seconds")
        return schedule(deadline: now + delay, interval: nil, callback)
    }

    /// Calls `callback` every `seconds` (finite, ≥ `EngineLimits.minimumTimerInterval`, 1 ms),
    /// first at now + seconds; the `k`-th call is at exactly start + k × seconds, whatever the
    /// frame rate.
    @discardableResult
    public func every(_ seconds: Double, _ callback: @escaping () throws -> Void) throws(ArgumentError) -> TimerHandle {
        let interval = try requirePositive(seconds, "seconds")
        guard interval >= EngineLimits.minimumTimerInterval else {
            throw ArgumentError(
                parameter: "seconds",
                requirement: "must be at least \(formatNumber(EngineLimits.minimumTimerInterval)) s (1 ms)", value: interval)
        }
        guard now + interval > now else {
            // So small that the deadlines would not move: it would fire forever at one instant.
            throw ArgumentError(
                parameter: "seconds", requirement: "must be large enough to move time at \(formatNumber(now)) s",
                value: interval)
        }
        return schedule(deadline: now + interval, interval: interval, callback)
    }

    /// Calls `callback` once at engine time `time` (finite); a time in the past means now.
    @discardableResult
    public func schedule(at time: Double, _ callback: @escaping () throws -> Void) throws(ArgumentError)
        -> TimerHandle
    {
        let deadline = try requireFinite(time, "time")
        return schedule(deadline: max(deadline, now), interval: nil, callback)
    }

    /// A timer at `deadline`, placed among ties at `sequence` (nil: after every timer so far).
    private func schedule(
        deadline: Double, interval: Double?, sequence: Int? = nil, _ callback: @escaping () throws -> Void
    ) -> TimerHandle {
        let timer = TimerHandle(
            deadline: deadline, interval: interval, start: now, sequence: sequence ?? nextSequence(), liveCount: timerCount,
            callback: callback)
        timers.insert(timer)
        return timer
    }

    // MARK: Display links and sinks

    /// Adds a display link calling `callback` on frames at `preferredFramesPerSecond` (finite,
    /// ≥ 0; 0 = the engine's rate; otherwise rounded to a factor of it, as Apple does).
    @discardableResult
    public func addDisplayLink(preferredFramesPerSecond: Double = 0,
                               callback: @escaping (ScriptDisplayLink) throws -> Void) throws(ArgumentError)
        -> ScriptDisplayLink
    {
        let rate = try requireNonNegative(preferredFramesPerSecond, "preferredFramesPerSecond")
        let first: Int
        if let frame = frameInProgress {
            first = displayLinkFiredInFrame ? frame + 1 : frame
        } else {
            first = nextFrameNumber()
        }
        let link = ScriptDisplayLink(
            preferredFramesPerSecond: rate, nextFrame: first, sequence: nextSequence(), liveCount: displayLinkCount,
            callback: callback)
        displayLinks.append(link)
        return link
    }

    /// Adds a sink that receives every frame, after its callbacks and animation events (on
    /// `queue` in real-time runs). Sinks run in the order they were added. A sink that throws
    /// (a value it cannot write, a failed write) stops the run as a failing callback does: the
    /// report's `error` holds the error, with the frame's time and `callback == .frameSink`.
    public func addFrameSink(_ sink: @escaping (EngineFrame) throws -> Void) {
        sinks.append(sink)
    }

    /// Runs one turn of script code at the current time, then commits the scene (what the Lua
    /// layer does around a scene's top level). Errors propagate; the scene is committed anyway.
    public func perform<T>(_ body: () throws -> T) rethrows -> T {
        defer { scene.commit() }
        return try body()
    }

    // MARK: State

    /// What still keeps the engine running.
    public var pendingWork: PendingWork {
        PendingWork(
            hasAnimations: scene.hasRunningAnimations,
            timers: timers.count,
            displayLinks: displayLinks.count { $0.isRunning })
    }

    /// Whether nothing is left to do: no animation, timer or running display link.
    public var isIdle: Bool {
        timers.isEmpty && !displayLinks.contains { $0.isRunning } && !scene.hasRunningAnimations
    }

    /// Timer objects alive: scheduled, or finished but still referenced (by a script's handle,
    /// until the garbage collector frees it). What has finished is not kept by the engine.
    public var liveTimers: Int { timerCount.value }
    /// Display-link objects alive: not yet invalidated, or referenced by a script's handle.
    public var liveDisplayLinks: Int { displayLinkCount.value }

    func nextSequence() -> Int {
        sequence += 1
        return sequence
    }
}
