import ChoreoCore

/// A run of the engine driven one frame at a time by its caller: the non-blocking form of
/// `Engine.run`, for a window's main loop, a test or a server that owns the frame source.
///
///     let driver = try engine.start(until: .time(10), fps: 60)
///     while !driver.isFinished {                 // a window: once per vsync instead
///         let step = try driver.step()           // the next frame on the grid
///         if let frame = step.frame { present(frame.scene) }
///     }
///     driver.report    // what run(until: .time(10), fps: 60) returns
///
/// Each step does what one display-link tick does in a blocking run, in the same code: the
/// timers and display links due by the frame at their exact times, the scene, the animation
/// events, the sinks, then the end checks (nothing left to do, the time limit, a failing
/// callback). So stepping a run to its end gives the same frames, events, trace and `RunReport`
/// as `run` does, bit for bit; turns, the callback bound and the instruction budget behave the
/// same. `Engine.start(on:until:)` and `run(on:until:)` step a driver from a display link.
///
/// The run ends on the step that finds nothing left to do, passes the limit, or meets a
/// callback that throws (`report.error`, as in a run). `stop()` ends it early at the current time.
/// **Stepping a finished run is a no-op**: it returns the final report again and touches nothing,
/// so a window can keep calling `step` at every vsync after the scene is done. While the run goes
/// on, the engine refuses other runs and `advance` (`EngineUsageError`); a step from inside one of
/// the engine's own callbacks or sinks is refused the same way.
///
/// Not thread-safe: step a driver on one thread (a real-time link's, when a link drives it).
public final class FrameDriver {
    /// The engine the run drives.
    public let engine: Engine
    /// The run's time limit in engine seconds, if it has one.
    public let limit: Double?
    /// Whether the run has ended (`report` is then final).
    public private(set) var isFinished = false
    /// The report at the end, once the run has ended.
    private var finalReport: RunReport?

    init(engine: Engine, limit: Double?) {
        self.engine = engine
        self.limit = limit
    }

    /// A driver dropped before its run ended ends it, so the engine is free for the next run.
    deinit {
        if !isFinished { finishAtNow() }
    }

    /// What the run has done so far; once it has ended, its final report (`reason`, `error`,
    /// `pending`), the same a blocking run returns.
    public var report: RunReport { finalReport ?? engine.report }

    /// The time of the next frame `step()` produces (engine seconds).
    public var nextFrameTime: Double { engine.grid.time(of: engine.nextFrameNumber()) }

    /// Produces the next frame on the grid, on time (no frame dropped).
    /// - Throws: `EngineUsageError` from inside one of the engine's callbacks or sinks.
    @discardableResult
    public func step() throws(EngineUsageError) -> FrameStep {
        try checkCanStep("step()")
        guard !isFinished else { return FrameStep(frame: nil, report: report) }
        return step(engine.tick(forFrame: engine.nextFrameNumber(), droppedFrames: 0))
    }

    /// Brings the run to `time` (engine seconds, finite) as a display-link tick at that moment
    /// would: produces the latest frame on the grid at or before `time`, counting the frames
    /// skipped since the last one as dropped (their timers still fire, each at its deadline);
    /// does nothing when no new frame is due yet. A `time` past the limit ends the run at the
    /// limit. A window whose own vsync paces the frames calls this with each vsync's time.
    ///
    ///     try driver.step(to: 0.5)     // frame 30 at 60 fps (and 0...29 if not produced yet,
    ///                                  // of which all but 30 are dropped)
    /// - Throws: `ArgumentError` for a time that is not finite or too large; `EngineUsageError`
    ///   from inside one of the engine's callbacks or sinks.
    @discardableResult
    public func step(to time: Double) throws -> FrameStep {
        try checkCanStep("step(to:)")
        let time = try engine.checkedTime(time, "time")
        guard !isFinished else { return FrameStep(frame: nil, report: report) }
        let next = engine.nextFrameNumber()
        let latest = engine.grid.lastFrame(atOrBefore: time)
        if latest >= next {
            return step(engine.tick(forFrame: latest, droppedFrames: latest - next))
        }
        if let limit, time > limit {
            // No frame is due, but the limit has passed: the next frame's tick ends the run there.
            return step(engine.tick(forFrame: next, droppedFrames: 0))
        }
        return FrameStep(frame: nil, report: nil)
    }

    /// Ends the run now, at the current time, as a time limit there would (`.idle` when nothing
    /// is left to do, else `.timeLimit` with what is pending); returns the final report. A window
    /// that closes calls this. Does nothing to a finished run.
    /// - Throws: `EngineUsageError` from inside one of the engine's callbacks or sinks.
    @discardableResult
    public func stop() throws(EngineUsageError) -> RunReport {
        try checkCanStep("stop()")
        if !isFinished { finishAtNow() }
        return report
    }

    // MARK: Engine side

    /// One tick of the run's display link (or the caller's step): a frame, or the end.
    func step(_ tick: DisplayLinkTick) -> FrameStep {
        guard !isFinished else { return FrameStep(frame: nil, report: report) }
        engine.isStepping = true
        let framesBefore = engine.report.frames
        let reason = engine.handle(tick, limit: limit)
        engine.isStepping = false
        let frame = engine.report.frames > framesBefore ? engine.lastFrame : nil
        if let reason { finish(reason) }
        return FrameStep(frame: frame, report: finalReport)
    }

    /// Ends the run at the current time (see `stop()`).
    func finishAtNow() {
        finish(engine.isIdle ? .idle : .timeLimit)
    }

    /// Ends the run with `reason`, freeing the engine for other runs.
    func finish(_ reason: RunReport.Reason) {
        engine.endReport(reason)
        engine.isDriving = false
        finalReport = engine.report
        isFinished = true
    }

    private func checkCanStep(_ call: String) throws(EngineUsageError) {
        guard engine.frameInProgress == nil && !engine.isStepping else {
            throw EngineUsageError(
                call: "FrameDriver.\(call)",
                state: "the engine is running (from inside a timer, display-link callback or sink)")
        }
    }
}

/// What one `FrameDriver` step did.
///
///     let step = try driver.step(to: vsyncTime)
///     if let frame = step.frame { present(frame.scene) }
///     if let report = step.report { print(report.reason) }      // the run has ended
public struct FrameStep {
    /// The frame this step handed to the sinks (also when one of them threw). Nil when no frame
    /// was due yet (`step(to:)` before the next frame's time), when the run ended before the
    /// frame (its limit came first, or a timer, link or animation-event callback threw), or when
    /// the run had already ended.
    public var frame: EngineFrame?
    /// The run's final report once it has ended, on this step or an earlier one; nil while it
    /// goes on.
    public var report: RunReport?

    /// Whether the run has ended.
    public var isFinished: Bool { report != nil }

    public init(frame: EngineFrame?, report: RunReport?) {
        self.frame = frame
        self.report = report
    }
}
