import Testing
@testable import ChoreoCore

@Suite("Reversed, mirrored and type-erased curves")
struct ComposedCurvesTests {
    static let spring = try! SpringCurve(dampingRatio: 0.4, duration: 1)
    static let kinked = try! PiecewiseLinearCurve([(0, 0), (0.4, 0.1), (1, 1)])

    static let lawCases: [TimingCurveLaws] = [
        TimingCurveLaws("easeIn reversed", CubicBezierCurve.easeIn.reversed, bounds: 0...1),
        // The seam at 1/2 joins base′(1) to itself, but the curvature flips sign there.
        TimingCurveLaws("easeIn mirrored", CubicBezierCurve.easeIn.mirrored, bounds: 0...1, kinks: [0.5]),
        TimingCurveLaws("easeOut mirrored (out-in)", CubicBezierCurve.easeOut.mirrored, bounds: 0...1, kinks: [0.5]),
        TimingCurveLaws("spring reversed", spring.reversed),
        TimingCurveLaws("spring mirrored", spring.mirrored, kinks: [0.5]),
        TimingCurveLaws("linear() reversed", kinked.reversed, bounds: 0...1, kinks: [0.6]),
        TimingCurveLaws("linear() mirrored", kinked.mirrored, bounds: 0...1, kinks: [0.2, 0.5, 0.8]),
        TimingCurveLaws("steps reversed", try! StepsCurve(4).reversed, start: 0, continuous: false, bounds: 0...1,
                        kinks: [0.25, 0.5, 0.75]),
        TimingCurveLaws("a type-erased spring", AnyTimingCurve(spring)),
        TimingCurveLaws("reversed twice", spring.reversed.reversed),
    ]

    @Test("Composed curves keep the timing-curve laws", arguments: lawCases)
    func laws(_ law: TimingCurveLaws) { law.check() }

    @Test("Reversed is 1 − base(1 − t): an ease-in reversed is the ease-out")
    func reversed() {
        let reversed = CubicBezierCurve.easeIn.reversed
        for i in 0...20 {
            let t = Double(i) / 20
            #expect(reversed.progress(at: t) == 1 - CubicBezierCurve.easeIn.progress(at: 1 - t), "t = \(t)")
            // (0.42, 0, 1, 1) turned by 180° is (0, 0, 0.58, 1), CSS ease-out.
            #expect(nearly(reversed.progress(at: t), CubicBezierCurve.easeOut.progress(at: t), 1e-8), "t = \(t)")
            #expect(nearly(reversed.velocity(at: t), CubicBezierCurve.easeIn.velocity(at: 1 - t), 1e-12), "t = \(t)")
        }
    }

    @Test("Reversing twice gives the base back")
    func reversedTwice() {
        let twice = Self.spring.reversed.reversed
        for i in 0..<20 {
            let t = Double(i) / 20
            #expect(nearly(twice.progress(at: t), Self.spring.progress(at: t), 1e-15), "t = \(t)")
        }
    }

    @Test("Mirrored is base(2t)/2, then 1 − base(2 − 2t)/2: an ease-in mirrored is an in-out")
    func mirrored() {
        let inOut = CubicBezierCurve.easeIn.mirrored
        #expect(inOut.progress(at: 0.5) == 0.5)
        for i in 0...20 {
            let t = Double(i) / 20
            let expected = t < 0.5
                ? CubicBezierCurve.easeIn.progress(at: 2 * t) / 2 : 1 - CubicBezierCurve.easeIn.progress(at: 2 - 2 * t) / 2
            #expect(inOut.progress(at: t) == expected, "t = \(t)")
            // Point-symmetric about (1/2, 1/2).
            #expect(nearly(inOut.progress(at: t) + inOut.progress(at: 1 - t), 1, 1e-15), "t = \(t)")
        }
        #expect(inOut.velocity(at: 0) == 0 && inOut.velocity(at: 1) == 0)
        // The linear curve mirrored is itself.
        for t in [0.1, 0.3, 0.5, 0.8] {
            #expect(nearly(CubicBezierCurve.linear.mirrored.progress(at: t), t, 1e-12))
        }
    }

    @Test("Reversed and mirrored differ: one flips time, the other appends the flip")
    func reversedIsNotMirrored() {
        let easeIn = CubicBezierCurve.easeIn
        #expect(easeIn.reversed.progress(at: 0.25) > 0.25)   // ease-out: ahead of linear
        #expect(easeIn.mirrored.progress(at: 0.25) < 0.25)   // in-out: behind linear in its first half
    }

    @Test("Composed curves keep their base's own duration")
    func durations() {
        #expect(Self.spring.reversed.duration == 1)
        #expect(Self.spring.mirrored.duration == 1)
        #expect(AnyTimingCurve(Self.spring).duration == 1)
        #expect(CubicBezierCurve.easeIn.reversed.duration == nil)
    }

    @Test("The type eraser forwards everything and does not nest")
    func typeEraser() {
        let erased = AnyTimingCurve(Self.spring)
        for t in [0.0, 0.2, 0.7, 1] {
            #expect(erased.progress(at: t) == Self.spring.progress(at: t))
            #expect(erased.velocity(at: t) == Self.spring.velocity(at: t))
        }
        let twice = AnyTimingCurve(erased)
        #expect(twice.base is SpringCurve)
        let mixed: [AnyTimingCurve] = [AnyTimingCurve(CubicBezierCurve.easeIn), AnyTimingCurve(try! StepsCurve(4))]
        #expect(mixed.map { $0.progress(at: 0.5) } == [CubicBezierCurve.easeIn.progress(at: 0.5), 0.5])
    }
}
