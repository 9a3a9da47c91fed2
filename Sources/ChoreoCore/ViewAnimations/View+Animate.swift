/// UIView block animations: `animate`, its spring variant, and `performWithoutAnimation`.
extension View {
    /// UIView.animate(withDuration:delay:options:animations:completion:): runs `animations`, and
    /// turns the changes it makes to views' animatable properties into animations.
    ///
    ///     try View.animate(in: scene, withDuration: 0.5, delay: 0.3, options: [.curveEaseOut]) {
    ///         box.center.x += 200
    ///     } completion: { finished in print(finished) }
    ///
    /// The model changes at once; each changed property animates additively from its old value
    /// (see `ViewAnimationBlock`), with the block's duration, delay (from the scene's current time),
    /// curve (ease-in-out unless a curve option says otherwise), `repeat` (forever) and
    /// `autoreverse`. Nested blocks take the outer block's duration and delay, curve and options
    /// unless they override them. `completion(finished)` runs once, after every animation of the
    /// block stopped; with a duration of 0 (or nothing to animate) the changes are immediate and
    /// it runs at the scene's next frame with `true`.
    ///
    /// `stagger` (a Choreo extension, GSAP's and anime.js's stagger) replaces `delay`: each view
    /// the block changes waits the stagger's delay of its index, in the order the block first
    /// changed it (a delay below 0 starts at once); the completion runs once, after the last.
    ///
    /// `curve` (a Choreo extension: UIKit only offers its four curve options here) replaces the
    /// curve option with any timing curve — a plugin's `penner.easeOutBounce`, a Bézier — as
    /// wrapping the block in a CATransaction with a timing function does on iOS.
    ///
    /// - Throws: `ArgumentError` for a negative or non-finite duration or delay (before running
    ///   `animations`), and whatever `animations` throws.
    @discardableResult
    public static func animate(
        in scene: Scene, withDuration duration: Double, delay: Double = 0, stagger: Stagger? = nil,
        options: ViewAnimationOptions = [], curve: (any TimingCurve)? = nil, animations: () throws -> Void,
        completion: ((Bool) -> Void)? = nil
    ) throws -> CompletionToken {
        let timing = try checkedTiming(
            duration: duration, delay: delay, stagger: stagger, options: options, curve: curve ?? options.timingCurve)
        return try runBlock(in: scene, timing: consume timing, completion: completion, animations)
    }

    /// The spring variant (UIKit's `usingSpringWithDamping:initialSpringVelocity:`): the
    /// animations follow `SpringCurve(dampingRatio:duration:initialVelocity:)`, fitted to
    /// `duration`. `initialSpringVelocity` is distance-normalised, per second (1 = the whole
    /// distance of the change in one second), so the same scalar applies to every property and
    /// every component, as in UIKit. Curve options are ignored; the rest are as in `animate`.
    @discardableResult
    public static func animate(
        in scene: Scene, withDuration duration: Double, delay: Double = 0, stagger: Stagger? = nil,
        usingSpringWithDamping dampingRatio: Double, initialSpringVelocity: Double, options: ViewAnimationOptions = [],
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws -> CompletionToken {
        _ = try requireNonNegative(duration, "duration")
        let curve: any TimingCurve = duration > 0
            ? try SpringCurve(dampingRatio: dampingRatio, duration: duration, initialVelocity: initialSpringVelocity)
            : options.timingCurve
        let timing = try checkedTiming(duration: duration, delay: delay, stagger: stagger, options: options, curve: curve)
        return try runBlock(in: scene, timing: consume timing, completion: completion, animations)
    }

    /// iOS 17's spring animation (`animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`):
    /// the animations follow SwiftUI's spring of perceptual duration `springDuration` and `bounce`
    /// (`SpringCurve(duration:bounce:initialVelocity:)`, mass 1), and last until it settles, so
    /// the block's duration is the spring's `settlingDuration`, not `springDuration` (a bounce of
    /// 0 settles after about 1.5 × its perceptual duration). UIKit's defaults: 0.5 s, bounce 0.
    /// `initialSpringVelocity` is distance-normalised, as in the damping form. Curve options are
    /// ignored; the rest are as in `animate`.
    @discardableResult
    public static func animate(
        in scene: Scene, springDuration: Double = 0.5, bounce: Double = 0, initialSpringVelocity: Double = 0,
        delay: Double = 0, stagger: Stagger? = nil, options: ViewAnimationOptions = [],
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws -> CompletionToken {
        let spring = try SpringCurve(duration: springDuration, bounce: bounce, initialVelocity: initialSpringVelocity)
        let timing = try checkedTiming(
            duration: spring.duration ?? springDuration, delay: delay, stagger: stagger, options: options, curve: spring)
        return try runBlock(in: scene, timing: consume timing, completion: completion, animations)
    }

    /// UIView.performWithoutAnimation(_:): runs `actions` with view animations suspended; blocks
    /// opened inside it apply their changes at once (their completions still run, finished).
    public static func performWithoutAnimation<T>(in scene: Scene, _ actions: () throws -> T) rethrows -> T {
        let timing = ViewAnimationBlock.Timing(duration: 0, delay: 0, options: [], curve: CubicBezierCurve.easeInOut)
        let block = ViewAnimationBlock(timing: timing, isAnimated: false, completion: nil)
        block.suspendsAnimations = true
        return try ViewAnimationContext.run(block, on: scene, actions)
    }

    /// The duration a block opened now would inherit: the innermost animating block's, 0 outside
    /// blocks (UIView.inheritedAnimationDuration).
    public static func inheritedAnimationDuration(in scene: Scene) -> Double {
        guard let block = ViewAnimationContext.innermostBlock(of: scene), block.isAnimated else { return 0 }
        return block.timing.duration
    }

    static func checkedTiming(
        duration: Double, delay: Double, stagger: Stagger? = nil, options: ViewAnimationOptions, curve: any TimingCurve
    ) throws(ArgumentError) -> ViewAnimationBlock.Timing {
        ViewAnimationBlock.Timing(
            duration: try requireNonNegative(duration, "duration"), delay: try requireNonNegative(delay, "delay"),
            options: options, curve: curve, stagger: stagger)
    }

    /// Opens a block with `own` timing under the innermost open one, runs `body`, closes it.
    /// Returns the token a sequence awaits: finished with the block's completion, after it.
    @discardableResult
    static func runBlock(
        in scene: Scene, timing own: consuming ViewAnimationBlock.Timing, keyframes: Bool = false,
        completion: ((Bool) -> Void)?, _ body: () throws -> Void
    ) throws -> CompletionToken {
        let outer = ViewAnimationContext.innermostBlock(of: scene)
        if let outer, outer.isAnimatorBlock, keyframes, outer.isAnimated {
            // Keyframes inside an animator's block: recorded here, driven by the animator.
            let block = ViewAnimationBlock(timing: own.inheriting(from: outer), isAnimated: true, completion: nil)
            block.keyframes = []
            try ViewAnimationContext.run(block, on: scene, body)
            if let keyframe = block.openKeyframe { block.keyframes?.append(keyframe) }
            outer.nestedKeyframeBlocks.append(block)
            return nestedToken(in: outer, completion)
        }
        if let outer, outer.isAnimatorBlock, !keyframes, outer.isAnimated {
            // Inside an animator's block: part of the animator's animations (its own duration and
            // curve give way to the animator's; its completion runs when the animator finishes).
            let token = nestedToken(in: outer, completion)
            try body()
            return token
        }
        // The timing is moved, not copied, into the block (a copy retains its curve and stagger).
        let timing = own.inheriting(from: outer)
        let suspended = outer?.suspendsAnimations ?? false
        let isAnimated = timing.duration > 0 && !suspended
        let layoutSubviews = timing.options.contains(.layoutSubviews)
        // Every block has a completion object, with or without a handler: its token is what a
        // sequence awaits.
        let block = ViewAnimationBlock(
            timing: timing, isAnimated: isAnimated, completion: ViewAnimationCompletion(handler: completion))
        block.suspendsAnimations = suspended
        if keyframes { block.keyframes = [] }
        defer { block.close(in: scene) }
        try ViewAnimationContext.run(block, on: scene) {
            try body()
            // `layoutSubviews`: lay out the views the block changed, inside it, so that their
            // subviews animate along with them (UIViewAnimationOptionLayoutSubviews).
            if layoutSubviews {
                for view in block.changedViews { try view.layoutIfNeeded() }
            }
        }
        return block.completion ?? CompletionToken()
    }

    /// A block nested in an animator's block finishes with the animator: its completion and
    /// its token run then, finished when the animator ends at "end".
    private static func nestedToken(in outer: ViewAnimationBlock, _ completion: ((Bool) -> Void)?) -> CompletionToken {
        let token = CompletionToken()
        outer.nestedCompletions.append { finished in
            completion?(finished)
            token.finish(finished)
        }
        return token
    }
}
