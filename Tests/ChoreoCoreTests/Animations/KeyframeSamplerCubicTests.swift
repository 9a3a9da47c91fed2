import Testing
@testable import ChoreoCore

@Suite("Keyframe sampling: cubic (Kochanek–Bartels) and cubicPaced")
struct KeyframeSamplerCubicTests {
    /// d value / d progress just left (h < 0) or right (h > 0) of p: a second-order one-sided difference.
    static func slope(_ sampler: KeyframeSampler, at p: Double, side h: Double) -> Double {
        let f = { (x: Double) in sampledScalar(sampler, x)! }
        return (-3 * f(p) + 4 * f(p + h) - f(p + 2 * h)) / (2 * h)
    }

    @Test("cubic passes through every value at its key time")
    func passesThroughValues() throws {
        let points: [AnimationValue] = [.point(Point(x: 0, y: 0)), .point(Point(x: 40, y: 90)),
                                        .point(Point(x: 100, y: -20)), .point(Point(x: 130, y: 60))]
        let keyTimes = [0, 0.1, 0.6, 1.0]
        let sampler = try keyframes(points, keyTimes: keyTimes, mode: .cubic, tension: [0.3, -0.5], continuity: [0, 0.4, -0.2], bias: [0, 0, 0.7])
        for (time, value) in zip(keyTimes, points) {
            #expect(sampler.value(at: time) == value)
        }
        let colors: [AnimationValue] = [.color(.black), .color(.white), .color(Color(red: 1, green: 0, blue: 0))]
        let fade = try keyframes(colors, mode: .cubic)
        #expect(fade.value(at: 0) == colors[0] && fade.value(at: 0.5) == colors[1] && fade.value(at: 1) == colors[2])
    }

    @Test("cubic is C1 across a key, even with uneven key times: the slope is the Catmull–Rom chord slope")
    func continuousVelocity() throws {
        let values = [0.0, 10, 4, 12]
        let keyTimes = [0, 0.1, 0.6, 1.0]
        let sampler = try keyframes(values.map { .scalar($0) }, keyTimes: keyTimes, mode: .cubic)
        for k in 1...2 {
            let left = Self.slope(sampler, at: keyTimes[k], side: -1e-6)
            let right = Self.slope(sampler, at: keyTimes[k], side: 1e-6)
            // Non-uniform Catmull–Rom: (v[k+1] − v[k−1]) / (t[k+1] − t[k−1]), in value per progress.
            let expected = (values[k + 1] - values[k - 1]) / (keyTimes[k + 1] - keyTimes[k - 1])
            #expect(nearly(left, expected, 1e-6), "left of key \(k + 1)")
            #expect(nearly(right, expected, 1e-6), "right of key \(k + 1)")
        }
    }

    /// The uniform Catmull–Rom value halfway from p1 to p2.
    static func catmullRomMidpoint(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
        let sum: Double = -p0 + 9 * p1 + 9 * p2 - p3
        return sum / 16
    }

    @Test("Catmull–Rom: a segment's midpoint is (−p0 + 9p1 + 9p2 − p3)/16, with the end points duplicated at the ends")
    func catmullRomMidpoints() throws {
        let sampler = try keyframes([.scalar(0), .scalar(1), .scalar(4), .scalar(2)], mode: .cubic)
        let middle = Self.catmullRomMidpoint(0, 1, 4, 2), first = Self.catmullRomMidpoint(0, 0, 1, 4)
        let last = Self.catmullRomMidpoint(1, 4, 2, 2)
        #expect(nearly(sampledScalar(sampler, 0.5), middle, 1e-14))
        #expect(nearly(sampledScalar(sampler, 1.0 / 6), first, 1e-14))
        #expect(nearly(sampledScalar(sampler, 5.0 / 6), last, 1e-14))
        // Component-wise for compound values.
        let rects = try keyframes([.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .rect(Rect(x: 16, y: 0, width: 10, height: 10)),
                                   .rect(Rect(x: 32, y: 16, width: 42, height: 10)), .rect(Rect(x: 0, y: 0, width: 0, height: 10))],
                                  mode: .cubic)
        guard case let .rect(mid) = rects.value(at: 0.5) else { Issue.record("a rect"); return }
        let (x, y) = (Self.catmullRomMidpoint(0, 16, 32, 0), Self.catmullRomMidpoint(0, 0, 16, 0))
        let width = Self.catmullRomMidpoint(10, 10, 42, 0)
        #expect(nearly(mid.origin.x, x, 1e-12) && nearly(mid.origin.y, y, 1e-12))
        #expect(nearly(mid.size.width, width, 1e-12) && nearly(mid.size.height, 10, 1e-12))
    }

    @Test("Tension 1 zeroes the tangents: each segment is a smoothstep between its values")
    func fullTension() throws {
        let sampler = try keyframes([.scalar(0), .scalar(10), .scalar(4)], mode: .cubic, tension: [1, 1, 1])
        for u in [0.1, 0.25, 0.5, 0.8] {
            let smooth = u * u * (3 - 2 * u)
            #expect(nearly(sampledScalar(sampler, u / 2), 10 * smooth, 1e-12))
            #expect(nearly(sampledScalar(sampler, 0.5 + u / 2), 10 + (4 - 10) * smooth, 1e-12))
        }
        #expect(abs(Self.slope(sampler, at: 0.5, side: -1e-5)) < 1e-6)
        #expect(abs(Self.slope(sampler, at: 0.5, side: 1e-5)) < 1e-6)
    }

    @Test("Continuity +1 makes a sharp corner along the chords; −1 inverts it")
    func continuity() throws {
        let values: [AnimationValue] = [.scalar(0), .scalar(10), .scalar(0)]
        let sharp = try keyframes(values, mode: .cubic, continuity: [0, 1])   // missing entries are 0
        #expect(nearly(Self.slope(sharp, at: 0.5, side: -1e-5), 20, 1e-6))    // arrives along the chord up
        #expect(nearly(Self.slope(sharp, at: 0.5, side: 1e-5), -20, 1e-6))   // leaves along the chord down
        let inverted = try keyframes(values, mode: .cubic, continuity: [0, -1, 0])
        #expect(nearly(Self.slope(inverted, at: 0.5, side: -1e-5), -20, 1e-6))
        #expect(nearly(Self.slope(inverted, at: 0.5, side: 1e-5), 20, 1e-6))
    }

    @Test("Bias +1 takes the tangent from the incoming chord, −1 from the outgoing one")
    func bias() throws {
        let values: [AnimationValue] = [.scalar(0), .scalar(10), .scalar(0)]
        let after = try keyframes(values, mode: .cubic, bias: [0, 1, 0])
        #expect(nearly(Self.slope(after, at: 0.5, side: -1e-5), 20, 1e-6))
        #expect(nearly(Self.slope(after, at: 0.5, side: 1e-5), 20, 1e-6))
        let before = try keyframes(values, mode: .cubic, bias: [0, -1, 0])
        #expect(nearly(Self.slope(before, at: 0.5, side: 1e-5), -20, 1e-6))
    }

    @Test("Per-segment timing functions apply in cubic mode too")
    func cubicTimingFunctions() throws {
        let easeOut = CubicBezierCurve.easeOut
        let eased = try keyframes([.scalar(0), .scalar(1), .scalar(4), .scalar(2)],
                                  timingFunctions: [AnyTimingCurve(CubicBezierCurve.linear), AnyTimingCurve(easeOut), AnyTimingCurve(CubicBezierCurve.linear)],
                                  mode: .cubic)
        let plain = try keyframes([.scalar(0), .scalar(1), .scalar(4), .scalar(2)], mode: .cubic)
        let u = easeOut.progress(at: 0.5)
        #expect(nearly(sampledScalar(eased, 0.5), sampledScalar(plain, (1 + u) / 3)!, 1e-12))
    }

    @Test("Transforms have no spline: cubic interpolates them as linear does")
    func transformsFallBack() throws {
        let values: [AnimationValue] = [.transform(.identity), .transform(Transform3D(scaleX: 2, y: 2, z: 1)),
                                        .transform(Transform3D(translationX: 50, y: 0, z: 0))]
        let cubic = try keyframes(values, mode: .cubic, tension: [0.5])
        let linear = try keyframes(values, mode: .linear)
        for p in [0.1, 0.5, 0.7, 1] { #expect(cubic.value(at: p) == linear.value(at: p)) }
        let cubicPaced = try keyframes(values, mode: .cubicPaced)
        let paced = try keyframes(values, mode: .paced)
        for p in [0.1, 0.5, 0.7, 1] { #expect(cubicPaced.value(at: p) == paced.value(at: p)) }
    }

    @Test("cubicPaced moves along the spline at constant speed (within 1e-3)")
    func cubicPacedSpeed() throws {
        let points: [AnimationValue] = [.point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 0)),
                                        .point(Point(x: 100, y: 300)), .point(Point(x: 0, y: 300))]
        let sampler = try keyframes(points, keyTimes: [0, 0.9, 0.95, 1], mode: .cubicPaced)   // key times ignored
        #expect(sampler.value(at: 0) == points[0] && sampler.value(at: 1) == points[3])
        let steps = 1000
        var distances: [Double] = []
        var previous = sampler.value(at: 0).point!
        for i in 1...steps {
            let next = sampler.value(at: Double(i) / Double(steps)).point!
            distances.append(previous.animationDistance(to: next))
            previous = next
        }
        let mean = distances.reduce(0, +) / Double(steps)
        #expect(distances.allSatisfy { abs($0 - mean) <= 1e-3 * mean })
    }

    @Test("cubicPaced follows the cubic curve: on a monotone scalar spline the value grows linearly")
    func cubicPacedOnTheCurve() throws {
        // Catmull–Rom through 0, 1, 3, 6 is increasing, so its arc length is the value itself.
        let values: [AnimationValue] = [.scalar(0), .scalar(1), .scalar(3), .scalar(6)]
        let sampler = try keyframes(values, mode: .cubicPaced)
        for p in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(nearly(sampledScalar(sampler, p), 6 * p, 1e-9), "p = \(p)")
        }
        let still = try keyframes([.scalar(2), .scalar(2), .scalar(2)], mode: .cubicPaced)
        #expect(sampledScalar(still, 0.4) == 2)
    }

    @Test("Tension, continuity and bias must lie in -1...1, one per value at most")
    func badShapeValues() {
        let numbers: [AnimationValue] = [.scalar(0), .scalar(1), .scalar(2)]
        let cases: [(() throws -> KeyframeSampler, String)] = [
            ({ try keyframes(numbers, mode: .cubic, tension: [0, 1.5]) }, "tensionValues[2] must be within -1...1 (got 1.5)"),
            ({ try keyframes(numbers, mode: .cubicPaced, continuity: [0, 0, 0, 0]) },
             "continuityValues must have at most 3 entries, one per value (got 4)"),
            ({ try keyframes(numbers, mode: .cubic, bias: [.nan]) }, "biasValues[1] must be within -1...1 (got nan)"),
            ({ try keyframes([.transform(.identity)], mode: .cubic, tension: [-2]) }, "tensionValues[1] must be within -1...1 (got -2)"),
        ]
        for (make, message) in cases {
            let error = #expect(throws: ArgumentError.self) { _ = try make() }
            #expect(error?.description == message)
        }
        // Outside the cubic modes they are not read.
        #expect(throws: Never.self) { _ = try keyframes(numbers, mode: .linear, tension: [7]) }
    }
}
