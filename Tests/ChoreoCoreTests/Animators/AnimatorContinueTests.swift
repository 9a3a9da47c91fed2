import Testing
@testable import ChoreoCore

@Suite("Animator continueAnimation")
struct AnimatorContinueTests {
    @Test("A duration factor of 0.1 after pausing at 1 s of 2 s leaves 0.2 s")
    func durationFactor() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.pauseAnimation()
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.1)
        #expect(animator.isRunning)
        #expect(nearly(presentedX(scene, box, at: 1.1), 125, 1e-9))
        #expect(nearly(animator.fractionComplete, 0.75, 1e-9))
        #expect(presentedX(scene, box, at: 1.2) == 150)
        #expect(animator.state == .inactive)
        #expect(log.entries == ["a end"])
    }

    @Test("A duration factor of 0 keeps the time that remained")
    func zeroFactorKeepsRemainingTime() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 0.5)
        try animator.pauseAnimation()
        scene.advance(to: 1)
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(nearly(presentedX(scene, box, at: 1.75), 112.5, 1e-9))
        #expect(animator.state == .active)
        #expect(presentedX(scene, box, at: 2.5) == 150)
        #expect(animator.state == .inactive)
    }

    @Test("New timing parameters shape the rest of the motion, from where the property is")
    func newCurve() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.pauseAnimation()
        try animator.continueAnimation(withTimingParameters: CubicBezierCurve.easeIn, durationFactor: 0.5)
        #expect(presentedX(scene, box, at: 1) == 100)
        // easeIn (0.42, 0, 1, 1) is at 0.3153 halfway through.
        #expect(nearly(presentedX(scene, box, at: 1.5), 100 + 50 * 0.3153, 0.01))
        #expect(presentedX(scene, box, at: 2) == 150)
        #expect(animator.state == .inactive)
    }

    @Test("The new timing lasts until the animator is inactive again")
    func timingRestoredWhenInactive() throws {
        let (scene, _, animator) = try makeAnimator()
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.pauseAnimation()
        try animator.continueAnimation(withTimingParameters: CubicBezierCurve.easeIn, durationFactor: 0.1)
        scene.advance(to: 1.2)
        #expect(animator.state == .inactive)
        #expect(animator.activeDuration == 2)
        #expect(animator.activeCurve is CubicBezierCurve)
        #expect((animator.activeCurve as? CubicBezierCurve) == .linear)
    }

    @Test("Continuing reversed goes back to the start values over the new time and completes at the start")
    func reversedContinue() throws {
        let (scene, box, animator) = try makeAnimator()
        let log = PositionLog()
        animator.addCompletion(log.completion("a"))
        try animator.startAnimation()
        scene.advance(to: 1)
        try animator.pauseAnimation()
        animator.isReversed = true
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
        #expect(nearly(presentedX(scene, box, at: 1.5), 75, 1e-9))
        #expect(nearly(animator.fractionComplete, 0.25, 1e-9))
        #expect(presentedX(scene, box, at: 2) == 50)
        #expect(animator.state == .inactive)
        #expect(box.center.x == 50)
        #expect(log.entries == ["a start"])
    }

    @Test("Continuing with a spring hands over the velocity the property had, with no kink")
    func springVelocityHandover() throws {
        let (scene, box, animator) = try makeAnimator(curve: CubicBezierCurve.easeInOut)
        try animator.startAnimation()
        let h = 1e-6
        let before = presentedX(scene, box, at: 0.5 - h)
        let atPause = presentedX(scene, box, at: 0.5)
        let velocityBefore = (atPause - before) / h
        try animator.pauseAnimation()
        let spring = try SpringCurve(dampingRatio: 0.6, duration: 1)
        try animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
        #expect(presentedX(scene, box, at: 0.5) == atPause)
        let velocityAfter = (presentedX(scene, box, at: 0.5 + h) - atPause) / h
        #expect(velocityBefore > 20)
        // The curve's own velocity: 100 pt × easeInOut′(0.25) / 2 s.
        #expect(nearly(velocityBefore, 100 * CubicBezierCurve.easeInOut.velocity(at: 0.25) / 2, 0.01))
        #expect(abs(velocityAfter - velocityBefore) / velocityBefore < 1e-3)
        scene.advance(to: 5)
        #expect(animator.state == .inactive)
        #expect(box.layer.presentation.position.x == 150)
    }

    @Test("Without the handover a spring from rest would start at zero velocity")
    func springFromRestForComparison() throws {
        let spring = try SpringCurve(dampingRatio: 0.6, duration: 1)
        #expect(spring.velocity(at: 0) == 0)
        let moving = spring.retimed(initialVelocity: 2, duration: 1)
        #expect(nearly(moving.velocity(at: 0), 2, 1e-9))
        #expect(moving.progress(at: 1) == 1)
    }

    @Test("continueAnimation is legal only on a paused, interruptible animator")
    func legality() throws {
        let (scene, _, animator) = try makeAnimator()
        #expect(throws: AnimatorError(call: "continueAnimation", state: .inactive,
                                      remedy: "pause it first (continueAnimation resumes a paused animator)")) {
            try animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
        try animator.startAnimation()
        #expect(throws: AnimatorError(call: "continueAnimation", state: .active, remedy: "call pauseAnimation() first")) {
            try animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
        scene.advance(to: 0.5)
        try animator.stopAnimation(false)
        #expect(throws: AnimatorError(call: "continueAnimation", state: .stopped, remedy: "call finishAnimation(at:) first")) {
            try animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
        let (_, _, stiff) = try makeAnimator()
        try stiff.setInterruptible(false)
        try stiff.pauseAnimation()
        #expect(throws: AnimatorError(call: "continueAnimation", state: .active,
                                      remedy: "it is not interruptible (isInterruptible is false)")) {
            try stiff.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
    }

    @Test("A negative or NaN duration factor is refused and the animator stays paused")
    func badFactor() throws {
        let (_, _, animator) = try makeAnimator()
        try animator.pauseAnimation()
        #expect(throws: ArgumentError.self) { try animator.continueAnimation(withTimingParameters: nil, durationFactor: -1) }
        #expect(throws: ArgumentError.self) { try animator.continueAnimation(withTimingParameters: nil, durationFactor: .nan) }
        #expect(describe(animator) == "active paused")
    }
}

@Suite("Animator initializers")
struct AnimatorInitializerTests {
    @Test("A mass, stiffness and damping spring sets the animator's duration to its settling time")
    func physicsSpringSetsDuration() throws {
        let (scene, box) = makeScene()
        let spring = try SpringCurve(parameters: SpringParameters(mass: 1, stiffness: 100, damping: 10))
        let animator = try Animator(scene: scene, duration: 2, curve: spring) { box.center.x = 150 }
        #expect(animator.duration == spring.settlingDuration)
        #expect(animator.duration != 2)
        try animator.startAnimation()
        // The spring runs in its own seconds: at 0.1 s it is where the physics puts it.
        #expect(nearly(presentedX(scene, box, at: 0.1), 50 + 100 * spring.value(atSeconds: 0.1), 1e-6))
    }

    @Test("runningPropertyAnimator starts after its delay along easeInOut and completes at the end")
    func runningPropertyAnimator() throws {
        let (scene, box) = makeScene()
        let log = PositionLog()
        let animator = try Animator.runningPropertyAnimator(
            scene: scene, duration: 2, delay: 1, animations: { box.center.x = 150 }, completion: log.completion("r"))
        #expect(animator.isRunning)
        #expect(animator.isInterruptible)
        #expect(animator.delay == 1)
        #expect(presentedX(scene, box, at: 1) == 50)
        // easeInOut is symmetric: halfway in time is halfway in value.
        #expect(nearly(presentedX(scene, box, at: 2), 100, 1e-9))
        #expect(presentedX(scene, box, at: 3) == 150)
        #expect(log.entries == ["r end"])
    }

    @Test("runningPropertyAnimator takes its curve from the options")
    func runningPropertyAnimatorCurve() throws {
        let (scene, box) = makeScene()
        _ = try Animator.runningPropertyAnimator(
            scene: scene, duration: 2, options: [.curveLinear, .repeat, .transitionFlipFromLeft],
            animations: { box.center.x = 150 })
        #expect(nearly(presentedX(scene, box, at: 0.5), 75, 1e-9))
    }

    @Test("runningPropertyAnimator made inside a view animation block is not interruptible")
    func nestedRunningPropertyAnimator() throws {
        let (scene, box) = makeScene()
        var inner: Animator?
        try View.animate(in: scene, withDuration: 1, animations: {
            inner = try Animator.runningPropertyAnimator(scene: scene, duration: 2, animations: { box.alpha = 0 })
        })
        #expect(inner?.isInterruptible == false)
        #expect(throws: ArgumentError.self) {
            try Animator.runningPropertyAnimator(scene: scene, duration: 1, delay: -1, animations: {})
        }
    }
}
