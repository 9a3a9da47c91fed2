import Foundation
import Testing
@testable import ChoreoCore

/// The box's presented opacity at `time` (the scene is advanced there).
func presentedAlpha(_ scene: Scene, _ box: View, at time: Double) -> Double {
    scene.advance(to: MediaTime(time))
    return box.layer.presentation.opacity
}

@Suite("Animator addAnimations")
struct AnimatorAddAnimationsTests {
    @Test("On an inactive animator a block with delay factor 0.5 moves over the second half")
    func inactiveDelayFactor() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.addAnimations({ box.alpha = 0 }, delayFactor: 0.5)
        #expect(box.alpha == 1)
        try animator.startAnimation()
        #expect(box.alpha == 0)
        #expect(presentedAlpha(scene, box, at: 0.5) == 1)
        #expect(presentedAlpha(scene, box, at: 1) == 1)
        #expect(nearly(presentedAlpha(scene, box, at: 1.5), 0.5, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1.5), 125, 1e-9))
        #expect(presentedAlpha(scene, box, at: 2) == 0)
        #expect(animator.state == .inactive)
    }

    @Test("The reference's worked example: duration 2, fraction 0.25, delay factor 0.25 runs 1 s, ending with the animator")
    func runningDelayFactor() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 0.5)
        try animator.addAnimations({ box.alpha = 0 }, delayFactor: 0.25)
        #expect(box.alpha == 0)
        #expect(presentedAlpha(scene, box, at: 0.9) == 1)
        #expect(presentedAlpha(scene, box, at: 1) == 1)
        #expect(nearly(presentedAlpha(scene, box, at: 1.5), 0.5, 1e-9))
        #expect(presentedAlpha(scene, box, at: 2) == 0)
        #expect(animator.state == .inactive)
    }

    @Test("A block added to a paused animator moves over the remaining time once resumed")
    func pausedAdd() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.pauseAnimation()
        try animator.addAnimations { box.alpha = 0 }
        #expect(presentedAlpha(scene, box, at: 2) == 1)
        try animator.startAnimation()
        #expect(nearly(presentedAlpha(scene, box, at: 2.5), 0.5, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 2.5), 125, 1e-9))
        #expect(presentedAlpha(scene, box, at: 3) == 0)
    }

    @Test("The same property set in a later block: the later value wins, continuously")
    func laterBlockWins() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.addAnimations { box.center.x = 250 }
        #expect(box.center.x == 250)
        #expect(nearly(presentedX(scene, box, at: 1), 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1.5), 175, 1e-9))
        #expect(presentedX(scene, box, at: 2) == 250)
    }

    @Test("Finishing at the start restores the value before the first block")
    func finishAtStartWithTwoBlocks() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.addAnimations { box.center.x = 250 }
        try animator.stopAnimation(false)
        try animator.finishAnimation(at: .start)
        #expect(box.center.x == 50)
    }

    @Test("Reversing with an added block brings both blocks back to their start values")
    func reverseWithAddedBlock() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.addAnimations { box.alpha = 0 }
        scene.advance(to: 1.5)
        animator.isReversed = true
        #expect(nearly(presentedAlpha(scene, box, at: 1.75), 0.75, 1e-9))
        #expect(presentedAlpha(scene, box, at: 2) == 1)
        #expect(nearly(presentedX(scene, box, at: 2.5), 75, 1e-9))
        #expect(presentedX(scene, box, at: 3) == 50)
        #expect(box.alpha == 1 && box.center.x == 50)
    }

    @Test("addAnimations is illegal on a stopped animator, and the delay factor must be within 0...1")
    func illegalAdd() throws {
        let (_, box, animator) = try makeAnimator()
        #expect(throws: ArgumentError.self) { try animator.addAnimations({ box.alpha = 0 }, delayFactor: 1.5) }
        try animator.startAnimation()
        try animator.stopAnimation(false)
        #expect(throws: AnimatorError(call: "addAnimations", state: .stopped, remedy: "call finishAnimation(at:) first")) {
            try animator.addAnimations { box.alpha = 0 }
        }
        #expect(box.alpha == 1)
    }
}
