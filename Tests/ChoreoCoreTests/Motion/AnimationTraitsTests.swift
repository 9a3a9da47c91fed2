import Testing
@testable import ChoreoCore

@Suite("Animation traits")
struct AnimationTraitsTests {
    @Test("Traits default to no delay, an ease-in-out curve and no repetition")
    func defaults() throws {
        let traits = try AnimationTraits(duration: 0.35)
        #expect(traits.delay == 0)
        #expect(traits.timingCurve == .cubic(.easeInOut))
        #expect(traits.repetition == .none)
        #expect(!traits.autoreverses)
    }

    @Test("A NaN or negative delay or duration is rejected, naming the field and the value")
    func badTimes() {
        #expect(throws: ArgumentError(parameter: "delay", requirement: "must be a finite number ≥ 0", value: "nan")) {
            try AnimationTraits(delay: .nan, duration: 1)
        }
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number ≥ 0", value: "-0.5")) {
            try AnimationTraits(duration: -0.5)
        }
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number ≥ 0", value: "inf")) {
            try AnimationTraits(duration: .infinity)
        }
    }

    @Test("A repetition count or duration must be positive; infinity repeats forever")
    func badRepetition() throws {
        #expect(throws: ArgumentError(parameter: "repetition.amount", requirement: "must be a number > 0 (or infinity)", value: "0")) {
            try AnimationTraits(duration: 1, repetition: .count(0))
        }
        #expect(throws: ArgumentError(parameter: "repetition.duration", requirement: "must be a number > 0 (or infinity)", value: "nan")) {
            try AnimationTraits(duration: 1, repetition: .duration(.nan))
        }
        _ = try AnimationTraits(duration: 1, repetition: .count(.infinity))
    }

    @Test("A spring generator needs a positive duration, a damping ratio ≥ 0 and a finite velocity")
    func badSpring() {
        #expect(throws: ArgumentError(parameter: "timingCurve.duration", requirement: "must be a finite number > 0", value: "0")) {
            try SpringTimingCurveGenerator(duration: 0, dampingRatio: 0.8)
        }
        #expect(throws: ArgumentError(parameter: "timingCurve.dampingRatio", requirement: "must be a finite number ≥ 0", value: "-1")) {
            try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: -1)
        }
        #expect(throws: ArgumentError(parameter: "timingCurve.initialVelocity", requirement: "must be a finite number", value: "nan")) {
            try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8, initialVelocity: .nan)
        }
    }

    @Test("Traits changed after creation are checked again when an animator uses them")
    func revalidated() throws {
        let (scene, box) = makeScene()
        defer { withExtendedLifetime(scene) {} }
        var traits = try AnimationTraits(duration: 1)
        traits.duration = -1
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number ≥ 0", value: "-1")) {
            try MotionAnimator().animate(traits, between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        }
        #expect(box.layer.model.cornerRadius == 0)
    }

    @Test("Absolute spring velocity is divided by the displacement: 1200 pt/s over 300 pt is 4 per second")
    func velocityNormalisation() throws {
        let fling = try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8, initialVelocity: 1200)
        #expect(fling.normalizedVelocity(displacement: 300) == 4)
        #expect(fling.normalizedVelocity(displacement: -300) == -4)
        #expect(fling.normalizedVelocity(displacement: 0) == 0)
        #expect(fling.normalizedVelocity(displacement: 1e-6) == 0)
    }

    @Test("Custom curves are equal only to themselves; cubic and spring curves compare by value")
    func curveEquality() throws {
        let object = HalfwayCurve()
        #expect(MotionTimingCurve.custom(object) == .custom(object))
        #expect(MotionTimingCurve.custom(object) != .custom(HalfwayCurve()))
        #expect(MotionTimingCurve.custom(CubicBezierCurve.linear) != .custom(CubicBezierCurve.linear))
        #expect(MotionTimingCurve.cubic(try CubicBezierCurve(0.42, 0, 0.58, 1)) == .cubic(.easeInOut))
        let spring = try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8)
        #expect(MotionTimingCurve.spring(spring) == .spring(spring))
        #expect(MotionTimingCurve.spring(spring) != .cubic(.easeInOut))
    }
}

/// A curve object with an identity (a class), for equality of custom curves.
private final class HalfwayCurve: TimingCurve {
    func progress(within t: Double) -> Double { t < 0.5 ? 0 : 1 }
}
