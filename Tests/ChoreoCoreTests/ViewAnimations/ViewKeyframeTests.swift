import Foundation
import Testing
@testable import ChoreoCore

@Suite("View keyframe animations")
struct ViewKeyframeTests {
    /// The seed's plane take-off: five keyframes over 1.5 s, overlapping on different properties.
    func takeOff(_ scene: Scene, _ plane: View, options: ViewAnimationOptions = [], completion: ((Bool) -> Void)? = nil) throws {
        try View.animateKeyframes(in: scene, withDuration: 1.5, options: options, animations: {
            try View.addKeyframe(in: scene, withRelativeStartTime: 0, relativeDuration: 0.25) {
                plane.center.x += 80
                plane.center.y -= 10
            }
            try View.addKeyframe(in: scene, withRelativeStartTime: 0.1, relativeDuration: 0.4) {
                plane.transform = Transform2D(rotationAngle: -.pi / 8)
            }
            try View.addKeyframe(in: scene, withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                plane.center.x += 100
                plane.center.y -= 50
                plane.alpha = 0
            }
            try View.addKeyframe(in: scene, withRelativeStartTime: 0.51, relativeDuration: 0.01) {
                plane.transform = .identity
                plane.center = Point(x: 0, y: 50)
            }
            try View.addKeyframe(in: scene, withRelativeStartTime: 0.55, relativeDuration: 0.45) {
                plane.alpha = 1
                plane.center = Point(x: 50, y: 50)
            }
        }, completion: completion)
    }

    @Test("The plane's five keyframes become one keyframe animation per property with holds")
    func keyTimes() throws {
        let (scene, plane) = makeScene()
        try takeOff(scene, plane)
        let animations = attachedAnimations(plane.layer).compactMap { $0 as? KeyframeAnimation }
        #expect(animations.map(\.keyPath) == ["position", "transform", "opacity"])
        let position = animations[0], transform = animations[1], opacity = animations[2]
        #expect(position.keyTimes == [0, 0.25, 0.5, 0.51, 0.52, 0.55, 1])
        #expect(position.values.compactMap(\.point) == [
            Point(x: 50, y: 50), Point(x: 130, y: 40), Point(x: 230, y: -10), Point(x: 230, y: -10),
            Point(x: 0, y: 50), Point(x: 0, y: 50), Point(x: 50, y: 50),
        ])
        #expect(transform.keyTimes == [0, 0.1, 0.5, 0.51, 0.52, 1])
        #expect(opacity.keyTimes == [0, 0.25, 0.5, 0.55, 1])
        #expect(opacity.values.compactMap(\.scalar) == [1, 1, 0, 0, 1])
        #expect(animations.allSatisfy { $0.timing.duration == MediaDuration(1.5) && !$0.isAdditive })
    }

    @Test("The plane's values at exact times: moves, holds, the jump and the overlap")
    func values() throws {
        let (scene, plane) = makeScene()
        let log = CompletionLog()
        try takeOff(scene, plane, options: .curveEaseIn, completion: log.completion("takeOff"))
        func at(_ fraction: Double) -> LayerProperties {
            scene.advance(to: MediaTime(fraction * 1.5))
            return plane.layer.presentation
        }
        #expect(at(0).position == Point(x: 50, y: 50))
        #expect(nearly(at(0.125).position.x, 90, 1e-9))            // halfway through keyframe 1 (curve ignored)
        let overlap = at(0.3)                                      // keyframes 2 and 3 both running
        #expect(nearly(overlap.position.x, 150, 1e-9))
        #expect(nearly(overlap.opacity, 0.8, 1e-9))
        #expect(nearly(overlap.transform.m11, cos(Double.pi / 16), 1e-9))
        #expect(nearly(overlap.transform.m12, -sin(Double.pi / 16), 1e-9))
        #expect(at(0.505).position == Point(x: 230, y: -10))       // hold before the jump
        #expect(at(0.53).position == Point(x: 0, y: 50))           // after the 0.01 jump
        #expect(at(0.54).opacity == 0)                             // hold before keyframe 5
        #expect(nearly(at(0.775).opacity, 0.5, 1e-9))
        #expect(log.entries.isEmpty)
        let end = at(1)
        #expect(end.position == Point(x: 50, y: 50) && end.opacity == 1 && end.transform == .identity)
        #expect(log.entries == ["takeOff true"])
    }

    @Test("Calculation modes apply: discrete jumps to each value at its keyframe's start")
    func discrete() throws {
        let (scene, box) = makeScene()
        try View.animateKeyframes(in: scene, withDuration: 1, options: .calculationModeDiscrete) {
            try View.addKeyframe(in: scene, withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.alpha = 0 }
        }
        let fade = try #require(attachedAnimations(box.layer).first as? KeyframeAnimation)
        #expect(fade.calculationMode == .discrete)
        #expect(fade.keyTimes == [0, 0.5, 1])
        scene.advance(to: 0.4)
        #expect(box.layer.presentation.opacity == 1)
        scene.advance(to: 0.6)
        #expect(box.layer.presentation.opacity == 0)
        for (name, mode) in [("calculationModePaced", CalculationMode.paced), ("calculationModeCubic", .cubic),
                             ("calculationModeCubicPaced", .cubicPaced), ("calculationModeLinear", .linear)] {
            try View.animateKeyframes(in: scene, withDuration: 1, options: try ViewAnimationOptions(parsing: [name])) {
                try View.addKeyframe(in: scene, withRelativeStartTime: 0, relativeDuration: 0.5) { box.center.x += 10 }
            }
            #expect((attachedAnimations(box.layer).last as? KeyframeAnimation)?.calculationMode == mode)
        }
    }

    @Test("A change made directly in a keyframe block moves over the whole duration")
    func directChange() throws {
        let (scene, box) = makeScene()
        try View.animateKeyframes(in: scene, withDuration: 2) { box.center.x = 250 }
        #expect(nearly(presentedX(scene, box, at: 0.5), 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1), 150, 1e-9))
    }

    @Test("Keyframes outside 0...1, ending after 1, or outside a keyframe block are errors")
    func badKeyframes() throws {
        let (scene, box) = makeScene()
        #expect(throws: ArgumentError(parameter: "relativeStartTime", requirement: "must be within 0...1", value: "1.2")) {
            try View.animateKeyframes(in: scene, withDuration: 1) {
                try View.addKeyframe(in: scene, withRelativeStartTime: 1.2, relativeDuration: 0) { box.alpha = 0 }
            }
        }
        #expect(throws: ArgumentError(parameter: "relativeDuration", requirement: "must be within 0...1", value: "-0.5")) {
            try View.animateKeyframes(in: scene, withDuration: 1) {
                try View.addKeyframe(in: scene, withRelativeStartTime: 0, relativeDuration: -0.5) { box.alpha = 0 }
            }
        }
        #expect(throws: ArgumentError(
            parameter: "relativeDuration", requirement: "must end the keyframe by 1 (relativeStartTime 0.75 + relativeDuration ≤ 1)",
            value: "0.5")) {
            try View.animateKeyframes(in: scene, withDuration: 1) {
                try View.addKeyframe(in: scene, withRelativeStartTime: 0.75, relativeDuration: 0.5) { box.alpha = 0 }
            }
        }
        #expect(throws: ArgumentError(
            parameter: "addKeyframe", requirement: "must be called inside View.animateKeyframes", value: "no keyframe block open")) {
            try View.addKeyframe(in: scene, withRelativeStartTime: 0, relativeDuration: 1) { box.alpha = 0 }
        }
        #expect(box.alpha == 1)
    }
}
