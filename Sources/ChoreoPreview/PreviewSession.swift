import ChoreoCore
import ChoreoLua
import ChoreoRuntime

/// One loaded copy of the script: a host (Lua state, engine, scene) run headless on the virtual
/// clock, from 0, on the `--fps` grid. Lua cannot rewind, so going back means a new session
/// replayed from 0 (`PreviewController` does that); a session only moves forward.
///
/// A session's state at time `t` is the headless run's: the same top level, the same frames on
/// the grid, the timers at their deadlines, as `choreo render` and a fresh `advance(to: t)` give.
/// That stays true while it only stops on grid frames. A stop between frames (playback at 0.5×,
/// or a display whose rate is not the grid's) delivers the animation events due since the last
/// frame at that time instead of at the next frame, so a session that has moved on from such a
/// stop is no longer exact (`isExact`): frame-exact requests replay instead.
final class PreviewSession {
    let host: ScriptHost
    /// The script's source, kept so that replays run what was loaded (not a newer save).
    let source: String
    let grid: PreviewGrid
    /// The size frames are drawn at: the scene's screen size, else its root view's bounds at
    /// frame 0 (what `choreo render` uses).
    let canvasSize: Size
    /// Whether the state equals a fresh session's advanced straight to `time`.
    private(set) var isExact = true
    /// The time of the first frame after which the engine had nothing left to do: where a
    /// headless run of the script ends (`choreo render` stops there). Nil while it is busy.
    var idleTime: Double? { idleMark.time }
    private let idleMark = IdleMark()

    var engine: Engine { host.engine }
    var scene: Scene { host.engine.scene }
    /// Scene time: the engine's (`CACurrentMediaTime()` in the script).
    var time: Double { host.engine.now }

    /// Runs `source`'s top level (named `chunkName` in errors) and produces frame 0.
    /// - Throws: `PreviewScriptError` for a script error or a script that makes no scene.
    init(source: String, chunkName: String, configuration: ScriptConfiguration,
         printHandler: @escaping (String) -> Void) throws(PreviewScriptError)
    {
        self.source = source
        grid = PreviewGrid(framesPerSecond: configuration.framesPerSecond)
        do {
            host = try configuration.makeHost(printHandler: printHandler)
            try host.run(source: source, chunkName: chunkName)
        } catch {
            throw PreviewScriptError(error)
        }
        // A run checks for idle after each frame's sinks: this sink, the last, sees that state.
        let engine = host.engine, mark = idleMark
        engine.addFrameSink { [unowned engine] frame in
            if mark.time == nil && engine.isIdle { mark.time = frame.time }
        }
        guard host.hasMadeScene else {
            throw PreviewScriptError(message: "\(chunkName) made no Scene, so there is nothing to draw (a scene script calls Scene.new{ width =, height = } at its top level)")
        }
        try Self.advance(host, to: 0)
        canvasSize = host.engine.scene.screenSize ?? host.engine.scene.rootLayer.presentation.bounds.size
    }

    /// Moves the session forward to `time` (an earlier time is ignored): the frames on the grid
    /// up to it, then the scene at `time` itself.
    /// - Throws: `PreviewScriptError` when a callback fails; the session stays where it failed.
    func advance(to time: Double) throws(PreviewScriptError) {
        guard time > self.time else { return }
        if !grid.isOnGrid(self.time) { isExact = false }
        try Self.advance(host, to: time)
    }

    /// Whether moving forward to `time` keeps the session exact.
    func canAdvanceExactly(to time: Double) -> Bool {
        time >= self.time && isExact && (time == self.time || grid.isOnGrid(self.time))
    }

    private static func advance(_ host: ScriptHost, to time: Double) throws(PreviewScriptError) {
        do {
            try host.engine.advance(to: time)
            try host.throwDeferredError()
        } catch {
            throw PreviewScriptError(error)
        }
    }

    /// How long the script runs headless before it has nothing left to do, at most `limit`
    /// seconds (the time of the failing callback when one fails): a fresh host run to the end,
    /// as `choreo render` runs it, then dropped.
    static func runLength(source: String, chunkName: String, configuration: ScriptConfiguration, limit: Double) -> Double {
        guard let probe = try? configuration.makeHost(printHandler: { _ in }),
              (try? probe.run(source: source, chunkName: chunkName)) != nil,
              let report = try? probe.engine.run(until: .time(limit), fps: configuration.framesPerSecond)
        else { return limit }
        return min(max(report.endTime, 0), limit)
    }
}

/// Where a session's frame sink notes the time the engine went idle (a box, so that the sink
/// the engine holds does not hold the session).
private final class IdleMark {
    var time: Double?
}
