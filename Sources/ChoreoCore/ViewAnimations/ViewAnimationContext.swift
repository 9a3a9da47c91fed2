/// The view animation blocks open on one scene, innermost last, and the routing of model changes
/// to the innermost one (UIKit's "animation block stack").
///
/// A view's layer has no implicit actions: `Scene.modelDidChange` hands its changes here, and
/// they become animations only while a block that animates is open. Blocks open and close
/// synchronously around their closure, so a scene's stack (`Scene.viewAnimationBlocks`) is
/// non-empty only during a call to `View.animate` or one of its siblings.
enum ViewAnimationContext {
    /// The innermost open block of `scene`, if any.
    static func innermostBlock(of scene: Scene) -> ViewAnimationBlock? {
        scene.viewAnimationBlocks.last
    }

    /// Runs `body` inside `block` on `scene`, closing the block even when `body` throws.
    static func run<T>(_ block: ViewAnimationBlock, on scene: Scene, _ body: () throws -> T) rethrows -> T {
        scene.viewAnimationBlocks.append(block)
        defer { scene.viewAnimationBlocks.removeLast() }
        return try body()
    }
}

extension Scene {
    /// A model change of a view's layer: recorded by the innermost open view animation block,
    /// applied at once (nothing to do) otherwise. Custom properties never animate in view blocks.
    func recordViewChange(_ layer: Layer, path: PropertyPath, from oldPresentation: AnimationValue, model oldModel: AnimationValue?) {
        if case .custom = path.property { return }
        guard let block = ViewAnimationContext.innermostBlock(of: self), block.isAnimated else { return }
        block.record(layer, path: path, oldPresentation: oldPresentation, oldModel: oldModel)
    }
}

/// Runs a block's completion handler once, after every animation the block added has stopped;
/// `finished` is true iff all of them finished (the animations' shared delegate). It is the
/// block's token too: finished with the handler's `finished`, after the handler.
///
/// Its stops count down to one observable moment, the last: a stop that leaves others to come
/// is taken at once (`stopToQueue`) instead of queued as an event, so ten thousand blocks of two
/// animations ending in one frame queue ten thousand events, not twenty thousand. The last
/// stop's event is delivered where the latest of the absorbed stops would have been, so the
/// handler runs at the same place in the frame's order as before.
final class ViewAnimationCompletion: CompletionToken, AnimationDelegate {
    private let handler: ((Bool) -> Void)?
    /// Animations not yet stopped, and stops queued as events and not yet delivered (32-bit,
    /// with the flags below in one word: the object takes 96 bytes of heap, not 112).
    private var pending: Int32 = 0
    private var queuedStops: Int32 = 0
    private var allFinished = true
    private var isSealed = false
    private var hasRun = false
    /// The place in event order of the latest stop absorbed since the last queued one (a time
    /// and an order of addition only: holding the stop's entry or layer would make a cycle
    /// through an animation that never stops).
    private var latestAbsorbed: (time: MediaTime, sequence: Int)?

    init(handler: ((Bool) -> Void)?) { self.handler = handler }

    /// Counts one more animation to wait for (call before adding it).
    func expect() { pending += 1 }

    /// A block's completion waits for stops only.
    var receivesStartEvents: Bool { false }

    /// The block has added all its animations; with none outstanding and none ever added, the
    /// handler runs at the scene's next frame (UIKit: the next turn of the run loop).
    func seal(in scene: Scene) {
        isSealed = true
        guard pending == 0 else { return }
        guard handler != nil else {
            // Nothing to wait for and no one to call at the next frame: the token is done now.
            hasRun = true
            finish(allFinished)
            return
        }
        scene.runAtNextFrame { [self] in
            guard !hasRun else { return }
            hasRun = true
            handler?(allFinished)
            finish(allFinished)
        }
    }

    /// A stop of one of the block's animations (added as `sequence`, at global `time`), as the
    /// scene collects it: nil when it is taken now (another stop is still to come, so nothing can
    /// observe this one), else the place in event order to queue it at: its own, or the latest
    /// absorbed since the last queued one when that comes later (by time, then by order of
    /// addition), where the completion would have run.
    func stopToQueue(sequence: Int, finished: Bool, at time: MediaTime) -> (time: MediaTime, sequence: Int)? {
        allFinished = allFinished && finished
        var latest = (time: time, sequence: sequence)
        if let absorbed = latestAbsorbed, absorbed > latest { latest = absorbed }
        guard pending - queuedStops <= 1 else {
            pending -= 1
            latestAbsorbed = latest
            return nil
        }
        queuedStops += 1
        latestAbsorbed = nil
        return latest
    }

    func animationDidStop(_ animation: Animation, finished: Bool) {
        if queuedStops > 0 { queuedStops -= 1 } else { allFinished = allFinished && finished }
        pending -= 1
        guard isSealed, pending == 0, !hasRun else { return }
        hasRun = true
        handler?(allFinished)
        finish(allFinished)
    }
}

extension Scene {
    /// A box holding `curve` for a view animation block's animations: the box an earlier block
    /// of the scene made for the same cubic (ten thousand blocks on one or two curves share one
    /// or two boxes), or a new one. Boxes are immutable, so sharing one changes nothing.
    func sharedCurveBox(for curve: any TimingCurve) -> TimingCurveBox {
        // A plain cubic only (a wrapper keeps a box of its own): told by its type and its
        // `cubicBezier`, not by a dynamic cast (the cast cost more than the rest of this).
        guard ObjectIdentifier(type(of: curve)) == ObjectIdentifier(CubicBezierCurve.self), let cubic = curve.cubicBezier
        else { return TimingCurveBox(curve) }
        // Told by its control points: the rest of a cubic is worked out from them (comparing whole
        // curves copied each kept one, two dozen numbers, out of the list to test it).
        let points = (cubic.c1x, cubic.c1y, cubic.c2x, cubic.c2y)
        for index in recentCurveBoxes.indices where recentCurveBoxes[index].controlPoints == points {
            return recentCurveBoxes[index].box
        }
        let box = TimingCurveBox(curve)
        if recentCurveBoxes.count == 8 { recentCurveBoxes.removeFirst() }
        recentCurveBoxes.append((points, box))
        return box
    }
}
