/// Adding children: blocks, callbacks, animators, nested timelines and labels, each at a position.
extension Timeline {
    /// A `View.animate` block played in the timeline's time (`tl:animate`): `animations` runs
    /// now, and each property it changes animates from its previous value in this timeline (the
    /// end of the previous block on it, in add order, as `View.addKeyframe` does; else its value
    /// now) to the new one, from position + `delay`. The model takes the new values at once.
    ///
    /// `stagger` gives each view its own extra delay, by the index of its first change in the
    /// block among the views changed (as in `View.animate`); the block is then one child, from its
    /// earliest member's start to its latest member's end. Options: a curve option (when `curve`
    /// is nil), `repeat` (forever) and `autoreverse` act on the block's animations.
    ///
    /// - Throws: `ArgumentError` for a duration that is not > 0, a negative delay, or a bad
    ///   position; errors `animations` throws (the block is then discarded).
    public func animate(
        duration: Double? = nil, delay: Double = 0, stagger: Stagger? = nil,
        curve: (any TimingCurve)? = nil, options: ViewAnimationOptions = [], at position: TimelinePosition.Spec = .end,
        animations: () throws -> Void, completion: ((Bool) throws -> Void)? = nil
    ) throws {
        let length = try requirePositive(duration ?? defaultDuration, "duration")
        let wait = try requireNonNegative(delay, "delay")
        try requireRoom(entries: 1)
        let block = ViewAnimationBlock(
            timing: .init(duration: length, delay: wait, options: options, curve: curve ?? defaultCurve),
            isAnimated: true, completion: nil)
        block.isAnimatorBlock = true
        try ViewAnimationContext.run(block, on: scene, animations)
        // As in View.animate: each target's stagger delay by the order of its first change (≥ 0).
        let staggered = ViewAnimationBlock.delays(of: block.changes.map(\.layer), stagger: stagger, otherwise: 0)
        let repeats = options.contains(.repeat)
        let cycle = options.contains(.autoreverse) ? 2 * length : length
        let memberDelays = block.changes.map { wait + (staggered[ViewAnimationBlock.target(of: $0.layer)] ?? 0) }
        let first = memberDelays.min() ?? wait
        let span = (memberDelays.max() ?? wait) + cycle - first
        let start = try place(position, span: span) + first
        let tracks = block.changes.enumerated().compactMap { index, change in
            record(change, curve: curve ?? options.explicitCurve ?? defaultCurve, begin: start + memberDelays[index] - first,
                   duration: length, repeatCount: repeats ? .infinity : 0, autoreverses: options.contains(.autoreverse))
        }
        append(Child(content: .tracks(tracks), start: start, span: span, order: Scene.nextSequence(),
                     completion: completion.map { handler in { try handler(true) } }, repeatsForever: repeats))
    }

    /// Adds a callback, a zero-length child (`tl:call`, or `tl:add` of a function).
    public func call(at position: TimelinePosition.Spec = .end, _ callback: @escaping () throws -> Void) throws(ArgumentError) {
        try requireRoom(entries: 1)
        let start = try place(position, span: 0)
        append(Child(content: .callback(callback), start: start, span: 0, order: Scene.nextSequence()))
    }

    /// Adds an inactive animator: its blocks play in the timeline's time (each over the part its
    /// delay factor leaves), with its duration and curve, and its completions run with "end"
    /// when the playhead crosses its end forwards. The animator hands its blocks and completions
    /// to the timeline and stays inactive.
    ///
    /// - Throws: `TimelineError` when the animator is not inactive; `ArgumentError` for a bad
    ///   position; errors its blocks throw.
    public func add(_ animator: Animator, at position: TimelinePosition.Spec = .end) throws {
        guard animator.state == .inactive else {
            throw TimelineError(
                call: "add", problem: "the animator is \(animator.state.rawValue)\(animator.isRunning ? " (running)" : "")",
                remedy: "add an inactive animator (before startAnimation)")
        }
        let length = animator.duration
        try requireRoom(entries: 1)
        let start = try place(position, span: length)
        let blocks = animator.pendingBlocks
        let handlers = animator.completions
        animator.pendingBlocks = []
        animator.completions = []
        var tracks: [Track] = []
        for (body, factor) in blocks {
            let block = ViewAnimationBlock(
                timing: .init(duration: length, delay: 0, options: [], curve: animator.timingParameters),
                isAnimated: true, completion: nil)
            block.isAnimatorBlock = true
            ViewAnimationContext.run(block, on: scene, body)
            tracks += block.changes.compactMap { change in
                record(change, curve: animator.timingParameters, begin: start + factor * length,
                       duration: max(length * (1 - factor), .leastNormalMagnitude), repeatCount: 0, autoreverses: false)
            }
        }
        // Its completions, then whoever awaits it, as when it finishes by itself.
        let completion: () throws -> Void = {
            for handler in handlers { handler(.end) }
            animator.notifyAwaiters(.end)
        }
        append(Child(content: .tracks(tracks), start: start, span: length, order: Scene.nextSequence(), completion: completion))
    }

    /// Nests an inactive timeline: it plays in this timeline's time with its own timing, from
    /// its position. It is then driven by this one (its own controls refuse).
    ///
    /// - Throws: `TimelineError` when it is active, already nested, or this timeline itself or
    ///   one it is nested in; `ArgumentError` for a bad position.
    public func add(_ timeline: Timeline, at position: TimelinePosition.Spec = .end) throws {
        guard timeline.phase == .inactive else {
            throw TimelineError(call: "add", problem: "the timeline is active\(timeline.isRunning ? " (running)" : "")",
                                remedy: "add an inactive timeline (before startAnimation)")
        }
        var ancestor: Timeline? = self
        while let outer = ancestor {
            guard outer !== timeline else {
                throw TimelineError(call: "add", problem: "a timeline cannot contain itself", remedy: "add another timeline")
            }
            ancestor = outer.parent
        }
        guard timeline.parent == nil else {
            throw TimelineError(call: "add", problem: "the timeline is already nested in another timeline",
                                remedy: "add it to one timeline only")
        }
        try requireRoom(entries: 1 + timeline.treeSize, nesting: timeline.nestingLevels)
        let start = try place(position, span: timeline.firstCycleSpan)
        timeline.uninstall()
        timeline.parent = self
        append(Child(content: .timeline(timeline), start: start, span: timeline.firstCycleSpan, order: Scene.nextSequence(),
                     repeatsForever: !timeline.activeDuration.isFinite,
                     firstIterationEnd: start + timeline.iterationTiming.cycleDuration.seconds / timeline.speed))
    }

    /// Adds a label at `position` (default: the end).
    ///
    /// - Throws: `ArgumentError` for an empty name or a bad position.
    public func addLabel(_ name: String, at position: TimelinePosition.Spec = .end) throws(ArgumentError) {
        guard !name.isEmpty else { throw ArgumentError(parameter: "name", requirement: "must not be empty", value: "\"\"") }
        setLabel(name, to: try place(position, span: 0, labelling: true))
    }

    /// The span a nested timeline takes in its parent: its active duration / speed, or its
    /// first cycle when it repeats forever.
    var firstCycleSpan: Double {
        let active = activeDuration
        return (active.isFinite ? active : iterationTiming.cycleDuration.seconds) / speed
    }

    /// The end positions count from: the latest end of any child; when a child repeats forever,
    /// the end of the first iteration of the child added most recently (GSAP's rule).
    var positionalEnd: Double {
        guard children.contains(where: \.repeatsForever), let recent = children.last else { return duration }
        return recent.firstIterationEnd ?? recent.end
    }

    /// Resolves `position` for a child of `span` seconds, keeping any label it creates.
    func place(_ position: TimelinePosition.Spec, span: Double, labelling: Bool = false) throws(ArgumentError) -> Double {
        let recent = children.last.map { $0.start...max($0.start, $0.end) }
        let context = TimelinePosition.Context(end: positionalEnd, recent: recent, labels: labels, addedSpan: span)
        let resolution = try TimelinePosition.resolve(position, in: context)
        if let created = resolution.createdLabel { setLabel(created, to: context.end) }
        return resolution.time
    }

    /// A track for `change`, from the property's previous value in this timeline; nil when it
    /// would not move.
    private func record(
        _ change: ViewAnimationBlock.Change, curve: any TimingCurve, begin: Double, duration: Double,
        repeatCount: Double, autoreverses: Bool
    ) -> Track? {
        let key = TargetKey(layer: ObjectIdentifier(change.layer), path: change.path)
        let previous = lastEnds[key]
        let from = previous ?? change.oldModel ?? change.oldPresentation
        let to = change.layer.modelValue(at: change.path)
        lastEnds[key] = to
        guard from != to else { return nil }
        return Track(
            layer: change.layer, path: change.path, from: from, to: to, curve: curve, begin: begin, duration: duration,
            repeatCount: repeatCount, autoreverses: autoreverses, fillsBackwards: previous == nil)
    }

    /// Appends a child and updates what shows and what is scheduled.
    func append(_ child: Child) {
        children.append(child)
        countAdded(child)
        // Only this timeline's duration changed: its span in each timeline it is nested in, up
        // to the outermost, is brought up to date (not every nested timeline's).
        var nested = self
        while let outer = nested.parent {
            outer.refreshSpan(of: nested)
            nested = outer
        }
        nested.didChangeChildren()
    }

    /// Sets label `name` to `time`; a new name's bytes are counted, and it is remembered as made
    /// last.
    func setLabel(_ name: String, to time: Double) {
        guard labels.updateValue(time, forKey: name) == nil else { return }
        labelNameBytes += name.utf8.count
        recentLabels.append(name)
        if recentLabels.count > 2 { recentLabels.removeFirst() }
    }

    /// Removes the `count` labels made last (a change refused by the memory limit).
    func removeRecentLabels(_ count: Int) {
        for _ in 0..<min(count, recentLabels.count) {
            let name = recentLabels.removeLast()
            if labels.removeValue(forKey: name) != nil { labelNameBytes -= name.utf8.count }
        }
    }

    /// The outermost timeline this one is nested in (itself when it is not nested).
    var root: Timeline {
        var timeline = self
        while let outer = timeline.parent { timeline = outer }
        return timeline
    }
}

extension ViewAnimationOptions {
    /// The curve the options name, nil when they name none (easeInOut is the zero option).
    var explicitCurve: (any TimingCurve)? {
        let curves: ViewAnimationOptions = [.curveEaseIn, .curveEaseOut, .curveLinear]
        return isDisjoint(with: curves) ? nil : timingCurve
    }
}
