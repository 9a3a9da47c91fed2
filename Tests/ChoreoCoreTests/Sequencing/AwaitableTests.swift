import Testing
@testable import ChoreoCore

/// What sequences await (issue 20): each finishes once per run, tells its awaiters after its
/// own completion handlers, and keeps its result while it stays finished.
@Suite("Awaitables: animators, completion tokens, all and any")
struct AwaitableTests {
    @Test("A completion token finishes once and tells its awaiters in order")
    func token() {
        let token = CompletionToken()
        var log: [String] = []
        token.whenFinished { log.append("a \($0)") }
        token.whenFinished { log.append("b \($0)") }
        #expect(token.awaitResult == nil)
        token.finish(false)
        token.finish(true)
        #expect(log == ["a finished(false)", "b finished(false)"])
        #expect(token.awaitResult == .finished(false))
    }

    @Test("all finishes with every result in argument order when the last member does")
    func all() {
        let (a, b, c) = (CompletionToken(), CompletionToken(), CompletionToken())
        c.finish(true)
        let group = AwaitGroup(.all, [a, b, c])
        var result: AwaitResult?
        group.whenFinished { result = $0 }
        b.finish(false)
        #expect(result == nil)
        a.finish(true)
        #expect(result == .all([.finished(true), .finished(false), .finished(true)]))
        #expect(AwaitGroup(.all, []).awaitResult == .all([]))
    }

    @Test("any finishes with the first member to finish; members already finished win, first in order")
    func any() {
        let (a, b) = (CompletionToken(), CompletionToken())
        let group = AwaitGroup(.any, [a, b])
        var results: [AwaitResult] = []
        group.whenFinished { results.append($0) }
        b.finish(true)
        a.finish(false)
        #expect(results == [.any(index: 1, result: .finished(true))])
        let (c, d) = (CompletionToken(), CompletionToken())
        c.finish(false)
        d.finish(true)
        #expect(AwaitGroup(.any, [CompletionToken(), d, c]).awaitResult == .any(index: 1, result: .finished(true)))
    }

    @Test("An animator's awaiters hear its position after its completions; it forgets it when it runs again")
    func animator() throws {
        let (scene, box) = makeScene()
        let animator = try Animator(scene: scene, duration: 0.5, curve: CubicBezierCurve.linear) { box.alpha = 0 }
        var log: [String] = []
        animator.addCompletion { log.append("completion \($0)") }
        animator.whenFinished { log.append("awaiter \($0)") }
        try animator.startAnimation()
        scene.advance(to: MediaTime(0.25))
        #expect(animator.awaitResult == nil)
        scene.advance(to: MediaTime(0.5))
        #expect(log == ["completion end", "awaiter position(ChoreoCore.AnimatorPosition.end)"])
        #expect(animator.awaitResult == .position(.end))
        try animator.addAnimations { box.alpha = 1 }
        try animator.startAnimation()
        #expect(animator.awaitResult == nil)
    }

    @Test("An animator stopped without finishing calls no completion but tells its awaiters current")
    func stoppedAnimator() throws {
        let (scene, box) = makeScene()
        let animator = try Animator.runningPropertyAnimator(scene: scene, duration: 1, animations: { box.alpha = 0 })
        var completions = 0
        var heard: AwaitResult?
        animator.addCompletion { _ in completions += 1 }
        animator.whenFinished { heard = $0 }
        scene.advance(to: MediaTime(0.25))
        try animator.stopAnimation(true)
        #expect(completions == 0)
        #expect(heard == .position(.current))
    }

    @Test("A view animation's token finishes with its completion; with nothing to animate, at once")
    func viewAnimationToken() throws {
        let (scene, box) = makeScene()
        var log: [String] = []
        let token = try View.animate(in: scene, withDuration: 0.5, animations: { box.alpha = 0 }) { log.append("completion \($0)") }
        token.whenFinished { log.append("token \($0)") }
        scene.advance(to: MediaTime(0.5))
        #expect(log == ["completion true", "token finished(true)"])
        let empty = try View.animate(in: scene, withDuration: 0.5, animations: {})
        #expect(empty.awaitResult == .finished(true))
    }
}
