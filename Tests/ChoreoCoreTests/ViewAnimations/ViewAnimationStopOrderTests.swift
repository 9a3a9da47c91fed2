import Testing
@testable import ChoreoCore

/// A block's completion hears its animations' stops; the stops before its last are taken at
/// once instead of queued (`ViewAnimationCompletion.absorbStop`). These tests pin what must not
/// change with that: where in a frame's event order the completion runs, and its `finished`.
@Suite("View animation stops")
struct ViewAnimationStopOrderTests {
    /// One log for completions and delegates: "x stop" for a delegate, "A true" for a completion.
    final class OrderLog: AnimationDelegate {
        var entries: [String] = []
        var receivesStartEvents: Bool { false }
        func animationDidStop(_ animation: Animation, finished: Bool) { entries.append("\(animation.name ?? "?") stop") }
        func completion(_ name: String) -> (Bool) -> Void { { [self] finished in entries.append("\(name) \(finished)") } }
    }

    /// Three views in a scene; a block that moves `first` and `second` (its animations end at
    /// `ends` in order of change, by a stagger from the end when `reversed`), and a plain
    /// animation of `third` with a delegate that ends at 1.1 s. One frame jumps over all of them.
    func run(reversed: Bool) throws -> [String] {
        let scene = Scene()
        let views = (0..<3).map { View(frame: Rect(x: Double($0) * 20, y: 0, width: 10, height: 10)) }
        for view in views { scene.rootView.addSubview(view) }
        scene.commit()
        scene.advance(to: 0)
        let log = OrderLog()
        let stagger = try Stagger(spread: .each(0.2), origin: reversed ? .end : .start)
        try View.animate(in: scene, withDuration: 1, stagger: stagger, animations: {
            views[0].alpha = 0.5
            views[1].alpha = 0.5
        }, completion: log.completion("A"))
        let plain = BasicAnimation(keyPath: "opacity")
        (plain.fromValue, plain.toValue) = (.scalar(1), .scalar(0))
        plain.timing.duration = 1.1
        plain.name = "x"
        plain.delegate = log
        try views[2].layer.add(plain, forKey: "x")
        scene.advance(to: 1.5)
        return log.entries
    }

    @Test("A block whose later-added animation ends last completes after a stop that falls between its two")
    func laterAddedEndsLast() throws {
        // The block's stops: 1.0 s (first view), 1.2 s (second view); the plain one at 1.1 s.
        #expect(try run(reversed: false) == ["x stop", "A true"])
    }

    @Test("A block whose first-added animation ends last still completes at that stop, after one between")
    func firstAddedEndsLast() throws {
        // Stagger from the end: the first view waits 0.2 s, so the first animation collected
        // (1.2 s) is the block's last in time; the plain animation's stop (1.1 s) comes before it.
        #expect(try run(reversed: true) == ["x stop", "A true"])
    }

    @Test("Stops of one block in separate frames complete it once, at the last, finished only if all finished")
    func separateFrames() throws {
        let (scene, box) = makeScene()
        let other = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.rootView.addSubview(other)
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 1, stagger: try Stagger(spread: .each(0.5)), animations: {
            box.alpha = 0
            other.alpha = 0
        }, completion: log.completion("A"))
        scene.advance(to: 1.2)  // the first view's stop: absorbed, nothing runs
        #expect(log.entries.isEmpty)
        other.layer.removeAllAnimations()  // the second stops unfinished
        scene.advance(to: 1.3)
        #expect(log.entries == ["A false"])
        scene.advance(to: 3)
        #expect(log.entries == ["A false"])
    }

    @Test("A view whose block's other animation never stops is freed once the script drops it")
    func absorbedStopKeepsNothingAlive() throws {
        let (scene, _) = makeScene()
        weak var weakLayer: Layer?
        do {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            scene.rootView.addSubview(view)
            weakLayer = view.layer
            try View.animate(in: scene, withDuration: 1, animations: {
                view.alpha = 0
                view.center.x = 200
            })
            scene.advance(to: 0.25)
            // One of the two stops now (taken at once: the other is still to come), then the
            // view leaves the tree, so its other animation never stops.
            let key = try #require(view.layer.animationKeys().first { $0.hasPrefix("opacity") })
            view.layer.removeAnimation(forKey: key)
            scene.advance(to: 0.5)
            view.removeFromSuperview()
            scene.advance(to: 0.75)
        }
        scene.advance(to: 2)
        #expect(weakLayer == nil)
    }

    @Test("With an event observer every stop of a block is still delivered as an event")
    func observerSeesEveryStop() throws {
        let (scene, box) = makeScene()
        var stops = 0
        scene.eventObserver = { event in if case .didStop = event.kind { stops += 1 } }
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 1, animations: {
            box.alpha = 0
            box.center.x = 200
        }, completion: log.completion("A"))
        scene.advance(to: 2)
        #expect(stops == 2)
        #expect(log.entries == ["A true"])
    }

    @Test("A block's token finishes with its completion, after the handler")
    func tokenFinishesAfterHandler() throws {
        let (scene, box) = makeScene()
        var order: [String] = []
        var token: CompletionToken?
        token = try View.animate(in: scene, withDuration: 1, animations: {
            box.alpha = 0
            box.center.x = 200
        }, completion: { finished in order.append("handler \(finished) token \(String(describing: token?.finished))") })
        let awaited = try #require(token)
        awaited.whenFinished { result in order.append("awaited \(result)") }
        scene.advance(to: 0.5)
        #expect(awaited.finished == nil)
        scene.advance(to: 1)
        #expect(order == ["handler true token nil", "awaited finished(true)"])
        #expect(awaited.finished == true)
    }
}
