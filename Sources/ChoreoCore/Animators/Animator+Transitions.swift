/// Transitions made in an animator's blocks (`View.transition` inside `animations`), driven by
/// the animator: UIKit's property animator pauses, scrubs and reverses everything its blocks
/// animate. A transition's snapshots are taken when it is added, so the animator cannot install
/// fresh copies of it as it does its tracks; it sets the attached transition's own timing
/// instead, over the block's part of the animator (`beginFraction` to 1), the same way.
extension Animator {
    struct ClockedTransition {
        let layer: Layer
        let entry: AttachedAnimation
        let beginFraction: Double
    }

    /// Times each transition still attached to show `anchorFraction`: frozen when `paused`, else
    /// playing forward or (reversed) backward from `runStart`, along the animator's curve.
    func clockTransitions(paused: Bool, linearly: Bool) {
        for clocked in clockedTransitions where clocked.layer.attached.contains(where: { $0 === clocked.entry }) {
            let span = (1 - clocked.beginFraction) * activeDuration
            guard span > 0 else { continue }
            // Negative before its part begins (it then starts later), as a track's segment does.
            let elapsed = (anchorFraction - clocked.beginFraction) / (1 - clocked.beginFraction) * span
            let animation = clocked.entry.animation
            place(&animation.timing, span: span, elapsed: elapsed, paused: paused, backwards: isReversed, in: clocked.layer)
            animation.timingFunction = linearly ? CubicBezierCurve.linear : activeCurve
            // Its row is laid out again from the new timing; its events are looked for afresh.
            clocked.layer.invalidatePresentation(subtree: false)
        }
    }

    /// Ends the transitions still attached (the animator finished, or stopped): their stop,
    /// `finished` as given, then their removal; the stops are delivered with the frame's events.
    func endTransitions(finished: Bool) {
        for clocked in clockedTransitions where clocked.layer.attached.contains(where: { $0 === clocked.entry }) {
            scene.emitStop(clocked.entry, layer: clocked.layer, finished: finished, at: nil)
            if let key = clocked.entry.key { clocked.layer.removeAnimation(forKey: key) }
        }
        clockedTransitions = []
    }
}
