import Foundation
import Testing
@testable import ChoreoCore

/// Where Core fits a damping-ratio spring to the duration that uses it: an animation when it is
/// added (its own duration, the transaction's default, a group's, a keyframe segment's share),
/// an animator, and animation traits. Expected curves are built from the same ζ, velocity and
/// the duration each rule names; their shape is checked against the closed form in
/// `FittedSpringCurveTests`.
@Suite("Damping-ratio springs are fitted where Core learns the duration")
struct DurationFittingTests {
    static func spring(_ zeta: Double = 0.4, velocity: Double = 2) throws -> FittedSpringCurve {
        try FittedSpringCurve(dampingRatio: zeta, initialVelocity: velocity)
    }

    /// The own duration of the fitted spring `curve` resolved to (nil when unfitted or absent).
    static func fittedDuration(_ curve: (any TimingCurve)?) -> Double? {
        (curve as? SpringCurve)?.duration
    }

    @Test("An added animation runs its damping-ratio spring fitted to its duration; the caller's object is untouched")
    func basicAnimation() throws {
        let (scene, box) = makeScene()
        let move = basic("position.x", from: .scalar(0), to: .scalar(100), duration: 2)
        move.timingFunction = try Self.spring()
        try box.layer.add(move, forKey: "move")
        #expect(move.timingFunction is FittedSpringCurve)
        let attached = try #require(box.layer.animation(forKey: "move"))
        #expect(Self.fittedDuration(attached.timingFunction) == 2)
        scene.commit()
        scene.advance(to: MediaTime(0.5))
        let expected = try Self.spring().fitted(toDuration: 2).progress(at: 0.25)
        #expect(abs(box.layer.presentation.position.x - 100 * expected) < 1e-9)
        // The closed form of FittedSpringCurveTests, independently: ζ 0.4, v₀ 2, d 2, 0.5 s in.
        #expect(abs(expected - FittedSpringCurveTests.progress(zeta: 0.4, duration: 2, velocity: 2, seconds: 0.5)) < 1e-9)
    }

    @Test("A curve's box knows whether the curve is fitted to a duration, also when wrapped, so others are not asked per animation")
    func boxKnowsDurationDependence() throws {
        #expect(TimingCurveBox(try Self.spring()).dependsOnDuration)
        #expect(TimingCurveBox(AnyTimingCurve(try Self.spring())).dependsOnDuration)
        #expect(!TimingCurveBox(CubicBezierCurve.easeInOut).dependsOnDuration)
        #expect(!TimingCurveBox(try Self.spring().fitted(toDuration: 2)).dependsOnDuration)  // fitted already
        // A wrapped spring still runs fitted to the animation's duration.
        let (scene, box) = makeScene()
        let move = basic("position.x", from: .scalar(0), to: .scalar(100), duration: 3)
        move.timingFunction = AnyTimingCurve(try Self.spring())
        try box.layer.add(move, forKey: "move")
        #expect(Self.fittedDuration(box.layer.animation(forKey: "move")?.timingFunction) == 3)
        scene.commit()
    }

    @Test("A duration of 0 takes the transaction's default (0.25 s, or the one it sets) before the fit")
    func defaultDuration() throws {
        let (scene, box) = makeScene()
        let first = basic("opacity", from: .scalar(0), to: .scalar(1), duration: 0)
        first.timingFunction = try Self.spring()
        try box.layer.add(first, forKey: "a")
        #expect(Self.fittedDuration(box.layer.animation(forKey: "a")?.timingFunction) == 0.25)
        let transaction = try scene.beginTransaction()
        transaction.animationDuration = MediaDuration(1.5)
        try box.layer.add(first, forKey: "b")
        try scene.commitTransaction()
        #expect(Self.fittedDuration(box.layer.animation(forKey: "b")?.timingFunction) == 1.5)
    }

    @Test("The transaction's damping-ratio spring is fitted to each animation that takes it")
    func transactionCurve() throws {
        let (scene, box) = makeScene()
        let transaction = try scene.beginTransaction()
        transaction.animationTimingFunction = try Self.spring()
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), duration: 3), forKey: "fade")
        try scene.commitTransaction()
        #expect(Self.fittedDuration(box.layer.animation(forKey: "fade")?.timingFunction) == 3)
    }

    @Test("A group's children are fitted to their own duration, or to the group's when theirs is 0")
    func groupChildren() throws {
        let (_, box) = makeScene()
        let group = AnimationGroup()
        group.timing.duration = MediaDuration(3)
        group.timingFunction = try Self.spring()
        let own = basic("opacity", from: .scalar(0), to: .scalar(1), duration: 1)
        let inherits = basic("position.x", from: .scalar(0), to: .scalar(1), duration: 0)
        own.timingFunction = try Self.spring()
        inherits.timingFunction = try Self.spring()
        group.animations = [own, inherits]
        try box.layer.add(group, forKey: "group")
        let attached = try #require(box.layer.animation(forKey: "group") as? AnimationGroup)
        #expect(Self.fittedDuration(attached.timingFunction) == 3)
        #expect(attached.animations.map { Self.fittedDuration($0.timingFunction) } == [1, 3])
    }

    @Test("A keyframe segment's spring is fitted to its share of the duration: key times as given, else evenly spaced")
    func keyframeSegments() throws {
        let (_, box) = makeScene()
        func keyframes(_ keyTimes: [Double]?) throws -> KeyframeAnimation {
            let animation = KeyframeAnimation(keyPath: "position.x")
            animation.values = [.scalar(0), .scalar(100), .scalar(200)]
            animation.keyTimes = keyTimes
            animation.timingFunctions = [try Self.spring(), try Self.spring()]
            animation.timing.duration = MediaDuration(4)
            return animation
        }
        func segmentDurations(_ key: String) -> [Double?] {
            ((box.layer.animation(forKey: key) as? KeyframeAnimation)?.timingFunctions ?? []).map(Self.fittedDuration)
        }
        try box.layer.add(try keyframes([0, 0.25, 1]), forKey: "given")
        try box.layer.add(try keyframes(nil), forKey: "even")
        try box.layer.add(try keyframes([0, 0, 1]), forKey: "empty")
        #expect(segmentDurations("given") == [1, 3])
        #expect(segmentDurations("even") == [2, 2])
        #expect(segmentDurations("empty") == [4, 4], "a zero-length segment never shows its curve; it takes the whole")
    }

    @Test("A duration the spring cannot be fitted to is an error when the animation is added, and nothing is attached")
    func unfittableDuration() throws {
        let (_, box) = makeScene()
        let long = basic("opacity", from: .scalar(0), to: .scalar(1), duration: 2e6)
        long.timingFunction = try Self.spring()
        #expect(throws: ArgumentError.self) { try box.layer.add(long, forKey: "long") }
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("An animator fits a damping-ratio spring to its duration, as Animator(duration:dampingRatio:) does")
    func animator() throws {
        let (scene, box) = makeScene()
        let withVelocity = try Animator(scene: scene, duration: 2, curve: Self.spring()) { box.center.x = 150 }
        let fitted = try #require(withVelocity.timingParameters as? SpringCurve)
        #expect(fitted == (try Self.spring().fitted(toDuration: 2)))
        let fromRest = try Animator(scene: scene, duration: 1.5, curve: FittedSpringCurve(dampingRatio: 0.6))
        let byRatio = try Animator(scene: scene, duration: 1.5, dampingRatio: 0.6)
        #expect(fromRest.timingParameters as? SpringCurve == byRatio.timingParameters as? SpringCurve)
        #expect(throws: ArgumentError.self) { try Animator(scene: scene, duration: 0, curve: Self.spring()) }
    }

    @Test("Traits keep a cubic curve as data and fit a damping-ratio spring to their duration")
    func traitsCurve() throws {
        #expect(try MotionTimingCurve(CubicBezierCurve.easeOut, duration: 0.3) == .cubic(.easeOut))
        #expect(try MotionTimingCurve(AnyTimingCurve(CubicBezierCurve.easeOut), duration: 0) == .cubic(.easeOut))
        guard case .custom(let curve) = try MotionTimingCurve(Self.spring(), duration: 0.8) else {
            Issue.record("a damping-ratio spring is a custom traits curve")
            return
        }
        #expect(curve as? SpringCurve == (try Self.spring().fitted(toDuration: 0.8)))
        #expect(throws: ArgumentError(
            parameter: "timingCurve", requirement: "needs a duration > 0 to fit a damping-ratio spring to", value: "0")) {
            try MotionTimingCurve(Self.spring(), duration: 0)
        }
        let steps = try StepsCurve(3)
        guard case .custom(let kept) = try MotionTimingCurve(steps, duration: 0) else {
            Issue.record("steps are a custom traits curve")
            return
        }
        #expect(kept as? StepsCurve == steps)
    }
}
