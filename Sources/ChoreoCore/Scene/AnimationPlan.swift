/// A layer's attached animations laid out for the frame loop.
///
/// Computing a presentation reads, per animation, its timing, whether it waits for its commit or
/// is removed at its end, and — for a number animated between two numbers — the two numbers and
/// where they go. The plan keeps exactly that in one contiguous array per layer, so a frame
/// touches the layer and this array instead of chasing every animation object through the heap
/// (at 10,000 layers those cache misses were most of the frame). The layer rebuilds its plan
/// whenever its animations, their commit or their timing change (`invalidatePresentation`).
final class AnimationPlan {
    let steps: [PlannedAnimation]
    /// The direct path, when every animation can take it.
    let direct: DirectPlan?

    init(_ attached: [AttachedAnimation], model: LayerProperties) {
        steps = attached.map(PlannedAnimation.init)
        direct = DirectPlan(steps, model: model)
    }
}

struct PlannedAnimation {
    /// Read in place (`plan[i].animation`), never by copying the step: a copy retains it.
    let animation: Animation
    let timing: MediaTiming
    let activeEnd: MediaTime?
    let removesAtEnd: Bool
    let isCommitted: Bool
    /// Not committed yet with a `beginTime` of 0: it starts "now", whatever now is.
    let waitsForCommit: Bool
    /// The direct path for a number between two numbers; nil: `animation.apply`.
    let scalar: ScalarStep?

    init(_ entry: AttachedAnimation) {
        animation = entry.animation
        timing = entry.animation.timing
        activeEnd = timing.activeEndTime
        removesAtEnd = entry.animation.isRemovedOnCompletion
        isCommitted = entry.isCommitted
        waitsForCommit = !entry.isCommitted && timing.beginTime == .zero
        scalar = (entry.animation as? BasicAnimation)?.scalarStep
    }

    /// The timing state of `step` at `localTime`: none once ended when removed at its end; a step
    /// waiting for its commit starts now. Reads the step in place (a copy would retain its
    /// animation).
    @inline(__always)
    static func state(of step: UnsafePointer<PlannedAnimation>, at localTime: MediaTime, in context: FrameContext) -> TimingState {
        if step.pointee.waitsForCommit {
            var timing = step.pointee.timing
            timing.beginTime = localTime
            if step.pointee.removesAtEnd, let end = timing.activeEndTime, localTime >= end { return .notInEffect(.after) }
            return timing.state(at: localTime)
        }
        if step.pointee.removesAtEnd, let end = step.pointee.activeEnd, localTime >= end { return .notInEffect(.after) }
        return context.state(of: step.pointee.timing, at: localTime)
    }
}

/// A basic animation of one number between two numbers: a number a key path reaches directly
/// (`ScalarSlot`), or a numeric transform component (`transform.scale`, `transform.rotation.z`);
/// or of a point or size reached as two such numbers (`position`, `bounds.size`), whose second
/// number is `second` — points and sizes interpolate, add and accumulate component by component.
struct ScalarStep {
    enum Target {
        case slot(ScalarSlot)
        case transform(PropertyPath.Component)
        /// The whole transform between two transforms, sampled at the step's value (from 0 to
        /// 1: the curve's fraction): what `View.animate` makes of a transform change.
        indirect case wholeTransform(Transform3D.Interpolation)
    }

    let target: Target
    let from: Double, to: Double
    /// The y (or height) of a point (or size) step.
    let second: (slot: ScalarSlot, from: Double, to: Double)?
    let isAdditive: Bool, isCumulative: Bool
    let pacing: Animation.Pacing

    /// The curve's progress at timing `progress`.
    @inline(__always)
    func fraction(progress: Double, in context: FrameContext, of animation: Animation) -> Double {
        switch pacing {
        case .linear: progress
        case .cubic(let key):
            context.progress(of: key, at: progress) { animation.timingFunction?.progress(at: $0) ?? $0 }
        case .other: animation.curvedProgress(progress, in: context)
        }
    }

    /// The value between `from` and `to` at the curve's `fraction` (and `iteration`, for
    /// cumulative animations), with the arithmetic of `interpolated(to:fraction:)` (`lerp`) and
    /// of `BasicAnimation`'s generic path, so both give the same bits.
    @inline(__always)
    func value(_ from: Double, _ to: Double, fraction: Double, iteration: Int) -> Double {
        Self.value(from, to, fraction: fraction, iteration: iteration, isCumulative: isCumulative)
    }

    /// The arithmetic of `value`, shared with the batch (`FrameBatch.evaluate`).
    @inline(__always)
    static func value(_ from: Double, _ to: Double, fraction: Double, iteration: Int, isCumulative: Bool) -> Double {
        var value = lerp(from, to, fraction)
        if isCumulative && iteration > 0 { value = value + (to - from) * Double(iteration) }
        return value
    }

    /// Writes the step's slots at the curve's `fraction` into `properties` (a transform target
    /// is the caller's).
    @inline(__always)
    func write(fraction: Double, iteration: Int, to properties: inout LayerProperties) {
        if case .slot(let slot) = target {
            let v = value(from, to, fraction: fraction, iteration: iteration)
            properties[slot] = isAdditive ? properties[slot] + v : v
        }
        if let second {
            let v = value(second.from, second.to, fraction: fraction, iteration: iteration)
            properties[second.slot] = isAdditive ? properties[second.slot] + v : v
        }
    }
}

/// How a layer whose animations are all `ScalarStep`s (and at most one writes the transform: a
/// non-additive component, or the whole transform) computes its presentation without copying
/// the model each frame: the presentation already holds the model, so only the numbers the
/// animations touch are reset and recomputed, and the transform, if animated, is recomposed once
/// from the model's parts or interpolated and added to the model's.
struct DirectPlan {
    /// How the one transform animation writes the transform.
    enum TransformWrite {
        /// A component, into the parts of the model's transform (with the rows of their
        /// rotation, when the component leaves it alone).
        case component(PropertyPath.Component, parts: Transform3D.Decomposed, rotation: Rotation?)
        /// The whole transform, interpolated, then added to the model's when additive.
        case whole(Transform3D.Interpolation, isAdditive: Bool)

        /// The presentation's transform given the value computed this frame (the component's
        /// value, or the curve's fraction for a whole transform; NaN: not in effect).
        @inline(__always)
        func transform(_ value: Double, model: Transform3D) -> Transform3D {
            guard !value.isNaN else { return model }
            switch self {
            case .component(let component, var parts, let rotation):
                guard LayerProperties.setScalarComponent(component, of: &parts, to: value) else { return model }
                return rotation.map { Transform3D(parts, rotation: $0) } ?? Transform3D(parts)
            case .whole(let interpolation, let isAdditive):
                let transform = interpolation.value(at: value)
                return isAdditive ? model + transform : transform
            }
        }
    }

    typealias Rotation = (Transform3D.Vector3, Transform3D.Vector3, Transform3D.Vector3)

    /// The slots the animations write, each once.
    let slots: [ScalarSlot]
    /// How the transform is written, if an animation writes it.
    let transform: TransformWrite?

    /// The direct plan of `steps`, or nil when one of them needs the general path.
    init?(_ steps: [PlannedAnimation], model: LayerProperties) {
        var slots: [ScalarSlot] = []
        var transforms = 0
        var write: TransformWrite?
        for step in steps {
            guard let scalar = step.scalar else { return nil }
            if let second = scalar.second, !slots.contains(second.slot) { slots.append(second.slot) }
            switch scalar.target {
            case .slot(let slot): if !slots.contains(slot) { slots.append(slot) }
            case .transform(let component):
                guard !scalar.isAdditive else { return nil }
                transforms += 1
                let parts = LayerProperties.writableParts(of: model.transform)
                let keepsRotation = [.scale, .scaleX, .scaleY, .scaleZ, .translationX, .translationY, .translationZ]
                    .contains(component)
                write = .component(component, parts: parts, rotation: keepsRotation ? parts.quaternion.normalized.rows : nil)
            case .wholeTransform(let interpolation):
                transforms += 1
                write = .whole(interpolation, isAdditive: scalar.isAdditive)
            }
        }
        guard transforms <= 1 else { return nil }
        self.slots = slots
        transform = write
    }
}
