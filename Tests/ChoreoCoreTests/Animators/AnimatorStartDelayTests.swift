import Testing
@testable import ChoreoCore

/// The rule for `startAnimation(afterDelay:)` (docs/lua-api.md, "Animator"): the delay must be a
/// finite number ≥ 0; anything else is an error and the animator is left as it was. Lua's
/// `a:startAnimation(delay)` is the same call (Tests/Scenes/animator_test.lua, "a bad start delay").
@Suite("Animator start delays")
struct AnimatorStartDelayTests {
    @Test("A negative, NaN or infinite delay is an error naming the delay, and the animator does not start",
          arguments: [-1, -1e-9, Double.nan, .infinity, -.infinity])
    func badDelay(delay: Double) throws {
        let (scene, box, animator) = try makeAnimator()
        do {
            try animator.startAnimation(afterDelay: delay)
            Issue.record("startAnimation(afterDelay: \(delay)) must throw")
        } catch let error as ArgumentError {
            #expect(error.parameter == "delay")
            #expect(error.requirement == "must be a finite number ≥ 0")
        }
        #expect(animator.state == .inactive && !animator.isRunning && animator.delay == 0)
        #expect(box.center.x == 50, "the animation blocks have not run")
        #expect(presentedX(scene, box, at: 1) == 50)
    }

    @Test("The delay is checked before the state: a stopped animator given a bad delay reports the delay")
    func delayBeforeState() throws {
        let (_, _, animator) = try makeAnimator()
        try animator.startAnimation()
        try animator.stopAnimation(false)
        #expect(throws: ArgumentError.self) { try animator.startAnimation(afterDelay: -1) }
        #expect(throws: AnimatorError.self) { try animator.startAnimation(afterDelay: 0) }
    }

    @Test("A delay of 0 starts at once, and a positive one holds the start value until it ends")
    func goodDelays() throws {
        let (scene, box, animator) = try makeAnimator()
        try animator.startAnimation(afterDelay: 0)
        #expect(animator.delay == 0 && animator.isRunning)
        #expect(nearly(presentedX(scene, box, at: 1), 100, 1e-9), "linear, 2 s from 50 to 150")
        let (later, laterBox, delayed) = try makeAnimator()
        try delayed.startAnimation(afterDelay: 1)
        #expect(delayed.delay == 1)
        #expect(presentedX(later, laterBox, at: 1) == 50)
        #expect(nearly(presentedX(later, laterBox, at: 2), 100, 1e-9))
    }
}
