/// The animator's controls: start, pause, scrub, stop, finish, and the natural end.
extension Animator {
    /// Starts (or resumes) the animation now.
    ///
    /// - Throws: `AnimatorError` when the animator is stopped.
    public func startAnimation() throws(AnimatorError) {
        try start(after: 0)
    }

    /// Starts (or resumes) the animation after `delay` seconds; until then the properties stay
    /// where they are.
    ///
    /// The delay must be a finite number ≥ 0: a negative, NaN or infinite delay is an error, and
    /// the animator is left as it was. UIKit's documentation does not say what a negative delay
    /// does; Choreo refuses it as `runningPropertyAnimator(…delay:…)` and `View.animate` refuse
    /// theirs, so that a typo is not silently a start "now" (Lua's `a:startAnimation(-1)` is the
    /// same call and raises the same error).
    ///
    /// - Throws: `ArgumentError` for a bad delay (checked first, in any state); `AnimatorError`
    ///   when the animator is stopped.
    public func startAnimation(afterDelay delay: Double) throws {
        let wait = try requireNonNegative(delay, "delay")
        try start(after: wait)
    }

    /// `startAnimation` with a checked delay.
    private func start(after wait: Double) throws(AnimatorError) {
        switch try Self.step(for: .startAnimation, in: phase, isInterruptible: isInterruptible) {
        case .activateAndRun:
            activate(at: 0, startingIn: wait)
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
        let current = tracks.map { $0.layer.presentationValue(at: $0.path) }
        removeAnimations()
        endTransitions(finished: false)
        for (track, value) in zip(tracks, current) { track.layer.set(value, at: track.path) }
        if withoutFinishing {
            reset()
            notifyAwaiters(.current)  // no completion runs; a sequence awaiting it goes on
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
}
