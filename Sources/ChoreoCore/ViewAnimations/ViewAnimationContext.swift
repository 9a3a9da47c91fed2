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
    func recordViewChange(_ layer: Layer, path: PropertyPath, from oldPresentation: AnimationValue) {
        if case .custom = path.property { return }
        guard let block = ViewAnimationContext.innermostBlock(of: self), block.isAnimated else { return }
        block.record(layer, path: path, oldPresentation: oldPresentation)
    }
}

/// Runs a block's completion handler once, after every animation the block added has stopped;
/// `finished` is true iff all of them finished (the animations' shared delegate).
final class ViewAnimationCompletion: AnimationDelegate {
    private let handler: ((Bool) -> Void)?
    private var pending = 0
    private var allFinished = true
    private var isSealed = false
    private var hasRun = false

    /// What a sequence awaits: finished with the handler's `finished`, after it.
    let token = CompletionToken()

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
            token.finish(allFinished)
            return
        }
        scene.runAtNextFrame { [self] in
            guard !hasRun else { return }
            hasRun = true
            handler?(allFinished)
            token.finish(allFinished)
        }
    }

    func animationDidStop(_ animation: Animation, finished: Bool) {
        pending -= 1
        allFinished = allFinished && finished
        guard isSealed, pending == 0, !hasRun else { return }
        hasRun = true
        handler?(allFinished)
        token.finish(allFinished)
    }
}
