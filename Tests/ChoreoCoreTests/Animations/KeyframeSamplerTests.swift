import Testing
@testable import ChoreoCore

/// A sampler over values with the options a test does not care about left out.
func keyframes(
    _ values: [AnimationValue], keyTimes: [Double]? = nil, timingFunctions: [AnyTimingCurve]? = nil,
    mode: CalculationMode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil
) throws(ArgumentError) -> KeyframeSampler {
    try KeyframeSampler(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode,
                        tensionValues: tension, continuityValues: continuity, biasValues: bias)
}

/// The sampler's scalar at `progress` (nil if the value is not a number).
func sampledScalar(_ sampler: KeyframeSampler, _ progress: Double) -> Double? { sampler.value(at: progress).scalar }

@Suite("Keyframe sampling: values, key times, linear, discrete and paced")
struct KeyframeSamplerTests {
    static let numbers: [AnimationValue] = [.scalar(0), .scalar(10), .scalar(30)]

    @Test("linear: each value at its key time, straight lines between")
    func linear() throws {
        let sampler = try keyframes(Self.numbers, keyTimes: [0, 0.25, 1])
        for (p, expected) in [(0.0, 0.0), (0.125, 5), (0.25, 10), (0.625, 20), (1, 30)] {
            #expect(sampledScalar(sampler, p) == expected, "p = \(p)")
        }
        #expect(sampler.keyTimes == [0, 0.25, 1])
    }

    @Test("Without keyTimes the values are evenly spaced")
    func evenSpacing() throws {
        let sampler = try keyframes(Self.numbers)
        #expect(sampler.keyTimes == [0, 0.5, 1])
        #expect(sampledScalar(sampler, 0.25) == 5)
        #expect(sampledScalar(sampler, 0.5) == 10)
        #expect(sampledScalar(sampler, 0.75) == 20)
    }

    @Test("Each segment's timing function eases its local fraction")
    func timingFunctions() throws {
        let easeIn = CubicBezierCurve.easeIn
        let sampler = try keyframes(Self.numbers, keyTimes: [0, 0.5, 1],
                                    timingFunctions: [AnyTimingCurve(easeIn), AnyTimingCurve(CubicBezierCurve.linear)])
        #expect(nearly(sampledScalar(sampler, 0.25), 10 * easeIn.progress(at: 0.5), 1e-12))
        #expect(nearly(sampledScalar(sampler, 0.75), 20, 1e-12))
        #expect(sampledScalar(sampler, 0.5) == 10)   // key times are untouched
    }

    @Test("Progress is clamped (it leaves 0...1 only by rounding) and NaN is the start")
    func clamping() throws {
        let sampler = try keyframes(Self.numbers)
        #expect(sampledScalar(sampler, -1e-16) == 0)
        #expect(sampledScalar(sampler, 1 + 1e-15) == 30)
        #expect(sampledScalar(sampler, .nan) == 0)
    }

    @Test("One value is a constant; first and last values and the kind are reported")
    func singleValueAndEnds() throws {
        let constant = try keyframes([.point(Point(x: 3, y: 4))], keyTimes: [0.5])   // not consulted
        #expect(constant.value(at: 0.7) == .point(Point(x: 3, y: 4)))
        #expect(constant.valueKind == .point)
        let sampler = try keyframes(Self.numbers, mode: .cubic)
        #expect(sampler.firstValue == .scalar(0) && sampler.lastValue == .scalar(30))
        #expect(sampler.valueKind == .scalar)
        #expect(sampler.rotation(at: 0.5) == nil)
    }

    @Test("discrete with values + 1 key times (Apple's rule): each value holds until the next key time")
    func discreteApple() throws {
        let sampler = try keyframes(Self.numbers, keyTimes: [0, 0.2, 0.5, 1], mode: .discrete)
        for (p, expected) in [(0.0, 0.0), (0.19, 0), (0.2, 10), (0.49, 10), (0.5, 30), (0.99, 30), (1, 30)] {
            #expect(sampledScalar(sampler, p) == expected, "p = \(p)")
        }
    }

    @Test("discrete with one key time per value: the last value holds from its key time, 1")
    func discreteOnePerValue() throws {
        let sampler = try keyframes(Self.numbers, keyTimes: [0, 0.4, 1], mode: .discrete)
        for (p, expected) in [(0.0, 0.0), (0.39, 0), (0.4, 10), (0.999, 10), (1, 30)] {
            #expect(sampledScalar(sampler, p) == expected, "p = \(p)")
        }
    }

    @Test("discrete without keyTimes gives each value an equal share of the time")
    func discreteEven() throws {
        let sampler = try keyframes([.scalar(1), .scalar(2), .scalar(3), .scalar(4)], mode: .discrete)
        #expect(sampler.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        for (p, expected) in [(0.0, 1.0), (0.24, 1), (0.25, 2), (0.6, 3), (0.75, 4), (1, 4)] {
            #expect(sampledScalar(sampler, p) == expected, "p = \(p)")
        }
    }

    @Test("paced moves at constant speed: (0,0) → (100,0) → (100,300) covers equal distance in equal time")
    func paced() throws {
        let sampler = try keyframes([.point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 0)), .point(Point(x: 100, y: 300))],
                                    keyTimes: [0, 0.9, 1], timingFunctions: [AnyTimingCurve(CubicBezierCurve.easeIn)],
                                    mode: .paced)   // both ignored
        #expect(sampler.keyTimes == [0, 0.25, 1])
        // Distance travelled along the polyline, from the point reached.
        func travelled(_ p: Double) -> Double {
            let point = sampler.value(at: p).point!
            return point.y == 0 ? point.x : 100 + point.y
        }
        for i in 0...64 {
            let p = Double(i) / 64
            #expect(nearly(travelled(p), 400 * p, 1e-9), "p = \(p)")
        }
        #expect(sampler.value(at: 0.25) == .point(Point(x: 100, y: 0)))
        #expect(sampler.value(at: 0.625) == .point(Point(x: 100, y: 150)))
    }

    @Test("paced over values that never move is spaced evenly")
    func pacedStill() throws {
        let sampler = try keyframes([.scalar(5), .scalar(5), .scalar(5)], mode: .paced)
        #expect(sampler.keyTimes == [0, 0.5, 1])
        #expect(sampledScalar(sampler, 0.3) == 5)
        // A repeated value inside a paced run takes no time.
        let repeated = try keyframes([.scalar(0), .scalar(10), .scalar(10), .scalar(20)], mode: .paced)
        #expect(repeated.keyTimes == [0, 0.5, 0.5, 1])
        #expect(sampledScalar(repeated, 0.5) == 10 && sampledScalar(repeated, 0.75) == 15)
    }

    @Test("Bad values and key times throw errors that name them and the rule")
    func badInputs() {
        let cases: [(() throws -> KeyframeSampler, String)] = [
            ({ try keyframes([]) }, "values must hold at least 1 value (got 0)"),
            ({ try keyframes([.point(.zero), .point(.zero), .color(.white)]) },
             "values[3] must be a point like values[1] (got a color)"),
            ({ try keyframes([.scalar(0), .transform(.identity)]) },
             "values[2] must be a number like values[1] (got a transform)"),
            ({ try keyframes(Self.numbers, keyTimes: [0, 1]) },
             "keyTimes must have 3 entries, one per value (got 2)"),
            ({ try keyframes(Self.numbers, keyTimes: [0, 1], mode: .discrete) },
             "keyTimes must have 4 entries (one per value, plus the end) or 3 (one per value) in calculationMode discrete (got 2)"),
            ({ try keyframes(Self.numbers, keyTimes: [0, 1.5, 1]) },
             "keyTimes[2] must be within 0...1 (got 1.5)"),
            ({ try keyframes(Self.numbers, keyTimes: [0, .nan, 1], mode: .cubic) },
             "keyTimes[2] must be within 0...1 (got nan)"),
            ({ try keyframes(Self.numbers, keyTimes: [0.1, 0.5, 1]) },
             "keyTimes[1] must be 0, the start of the animation (got 0.1)"),
            ({ try keyframes(Self.numbers, keyTimes: [0, 0.5, 0.9]) },
             "keyTimes[3] must be 1, the end of the animation (got 0.9)"),
            ({ try keyframes(Self.numbers, keyTimes: [0, 0.6, 0.5, 1], mode: .discrete) },
             "keyTimes[3] must be at least keyTimes[2] = 0.6: key times never decrease (got 0.5)"),
            ({ try keyframes(Self.numbers, timingFunctions: [AnyTimingCurve(CubicBezierCurve.easeIn)]) },
             "timingFunctions must have 2 entries, one per segment between values (got 1)"),
        ]
        for (make, message) in cases {
            let error = #expect(throws: ArgumentError.self) { _ = try make() }
            #expect(error?.description == message)
        }
    }

    @Test("Paced modes ignore key times and timing functions, so bad ones are not errors there")
    func pacedIgnoresKeyTimes() throws {
        _ = try keyframes(Self.numbers, keyTimes: [0.3], timingFunctions: [], mode: .paced)
        _ = try keyframes(Self.numbers, keyTimes: [2, 1], mode: .cubicPaced)
    }

    @Test("Mode names parse, and a bad one lists the valid names")
    func parsing() throws {
        #expect(try CalculationMode(parsing: "cubicPaced") == .cubicPaced)
        #expect(try RotationMode(parsing: "rotateAutoReverse") == .rotateAutoReverse)
        let mode = #expect(throws: ArgumentError.self) { try CalculationMode(parsing: "spline") }
        #expect(mode?.description
            == #"calculationMode must be one of "linear", "discrete", "paced", "cubic", "cubicPaced" (got "spline")"#)
        let rotation = #expect(throws: ArgumentError.self) { try RotationMode(parsing: "auto") }
        #expect(rotation?.description == #"rotationMode must be one of "rotateAuto", "rotateAutoReverse" (got "auto")"#)
    }
}
