import ChoreoCore

/// The frame loop of DESIGN §2: callbacks in time order at exact times, the scene, the sinks.
extension Engine {
    /// Produces frame `number` at `time`: fires what is due, advances the scene, feeds the sinks.
    /// Returns false when a callback or a sink threw (the report holds the failure; a callback's
    /// failure produces no frame).
    func produceFrame(_ number: Int, time: Double, targetTime: Double, droppedFrames: Int) -> Bool {
        frameInProgress = number
        displayLinkFiredInFrame = false
        displayLinks.removeAll { $0.isInvalidated }
        linkCursor = 0
        defer {
            frameInProgress = nil
            restoreLinkOrder()
        }
        while true {
            let timer = timers.peekDue(upTo: time + Self.dueTolerance)
            let link = nextDueLink(on: number)
            // In time order: a timer due just after the frame's time (within the tolerance)
            // runs after the frame's display links; one due at that very time, by scheduling order.
            if let timer, link.map({ timer.deadline < time || (timer.deadline == time && timer.sequence < $0.sequence) }) ?? true {
                guard fireFirstTimer() else { return false }
            } else if let link {
                guard fire(link, frame: number, time: time) else { return false }
            } else {
                break
            }
        }
        beginTurnIfDue()  // the frame's own Lua work (curves, delegates) shares the turn's budget
        moveTime(to: time)
        guard checkEventFailure() else { return false }
        let frame = EngineFrame(
            number: number, time: time, targetTime: targetTime, droppedFrames: droppedFrames, scene: scene)
        lastFrame = frame
        report.frames += 1
        report.droppedFrames += droppedFrames
        do {
            for sink in sinks { try sink(frame) }
        } catch {
            report.error = CallbackFailure(error: error, time: time, callback: .frameSink)
            return false
        }
        return true
    }

    /// How early a frame may run what is due at a time: a frame at `t` runs what is due by
    /// `t` + 1 ns, so that sums of decimal seconds (0.1 + 0.1 + 0.1 > 0.3) land in the frame
    /// they name. The engine rule of DESIGN §8: anything due at a time — timers, `wait`,
    /// timeline callbacks (all of them timers: `schedule(at:)`) — is due in the first frame
    /// whose time ≥ due − 1 ns, and runs with `now` at its exact due time.
    public static let dueTolerance = 1e-9

    /// Fires the timers due by `limit`, in order, without a frame (a run ending between frames).
    func fireTimers(upTo limit: Double) -> Bool {
        while timers.peekDue(upTo: limit) != nil {
            guard fireFirstTimer() else { return false }
        }
        return true
    }

    /// Moves engine time forward to `time` (never back), and the scene with it. The scene's
    /// `advance` delivers the animation events up to that time, unless `deliveringEvents` is
    /// false (before a timer or display link of a frame: the events due by the frame's time
    /// are delivered after all of them, by the frame's own move).
    func moveTime(to time: Double, deliveringEvents: Bool = true) {
        if time > now { now = time }
        scene.advance(to: MediaTime(now), deliveringEvents: deliveringEvents)
    }

    /// The time of the frame after the one now belongs to: inside frame n (its timers, links,
    /// events), frame n + 1; at the instant of a frame (the top-level script at 0 is in frame
    /// 0), the frame after it; between frames, the next frame. What a sequence's `wait(0)`
    /// resumes at.
    public var followingFrameTime: Double {
        if let frame = frameInProgress { return grid.time(of: frame + 1) }
        let next = grid.firstFrame(atOrAfter: now, inclusive: true)
        return grid.time(of: grid.time(of: next) <= now + Self.dueTolerance ? next + 1 : next)
    }

    /// The number of the next frame on the grid: the frame at now, unless it was produced.
    func nextFrameNumber() -> Int {
        grid.firstFrame(atOrAfter: now, inclusive: lastFrame?.time != now)
    }

    /// Switches to `newGrid`; display links then fire on the first frame of the new grid.
    func useGrid(_ newGrid: FrameGrid) {
        guard newGrid != grid else { return }
        grid = newGrid
        let first = nextFrameNumber()
        for link in displayLinks {
            link.nextFrame = first
            link.restarts = true
        }
    }

    // MARK: Callbacks

    /// Fires the first timer in the queue at its deadline; a repeating one is re-armed first, so
    /// that it can cancel itself.
    private func fireFirstTimer() -> Bool {
        guard let timer = timers.popDue(upTo: .infinity), let callback = timer.callback else { return true }
        let deadline = timer.deadline
        timer.firings += 1
        if let next = timer.nextRepeatDeadline() {
            timer.deadline = next
            timer.sequence = nextSequence()
            timers.insert(timer)
        } else {
            timer.callback = nil
        }
        moveTime(to: deadline, deliveringEvents: false)
        guard checkEventFailure() else { return false }
        report.timersFired += 1
        return invoke(.timer) {
            try admitCallback(timer.interval == nil ? .timer : .repeatingTimer, origin: timer.origin)
            try callback()
        }
    }

    /// Fires `link` on frame `frame` at `time` and schedules its next frame. A link due on an
    /// earlier frame (the engine skipped frames) reports the callbacks it missed and the frame
    /// its previous work was shown at, as `FramePacer` does; a restarting link reports neither.
    private func fire(_ link: ScriptDisplayLink, frame: Int, time: Double) -> Bool {
        let interval = link.preferredFrameRateRange.frameInterval(refreshRate: grid.framesPerSecond)
        moveTime(to: time, deliveringEvents: false)
        guard checkEventFailure() else { return false }
        let late = !link.restarts && link.nextFrame < frame
        link.skippedFrames = late ? (frame - link.nextFrame) / interval : 0
        link.timestamp = late ? grid.time(of: link.nextFrame) : time
        link.restarts = false
        link.targetTimestamp = grid.time(of: frame + interval)
        link.duration = 1 / grid.framesPerSecond
        link.nextFrame = frame + interval
        link.sequence = nextSequence()
        link.firedInFrame = true
        displayLinkFiredInFrame = true
        guard let callback = link.callback else { return true }
        report.displayLinkCallbacks += 1
        return invoke(.displayLink) {
            try admitCallback(.displayLink, origin: link.origin)
            try callback(link)
        }
    }

    /// Runs one callback, then commits the scene (also when it threw). A throw stops the run,
    /// and so does an error a delegate or completion kept during the commit.
    private func invoke(_ kind: CallbackFailure.Callback, _ body: () throws -> Void) -> Bool {
        do {
            defer { scene.commit() }
            try body()
        } catch {
            report.error = CallbackFailure(error: error, time: now, callback: kind)
            return false
        }
        return checkEventFailure()
    }
}
