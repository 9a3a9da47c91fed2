/// A layer's attached animations laid out for the frame loop.
///
/// Computing a presentation reads, per animation, its timing, whether it waits for its commit or
/// is removed at its end, and — for a number animated between two numbers — the two numbers and
/// where they go. The plan keeps exactly that in one contiguous array per layer, so a frame
/// touches the layer and this array instead of chasing every animation object through the heap
/// (at 10,000 layers those cache misses were most of the frame). The layer rebuilds its plan
/// whenever its animations, their commit or their timing change (`invalidatePresentation`).
struct PlannedAnimation {
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
}

/// A basic animation of a number a key path reaches directly (`ScalarSlot`), between two numbers.
struct ScalarStep {
    let slot: ScalarSlot
    let from: Double, to: Double
    let isAdditive: Bool, isCumulative: Bool
    let pacing: Animation.Pacing

    /// Writes the value at timing `progress` (and `iteration`, for cumulative animations) into
    /// `properties`, with the arithmetic of `Double.interpolated(to:fraction:)` and of
    /// `BasicAnimation`'s generic path, so both give the same bits.
    @inline(__always)
    func apply(progress: Double, iteration: Int, to properties: inout LayerProperties, in context: FrameContext,
               of animation: Animation) {
        let fraction: Double
        switch pacing {
        case .linear: fraction = progress
        case .cubic(let key):
            fraction = context.progress(of: key, at: progress) { animation.timingFunction?.progress(at: $0) ?? $0 }
        case .other: fraction = animation.curvedProgress(progress, in: context)
        }
        var value = fraction == 1 ? to : from + (to - from) * fraction
        if isCumulative && iteration > 0 { value = value + (to - from) * Double(iteration) }
        if isAdditive {
            properties[slot] = properties[slot] + value
        } else {
            properties[slot] = value
        }
    }
}
