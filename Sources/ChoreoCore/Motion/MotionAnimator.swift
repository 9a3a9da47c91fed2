/// Material Motion's MotionAnimator: runs `AnimationTraits` on layers as Core Animation
/// animations, additive by default, with the model always set to the final value.
///
///     let animator = MotionAnimator()
///     try animator.animate(traits, between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
///     try animator.animate(traits, in: scene) { try box.layer.setValue(.scalar(0.5), forKeyPath: "opacity") }
///     animator.stopAllAnimations()     // e.g. when a gesture begins: freeze where things are
///
/// How one `animate` call works (MDMMotionAnimator's `animateWithTraits:between:layer:keyPath:`):
/// 1. With `shouldReverseValues` the two values swap (a transition played backwards).
/// 2. The layer's model is set to the final value at once, without implicit actions.
/// 3. The start is the first value, or with `beginFromCurrentState` the current state (below).
///    Equal start and end: nothing is added (the completion still runs, finished).
/// 4. With `additive` (the default) the animation is additive, from (start − end) to zero, under
///    a key of its own (`cornerRadius#motion17`): animations of the same key path stack, so a
///    retarget mid-flight blends from where the layer is, with no jump in value or velocity
///    (reference §3.7). Non-additive animations go from start to end under the key path itself,
///    replacing the previous one. A singular transform cannot be additive and falls back.
/// 5. Tracers see the layer and the animation.
///
/// `beginFromCurrentState` (UNCONFIRMED in Material Motion, which takes the presentation value
/// either way and so counts the running additive animations twice): a non-additive animation
/// starts from the presentation value; an additive one from the model value before the call,
/// which with the running additive animations stacked on top *is* the current state — the
/// presentation stays continuous. Every animation of the library is additive in Choreo,
/// including `opacity` and `backgroundColor`, which Material Motion keeps non-additive for iOS's
/// sake.
///
/// Timing: a cubic (or custom) curve runs for the traits' duration (0: the value is set at once),
/// after the delay, filling backwards meanwhile; a spring (`SpringTimingCurveGenerator`) runs
/// until it settles, with its absolute initial velocity divided by the displacement. Repetition
/// and autoreverse apply to both.
///
/// The animator keeps track of the animations it added until they stop, for
/// `stopAllAnimations` (freeze each animated key path at its presentation value, then remove)
/// and `removeAllAnimations` (remove; the model keeps the final values). Removed animations stop
/// unfinished, so their completions run with `false`.
public final class MotionAnimator {
    /// Swap the two values of every animation: for transitions played backwards.
    public var shouldReverseValues = false
    /// Start from the current state instead of the first value (see the type's comment).
    public var beginFromCurrentState = false
    /// Whether animations are additive (the default, as in Material Motion).
    public var additive = true

    /// Called with the layer and the animation for every animation added, after adding it.
    public typealias Tracer = (Layer, Animation) -> Void

    var tracers: [Tracer] = []
    /// The animations added and not yet stopped, in order.
    var registrations: [Registration] = []

    struct Registration {
        weak var layer: Layer?
        /// The key the animation is attached under.
        let key: String
        /// The animation's unique name (a non-additive key is reused by later animations).
        let name: String
        let path: PropertyPath
    }

    public init() {}

    /// Adds a tracer (`addCoreAnimationTracer`), called for each animation added from now on.
    public func addTracer(_ tracer: @escaping Tracer) {
        tracers.append(tracer)
    }

    /// Animates `keyPath` of `layer` between two values with `traits`; see the type's comment.
    ///
    /// `completion(finished)` runs once, after the animation stopped (`false` when it was
    /// removed first), or at the scene's next frame when nothing was animated. A layer outside
    /// any scene just takes the final value, and the completion runs at once.
    ///
    /// - Throws: `ArgumentError` for invalid traits, an unknown key path, or values that are not
    ///   finite or not of the key path's kind (nothing changes then).
    @discardableResult
    public func animate(
        _ traits: AnimationTraits, between values: (from: AnimationValue, to: AnimationValue), layer: Layer,
        keyPath: String, completion: ((Bool) -> Void)? = nil
    ) throws(ArgumentError) -> CompletionToken {
        try traits.validate()
        let path = try layer.resolveAnimatablePath(keyPath)
        try Self.check(values.from, for: path, "values[1]")
        try Self.check(values.to, for: path, "values[2]")
        guard let scene = layer.scene else {
            layer.setModelWithoutActions(shouldReverseValues ? values.from : values.to, at: path)
            completion?(true)
            let token = CompletionToken()
            token.finish(true)
            return token
        }
        let group = ViewAnimationCompletion(handler: completion)
        let before = MotionChange(
            layer: layer, path: path, from: values.from, to: values.to,
            modelBefore: layer.modelValue(at: path), presentationBefore: layer.presentationValue(at: path))
        var single = traits
        // One animation is item 1 of 1 of a stagger.
        if let stagger = traits.stagger { single.delay = max(0, stagger.delay(index: 0, count: 1)) }
        try add(single, before, completion: group)
        group.seal(in: scene)
        return group
    }

    /// Removes the animations this animator added that are still attached, freezing each
    /// animated key path at its presentation value now (the model takes that value).
    public func stopAllAnimations() {
        var frozen: [(layer: Layer, path: PropertyPath, value: AnimationValue)] = []
        for registration in registrations {
            guard let layer = registration.layer else { continue }
            guard !frozen.contains(where: { $0.layer === layer && $0.path == registration.path }) else { continue }
            frozen.append((layer, registration.path, layer.presentationValue(at: registration.path)))
        }
        removeAllAnimations()
        for entry in frozen { entry.layer.setModelWithoutActions(entry.value, at: entry.path) }
    }

    /// Removes the animations this animator added that are still attached; the models keep the
    /// final values they were given.
    public func removeAllAnimations() {
        let removed = registrations
        registrations.removeAll()
        for registration in removed {
            guard let layer = registration.layer,
                  let index = layer.attached.firstIndex(where: {
                      $0.key == registration.key && $0.animation.name == registration.name
                  })
            else { continue }
            layer.detach(at: index, finished: false)
        }
    }

    /// Forgets an animation that stopped.
    func unregister(named name: String?) {
        registrations.removeAll { $0.name == name }
    }

    private static func check(_ value: AnimationValue, for path: PropertyPath, _ parameter: String) throws(ArgumentError) {
        guard value.kind == path.valueKind else {
            throw ArgumentError(
                parameter: parameter, requirement: "must be a \(path.valueKind.rawValue) for key path \"\(path)\"",
                value: "a \(value.kind.rawValue)")
        }
        try requireFinite(value, parameter)
    }
}

/// One value change a `MotionAnimator` animates: the values asked for, and the layer's state
/// before the model was set.
struct MotionChange {
    let layer: Layer
    let path: PropertyPath
    let from: AnimationValue
    let to: AnimationValue
    let modelBefore: AnimationValue
    let presentationBefore: AnimationValue
}

/// Stops of a motion animation: forgets it in its animator and counts it for the completion.
final class MotionAnimationDelegate: AnimationDelegate {
    private weak var animator: MotionAnimator?
    private let completion: ViewAnimationCompletion

    init(animator: MotionAnimator, completion: ViewAnimationCompletion) {
        self.animator = animator
        self.completion = completion
    }

    func animationDidStop(_ animation: Animation, finished: Bool) {
        animator?.unregister(named: animation.name)
        completion.animationDidStop(animation, finished: finished)
    }
}

extension Layer {
    /// Sets a model value with no implicit action and no recording by an animation block
    /// (Core Animation's `setDisableActions(true)`): the value is the model's truth from now.
    func setModelWithoutActions(_ value: AnimationValue, at path: PropertyPath) {
        model.setValue(value, at: path)
        invalidatePresentation(subtree: false)
    }
}
