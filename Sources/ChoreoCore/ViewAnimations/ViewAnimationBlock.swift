/// One open view animation block: its resolved timing, the changes recorded in it, and what it
/// adds to the layers when it closes.
///
/// Each animatable property of a view's layer changed in the block is recorded once, with the
/// model and presentation values it had before the first change; the new value is the model when
/// the block closes. Closing turns each change into an additive `BasicAnimation` from
/// (old model − new model) to zero under a key of its own (`position#12`: the layer's twelfth
/// key the runtime made, `Layer.nextRuntimeKeyNumber()`), so animations of the
/// same property started earlier keep running and the effects sum (reference §3.7): the value and
/// the velocity stay continuous when a property is retargeted mid-flight. For transforms the
/// difference is taken so that `new + difference == old` (`new⁻¹·old` in concatenation order).
///
/// A change falls back to a non-additive animation from the old presentation value to the new
/// model value (UIKit's beginFromCurrentState replacement) when the block has
/// `beginFromCurrentState`, when a non-additive animation of the property is in effect (the old
/// model value cannot be recovered under it), or when the new transform is singular.
final class ViewAnimationBlock {
    /// The timing every animation of the block shares, after inheritance.
    struct Timing {
        var duration: Double
        var delay: Double
        var options: ViewAnimationOptions
        var curve: any TimingCurve
        /// A staggered delay, which replaces `delay`: each view changed in the block waits the
        /// delay of its index in the order of its first change.
        var stagger: Stagger? = nil

        /// This (inner) block's timing under `outer`: the outer block's duration and delay, curve
        /// and options, unless the inner block overrides them (reference §3.1).
        consuming func inheriting(from outer: ViewAnimationBlock?) -> Timing {
            guard let outer else { return self }
            var resolved = self
            let options = resolved.options
            if !options.contains(.overrideInheritedDuration) {
                resolved.duration = outer.timing.duration
                resolved.delay = outer.timing.delay
                resolved.stagger = outer.timing.stagger
            }
            if !options.contains(.overrideInheritedCurve) {
                resolved.curve = outer.timing.curve
            }
            if !options.contains(.overrideInheritedOptions) {
                let inherited: ViewAnimationOptions = [.repeat, .autoreverse, .beginFromCurrentState, .allowUserInteraction, .layoutSubviews]
                resolved.options.formUnion(outer.timing.options.intersection(inherited))
            }
            return resolved
        }
    }

    struct Change {
        let layer: Layer
        let path: PropertyPath
        /// The model value before the first change, nil when it cannot be recovered.
        let oldModel: AnimationValue?
        let oldPresentation: AnimationValue
    }

    /// A keyframe recorded by `View.addKeyframe`: a span of the block and the values it set.
    struct Keyframe {
        let start: Double
        let end: Double
        var values: [Int: AnimationValue] = [:]
    }

    let timing: Timing
    /// `timing`'s numbers and options, kept apart for the animations the block adds: a read of a
    /// field of `timing` copied its curve and stagger (retains) once per animation.
    private let duration: Double, delay: Double, options: ViewAnimationOptions, staggers: Bool
    /// False when changes apply at once: zero duration, or inside `performWithoutAnimation`.
    let isAnimated: Bool
    let completion: ViewAnimationCompletion?
    /// Set inside `performWithoutAnimation` (and inherited): no block nested here animates.
    var suspendsAnimations = false
    /// Set by `MotionAnimator`'s block form: changes of stand-alone layers (not a view's) are
    /// recorded too, instead of running their implicit actions.
    var recordsEveryLayer = false
    /// Set on the block an `Animator` runs its animations in: a plain `View.animate` nested in it
    /// records into it (its changes become the animator's, paused, scrubbed and reversed with it,
    /// as in UIKit) instead of adding animations of its own; its completion is kept here for the
    /// animator to run when it finishes (`nestedCompletions`).
    var isAnimatorBlock = false
    /// The completions of blocks nested in an animator's block (`isAnimatorBlock`).
    var nestedCompletions: [(Bool) -> Void] = []
    /// Keyframe blocks (`View.animateKeyframes`) nested in an animator's block: their keyframes
    /// become the animator's tracks instead of animations of their own.
    var nestedKeyframeBlocks: [ViewAnimationBlock] = []
    /// Transitions (`View.transition`) added inside an animator's block, as attached: the
    /// animator drives their time.
    var nestedTransitions: [(layer: Layer, entry: AttachedAnimation)] = []
    /// Keyframe blocks collect keyframes; nil for plain blocks.
    var keyframes: [Keyframe]?
    /// The keyframe being recorded (inside `addKeyframe`), with the changes it touched.
    var openKeyframe: Keyframe?
    private(set) var changes: [Change] = []
    /// The index of each change by layer and property, kept once the block has more changes
    /// than a scan of them is worth (most blocks change a few properties of one view).
    private var changeIndex: [ChangeKey: Int]?
    private static let changeIndexThreshold = 16
    /// The block's curve, boxed once for all its animations (`Scene.sharedCurveBox(for:)`).
    private var curveBox: TimingCurveBox?

    private struct ChangeKey: Hashable {
        let layer: ObjectIdentifier
        let property: PropertyPath
    }

    init(timing: Timing, isAnimated: Bool, completion: ViewAnimationCompletion?) {
        (duration, delay, options, staggers) = (timing.duration, timing.delay, timing.options, timing.stagger != nil)
        self.timing = timing  // its last use: moved in, not copied
        self.isAnimated = isAnimated
        self.completion = completion
    }

    /// The views whose layers the block changed, in the order of their first change.
    var changedViews: [View] {
        var seen = Set<ObjectIdentifier>()
        return changes.compactMap { change in
            guard let view = change.layer.view, seen.insert(ObjectIdentifier(view)).inserted else { return nil }
            return view
        }
    }

    /// The delay of each target the block changed, keyed by its identity (a view, or a layer
    /// without one): the stagger's delay of its index in the order of first change (≥ 0), or the
    /// block's delay for every target without a stagger.
    func targetDelays() -> [ObjectIdentifier: Double] {
        Self.delays(of: changes.map(\.layer), stagger: timing.stagger, otherwise: timing.delay)
    }

    /// The delay of each target among `layers` (in order, repeats ignored): the stagger's delay
    /// of its index (≥ 0), or `delay` for every one without a stagger.
    static func delays(of layers: [Layer], stagger: Stagger?, otherwise delay: Double) -> [ObjectIdentifier: Double] {
        var order: [ObjectIdentifier] = []
        var seen = Set<ObjectIdentifier>()
        for layer in layers where seen.insert(target(of: layer)).inserted { order.append(target(of: layer)) }
        let delays = stagger?.delays(count: order.count) ?? Array(repeating: delay, count: order.count)
        return Dictionary(uniqueKeysWithValues: zip(order, delays.map { max(0, $0) }))
    }

    /// What a stagger counts as one item: the layer's view, or the layer itself.
    static func target(of layer: Layer) -> ObjectIdentifier {
        layer.view.map(ObjectIdentifier.init) ?? ObjectIdentifier(layer)
    }

    /// Records a change of `path` (a whole property) of `layer`, whose presentation was `old`
    /// and model `oldModel` (nil: `old`, the layer had no animation).
    func record(_ layer: Layer, path: PropertyPath, oldPresentation old: AnimationValue, oldModel: AnimationValue?) {
        let index: Int
        if let known = changeIndex(of: layer, path) {
            index = known
        } else {
            index = changes.count
            if changes.isEmpty { changes.reserveCapacity(4) }  // a view's few properties, without regrowing
            changes.append(Change(layer: layer, path: path, oldModel: Self.modelValueBefore(layer, path, oldModel ?? old), oldPresentation: old))
            if changeIndex != nil {
                changeIndex![ChangeKey(layer: ObjectIdentifier(layer), property: path)] = index
            } else if changes.count > Self.changeIndexThreshold {
                var byKey: [ChangeKey: Int] = [:]
                for (index, change) in changes.enumerated() {
                    byKey[ChangeKey(layer: ObjectIdentifier(change.layer), property: change.path)] = index
                }
                changeIndex = byKey
            }
        }
        openKeyframe?.values[index] = layer.modelValue(at: path)
    }

    /// The index of the change of `path` of `layer` recorded already, if any.
    private func changeIndex(of layer: Layer, _ path: PropertyPath) -> Int? {
        if let changeIndex { return changeIndex[ChangeKey(layer: ObjectIdentifier(layer), property: path)] }
        // Compared field by field in place: `firstIndex` copied each change (retaining its layer
        // and values) to test it.
        for index in changes.indices where changes[index].layer === layer && changes[index].path == path { return index }
        return nil
    }

    /// The model value the block's additive animation of a change starts from: the layer's
    /// model value before the change, or nil when a non-additive animation of the property is
    /// in effect (the animation then starts from the presentation). A layer whose animations
    /// are all additive property animations (`Layer.nonAdditiveCount`, as a layer that only view
    /// animation blocks animate) is not searched.
    private static func modelValueBefore(_ layer: Layer, _ path: PropertyPath, _ model: AnimationValue) -> AnimationValue? {
        guard let scene = layer.scene, layer.nonAdditiveCount > 0 else { return model }
        let local = layer.timeMapping.localTime(from: scene.currentTime)
        for entry in layer.attached where !entry.isAdditiveAttachment
            && entry.animation.animatedPaths.contains(where: { $0.property == path.property }) {
            if EffectTiming(entry).state(at: local).isInEffect { return nil }
        }
        return model
    }

    /// Adds the block's animations to their layers and seals its completion.
    func close(in scene: Scene) {
        if isAnimated {
            if let keyframes {
                addKeyframeAnimations(keyframes)
            } else {
                let delays = staggers ? targetDelays() : [:]
                for index in changes.indices {
                    let layer = changes[index].layer
                    if index == 0 || changes[index - 1].layer !== layer {
                        // Room for the layer's run of changes at once, not regrown per animation.
                        var end = index + 1
                        while end < changes.count, changes[end].layer === layer { end += 1 }
                        layer.reserveAttachedCapacity(end - index)
                    }
                    addBasicAnimation(for: changes[index], delay: staggers ? delays[Self.target(of: layer)] ?? delay : delay)
                }
            }
        }
        completion?.seal(in: scene)
    }

    private func addBasicAnimation(for change: Change, delay: Double) {
        let layer = change.layer
        let new = layer.modelValue(at: change.path)
        guard new != change.oldPresentation || (change.oldModel.map { $0 != new } ?? false) else { return }
        let animation = BasicAnimation(path: change.path)
        if !options.contains(.beginFromCurrentState), let oldModel = change.oldModel, let inverse = new.additiveInverse {
            animation.isAdditive = true
            animation.fromValue = inverse + oldModel
            animation.toValue = .zero(new.kind)
        } else {
            animation.fromValue = change.oldPresentation
            animation.toValue = new
        }
        if curveBox == nil, let scene = layer.scene { curveBox = scene.sharedCurveBox(for: timing.curve) }
        animation.curveBox = curveBox
        add(animation, to: layer, path: change.path, delay: delay)
    }

    /// `keyPath#sequence`, the key a block gives an animation, written byte by byte: a short one
    /// (`position#1234`) is a small string, made with no buffer or interpolation.
    static func key(_ keyPath: String, _ sequence: Int) -> String {
        let sequence = UInt(sequence)  // sequences count up from 1
        var digits = 1, rest = sequence / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var keyPath = keyPath
        return keyPath.withUTF8 { path in
            String(unsafeUninitializedCapacity: path.count + 1 + digits) { bytes in
                _ = bytes.initialize(from: path)
                bytes[path.count] = UInt8(ascii: "#")
                var value = sequence
                for index in stride(from: path.count + digits, to: path.count, by: -1) {
                    bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                return path.count + 1 + digits
            }
        }
    }

    /// Gives `animation` the block's timing and delegate and adds it under a key of its own.
    func add(_ animation: PropertyAnimation, to layer: Layer, path: PropertyPath, delay: Double? = nil) {
        guard let scene = layer.scene else { return }
        animation.timing.duration = MediaDuration(duration)
        animation.timing.beginTime = layer.timeMapping.localTime(from: scene.currentTime) + MediaDuration(delay ?? self.delay)
        animation.timing.fillMode = .both
        if options.contains(.repeat) { animation.timing.repeatCount = .infinity }
        animation.timing.autoreverses = options.contains(.autoreverse)
        animation.delegate = completion
        let key = Self.key(animation.keyPath, layer.nextRuntimeKeyNumber())
        animation.name = key
        completion?.expect()
        do {
            try layer.attach(animation, forKey: key)  // made here, held by no one else: no copy
        } catch {
            // Values come from the model, which holds only checked values; nothing to wait for.
            completion?.animationDidStop(animation, finished: true)
        }
    }
}
