import Foundation
import Testing
@testable import ChoreoCore

/// Records the positions an animator's completions receive: "name end".
final class PositionLog {
    var entries: [String] = []
    func completion(_ name: String) -> (AnimatorPosition) -> Void {
        { [self] position in entries.append("\(name) \(position.rawValue)") }
    }
}

/// A scene with a box at x 50 and an animator moving it to x 150 in 2 s along `curve`.
func makeAnimator(curve: any TimingCurve = CubicBezierCurve.linear) throws -> (Scene, View, Animator) {
    let (scene, box) = makeScene()
    let animator = try Animator(scene: scene, duration: 2, curve: curve) { box.center.x = 150 }
    return (scene, box, animator)
}

/// "inactive", "active running", "active paused" or "stopped".
func describe(_ animator: Animator) -> String {
    guard animator.state == .active else { return animator.state.rawValue }
    return animator.isRunning ? "active running" : "active paused"
}

@Suite("Animator")
struct AnimatorTests {
    @Test("A new animator is inactive, not running, at fraction 0, and leaves the model alone until started")
    func initialState() throws {
        let (_, box, animator) = try makeAnimator()
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        #expect(animator.fractionComplete == 0)
        #expect(animator.duration == 2)
        #expect(animator.delay == 0)
        #expect(animator.isInterruptible && animator.scrubsLinearly && !animator.pausesOnCompletion)
        #expect(box.center.x == 50)
    }

    @Test("Starting sets the model to the end at once and presents the move along the curve")
    func startRuns() throws {
        let (scene, box, animator) = try makeAnimator(curve: CubicBezierCurve.easeInOut)
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        #expect(box.center.x == 150)
        #expect(animator.state == .active && animator.isRunning)
        for time in [0.4, 1, 1.5] {
            let expected = 50 + 100 * CubicBezierCurve.easeInOut.progress(at: time / 2)
            #expect(nearly(presentedX(scene, box, at: time), expected, 1e-9), "at \(time)")
            #expect(nearly(animator.fractionComplete, time / 2, 1e-12))
        }
        #expect(log.entries.isEmpty)
        #expect(presentedX(scene, box, at: 2) == 150)
        #expect(log.entries == ["a end"])
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("A 2 s linear animator paused at 1 s and resumed at 2 s ends at 3 s")
    func pauseAndResume() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        #expect(nearly(presentedX(scene, box, at: 1), 100, 1e-9))
        try animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 0.5)
        #expect(nearly(presentedX(scene, box, at: 2), 100, 1e-9))
        #expect(animator.fractionComplete == 0.5)
        try animator.startAnimation()
        #expect(nearly(presentedX(scene, box, at: 2.5), 125, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 2.9), 145, 1e-9))
        #expect(log.entries.isEmpty && animator.isRunning)
        #expect(presentedX(scene, box, at: 3) == 150)
        #expect(log.entries == ["a end"])
        #expect(animator.state == .inactive)
    }

    @Test("Starting after a delay holds the old value, then runs the whole duration")
    func startAfterDelay() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation(afterDelay: 0.5)
        #expect(animator.delay == 0.5)
        #expect(animator.isRunning)
        #expect(presentedX(scene, box, at: 0.25) == 50)
        #expect(animator.fractionComplete == 0)
        #expect(nearly(presentedX(scene, box, at: 1.5), 100, 1e-9))
        #expect(nearly(animator.fractionComplete, 0.5, 1e-12))
        #expect(log.entries.isEmpty)
        #expect(presentedX(scene, box, at: 2.5) == 150)
        #expect(log.entries == ["a end"])
    }

    @Test("A transition nested in the animations starts after the start delay and runs with the animator, as the properties do")
    func nestedTransitionAfterDelay() throws {
        let (scene, box) = makeScene()
        let animator = try Animator(scene: scene, duration: 2, curve: CubicBezierCurve.linear) {
            box.center.x = 150
            try? View.transition(with: box, in: scene, duration: 1, options: .transitionCrossDissolve, animations: {})
        }
        try animator.startAnimation(afterDelay: 0.5)
        scene.commit()
        scene.advance(to: MediaTime(0.25))
        #expect(box.layer.presentationTransition?.progress == 0, "waiting: the transition holds the view before it")
        #expect(box.layer.presentation.position.x == 50)
        scene.advance(to: MediaTime(1))
        #expect(nearly(box.layer.presentationTransition?.progress ?? -1, 0.25, 1e-9), "a quarter of the animator's 2 s")
        #expect(nearly(box.layer.presentation.position.x, 75, 1e-9))
    }

    @Test("Setting fractionComplete on an inactive animator pauses it and scrubs linearly by default")
    func scrubLinearly() throws {
        let (scene, box, animator) = try makeAnimator(curve: CubicBezierCurve.easeInOut)
        try animator.setFractionComplete(0.3)
        #expect(describe(animator) == "active paused")
        #expect(animator.fractionComplete == 0.3)
        #expect(box.center.x == 150)
        #expect(nearly(presentedX(scene, box, at: 1), 80, 1e-9))
        try animator.setFractionComplete(0.75)
        #expect(nearly(presentedX(scene, box, at: 2), 125, 1e-9))
        try animator.setFractionComplete(1)
        #expect(presentedX(scene, box, at: 3) == 150)
        try animator.setFractionComplete(0)
        #expect(presentedX(scene, box, at: 4) == 50)
    }

    @Test("With scrubsLinearly false, scrubbing follows the curve")
    func scrubAlongCurve() throws {
        let (scene, box, animator) = try makeAnimator(curve: CubicBezierCurve.easeInOut)
        animator.scrubsLinearly = false
        try animator.setFractionComplete(0.3)
        let expected = 50 + 100 * CubicBezierCurve.easeInOut.progress(at: 0.3)
        #expect(nearly(presentedX(scene, box, at: 1), expected, 1e-9))
    }

    @Test("Scrubbing then starting runs the rest of the duration from that fraction")
    func scrubThenStart() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.setFractionComplete(0.5)
        scene.advance(to: 1)
        try animator.startAnimation()
        #expect(nearly(presentedX(scene, box, at: 1.5), 125, 1e-9))
        #expect(presentedX(scene, box, at: 2) == 150)
        #expect(animator.state == .inactive)
    }

    @Test("Pausing mid-way along a curve freezes the curve's value at that fraction")
    func pauseAlongCurve() throws {
        let (scene, box, animator) = try makeAnimator(curve: CubicBezierCurve.easeInOut)
        try animator.startAnimation()
        scene.advance(to: 0.6)
        try animator.pauseAnimation()
        let expected = 50 + 100 * CubicBezierCurve.easeInOut.progress(at: 0.3)
        #expect(nearly(presentedX(scene, box, at: 5), expected, 1e-9))
        #expect(nearly(animator.fractionComplete, 0.3, 1e-12))
    }

    @Test("stopAnimation(true) keeps the current values in the model and never calls the completions")
    func stopWithoutFinishing() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(nearly(box.center.x, 100, 1e-9))
        #expect(box.layer.animationKeys().isEmpty)
        #expect(nearly(presentedX(scene, box, at: 3), 100, 1e-9))
        #expect(log.entries.isEmpty)
    }

    @Test("stopAnimation(false) freezes the values and waits for finishAnimation")
    func stopThenWait() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 0.5)
        try animator.stopAnimation(false)
        #expect(animator.state == .stopped && !animator.isRunning)
        #expect(nearly(box.center.x, 75, 1e-9))
        #expect(nearly(animator.fractionComplete, 0.25, 1e-12))
        #expect(nearly(presentedX(scene, box, at: 4), 75, 1e-9))
        #expect(log.entries.isEmpty)
    }

    @Test("finishAnimation puts the properties at the start, the end or where they are, and passes the position")
    func finishAtPositions() throws {
        for (position, x) in [(AnimatorPosition.start, 50.0), (.end, 150), (.current, 100)] {
            let (scene, box, animator) = try makeAnimator()
            let log = PositionLog()
            animator.addCompletion(log.completion("a"))
            try animator.startAnimation()
            scene.advance(to: 1)
            try animator.stopAnimation(false)
            try animator.finishAnimation(at: position)
            #expect(animator.state == .inactive)
            #expect(nearly(box.center.x, x, 1e-9), "\(position)")
            #expect(nearly(presentedX(scene, box, at: 2), x, 1e-9), "\(position)")
            #expect(log.entries == ["a \(position.rawValue)"])
        }
    }

    @Test("Several completions run in the order they were added, once")
    func completionsInOrder() throws {
        let (scene, _, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("first"))
        try animator.startAnimation()
        animator.addCompletion(log.completion("second"))
        try animator.pauseAnimation()
        animator.addCompletion(log.completion("third"))
        try animator.startAnimation()
        scene.advance(to: 2)
        scene.advance(to: 3)
        #expect(log.entries == ["first end", "second end", "third end"])
    }

    @Test("A completion can be added to a stopped animator and runs when it finishes")
    func completionWhenStopped() throws {
        let (_, _, animator) = try makeAnimator()
        let log = PositionLog()
        try animator.startAnimation()
        try animator.stopAnimation(false)
        animator.addCompletion(log.completion("late"))
        try animator.finishAnimation(at: .end)
        #expect(log.entries == ["late end"])
    }

    @Test("pausesOnCompletion keeps the animator active and paused at the end, with no completion")
    func pausesOnCompletion() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.pausesOnCompletion = true
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        #expect(presentedX(scene, box, at: 2) == 150)
        #expect(describe(animator) == "active paused")
        #expect(animator.fractionComplete == 1)
        #expect(presentedX(scene, box, at: 3) == 150)
        #expect(log.entries.isEmpty)
        try animator.setFractionComplete(0.5)
        #expect(nearly(presentedX(scene, box, at: 4), 100, 1e-9))
        animator.pausesOnCompletion = false
        try animator.startAnimation()
        #expect(presentedX(scene, box, at: 5) == 150)
        #expect(log.entries == ["a end"])
    }

    @Test("A non-interruptible animator can neither be paused nor stopped once running, and runs to its end")
    func nonInterruptible() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.setInterruptible(false)
        #expect(!animator.isInterruptible)
        try animator.startAnimation()
        #expect(throws: AnimatorError(call: "pauseAnimation", state: .active, remedy: "it is not interruptible (isInterruptible is false)")) {
            try animator.pauseAnimation()
        }
        #expect(throws: AnimatorError(call: "stopAnimation", state: .active, remedy: "it is not interruptible (isInterruptible is false)")) {
            try animator.stopAnimation(true)
        }
        #expect(presentedX(scene, box, at: 2) == 150)
        #expect(animator.state == .inactive)
    }

    @Test("The error message names the call, the state and what to do")
    func errorMessage() throws {
        let (_, _, animator) = try makeAnimator()
        try animator.startAnimation()
        do {
            try animator.finishAnimation(at: .end)
            Issue.record("finishAnimation on an active animator did not throw")
        } catch {
            #expect(error.description == "finishAnimation: animator is active; call stopAnimation(false) first")
        }
    }

    @Test("Every row of the state table: the legal calls' next state and the illegal calls' errors")
    func stateTable() throws {
        let phases = ["inactive", "active running", "active paused", "stopped"]
        let calls: [(String, (Animator) throws -> Void)] = [
            ("startAnimation", { try $0.startAnimation() }),
            ("pauseAnimation", { try $0.pauseAnimation() }),
            ("stopAnimation", { try $0.stopAnimation(false) }),
            ("finishAnimation", { try $0.finishAnimation(at: .end) }),
            ("fractionComplete", { try $0.setFractionComplete(0.5) }),
            ("isInterruptible", { try $0.setInterruptible(false) }),
            ("addAnimations", { try $0.addAnimations {} }),
        ]
        let expected: [String: [String]] = [
            "startAnimation": ["active running", "active running", "active running",
                               "startAnimation: animator is stopped; call finishAnimation(at:) first"],
            "pauseAnimation": ["active paused", "active paused", "active paused",
                               "pauseAnimation: animator is stopped; call finishAnimation(at:) first"],
            "stopAnimation": ["stopAnimation: animator is inactive; there is nothing to stop", "stopped", "stopped",
                              "stopAnimation: animator is stopped; call finishAnimation(at:) instead"],
            "finishAnimation": ["finishAnimation: animator is inactive; call stopAnimation(false) first",
                                "finishAnimation: animator is active; call stopAnimation(false) first",
                                "finishAnimation: animator is active; call stopAnimation(false) first", "inactive"],
            "fractionComplete": ["active paused", "active running", "active paused",
                                 "fractionComplete: animator is stopped; call finishAnimation(at:) first"],
            "isInterruptible": ["inactive",
                                "isInterruptible: animator is active; set it before starting the animator",
                                "isInterruptible: animator is active; set it before starting the animator",
                                "isInterruptible: animator is stopped; set it before starting the animator"],
            "addAnimations": ["inactive", "active running", "active paused",
                              "addAnimations: animator is stopped; call finishAnimation(at:) first"],
        ]
        for (name, call) in calls {
            for (index, phase) in phases.enumerated() {
                let (scene, _, animator) = try makeAnimator()
                switch phase {
                case "active running": try animator.startAnimation()
                case "active paused": try animator.pauseAnimation()
                case "stopped":
                    try animator.startAnimation()
                    try animator.stopAnimation(false)
                default: break
                }
                scene.advance(to: 0.5)
                #expect(describe(animator) == phase)
                let outcome: String
                do {
                    try call(animator)
                    outcome = describe(animator)
                } catch let error as AnimatorError {
                    outcome = error.description
                    #expect(describe(animator) == phase, "an illegal call leaves the state alone")
                }
                #expect(outcome == expected[name]?[index], "\(name) when \(phase)")
            }
        }
    }

    @Test("A running animator nobody refers to still runs to its end and calls its completions")
    func unreferencedAnimator() throws {
        let (scene, box) = makeScene()
        let log = PositionLog()
        do {
            let animator = try Animator(scene: scene, duration: 1, curve: CubicBezierCurve.linear) { box.center.x = 150 }
            animator.addCompletion(log.completion("a"))
            try animator.startAnimation()
        }
        #expect(nearly(presentedX(scene, box, at: 0.5), 100, 1e-9))
        #expect(presentedX(scene, box, at: 1) == 150)
        #expect(log.entries == ["a end"])
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("Setting fractionComplete while running is a no-op")
    func scrubWhileRunning() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.setFractionComplete(0.1)
        #expect(animator.isRunning)
        #expect(nearly(presentedX(scene, box, at: 1.5), 125, 1e-9))
    }

    @Test("After finishing, the animator is inactive with its blocks discarded: starting again animates nothing")
    func reuseAfterFinish() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 2)
        box.center.x = 50
        try animator.startAnimation()
        #expect(box.center.x == 50)
        #expect(box.layer.animationKeys().isEmpty)
        scene.advance(to: 4)
        #expect(animator.state == .inactive)
    }
}
