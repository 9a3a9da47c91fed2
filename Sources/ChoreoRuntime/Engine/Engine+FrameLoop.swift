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
            let timer = timers.peekDue(upTo: time)
            let link = nextDueLink(on: number)
            if let timer, timer.deadline < time || link.map({ timer.sequence < $0.sequence }) ?? true {
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

    /// Fires the timers due by `limit`, in order, without a frame (a run ending between frames).
    func fireTimers(upTo limit: Double) -> Bool {
        while timers.peekDue(upTo: limit) != nil {
            guard fireFirstTimer() else { return false }
        }
        return true
    }

    /// Moves engine time forward to `time` (never back), and the scene with it. The scene's
    /// `advance` delivers the animation events up to that time.
    func moveTime(to time: Double) {
        if time > now { now = time }
        scene.advance(to: MediaTime(now))
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
        moveTime(to: deadline)
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
        moveTime(to: time)
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
