import ChoreoCore
import ChoreoLua
import ChoreoRuntime

/// The live preview without its window: a state machine that owns the loaded scene and its
/// engine and is driven by display-link ticks and commands, so that every control is tested
/// without a window (`choreo preview` draws `scene` and `hudState`, and maps keys to commands).
///
///     let preview = try PreviewController(configuration: ScriptConfiguration(scenePath: "scene.lua"))
///     link.start(origin: 0, firstFrame: 0) { tick in
///         if preview.tick(tick) { draw(preview.scene, preview.hudState) }
///     }
///     preview.perform(.togglePlay)              // Space
///     preview.reload()                          // the file watcher saw a save
///
/// **Time.** The playhead (`time`) is scene time: the engine's, `CACurrentMediaTime()` in the
/// script. While playing, each tick moves it by the display time the tick covers
/// (`targetTimestamp − timestamp`, several periods after a late frame) × `speed` ÷
/// `slowAnimations`, so the frame a tick produces is the scene at the tick's `targetTimestamp`,
/// when the frame will be on screen. This is the root of the timing tree with CAMediaTiming's
/// `speed`, rebased at every tick (`timeOffset` = the playhead, `beginTime` = the tick's
/// `timestamp`): a change of speed, a seek, a pause (the preview's or the link's) or a loop never
/// makes scene time jump. Times within a millionth of a frame of the `--fps` grid snap to it: at
/// 1× on a display at the grid's rate every presented frame is one of the headless run's.
///
/// **Frames.** The scene runs headless on the virtual clock, on the `--fps` grid (a
/// `PreviewSession`). Stepping, scrubbing, Home and End land on grid frames and give exactly the
/// state `choreo render` has at that frame (they replay when playback stopped between frames).
/// Going back replays the script from 0 (Lua cannot rewind), as a reload does; a playing loop
/// keeps a second session ready at its in point instead (PreviewController+LoopStart.swift).
///
/// **The end.** The timeline runs from 0 to `end`: `--duration` when given, else the time the
/// scene has nothing left to do, at most 10 s (`choreo render`'s default): seen on the way to the
/// playhead at a load, else found by one more headless run. Without a loop, playback stops at
/// the end (or at the out point); with one, it wraps to the in point.
///
/// Not thread-safe: use it on one thread (the window's).
public final class PreviewController {
    /// The speeds `[` and `]` step through.
    public static let speeds: [Double] = [0.1, 0.25, 0.5, 1, 2]
    /// The fastest and slowest speeds `setSpeed` takes.
    public static let speedRange: ClosedRange<Double> = 0.01...100

    public let configuration: ScriptConfiguration
    public let options: PreviewOptions
    /// The `--fps` grid frames are stepped and sampled on.
    public let grid: PreviewGrid
    /// Where the scripts' `print` goes (nowhere by default: a replay would print again).
    public var printHandler: (String) -> Void

    /// The playhead: the scene time presented, in seconds.
    public internal(set) var time = 0.0
    /// The timeline's length in seconds (see the type's documentation).
    public internal(set) var end = 0.0
    public internal(set) var speed = 1.0
    public internal(set) var isPaused: Bool
    public internal(set) var isLooping: Bool
    /// The in and out points, scene seconds; nil: the timeline's start and end.
    public internal(set) var inPoint: Double?
    public internal(set) var outPoint: Double?
    /// Display-link frames skipped since the preview started (the ticks' `skippedFrames`).
    public internal(set) var skippedFrames = 0
    /// Good reloads so far.
    public internal(set) var reloads = 0
    /// Whether the script runs, or the error to show.
    public internal(set) var status = PreviewStatus.ok
    /// Changes whenever the presented scene changes: a window redraws when it differs from the
    /// one it drew.
    public internal(set) var revision = 0

    /// The loaded script; nil only while no load has succeeded yet.
    var session: PreviewSession?
    /// A second session brought to the loop's start while a loop plays (PreviewController+LoopStart.swift).
    var standby: PreviewSession?
    /// How many times the script was replayed from 0 (going back without a standby).
    var replays = 0

    /// Loads the scene (a failure is reported in `status`, and `reload()` tries again).
    /// - Throws: `ArgumentError` for a frame rate or duration that is not a finite number > 0
    ///   (≥ 0 for the duration), or a slow-motion factor outside `SlowAnimations.range`.
    public init(configuration: ScriptConfiguration, options: PreviewOptions = PreviewOptions(),
                printHandler: @escaping (String) -> Void = { _ in }) throws(ArgumentError)
    {
        _ = try requirePositive(configuration.framesPerSecond, "framesPerSecond")
        _ = try SlowAnimations.check(options.slowAnimations, "slowAnimations")
        if let duration = options.duration { _ = try requireNonNegative(duration, "duration") }
        self.configuration = configuration
        self.options = options
        self.printHandler = printHandler
        grid = PreviewGrid(framesPerSecond: configuration.framesPerSecond)
        isPaused = options.startsPaused
        isLooping = options.loops
        reload(countsAsReload: false)
    }

    /// The plugins refused (the window reports them once): the loaded script's host's, else the
    /// catalog's.
    public var pluginFailures: [PluginLoadError] { session?.host.pluginFailures ?? configuration.plugins.failures }

    /// The scene to draw (with `SceneRenderer`, at `canvasSize`); nil until a load succeeds.
    public var scene: Scene? { session?.scene }
    /// The size frames are drawn at, as `choreo render` draws them.
    public var canvasSize: Size? { session?.canvasSize }
    /// The range playback loops over or stops at: the in and out points, else the timeline.
    public var range: ClosedRange<Double> {
        let lower = min(max(inPoint ?? 0, 0), end)
        return lower...max(lower, min(outPoint ?? end, end))
    }
    /// How fast scene time runs against display time: `speed ÷ slowAnimations`.
    public var rate: Double { speed / options.slowAnimations }

    /// What the HUD shows.
    public var hudState: PreviewHUDState {
        PreviewHUDState(
            time: time, frame: grid.frame(at: time), end: end, framesPerSecond: grid.framesPerSecond, speed: speed,
            slowAnimations: options.slowAnimations, inPoint: inPoint, outPoint: outPoint, isLooping: isLooping,
            isPaused: isPaused, skippedFrames: skippedFrames, reloads: reloads, status: status)
    }

    // MARK: Ticks

    /// One display-link tick: while playing, moves the playhead to the scene time of the tick's
    /// `targetTimestamp` (wrapping in the loop range, stopping at the end without one) and brings
    /// the scene there. Returns whether the presented scene changed.
    @discardableResult
    public func tick(_ tick: DisplayLinkTick) -> Bool {
        skippedFrames += tick.skippedFrames
        guard !isPaused, session != nil else { return false }
        var target = time + max(0, tick.targetTimestamp - tick.timestamp) * rate
        let range = self.range
        if isLooping {
            if time < range.lowerBound || time > range.upperBound {
                target = range.lowerBound
            } else if target > range.upperBound {
                let length = range.upperBound - range.lowerBound
                target = length > 0
                    ? range.lowerBound + (target - range.upperBound).truncatingRemainder(dividingBy: length)
                    : range.lowerBound
            }
        } else if target >= range.upperBound {
            target = range.upperBound
            pause()
        }
        let before = revision
        move(to: target, exactly: false)
        prepareLoopStart(tickSpan: tick.targetTimestamp - tick.timestamp)
        return revision != before
    }

    // MARK: Moving the playhead

    /// Brings the scene to `target` (snapped to the grid within its tolerance): forward by
    /// advancing the session, back by replaying from 0. `exactly`: the state must be the headless
    /// run's at that time, so a session that stopped between frames replays.
    func move(to target: Double, exactly: Bool) {
        let target = grid.snapped(max(0, target))
        guard let session else {
            time = target
            return
        }
        if target == session.time && (!exactly || session.isExact) {
            time = target
            return
        }
        do {
            if target < session.time || (exactly && !session.canAdvanceExactly(to: target)) {
                let fresh: PreviewSession
                if let standby = takeStandby(for: target, exactly: exactly) {
                    fresh = standby
                } else {
                    fresh = try replay(session)
                    replays += 1
                }
                self.session = fresh
                try fresh.advance(to: target)
            } else {
                try session.advance(to: target)
            }
        } catch {
            status = .scriptError(error)
            pause()
        }
        time = self.session?.time ?? target
        revision += 1
    }

    /// A new session of the same source at time 0 (the old one is released by the caller).
    func replay(_ session: PreviewSession) throws(PreviewScriptError) -> PreviewSession {
        try PreviewSession(
            source: session.source, chunkName: configuration.scenePath, configuration: configuration,
            printHandler: printHandler)
    }
}
