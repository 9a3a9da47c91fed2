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
    /// Not committed yet with a `beginTime` of 0: it starts "now", whatever now is.
    let waitsForCommit: Bool
    /// The direct path for a number between two numbers; nil: `animation.apply`.
    let scalar: ScalarStep?

    init(_ entry: AttachedAnimation) {
        animation = entry.animation
        timing = entry.animation.timing
        activeEnd = timing.activeEndTime
        removesAtEnd = entry.animation.isRemovedOnCompletion
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
/// (`ScalarSlot`), or a numeric transform component (`transform.scale`, `transform.rotation.z`).
struct ScalarStep {
    enum Target {
        case slot(ScalarSlot)
        case transform(PropertyPath.Component)
    }

    let target: Target
    let from: Double, to: Double
    let isAdditive: Bool, isCumulative: Bool
    let pacing: Animation.Pacing

    /// The value at timing `progress` (and `iteration`, for cumulative animations), with the
    /// arithmetic of `Double.interpolated(to:fraction:)` and of `BasicAnimation`'s generic path,
    /// so both give the same bits.
    @inline(__always)
    func value(progress: Double, iteration: Int, in context: FrameContext, of animation: Animation) -> Double {
        let fraction: Double
        switch pacing {
        case .linear: fraction = progress
        case .cubic(let key):
            fraction = context.progress(of: key, at: progress) { animation.timingFunction?.progress(at: $0) ?? $0 }
        case .other: fraction = animation.curvedProgress(progress, in: context)
        }
        var value = fraction == 1 ? to : from + (to - from) * fraction
        if isCumulative && iteration > 0 { value = value + (to - from) * Double(iteration) }
        return value
    }
}

/// How a layer whose animations are all `ScalarStep`s (and at most one non-additive transform
/// component) computes its presentation without copying the model each frame: the presentation
/// already holds the model, so only the numbers the animations touch are reset and recomputed,
/// and the transform, if animated, is recomposed once from the model's parts.
struct DirectPlan {
    /// The slots the animations write, each once.
    let slots: [ScalarSlot]
    /// The parts of the model's transform, when an animation writes a transform component.
    let transformParts: Transform3D.Decomposed?

    /// The direct plan of `steps`, or nil when one of them needs the general path.
    init?(_ steps: [PlannedAnimation], model: LayerProperties) {
        var slots: [ScalarSlot] = []
        var transforms = 0
        for step in steps {
            guard let scalar = step.scalar else { return nil }
            switch scalar.target {
            case .slot(let slot): if !slots.contains(slot) { slots.append(slot) }
            case .transform:
                guard !scalar.isAdditive else { return nil }
                transforms += 1
            }
        }
        guard transforms <= 1 else { return nil }
        self.slots = slots
        transformParts = transforms == 1 ? LayerProperties.writableParts(of: model.transform) : nil
    }
}
