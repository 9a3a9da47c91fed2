/// Turning one value change into a Core Animation animation, and the block form of `animate`.
extension MotionAnimator {
    /// Runs `animations` and animates every change it makes to a layer's animatable property —
    /// of views' layers and of stand-alone layers alike — with `traits`
    /// (`animateWithTraits:animations:completion:`).
    ///
    ///     try animator.animate(traits, in: scene) { box.layer.set(.scalar(0.5), at: PropertyPath(.opacity)) }
    ///
    /// The changes are recorded the way `View.animate` records them (`ViewAnimationBlock`): each
    /// property once, with the model value it had before the block. Each then animates as
    /// `animate(_:between:layer:keyPath:)` would from that value to the new model value — so
    /// `shouldReverseValues` also applies here, and plays the change backwards (the model ends at
    /// the old value), as Material Motion's block form does. `completion(finished)` runs once,
    /// after all the animations stopped. Custom properties change without animating, as in view
    /// blocks, and inside `View.performWithoutAnimation` nothing animates. With a `stagger` in the
    /// traits, each view waits the stagger's delay of its index in the order of first change. Changes made before `animations` throws are still animated; the error is rethrown.
    @discardableResult
    public func animate(
        _ traits: AnimationTraits, in scene: Scene, animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws -> CompletionToken {
        try traits.validate()
        let curve: any TimingCurve = switch traits.timingCurve {
        case .cubic(let cubic): cubic
        case .custom(let custom): custom
        case .spring: CubicBezierCurve.easeInOut  // only blocks nested inside inherit it
        }
        let timing = ViewAnimationBlock.Timing(
            duration: traits.duration, delay: traits.delay, options: [], curve: curve, stagger: traits.stagger)
        // Inside `performWithoutAnimation` nothing is recorded: the changes apply at once.
        let suspended = ViewAnimationContext.innermostBlock(of: scene)?.suspendsAnimations ?? false
        let block = ViewAnimationBlock(timing: timing, isAnimated: !suspended, completion: nil)
        block.suspendsAnimations = suspended
        block.recordsEveryLayer = true
        let group = ViewAnimationCompletion(handler: completion)
        defer { group.seal(in: scene) }
        var failure: (any Error)?
        do { try ViewAnimationContext.run(block, on: scene, animations) } catch { failure = error }
        let delays = block.targetDelays()
        for change in block.changes {
            let old = change.oldModel ?? change.oldPresentation
            var traits = traits
            traits.delay = delays[ViewAnimationBlock.target(of: change.layer)] ?? traits.delay
            try add(traits, MotionChange(
                layer: change.layer, path: change.path, from: old, to: change.layer.modelValue(at: change.path),
                modelBefore: old, presentationBefore: change.oldPresentation), completion: group)
        }
        if let failure { throw failure }
        return group
    }

    /// Sets the model to the final value and adds the animation of `change`, counted by `completion`.
    func add(_ traits: AnimationTraits, _ change: MotionChange, completion: ViewAnimationCompletion) throws(ArgumentError) {
        let layer = change.layer
        let (first, final) = shouldReverseValues ? (change.to, change.from) : (change.from, change.to)
        layer.setModelWithoutActions(final, at: change.path)
        guard let scene = layer.scene else { return }

        let start: AnimationValue
        if beginFromCurrentState {
            start = additive ? change.modelBefore : change.presentationBefore
        } else {
            start = first
        }
        guard start != final, let animation = try makeAnimation(traits, from: start, to: final, path: change.path) else {
            return
        }
        let now = layer.timeMapping.localTime(from: scene.currentTime)
        animation.timing = traits.mediaTiming(startingAt: now, duration: animation.timing.duration.seconds)
        let name = "\(change.path)#motion\(layer.nextRuntimeKeyNumber())"
        animation.name = name
        animation.delegate = MotionAnimationDelegate(animator: self, completion: completion)
        let key = animation.isAdditive ? name : change.path.description
        completion.expect()
        do {
            try layer.add(animation, forKey: key)
        } catch {
            completion.animationDidStop(animation, finished: true)
            throw error
        }
        registrations.append(Registration(layer: layer, key: key, name: name, path: change.path))
        for tracer in tracers { tracer(layer, animation) }
    }

    /// The animation from `start` to `end` with the traits' curve and duration (set in
    /// `timing.duration`); nil when a cubic curve has no duration to run.
    private func makeAnimation(
        _ traits: AnimationTraits, from start: AnimationValue, to end: AnimationValue, path: PropertyPath
    ) throws(ArgumentError) -> BasicAnimation? {
        let animation: BasicAnimation
        switch traits.timingCurve {
        case .spring(let generator):
            let spring = SpringAnimation(keyPath: path.description)
            let parameters = try generator.springParameters()
            spring.mass = parameters.mass
            spring.stiffness = parameters.stiffness
            spring.damping = parameters.damping
            // The damping ratio is the designer's: an overdamped one stays overdamped.
            spring.allowsOverdamping = true
            spring.initialVelocity = generator.normalizedVelocity(displacement: Self.displacement(from: start, to: end))
            spring.timing.duration = MediaDuration(spring.settlingDuration)
            animation = spring
        case .cubic(let cubic):
            guard traits.duration > 0 else { return nil }
            animation = BasicAnimation(keyPath: path.description)
            animation.timingFunction = cubic
            animation.timing.duration = MediaDuration(traits.duration)
        case .custom(let curve):
            // A curve with a duration of its own (a physics spring) lasts that long.
            let duration = curve.duration ?? traits.duration
            guard duration > 0 else { return nil }
            animation = BasicAnimation(keyPath: path.description)
            animation.timingFunction = curve
            animation.timing.duration = MediaDuration(duration)
        }
        if additive, end.isInvertible {
            animation.isAdditive = true
            // For transforms `+` concatenates: end + (end⁻¹·start) == start.
            animation.fromValue = (.zero(end.kind) - end) + start
            animation.toValue = .zero(end.kind)
        } else {
            animation.fromValue = start
            animation.toValue = end
        }
        return animation
    }

    /// The signed distance a spring's velocity is normalised by: `end − start` for numbers; for
    /// points, sizes and rects the component that moves most (Core Animation's spring velocity
    /// is one number, so Material Motion picks the dominant direction); for colors and
    /// transforms, the distance between them (positive: toward the end).
    static func displacement(from start: AnimationValue, to end: AnimationValue) -> Double {
        func dominant(_ components: [Double]) -> Double {
            components.max { abs($0) < abs($1) } ?? 0
        }
        switch (start, end) {
        case let (.scalar(a), .scalar(b)): return b - a
        case let (.point(a), .point(b)): return dominant([b.x - a.x, b.y - a.y])
        case let (.size(a), .size(b)): return dominant([b.width - a.width, b.height - a.height])
        case let (.rect(a), .rect(b)):
            return dominant([b.origin.x - a.origin.x, b.origin.y - a.origin.y,
                             b.size.width - a.size.width, b.size.height - a.size.height])
        default: return start.animationDistance(to: end)
        }
    }
}
