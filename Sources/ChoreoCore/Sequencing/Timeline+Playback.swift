/// The timeline's controls: start, pause, stop, turn around, seek, scrub, and the completion.
/// Which call is legal in which state is the table of `Timeline+StateMachine.swift`.
extension Timeline {
    /// Starts (or resumes) the timeline after `delay` seconds (finite, ≥ 0); until then it stays
    /// where it is. An inactive timeline starts at 0 (at its end when reversed).
    ///
    /// - Throws: `ArgumentError` for a bad delay; `TimelineError` when nested, or when started
    ///   reversed from inactive while it repeats forever (it has no end to start from).
    public func startAnimation(afterDelay delay: Double = 0) throws {
        let step = try Self.step(for: .startAnimation, in: phase, isNested: parent != nil)
        let wait = try requireNonNegative(delay, "delay")
        switch step {
        case .start:
            guard !isReversed || activeDuration.isFinite else {
                throw TimelineError(call: "startAnimation", problem: "a reversed timeline that repeats forever has no end to start from",
                                    remedy: "seek first, or set isReversed = false")
            }
            anchor = isReversed ? activeDuration : 0
            lastRunPosition = nil
        case .resume:
            break
        default:
            return
        }
        order = nil  // its calls take a new place among ties from now on
        lastCompletion = nil
        phase = .running
        runStart = scene.currentTime + MediaDuration(wait)
        reschedule()
    }

    /// Pauses the timeline where its playhead is (an inactive one becomes active, paused at 0).
    ///
    /// - Throws: `TimelineError` when nested.
    public func pauseAnimation() throws(TimelineError) {
        switch try Self.step(for: .pauseAnimation, in: phase, isNested: parent != nil) {
        case .activateAndPause:
            anchor = 0
            lastRunPosition = nil
        case .pause:
            anchor = playhead
        default:
            return
        }
        phase = .paused
        reschedule()
    }

    /// Stops the timeline where it is: the values shown become the model values, its animations
    /// are removed, and it becomes inactive without running its completion.
    ///
    /// - Throws: `TimelineError` when inactive or nested.
    public func stopAnimation() throws(TimelineError) {
        guard try Self.step(for: .stopAnimation, in: phase, isNested: parent != nil) == .stop else { return }
        anchor = playhead
        phase = .paused
        reschedule()
        settleModel()
        becomeInactive()
    }

    /// Moves the playhead to `position`: a number is a time over the whole active duration,
    /// repeats included (clamped to it); a string resolves as a position in the first iteration
    /// (`"intro"`, `"intro+=0.5"`, `"<"`, …; an unknown label is created at the end). Without
    /// `callbacks` nothing runs, and the callbacks where it lands run when playback moves on;
    /// with it, every callback it crosses runs, in order, inside the call.
    ///
    /// - Throws: `ArgumentError` for a bad position; `TimelineError` when nested; errors the
    ///   callbacks throw.
    public func seek(_ position: TimelinePosition.Spec, callbacks: Bool = false) throws {
        guard try Self.step(for: .seek, in: phase, isNested: parent != nil) == .move else { return }
        let target: Double
        if case .seconds(let seconds) = position {
            target = try requireFinite(seconds, "position")
        } else {
            target = try place(position, span: 0)
        }
        try move(to: min(max(0, target), activeDuration), callbacks: callbacks)
    }

    /// Sets `fractionComplete` (clamped to 0…1): the playhead jumps there, and no callback runs.
    ///
    /// - Throws: `ArgumentError` for NaN; `TimelineError` when nested or repeating forever.
    public func setFractionComplete(_ fraction: Double) throws {
        guard try Self.step(for: .setFractionComplete, in: phase, isNested: parent != nil) == .move else { return }
        guard !fraction.isNaN else { throw ArgumentError(parameter: "fractionComplete", requirement: "must be a number", value: fraction) }
        guard activeDuration.isFinite else {
            throw TimelineError(call: "fractionComplete", problem: "timeline repeats forever", remedy: "seek to a time instead")
        }
        try move(to: min(1, max(0, fraction)) * activeDuration, callbacks: false)
    }

    /// Puts the playhead at `target` (running on from there when running), running the
    /// callbacks crossed when `callbacks`.
    func move(to target: Double, callbacks: Bool) throws {
        let from = phase == .inactive ? (isReversed && activeDuration.isFinite ? activeDuration : 0) : playhead
        let hits = callbacks
            ? crossings(from: from, to: target, forward: target >= from, includingStart: lastRunPosition != from) : []
        if phase == .inactive { phase = .paused }
        anchor = target
        if phase == .running, scene.currentTime > runStart { runStart = scene.currentTime }
        lastRunPosition = callbacks ? target : nil
        reschedule()
        let token = generation
        for hit in hits {
            try hit.event.run()
            guard token == generation else { return }
        }
    }

    /// Turns a running timeline around where its playhead is.
    func turnAround() {
        if scene.currentTime >= runStart {
            anchor = playhead(reversed: !isReversed)
            runStart = scene.currentTime
        }
        reschedule()
    }

    /// The playhead of a running timeline moving towards 0 (`reversed`) or the end.
    func playhead(reversed: Bool) -> Double {
        let moved = max(0, (scene.currentTime - runStart).seconds) * speed
        return min(activeDuration, max(0, reversed ? anchor - moved : anchor + moved))
    }

    /// Retires the scheduled call, reinstalls what shows, and schedules what comes next.
    func reschedule() {
        generation += 1
        pendingCall?.cancel()
        pendingCall = nil
        cursor = anchor
        install()
        scheduleNext()
    }

    /// After children were added (to this root timeline or one nested in it): the spans, what
    /// shows and what is scheduled follow.
    func didChangeChildren() {
        switch phase {
        case .inactive:
            if showsWhileInactive { install() }
        case .paused:
            anchor = min(anchor, activeDuration)
            reschedule()
        case .running:
            if scene.currentTime >= runStart {
                anchor = playhead
                runStart = scene.currentTime
            }
            reschedule()
        }
    }

    /// The span of nested timeline `nested` among the children, which grows as children are
    /// added to it. Its entry is the last one holding it: a timeline is nested once.
    func refreshSpan(of nested: Timeline) {
        guard let index = children.lastIndex(where: { if case .timeline(let t) = $0.content { t === nested } else { false } })
        else { return }
        children[index].span = nested.firstCycleSpan
        children[index].repeatsForever = !nested.activeDuration.isFinite
        children[index].firstIterationEnd = children[index].start + nested.iterationTiming.cycleDuration.seconds / nested.speed
    }

    /// The natural end, at the playhead's end (or 0, reversed): the final values become the
    /// model, the animations go, and the completions run with the position.
    func complete() throws {
        let position: AnimatorPosition = isReversed ? .start : .end
        anchor = isReversed ? 0 : activeDuration
        phase = .paused
        reschedule()
        settleModel()
        becomeInactive()
        lastCompletion = position
        try runCompletions(position)
    }

    /// Runs the completion and the one-shot handlers (cleared first, so a handler may add more).
    func runCompletions(_ position: AnimatorPosition) throws {
        let handlers = completions
        completions = []
        try completion?(position)
        for handler in handlers { try handler(position) }
    }

    func becomeInactive() {
        generation += 1
        pendingCall?.cancel()
        pendingCall = nil
        phase = .inactive
        anchor = 0
        lastRunPosition = nil
        showsWhileInactive = false
    }
}
