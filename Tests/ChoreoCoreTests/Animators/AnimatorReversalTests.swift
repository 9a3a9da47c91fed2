import Foundation
import Testing
@testable import ChoreoCore

@Suite("Animator reversal")
struct AnimatorReversalTests {
    @Test("Reversing a running animator mid-way turns it around there and ends at the start")
    func reverseWhileRunning() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        animator.isReversed = true
        #expect(animator.isRunning)
        #expect(nearly(presentedX(scene, box, at: 1), 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1.5), 75, 1e-9))
        #expect(nearly(animator.fractionComplete, 0.25, 1e-12))
        #expect(log.entries.isEmpty)
        #expect(presentedX(scene, box, at: 2) == 50)
        #expect(log.entries == ["a start"])
        #expect(box.center.x == 50)
        #expect(animator.state == .inactive)
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("Reversed playback follows the curve backwards from the current fraction")
    func reverseAlongCurve() throws {
        let (scene, box, animator) = try makeAnimator(curve: CubicBezierCurve.easeInOut)
        try animator.startAnimation()
        scene.advance(to: 1)
        animator.isReversed = true
        let expected = 50 + 100 * CubicBezierCurve.easeInOut.progress(at: 0.3)
        #expect(nearly(presentedX(scene, box, at: 1.4), expected, 1e-9))
    }

    @Test("Reversing a paused animator sets the direction of the next start")
    func reverseWhilePaused() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.pauseAnimation()
        animator.isReversed = true
        #expect(nearly(presentedX(scene, box, at: 2), 100, 1e-9))
        #expect(animator.fractionComplete == 0.5)
        try animator.startAnimation()
        #expect(nearly(presentedX(scene, box, at: 2.5), 75, 1e-9))
        #expect(presentedX(scene, box, at: 3) == 50)
        #expect(log.entries == ["a start"])
    }

    @Test("Reversing twice resumes forwards and ends at the end")
    func reverseTwice() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        animator.isReversed = true
        scene.advance(to: 1.5)
        animator.isReversed = false
        #expect(nearly(presentedX(scene, box, at: 2), 100, 1e-9))
        #expect(presentedX(scene, box, at: 3) == 150)
        #expect(log.entries == ["a end"])
    }

    @Test("With pausesOnCompletion a reversed animator stays paused at the start, with no completion")
    func reversedPausesOnCompletion() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.pausesOnCompletion = true
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        animator.isReversed = true
        #expect(presentedX(scene, box, at: 2) == 50)
        #expect(describe(animator) == "active paused")
        #expect(animator.fractionComplete == 0)
        #expect(presentedX(scene, box, at: 3) == 50)
        #expect(log.entries.isEmpty)
    }

    @Test("Reversing during a start delay keeps the values until the delay ends, then plays backwards")
    func reverseDuringDelay() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.setFractionComplete(0.5)
        try animator.startAnimation(afterDelay: 1)
        scene.advance(to: 0.5)
        animator.isReversed = true
        #expect(nearly(presentedX(scene, box, at: 0.9), 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1.5), 75, 1e-9))
        #expect(presentedX(scene, box, at: 2) == 50)
        #expect(animator.state == .inactive)
    }
}
