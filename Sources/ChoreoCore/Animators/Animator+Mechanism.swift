/// How an animator drives its recorded changes: one Core Animation animation per track, placed
/// so that it shows the animator's fraction, and a frame check for the start delay and the end.
extension Animator {
    /// Runs the pending blocks, each inside a view animation block of its own, and records what
    /// they changed; each block's properties start to move at `fraction` + its delay factor, and
    /// what nests in a block (a transition) after `wait` seconds (a start delay) and the block's
    /// own delay.
    func activate(at fraction: Double, startingIn wait: Double = 0) {
        lastPosition = nil
        // A staggered animator spreads the views of its first activation (blocks added later
        // move as an unstaggered animator's do).
        let spreads = stagger != nil && tracks.isEmpty
        defer { if spreads { staggerTracks() } }
        let blocks = pendingBlocks
        pendingBlocks = []
        for (body, delayFactor) in blocks {
            // The block's own timing matters only to what nests in it (a transition starts after
            // its delay); the animator makes the animations of the changes it records.
            let begin = min(1, fraction + delayFactor)
            let timing = ViewAnimationBlock.Timing(
                duration: (1 - begin) * activeDuration, delay: wait + max(0, begin - fractionComplete) * activeDuration,
                options: [], curve: activeCurve)
            let block = ViewAnimationBlock(timing: timing, isAnimated: true, completion: nil)
            block.isAnimatorBlock = true
            ViewAnimationContext.run(block, on: scene, body)
            // A nested block's completion runs with the animator's: finished when it ends at "end".
            for completion in block.nestedCompletions { completions.append { position in completion(position == .end) } }
            for (layer, entry) in block.nestedTransitions {
                clockedTransitions.append(ClockedTransition(layer: layer, entry: entry, beginFraction: begin))
            }
            for keyframed in block.nestedKeyframeBlocks {
                for (change, animation) in keyframed.keyframeAnimations(keyframed.keyframes ?? []) {
                    let end = change.layer.modelValue(at: change.path)
                    tracks.append(Track(
                        layer: change.layer, path: change.path, start: change.oldPresentation, end: end, isAdditive: false,
                        beginFraction: begin, key: "\(change.path)#animator\(change.layer.nextRuntimeKeyNumber())",
                        segment: Segment(lower: begin, upper: 1, from: change.oldPresentation, to: end),
                        keyframes: animation))
                }
            }
            for change in block.changes {
                let end = change.layer.modelValue(at: change.path)
                let start = change.oldModel ?? change.oldPresentation
                guard end != change.oldPresentation || start != end else { continue }
                tracks.append(Track(
                    layer: change.layer, path: change.path, start: start, end: end,
                    isAdditive: change.oldModel != nil && end.isInvertible,
                    beginFraction: begin,
                    key: "\(change.path)#animator\(change.layer.nextRuntimeKeyNumber())",
                    segment: Segment(lower: begin, upper: 1, from: start, to: end)))
            }
        }
    }

    /// Puts every property back at its value before the animator (earliest block last, so that
    /// its start value wins for a property set in several blocks).
    func setStartValues() {
        for track in tracks.reversed() { track.layer.set(track.start, at: track.path) }
    }

    /// Runs from `anchorFraction` after `wait` seconds; frozen until then.
    func run(after wait: Double) {
        delay = wait
        phase = .running
        runStart = scene.currentTime + MediaDuration(wait)
        generation += 1
        install(paused: wait > 0, linearly: false)
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
    func scheduleFrameCheck(_ token: Int, hasBegun: Bool) {
        scene.runAtNextFrame { [self] in
            guard token == generation, phase == .running else { return }
            let now = scene.currentTime
            var begun = hasBegun
            if !begun, now >= runStart {
                install(paused: false, linearly: false)
                begun = true
            }
            let remaining = isReversed ? anchorFraction : 1 - anchorFraction
            if now >= runStart + MediaDuration(remaining * activeDuration) {
                reachEnd()
            } else {
                scheduleFrameCheck(token, hasBegun: begun)
            }
        }
    }

    /// Turns a running animator around where it is (after any start delay). Blocks play back
    /// along the path they came; a property whose motion was replaced by `continueAnimation`
    /// moves on from where it is toward its start (or end) value.
    func turnAround(wasReversed: Bool) {
        let begun = scene.currentTime >= runStart
        if begun {
            anchorFraction = runningFraction(reversed: wasReversed)
            runStart = scene.currentTime
        }
        for index in tracks.indices where !reaches(tracks[index], reversed: isReversed) {
            retarget(&tracks[index], at: anchorFraction, reversed: isReversed, curve: nil)
        }
        generation += 1
        install(paused: !begun, linearly: false)
        scheduleFrameCheck(generation, hasBegun: begun)
    }

    /// Whether playing `track`'s segment toward fraction 0 (`reversed`) or 1 brings the property
    /// to its start (or end) value.
    func reaches(_ track: Track, reversed: Bool) -> Bool {
        let segment = track.segment
        if reversed {
            return segment.isDescending ? segment.to == track.start : segment.from == track.start
        }
        return segment.isDescending ? segment.from == track.end : segment.to == track.end
    }

    /// Replaces `track`'s segment by one from its value at `fraction` to its start value (at its
    /// begin fraction, `reversed`) or its end value (at 1), with its own `curve` (nil: the
    /// animator's). A property that has not begun to move gets its block's segment back.
    func retarget(_ track: inout Track, at fraction: Double, reversed: Bool, curve: (any TimingCurve)?) {
        guard fraction > track.beginFraction else {
            track.segment = Segment(lower: track.beginFraction, upper: track.endFraction, from: track.start, to: track.end)
            track.curve = nil
            return
        }
        // A keyframed property is where its keyframe animation shows it (at `fraction` now).
        let current = track.followsKeyframes ? track.layer.presentationValue(at: track.path) : track.segment.value(
            atFraction: fraction, curve: track.curve ?? activeCurve, linearly: showsLinearly)
        track.segment = reversed
            ? Segment(lower: track.beginFraction, upper: min(fraction, track.endFraction), from: current, to: track.start, isDescending: true)
            : Segment(lower: fraction, upper: max(fraction, track.endFraction), from: current, to: track.end)
        track.curve = curve
    }

    /// The natural end, at fraction 1 (or 0 when reversed): paused there with
    /// `pausesOnCompletion`, otherwise finished at `.end` (or `.start`, with the model set back
    /// to the start values).
    func reachEnd() {
        if pausesOnCompletion {
            pause(at: isReversed ? 0 : 1, linearly: false)
        } else {
            removeAnimations()
            endTransitions(finished: !isReversed)
            if isReversed { setStartValues() }
            complete(at: isReversed ? .start : .end)
        }
    }

    /// Becomes inactive and runs the completions with `position`.
    func complete(at position: AnimatorPosition) {
        let handlers = completions
        reset()
        for handler in handlers { handler(position) }
        notifyAwaiters(position)
    }

    /// Inactive, with blocks, completions and recorded changes discarded, and the timing that
    /// `continueAnimation` changed restored (reference §1.4, §1.6).
    func reset() {
        generation += 1
        phase = .inactive
        tracks = []
        clockedTransitions = []
        completions = []
        anchorFraction = 0
        activeDuration = duration
        activeCurve = timingParameters
    }

    /// (Re)places one animation per track, over its segment, showing `anchorFraction`: frozen
    /// (speed 0, timeOffset into the segment) when `paused`, else playing at speed 1 or −1 — so
    /// that the segment moves the way the fraction does — from `runStart`. At fraction 1 a paused
    /// animator needs no animation: the model holds the end values.
    func install(paused: Bool, linearly: Bool) {
        removeAnimations()
        showsLinearly = paused && linearly
        if paused && anchorFraction >= 1 && tracks.allSatisfy({ reaches($0, reversed: false) }) { return }
        for track in tracks {
            let segment = track.segment
            let span = (segment.upper - segment.lower) * activeDuration
            guard span > 0 else { continue }
            // Paused past the end of a segment that ends on the model (a staggered view that has
            // arrived): the model shows it, as at fraction 1.
            if paused, !segment.isDescending, segment.to == track.end, segment.progress(atFraction: anchorFraction) >= 1 {
                continue
            }
            let animation: PropertyAnimation
            if track.followsKeyframes, let keyframes = track.keyframes, let copy = keyframes.copy() as? KeyframeAnimation {
                animation = copy
            } else {
                let basic = BasicAnimation(keyPath: track.path.description)
                animation = basic
                setEnds(of: basic, track, segment)
            }
            animation.timingFunction = linearly ? CubicBezierCurve.linear : (track.curve ?? activeCurve)
            // The animator removes its animations itself (a reversed one must hold its start).
            animation.isRemovedOnCompletion = false
            place(&animation.timing, span: span, elapsed: segment.progress(atFraction: anchorFraction) * span,
                  paused: paused, backwards: isReversed != segment.isDescending, in: track.layer)
            // Values come from the model, which holds only checked values.
            try? track.layer.add(animation, forKey: track.key)
        }
        clockTransitions(paused: paused, linearly: linearly)
    }

    /// Times an animation of `span` seconds that has played `elapsed` of them (negative: it
    /// starts that much later) to show `anchorFraction`: frozen there when `paused`, else playing
    /// from `runStart`, backwards (speed −1 plays it from its end, starting at beginTime) or
    /// forwards; fill both. The one placement of every animation the animator drives.
    func place(_ timing: inout MediaTiming, span: Double, elapsed: Double, paused: Bool, backwards: Bool, in layer: Layer) {
        timing.duration = MediaDuration(span)
        timing.fillMode = .both
        timing.timeOffset = .zero
        let start = layer.timeMapping.localTime(from: runStart)
        if paused {
            timing.speed = 0
            timing.timeOffset = MediaDuration(min(span, max(0, elapsed)))
            timing.beginTime = layer.timeMapping.localTime(from: scene.currentTime)
        } else if backwards {
            timing.speed = -1
            timing.beginTime = start - MediaDuration(span - elapsed)
        } else {
            timing.speed = 1
            timing.beginTime = start - MediaDuration(elapsed)
        }
        // A beginTime of exactly 0 means "when committed"; the nearest instant keeps it fixed.
        if timing.beginTime == .zero { timing.beginTime = MediaTime(Double.leastNonzeroMagnitude) }
    }

    /// A basic animation's ends for `track` over `segment`: offsets from the model (which holds
    /// the end value) when the track is additive, else the segment's values.
    private func setEnds(of animation: BasicAnimation, _ track: Track, _ segment: Segment) {
        if track.isAdditive {
            let toModel = AnimationValue.zero(track.end.kind) - track.end
            animation.isAdditive = true
            animation.fromValue = toModel + segment.from
            animation.toValue = toModel + segment.to
        } else {
            animation.fromValue = segment.from
            animation.toValue = segment.to
        }
    }

    func removeAnimations() {
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
    }
}

extension Animator {
    /// Spreads the tracks of a staggered animator: the animator lasts one view's motion plus the
    /// largest delay, and each view's tracks move over [delay, delay + motion] of it, in seconds
    /// scaled to fractions. Views are numbered in the order of their first change.
    func staggerTracks() {
        guard let stagger else { return }
        let delayOf = ViewAnimationBlock.delays(of: tracks.map(\.layer), stagger: stagger, otherwise: 0)
        let total = staggeredDuration + (delayOf.values.max() ?? 0)
        duration = total
        activeDuration = total
        for index in tracks.indices {
            let delay = delayOf[ViewAnimationBlock.target(of: tracks[index].layer)] ?? 0
            let lower = delay / total
            let upper = min(1, (delay + staggeredDuration) / total)
            tracks[index].beginFraction = lower
            tracks[index].endFraction = upper
            tracks[index].segment.lower = lower
            tracks[index].segment.upper = upper
        }
    }
}
