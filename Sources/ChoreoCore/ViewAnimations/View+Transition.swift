/// UIView transitions: `transition(with:)` and `transition(from:to:)`.
extension View {
    /// UIView.transition(with:duration:options:animations:completion:): animates the change that
    /// `animations` makes to `view` (adding, removing, showing or hiding subviews, changing
    /// content) with the transition the options name (`transitionFlipFromLeft`, `…CurlUp`,
    /// `…CrossDissolve`, …; `transitionNone` fades), paced by the curve option.
    ///
    ///     try View.transition(with: banner, in: scene, duration: 0.33, options: [.transitionCurlDown]) {
    ///         label.layer.content = .text("Boarding")
    ///     }
    ///
    /// A `TransitionAnimation` is added to the view's layer before `animations` run, which takes
    /// the subtree's "before" snapshot; the "after" snapshot is taken when the scene commits.
    /// Other animatable changes in `animations` apply at once unless the options include
    /// `allowAnimatedContent`, which animates them as `animate` would. A duration of 0 applies
    /// everything at once; `completion` then runs at the next frame with `true`.
    ///
    /// Inside another block (a `View.animate`, or an animator's block added with a delay
    /// factor) the transition keeps its own duration and curve but starts when that block's
    /// animations start, after its delay; until then the view shows its old content.
    public static func transition(
        with view: View, in scene: Scene, duration: Double, options: ViewAnimationOptions = [],
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        // A transition has its own duration and curve; it starts with an enclosing block.
        let outer = ViewAnimationContext.innermostBlock(of: scene)
        let delay = outer.map { $0.isAnimated ? $0.timing.delay : 0 } ?? 0
        let timing = try checkedTiming(duration: duration, delay: delay, options: options, curve: options.timingCurve)
        let tracker = ViewAnimationCompletion(handler: completion)
        let suspended = outer?.suspendsAnimations ?? false
        let animates = duration > 0 && !suspended
        let block = ViewAnimationBlock(
            timing: timing, isAnimated: animates && options.contains(.allowAnimatedContent), completion: tracker)
        block.suspendsAnimations = suspended
        if animates, view.layer.scene === scene {
            let transition = TransitionAnimation(type: options.transition ?? .fade)
            transition.timing.duration = MediaDuration(duration)
            if delay > 0 {
                transition.timing.beginTime = view.layer.timeMapping.localTime(from: scene.currentTime) + MediaDuration(delay)
                transition.timing.fillMode = .backwards
            }
            transition.timingFunction = options.timingCurve
            transition.delegate = tracker
            tracker.expect()
            do {
                try view.layer.add(transition, forKey: "transition")
                // Inside an animator's block the animator drives it (paused, scrubbed, reversed).
                if let outer, outer.isAnimatorBlock, let entry = view.layer.attached.last, entry.animation is TransitionAnimation {
                    outer.nestedTransitions.append((view.layer, entry))
                }
            } catch {
                tracker.animationDidStop(transition, finished: true)
            }
        }
        defer { block.close(in: scene) }
        try ViewAnimationContext.run(block, on: scene, animations)
    }

    /// UIView.transition(from:to:duration:options:completion:): replaces `from` by `to` in
    /// `from`'s superview (at its place among the subviews) with the options' transition on the
    /// superview; with `showHideTransitionViews`, hides `from` and shows `to` instead (both must
    /// already be in the hierarchy). Unlike UIKit, it starts at once even when another animation
    /// is in flight.
    ///
    /// - Throws: `ArgumentError` when `from` has no superview, or for a bad duration.
    public static func transition(
        from: View, to: View, in scene: Scene, duration: Double, options: ViewAnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) throws {
        guard let container = from.superview else {
            throw ArgumentError(
                parameter: "from", requirement: "must be in a superview", value: "\"\(from.name ?? "unnamed view")\" without one")
        }
        try transition(with: container, in: scene, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                from.isHidden = true
                to.isHidden = false
            } else {
                if to !== from {
                    container.insertSubview(to, aboveSubview: from)
                    from.removeFromSuperview()
                }
            }
        }, completion: completion)
    }
}
