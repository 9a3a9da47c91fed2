import Testing
@testable import ChoreoCore

@Suite("View transitions")
struct ViewTransitionTests {
    @Test("transition(with:) snapshots before and after, and runs its progress on the curve")
    func transitionWith() throws {
        let (scene, box) = makeScene()
        let badge = View(name: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        try View.transition(with: box, in: scene, duration: 1, options: [.transitionCrossDissolve, .curveEaseIn], animations: {
            box.addSubview(badge)
            box.alpha = 0.5
        }, completion: log.completion("dissolve"))
        #expect(box.subviews.map(\.name) == ["badge"])
        #expect(box.layer.presentation.opacity == 0.5)               // no allowAnimatedContent: at once
        scene.advance(to: 0.4)
        let transition = try #require(box.layer.presentationTransition)
        #expect(transition.type == .crossDissolve)
        #expect(nearly(transition.progress, CubicBezierCurve.easeIn.progress(at: 0.4), 1e-12))
        #expect(transition.before.sublayers.isEmpty)
        #expect(transition.after?.sublayers.map(\.name) == ["badge"])
        scene.advance(to: 1)
        #expect(box.layer.presentationTransition == nil)
        #expect(log.entries == ["dissolve true"])
    }

    @Test("allowAnimatedContent animates the block's other changes with the transition's timing")
    func animatedContent() throws {
        let (scene, box) = makeScene()
        try View.transition(with: box, in: scene, duration: 1, options: [.transitionFlipFromLeft, .allowAnimatedContent, .curveLinear]) {
            box.alpha = 0
        }
        #expect(box.layer.animationKeys().first == "transition")
        scene.advance(to: 0.25)
        #expect(box.layer.presentationTransition?.type == .flipFromLeft)
        #expect(nearly(box.layer.presentation.opacity, 0.75, 1e-9))
    }

    @Test("transition(from:to:) replaces the view in its superview, at its place")
    func transitionFromTo() throws {
        let (scene, box) = makeScene()
        let front = View(name: "front")
        let back = View(name: "back")
        scene.rootView.insertSubview(front, belowSubview: box)
        let log = CompletionLog()
        try View.transition(from: front, to: back, in: scene, duration: 0.5, options: .transitionFlipFromTop,
                            completion: log.completion("flip"))
        #expect(scene.rootView.subviews.map(\.name) == ["back", "box"])
        #expect(front.superview == nil)
        scene.advance(to: 0.25)
        let transition = try #require(scene.rootLayer.presentationTransition)
        #expect(transition.type == .flipFromTop)
        #expect(transition.before.sublayers.map(\.name) == ["front", "box"])
        #expect(transition.after?.sublayers.map(\.name) == ["back", "box"])
        scene.advance(to: 0.5)
        #expect(log.entries == ["flip true"])
    }

    @Test("showHideTransitionViews hides one view and shows the other instead")
    func showHide() throws {
        let (scene, box) = makeScene()
        let other = View(name: "other")
        other.isHidden = true
        scene.rootView.addSubview(other)
        try View.transition(from: box, to: other, in: scene, duration: 0.5, options: [.showHideTransitionViews, .transitionCurlUp])
        #expect(scene.rootView.subviews.map(\.name) == ["box", "other"])
        #expect(box.isHidden && !other.isHidden)
        scene.advance(to: 0.1)
        #expect(scene.rootLayer.presentationTransition?.type == .curlUp)
    }

    @Test("A zero-duration transition applies at once; a view without a superview is an error")
    func zeroAndErrors() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        try View.transition(with: box, in: scene, duration: 0, animations: { box.alpha = 0 }, completion: log.completion("none"))
        #expect(box.layer.animationKeys().isEmpty)
        scene.advance(to: 0.1)
        #expect(log.entries == ["none true"])
        #expect(throws: ArgumentError(parameter: "from", requirement: "must be in a superview", value: "\"loose\" without one")) {
            try View.transition(from: View(name: "loose"), to: box, in: scene, duration: 1)
        }
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number ≥ 0", value: "-2")) {
            try View.transition(with: box, in: scene, duration: -2) {}
        }
    }
}
