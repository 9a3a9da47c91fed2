import Foundation
import Testing
@testable import ChoreoCore

/// Animators' curves: the control-point, damping-ratio and spring initializers.
extension AnimatorTests {
    @Test("The control-point and damping-ratio initializers build the matching curves")
    func initializers() throws {
        let (scene, box) = makeScene()
        let cubic = try Animator(
            scene: scene, duration: 1, controlPoint1: Point(x: 0.57, y: -0.4), controlPoint2: Point(x: 0.96, y: 0.87)
        ) { box.center.x = 150 }
        #expect(cubic.timingParameters as? CubicBezierCurve == (try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)))
        let spring = try Animator(scene: scene, duration: 1, dampingRatio: 0.5)
        let expected = try SpringCurve(dampingRatio: 0.5, duration: 1)
        let curve = try #require(spring.timingParameters as? SpringCurve)
        for t in [0.1, 0.5, 0.9] { #expect(curve.progress(at: t) == expected.progress(at: t)) }
        #expect(throws: ArgumentError.self) { try Animator(scene: scene, duration: 0, curve: CubicBezierCurve.linear) }
        #expect(throws: ArgumentError.self) { try Animator(scene: scene, duration: 1, dampingRatio: -1) }
    }

    @Test("A spring animator presents the spring's progress over its duration")
    func springProgress() throws {
        let (scene, box) = makeScene()
        let animator = try Animator(scene: scene, duration: 1, dampingRatio: 0.5) { box.center.x = 150 }
        let curve = try SpringCurve(dampingRatio: 0.5, duration: 1)
        try animator.startAnimation()
        for time in [0.2, 0.5] {
            #expect(nearly(presentedX(scene, box, at: time), 50 + 100 * curve.progress(at: time), 1e-9))
        }
        #expect(presentedX(scene, box, at: 1) == 150)
        #expect(animator.state == .inactive)
    }
}
