import Foundation
import Testing
@testable import ChoreoCore

@Suite("Monotone cubic (baked) curves")
struct MonotoneCubicCurveTests {
    static let smooth: [(String, @Sendable (Double) -> Double)] = [
        ("smoothstep", { $0 * $0 * (3 - 2 * $0) }),
        ("sine in-out", { (1 - cos(.pi * $0)) / 2 }),
        ("ease-in-out Bézier", { CubicBezierCurve.easeInOut.progress(at: $0) }),
        ("ease-out cubic", { 1 - pow(1 - $0, 3) }),
    ]

    @Test("256 intervals keep smooth easings within 1e-4 everywhere", arguments: smooth.map(\.0))
    func withinTolerance(name: String) throws {
        let function = try #require(Self.smooth.first { $0.0 == name }?.1)
        let baked = try MonotoneCubicCurve(samples: 256, function)
        var worst = 0.0
        for i in 0...10_000 {
            let t = Double(i) / 10_000
            worst = max(worst, abs(baked.progress(within: t) - function(t)))
        }
        #expect(worst < 1e-4, "\(name): worst error \(worst)")
    }

    @Test("A baked curve passes through its samples exactly and ends on 0 and 1")
    func exactAtSamples() throws {
        let baked = try MonotoneCubicCurve(samples: 8) { $0 * $0 }
        for i in 0...8 {
            let t = Double(i) / 8
            #expect(abs(baked.progress(within: t) - t * t) <= 1e-15)
        }
        #expect(baked.progress(at: 0) == 0)
        #expect(baked.progress(at: 1) == 1)
    }

    @Test("Monotone samples give a monotone curve, even where a cubic spline would overshoot")
    func staysMonotone() throws {
        // A step-like run of samples: flat, a jump, flat.
        let baked = try MonotoneCubicCurve(values: [0, 0, 0, 1, 1, 1])
        var previous = -Double.infinity
        for i in 0...1000 {
            let value = baked.progress(within: Double(i) / 1000)
            #expect(value >= previous - 1e-15)
            #expect(value >= 0 && value <= 1)
            previous = value
        }
    }

    @Test("The velocity is the derivative of the interpolant")
    func velocity() throws {
        let baked = try MonotoneCubicCurve(samples: 256) { $0 * $0 * (3 - 2 * $0) }
        for t in [0.1, 0.37, 0.5, 0.81] {
            #expect(abs(try #require(baked.velocity(within: t)) - 6 * t * (1 - t)) < 1e-3)
        }
    }

    @Test("Bad inputs are refused: too few samples, non-finite values")
    func refusals() {
        #expect(throws: ArgumentError.self) { try MonotoneCubicCurve(samples: 1) { $0 } }
        #expect(throws: ArgumentError.self) { try MonotoneCubicCurve(samples: 4) { $0 > 0.5 ? .nan : $0 } }
        #expect(throws: ArgumentError.self) { try MonotoneCubicCurve(values: [0, 1]) }
    }
}
