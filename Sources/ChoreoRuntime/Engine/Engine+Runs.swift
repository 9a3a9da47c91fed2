import ChoreoCore
import Dispatch

/// Runs: headless on a virtual display link, in real time on a Dispatch one, and time jumps.
extension Engine {
    /// Runs headless, as fast as the CPU allows, until nothing is left to do or the time limit.
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
        useGrid(FrameGrid(framesPerSecond: framesPerSecond))
        let link = try VirtualDisplayLink(clock: VirtualClock(now: now), framesPerSecond: framesPerSecond)
        return drive(link, limit: end)
    }

    /// Runs in real time on a `DispatchDisplayLink` for at most `duration` seconds, blocking the
    /// caller until the run ends; the frames run on `queue`.
    ///
    ///     let report = try engine.runRealtime(duration: 5)     // from main, a CLI or a test
    ///
    /// The grid starts at now and frame times are the link's deadlines, so script time is still
    /// exact (timers at their deadlines); late ticks drop frames (`droppedFrames`). Paced by the
    /// engine's clock, or a `MonotonicClock` when that is a `VirtualClock`.
    /// - Precondition: not called on `queue` (the caller waits for work on it).
    @discardableResult
    public func runRealtime(duration: Double, fps: Double? = nil) throws -> RunReport {
        try checkNotRunning("runRealtime(duration:fps:)")
        dispatchPrecondition(condition: .notOnQueue(queue))
        let seconds = try requireNonNegative(duration, "duration")
        if let fps { framesPerSecond = try requirePositive(fps, "fps") }
        let pacing: any MediaClock = clock is VirtualClock ? MonotonicClock() : clock
        let link = try DispatchDisplayLink(queue: queue, clock: pacing, framesPerSecond: framesPerSecond)
        let originFrame = lastFrame.map { $0.time == now ? $0.number : $0.number + 1 } ?? 0
        useGrid(FrameGrid(origin: now, originFrame: originFrame, framesPerSecond: framesPerSecond))
        return drive(link, limit: now + seconds)
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

    /// Runs frames from `link` until idle, the limit, or a failure.
    private func drive(_ link: any DisplayLink, limit: Double?) -> RunReport {
        beginReport()
        if lastFrame != nil && isIdle {
            endReport(.idle)
            return report
        }
        isDriving = true
        defer { isDriving = false }
        link.start(origin: grid.origin, firstFrame: nextFrameNumber() - grid.originFrame) { [self, weak link] tick in
            if let reason = handle(tick, limit: limit) {
                endReport(reason)
                link?.invalidate()
            }
        }
        link.waitUntilInvalidated()
        return report
    }

    /// One frame of a run; the reason the run ends after it, if it does.
    private func handle(_ tick: DisplayLinkTick, limit: Double?) -> RunReport.Reason? {
        if let limit, tick.timestamp > limit {
            // The limit falls before this frame: finish the time up to it, without the frame.
            report.droppedFrames += droppedFrames(of: tick, upTo: limit)
            guard fireTimers(upTo: limit) else { return .error }
            moveTime(to: limit)
            guard checkEventFailure() else { return .error }
            return isIdle ? .idle : .timeLimit
        }
        let number = grid.originFrame + tick.frame
        guard produceFrame(number, time: tick.timestamp, targetTime: tick.targetTimestamp,
                           droppedFrames: tick.droppedFrames)
        else { return .error }
        if isIdle { return .idle }
        if let limit, tick.timestamp >= limit { return .timeLimit }
        return nil
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

    private func endReport(_ reason: RunReport.Reason) {
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
    private func checkedTime(_ time: Double, _ parameter: String) throws(ArgumentError) -> Double {
        let time = try requireFinite(time, parameter)
        let bound = 1e15 / framesPerSecond
        guard abs(time) <= bound else {
            throw ArgumentError(
                parameter: parameter, requirement: "must be at most \(formatNumber(bound)) s (1e15 frames)",
                value: time)
        }
        return time
    }

    private func checkNotRunning(_ call: String) throws(EngineUsageError) {
        guard frameInProgress == nil && !isDriving else {
            throw EngineUsageError(
                call: call, state: "the engine is running (from inside a timer, display-link callback or sink)")
        }
    }
}
