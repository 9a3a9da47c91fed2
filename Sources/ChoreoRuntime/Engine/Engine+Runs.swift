import ChoreoCore
import Dispatch

/// Runs: on a display link the caller gives (blocking, or started and left to the link), the
/// conveniences on a virtual and a Dispatch link, and time jumps. Stepping frames one at a time
/// is `FrameDriver`'s.
extension Engine {
    /// Runs headless, as fast as the CPU allows, until nothing is left to do or the time limit:
    /// `run(on:until:)` on a `VirtualDisplayLink` at `fps`.
    ///
    ///     let report = try engine.run(until: .time(10), fps: 30)
    ///
    /// Frames are at `n / fps` exactly (`fps` finite, > 0; it becomes the engine's rate). The
    /// first frame is the one at now, unless it was already produced. A run of an engine with
    /// nothing to do that has produced a frame ends at once, with no frame.
    /// - Throws: `ArgumentError` for a bad rate or limit; `EngineUsageError` when called from a
    ///   callback. A callback's own error ends the run and is in the report.
    @discardableResult
    public func run(until limit: RunLimit = .idle, fps: Double? = nil) throws -> RunReport {
        try checkNotRunning("run(until:fps:)")
        if let fps { framesPerSecond = try requirePositive(fps, "fps") }
        let end = try limitTime(limit)
        return try drive(VirtualDisplayLink(clock: VirtualClock(now: now), framesPerSecond: framesPerSecond), limit: end)
    }

    /// Runs in real time on a `DispatchDisplayLink` on `queue`, paced by `clock`, for at most
    /// `duration` seconds, blocking the caller until the run ends: `run(on:until:)` on that link.
    ///
    ///     let report = try engine.runRealtime(duration: 5)     // from main, a CLI or a test
    ///
    /// The grid starts at now and frame times are the link's deadlines, so script time is still
    /// exact (timers at their deadlines); late ticks drop frames (`droppedFrames`).
    ///
    /// `slowAnimations` (≥ 1; `SlowAnimations`) makes scene time run that many times slower than
    /// the wall clock: frames still come at `fps` of wall time, on a scene-time grid
    /// `slowAnimations` times finer (`duration` is in scene seconds; the run takes
    /// `duration × slowAnimations` of wall time).
    /// - Precondition: not called on `queue` (the caller waits for work on it).
    @discardableResult
    public func runRealtime(duration: Double, fps: Double? = nil, slowAnimations: Double = 1) throws -> RunReport {
        try checkNotRunning("runRealtime(duration:fps:)")
        dispatchPrecondition(condition: .notOnQueue(queue))
        let seconds = try requireNonNegative(duration, "duration")
        if let fps { framesPerSecond = try requirePositive(fps, "fps") }
        let slowdown = try SlowAnimations.check(slowAnimations, "slowAnimations")
        let link = try DispatchDisplayLink(queue: queue, clock: clock, framesPerSecond: framesPerSecond)
        return drive(link, limit: now + seconds, sceneFramesPerSecond: framesPerSecond * slowdown)
    }

    /// Runs on `link`'s frames until nothing is left to do, the time limit, or a failing
    /// callback, blocking the caller until then (`link.waitUntilInvalidated()`).
    ///
    ///     let link = try DispatchDisplayLink(queue: DispatchQueue(label: "frames"), framesPerSecond: 120)
    ///     let report = try engine.run(on: link, until: .time(engine.now + 5))
    ///
    /// The link's rate becomes the engine's. On a virtual link (`isRealTime` false) frame `n`
    /// is at exactly `n / fps`, as in `run(until:fps:)`; on a real-time link the grid starts at
    /// now, as in `runRealtime`. The engine starts the link and invalidates it when the run
    /// ends; invalidating it earlier (from the thread its handler runs on) ends the run at the
    /// current time, as a time limit there would.
    /// - Throws: `ArgumentError` for a bad rate or limit; `EngineUsageError` when called from a
    ///   callback or while another run goes on. A callback's own error is in the report.
    @discardableResult
    public func run(on link: some DisplayLink, until limit: RunLimit = .idle) throws -> RunReport {
        try checkNotRunning("run(on:until:)")
        framesPerSecond = try requirePositive(link.framesPerSecond, "framesPerSecond")
        return try drive(link, limit: limitTime(limit))
    }

    /// Starts a run on `link`'s frames and returns at once, without waiting for its end: the
    /// link calls back into the engine at each frame, and the returned driver holds the run's
    /// progress and, once it has ended, its report.
    ///
    ///     let link = try DispatchDisplayLink(queue: .main, framesPerSecond: 60)
    ///     let driver = try engine.start(on: link, until: .time(10))
    ///     dispatchMain()      // a window's main loop: frames come on the main queue
    ///
    /// A virtual link runs the whole loop inside `start`, so its run has ended when this
    /// returns. A real-time link delivers frames on its own thread: read the driver there (or
    /// after the link is invalidated), and end the run early with `driver.stop()` from there;
    /// the link is invalidated at its next frame. Otherwise as `run(on:until:)`.
    @discardableResult
    public func start(on link: some DisplayLink, until limit: RunLimit = .idle) throws -> FrameDriver {
        try checkNotRunning("start(on:until:)")
        framesPerSecond = try requirePositive(link.framesPerSecond, "framesPerSecond")
        let driver = beginRun(on: link, limit: try limitTime(limit))
        if !driver.isFinished { startLink(link, driver) }
        return driver
    }

    /// Starts a run whose frames the caller asks for one at a time (`FrameDriver.step()`,
    /// `step(to:)`), with no display link: a window's main loop, a test, a server. Returns at
    /// once; nothing happens until the first step.
    ///
    ///     let driver = try engine.start(until: .time(2), fps: 60)
    ///     while !driver.isFinished { try driver.step() }
    ///     // the same frames, events, trace and report as run(until: .time(2), fps: 60)
    ///
    /// Frames are at `n / fps` exactly, as in `run(until:fps:)`; an engine with nothing to do
    /// that has produced a frame gives a driver whose run has already ended. docs/engine.md
    /// describes stepping.
    /// - Throws: as `run(until:fps:)`.
    public func start(until limit: RunLimit = .idle, fps: Double? = nil) throws -> FrameDriver {
        try checkNotRunning("start(until:fps:)")
        if let fps { framesPerSecond = try requirePositive(fps, "fps") }
        let end = try limitTime(limit)
        useGrid(FrameGrid(framesPerSecond: framesPerSecond))
        return beginDriving(limit: end)
    }

    /// Moves time forward by `seconds` (finite, ≥ 0): see `advance(to:)`.
    @discardableResult
    public func advance(by seconds: Double) throws -> RunReport {
        try advance(to: now + requireNonNegative(seconds, "seconds"))
    }

    /// Moves time to `time` (an earlier time means now), doing everything due on the way: the
    /// timers and display links in order at their exact times, and the frames on the grid.
    ///
    ///     try engine.advance(to: 1e6)      // returns quickly: one frame, every timer once
    ///
    /// The scene ends at `time` even between frames. A jump over more than
    /// `maximumFramesPerAdvance` frames produces only its last frame and reports the others as
    /// dropped; timers and animation events still happen each once, in order, at their own times.
    /// - Throws: `ArgumentError` for a bad time, `CallbackFailure` when a callback throws (time
    ///   stays at that callback), `EngineUsageError` when called from a callback.
    @discardableResult
    public func advance(to time: Double) throws -> RunReport {
        try checkNotRunning("advance(to:)")
        let target = max(try checkedTime(time, "time"), now)
        isStepping = true
        defer { isStepping = false }
        useGrid(FrameGrid(framesPerSecond: framesPerSecond))
        beginReport()
        let first = nextFrameNumber()
        let last = grid.lastFrame(atOrBefore: target)
        if last >= first {
            let count = last - first + 1
            let skipped = count > max(1, maximumFramesPerAdvance) ? count - 1 : 0
            for number in (first + skipped)...last {
                let produced = produceFrame(
                    number, time: grid.time(of: number), targetTime: grid.time(of: number + 1),
                    droppedFrames: skipped)
                if !produced { return try fail() }
            }
        }
        guard fireTimers(upTo: target) else { return try fail() }
        moveTime(to: target)
        guard checkEventFailure() else { return try fail() }
        endReport(isIdle ? .idle : .timeLimit)
        return report
    }

    // MARK: Driving

    /// Runs frames from `link` until idle, the limit, or a failure, blocking until then; the
    /// link's vsync `k` is scene time `k / sceneFramesPerSecond` from the start (the engine's
    /// rate unless slowed down).
    private func drive(_ link: some DisplayLink, limit: Double?, sceneFramesPerSecond: Double? = nil) -> RunReport {
        let driver = beginRun(on: link, limit: limit, sceneFramesPerSecond: sceneFramesPerSecond)
        guard !driver.isFinished else { return driver.report }
        startLink(link, driver)
        link.waitUntilInvalidated()
        if !driver.isFinished { driver.finishAtNow() }  // invalidated (or a virtual link paused) early
        return driver.report
    }

    /// Sets the grid for a run on `link` (at the engine's rate, or `sceneFramesPerSecond`) and
    /// begins the run.
    private func beginRun(on link: some DisplayLink, limit: Double?, sceneFramesPerSecond: Double? = nil) -> FrameDriver {
        if link.isRealTime {
            let originFrame = lastFrame.map { $0.time == now ? $0.number : $0.number + 1 } ?? 0
            useGrid(FrameGrid(origin: now, originFrame: originFrame, framesPerSecond: sceneFramesPerSecond ?? framesPerSecond))
        } else {
            useGrid(FrameGrid(framesPerSecond: framesPerSecond))
        }
        return beginDriving(limit: limit)
    }

    /// Begins a run on the current grid: ended at once (idle, no frame) when nothing is left to
    /// do and a frame was already produced.
    private func beginDriving(limit: Double?) -> FrameDriver {
        beginReport()
        let driver = FrameDriver(engine: self, limit: limit)
        if lastFrame != nil && isIdle {
            driver.finish(.idle)
        } else {
            isDriving = true
        }
        return driver
    }

    /// Starts `link` at the driver's next frame; each tick is a step, and the run's end
    /// invalidates the link.
    private func startLink(_ link: some DisplayLink, _ driver: FrameDriver) {
        link.start(origin: grid.origin, firstFrame: nextFrameNumber() - grid.originFrame) { [weak link] tick in
            if driver.step(tick).isFinished { link?.invalidate() }
        }
    }

    /// One frame of a run; the reason the run ends after it, if it does.
    ///
    /// The frame is the tick's vsync (`tick.frame`), at its time on the grid: on time that is the
    /// tick's `timestamp`; after a late tick the timestamp is the vsync the previous frame was
    /// shown at, and the engine moves on to the vsync the callback runs at.
    func handle(_ tick: DisplayLinkTick, limit: Double?) -> RunReport.Reason? {
        let number = grid.originFrame + tick.frame
        let time = grid.time(of: number)
        if let limit, time > limit {
            // The limit falls before this frame: finish the time up to it, without the frame.
            report.droppedFrames += droppedFrames(of: tick, upTo: limit)
            guard fireTimers(upTo: limit) else { return .error }
            moveTime(to: limit)
            guard checkEventFailure() else { return .error }
            return isIdle ? .idle : .timeLimit
        }
        guard produceFrame(number, time: time, targetTime: grid.time(of: number + 1), droppedFrames: tick.droppedFrames)
        else { return .error }
        if isIdle { return .idle }
        if let limit, time >= limit { return .timeLimit }
        return nil
    }

    /// The tick a display link on the run's grid delivers for engine frame `number`, after
    /// `droppedFrames` skipped ones (`FramePacer`'s fields).
    func tick(forFrame number: Int, droppedFrames: Int) -> DisplayLinkTick {
        DisplayLinkTick(
            frame: number - grid.originFrame, timestamp: grid.time(of: number - droppedFrames),
            targetTimestamp: grid.time(of: number + 1), droppedFrames: droppedFrames)
    }

    /// How many of the frames `tick` skipped were due by `limit`.
    private func droppedFrames(of tick: DisplayLinkTick, upTo limit: Double) -> Int {
        let firstSkipped = grid.originFrame + tick.frame - tick.droppedFrames
        let lastDue = min(grid.originFrame + tick.frame - 1, grid.lastFrame(atOrBefore: limit))
        return max(0, lastDue - firstSkipped + 1)
    }

    private func beginReport() {
        report = RunReport(reason: .idle, startTime: now, endTime: now)
    }

    func endReport(_ reason: RunReport.Reason) {
        report.reason = reason
        report.endTime = now
        report.pending = reason == .idle ? PendingWork() : pendingWork
    }

    /// Ends an `advance` at a failed callback by throwing its error.
    private func fail() throws -> RunReport {
        endReport(.error)
        guard let failure = report.error else { preconditionFailure("a failed frame records its failure") }
        throw failure
    }

    // MARK: Checks

    private func limitTime(_ limit: RunLimit) throws(ArgumentError) -> Double? {
        guard case let .time(time) = limit else { return nil }
        return try checkedTime(time, "limit")
    }

    /// A finite time whose frame number fits comfortably in an `Int` at the current rate.
    func checkedTime(_ time: Double, _ parameter: String) throws(ArgumentError) -> Double {
        let time = try requireFinite(time, parameter)
        let bound = 1e15 / framesPerSecond
        guard abs(time) <= bound else {
            throw ArgumentError(
                parameter: parameter, requirement: "must be at most \(formatNumber(bound)) s (1e15 frames)",
                value: time)
        }
        return time
    }

    func checkNotRunning(_ call: String) throws(EngineUsageError) {
        if frameInProgress != nil || isStepping {
            throw EngineUsageError(
                call: call, state: "the engine is running (from inside a timer, display-link callback or sink)")
        }
        if isDriving {
            throw EngineUsageError(
                call: call, state: "a run started with start(...) is still going (step it to its end or stop() it)")
        }
    }
}
