/// The animator's controls: start, pause, scrub, stop, finish, and the natural end.
extension Animator {
    /// Starts (or resumes) the animation now.
    ///
    /// - Throws: `AnimatorError` when the animator is stopped.
    public func startAnimation() throws(AnimatorError) {
        try startAnimation(afterDelay: 0)
    }

    /// Starts (or resumes) the animation after `delay` seconds; until then the properties stay
    /// where they are. A negative or non-finite delay counts as 0.
    ///
    /// - Throws: `AnimatorError` when the animator is stopped.
    public func startAnimation(afterDelay delay: Double) throws(AnimatorError) {
        let wait = delay.isFinite ? max(0, delay) : 0
        switch try Self.step(for: .startAnimation, in: phase, isInterruptible: isInterruptible) {
        case .activateAndRun:
            activate(at: 0)
            anchorFraction = 0
            run(after: wait)
        case .resume:
            run(after: wait)
        default:
            break
        }
    }

    /// Pauses the animation at its current fraction (an inactive animator becomes active, paused
    /// at 0, with its blocks applied).
    ///
    /// - Throws: `AnimatorError` when the animator is stopped, or running and not interruptible.
    public func pauseAnimation() throws(AnimatorError) {
        switch try Self.step(for: .pauseAnimation, in: phase, isInterruptible: isInterruptible) {
        case .activateAndPause:
            activate(at: 0)
            pause(at: 0, linearly: false)
        case .pause:
            pause(at: fractionComplete, linearly: false)
        default:
            break
        }
    }

    /// Sets `fractionComplete` (clamped to 0...1): shows that fraction of a paused animator,
    /// linearly when `scrubsLinearly`, along the curve otherwise. An inactive animator becomes
    /// active and paused first; while running this is a no-op (as UIKit's header says).
    ///
    /// - Throws: `AnimatorError` when the animator is stopped, or for a NaN fraction.
    public func setFractionComplete(_ fraction: Double) throws(AnimatorError) {
        let step = try Self.step(for: .setFractionComplete, in: phase, isInterruptible: isInterruptible)
        guard !fraction.isNaN else {
            throw AnimatorError(call: Call.setFractionComplete.rawValue, state: phase.state, remedy: "the fraction must be a number")
        }
        let clamped = min(1, max(0, fraction))
        switch step {
        case .activateAndScrub:
            activate(at: 0)
            pause(at: clamped, linearly: scrubsLinearly)
        case .scrub:
            pause(at: clamped, linearly: scrubsLinearly)
        default:
            break
        }
    }

    /// Stops the animation where it is: the current values become the model values and the
    /// animations are removed. `withoutFinishing` true: inactive at once, the completions are
    /// discarded; false: stopped, waiting for `finishAnimation(at:)`.
    ///
    /// - Throws: `AnimatorError` when the animator is not active, or is not interruptible.
    public func stopAnimation(_ withoutFinishing: Bool) throws(AnimatorError) {
        guard try Self.step(for: .stopAnimation, in: phase, isInterruptible: isInterruptible) == .stop else { return }
        anchorFraction = fractionComplete
        generation += 1
        let current = tracks.map { $0.layer.presentation.value(at: $0.path) }
        removeAnimations()
        for (track, value) in zip(tracks, current) { track.layer.set(value, at: track.path) }
        if withoutFinishing {
            reset()
        } else {
            phase = .stopped
        }
    }

    /// Finishes a stopped animator: the properties go to `position` (`.end`: the blocks' values;
    /// `.start`: the values before them; `.current`: left as they are), with no animation; the
    /// animator becomes inactive and its completions run with `position`.
    ///
    /// - Throws: `AnimatorError` unless the animator is stopped.
    public func finishAnimation(at position: AnimatorPosition) throws(AnimatorError) {
        guard try Self.step(for: .finishAnimation, in: phase, isInterruptible: isInterruptible) == .finish else { return }
        for track in tracks {
            switch position {
            case .end: track.layer.set(track.end, at: track.path)
            case .start, .current: break
            }
        }
        if position == .start { setStartValues() }
        complete(at: position)
    }

    /// Adds an animation block. On an inactive animator it runs when the animator becomes active,
    /// and its properties move over the last (1 − delayFactor) of the duration. On an active
    /// (running or paused) animator it runs now and its properties move over the remaining time,
    /// starting when the fraction reaches `fractionComplete + delayFactor`: running forwards, that
    /// is delayFactor × duration from now, and the block ends with the animator (the worked example
    /// of UIKit's documentation, reference §1.5). A property set in an earlier block moves on from
    /// that block's value to the new one: the later block wins.
    ///
    /// - Throws: `AnimatorError` when the animator is stopped; `ArgumentError` when `delayFactor`
    ///   is not within 0...1.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double = 0) throws {
        let step = try Self.step(for: .addAnimations, in: phase, isInterruptible: isInterruptible)
        let factor = try requireInRange(delayFactor, 0...1, "delayFactor")
        pendingBlocks.append((animations, factor))
        guard step == .applyNow else { return }
        activate(at: fractionComplete)
        generation += 1
        if phase == .paused {
            install(paused: true, linearly: showsLinearly)
        } else {
            let begun = scene.currentTime >= runStart
            install(paused: !begun, linearly: false)
            scheduleFrameCheck(generation, hasBegun: begun)
        }
    }

    /// Sets `isInterruptible`.
    ///
    /// - Throws: `AnimatorError` unless the animator is inactive.
    public func setInterruptible(_ interruptible: Bool) throws(AnimatorError) {
        guard try Self.step(for: .setInterruptible, in: phase, isInterruptible: isInterruptible) == .store else { return }
        isInterruptible = interruptible
    }

    // MARK: - Mechanism

    /// Runs the pending blocks, each inside a view animation block of its own, and records what
    /// they changed; each block's properties start to move at `fraction` + its delay factor.
    func activate(at fraction: Double) {
        let timing = ViewAnimationBlock.Timing(duration: duration, delay: 0, options: [], curve: timingParameters)
        let blocks = pendingBlocks
        pendingBlocks = []
        for (body, delayFactor) in blocks {
            let block = ViewAnimationBlock(timing: timing, isAnimated: true, completion: ViewAnimationCompletion(handler: nil))
            ViewAnimationContext.run(block, on: scene, body)
            for change in block.changes {
                let end = change.layer.model.value(at: change.path)
                let start = change.oldModel ?? change.oldPresentation
                guard end != change.oldPresentation || start != end else { continue }
                tracks.append(Track(
                    layer: change.layer, path: change.path, start: start, end: end,
                    isAdditive: change.oldModel != nil && Self.isInvertible(end),
                    beginFraction: min(1, fraction + delayFactor),
                    key: "\(change.path)#animator\(Scene.nextSequence())"))
            }
        }
    }

    /// Puts every property back at its value before the animator (earliest block last, so that
    /// its start value wins for a property set in several blocks).
    private func setStartValues() {
        for track in tracks.reversed() { track.layer.set(track.start, at: track.path) }
    }

    /// Runs from `anchorFraction` after `wait` seconds; frozen until then.
    func run(after wait: Double) {
        delay = wait
        phase = .running
        runStart = scene.currentTime + MediaDuration(wait)
        generation += 1
        if wait > 0 {
            install(paused: true, linearly: false)
        } else {
            install(paused: false, linearly: false)
        }
        scheduleFrameCheck(generation, hasBegun: wait == 0)
    }

    /// Freezes the animations at `fraction`.
    func pause(at fraction: Double, linearly: Bool) {
        phase = .paused
        anchorFraction = fraction
        generation += 1
        install(paused: true, linearly: linearly)
    }

    /// Checks at each frame whether a running animator has begun (after its delay) or ended.
    /// The scene holds a running animator until then, as UIKit holds running animators.
    private func scheduleFrameCheck(_ token: Int, hasBegun: Bool) {
        scene.runAtNextFrame { [self] in
            guard token == generation, phase == .running else { return }
            let now = scene.currentTime
            var begun = hasBegun
            if !begun, now >= runStart {
                install(paused: false, linearly: false)
                begun = true
            }
            let remaining = isReversed ? anchorFraction : 1 - anchorFraction
            if now >= runStart + MediaDuration(remaining * duration) {
                reachEnd()
            } else {
                scheduleFrameCheck(token, hasBegun: begun)
            }
        }
    }

    /// Turns a running animator around where it is (after any start delay).
    func turnAround(wasReversed: Bool) {
        let begun = scene.currentTime >= runStart
        if begun {
            anchorFraction = runningFraction(reversed: wasReversed)
            runStart = scene.currentTime
        }
        generation += 1
        install(paused: !begun, linearly: false)
        scheduleFrameCheck(generation, hasBegun: begun)
    }

    /// The natural end, at fraction 1 (or 0 when reversed): paused there with
    /// `pausesOnCompletion`, otherwise finished at `.end` (or `.start`, with the model set back
    /// to the start values).
    private func reachEnd() {
        if pausesOnCompletion {
            pause(at: isReversed ? 0 : 1, linearly: false)
        } else {
            removeAnimations()
            if isReversed { setStartValues() }
            complete(at: isReversed ? .start : .end)
        }
    }

    /// Becomes inactive and runs the completions with `position`.
    private func complete(at position: AnimatorPosition) {
        let handlers = completions
        reset()
        for handler in handlers { handler(position) }
    }

    /// Inactive, with blocks, completions and recorded changes discarded (reference §1.4).
    private func reset() {
        generation += 1
        phase = .inactive
        tracks = []
        completions = []
        anchorFraction = 0
    }

    /// (Re)places one animation per track (over the track's span of the duration, from its
    /// begin fraction to 1) showing `anchorFraction`: frozen (speed 0, timeOffset =
    /// fraction × duration) when `paused`, else playing at speed 1 (−1 when reversed) so that the fraction is
    /// `anchorFraction` at `runStart`. At fraction 1 a paused animator needs no animation: the
    /// model holds the end values.
    private func install(paused: Bool, linearly: Bool) {
        removeAnimations()
        showsLinearly = paused && linearly
        if paused && anchorFraction >= 1 { return }
        for track in tracks where track.beginFraction < 1 {
            let span = (1 - track.beginFraction) * duration
            let animation = BasicAnimation(keyPath: track.path.description)
            if track.isAdditive {
                animation.isAdditive = true
                animation.fromValue = (.zero(track.end.kind) - track.end) + track.start
                animation.toValue = .zero(track.end.kind)
            } else {
                animation.fromValue = track.start
                animation.toValue = track.end
            }
            animation.timingFunction = linearly ? CubicBezierCurve.linear : timingParameters
            animation.timing.duration = MediaDuration(span)
            animation.timing.fillMode = .both
            // The animator removes its animations itself (a reversed one must hold its start).
            animation.isRemovedOnCompletion = false
            let local = track.layer.timeMapping.localTime(from: scene.currentTime)
            if paused {
                animation.timing.speed = 0
                animation.timing.timeOffset = MediaDuration(max(0, anchorFraction - track.beginFraction) * duration)
                animation.timing.beginTime = local
            } else if isReversed {
                // Speed −1 plays the interval backwards from its end, starting at beginTime.
                animation.timing.speed = -1
                animation.timing.beginTime = track.layer.timeMapping.localTime(from: runStart)
                    - MediaDuration((1 - anchorFraction) * duration)
            } else {
                animation.timing.beginTime = track.layer.timeMapping.localTime(from: runStart)
                    - MediaDuration((anchorFraction - track.beginFraction) * duration)
            }
            // A beginTime of exactly 0 means "when committed"; the nearest instant keeps it fixed.
            if animation.timing.beginTime == .zero { animation.timing.beginTime = MediaTime(Double.leastNonzeroMagnitude) }
            // Values come from the model, which holds only checked values.
            try? track.layer.add(animation, forKey: track.key)
        }
    }

    private func removeAnimations() {
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
    }

    private static func isInvertible(_ value: AnimationValue) -> Bool {
        guard case let .transform(t) = value else { return true }
        return t.inverted() != nil
    }
}
