import Foundation
import Testing
@testable import ChoreoCore

@Suite("Baked curves")
struct BakedCurveTests {
    /// smoothstep, 3t² − 2t³, with a duration of its own (as a plugin provider may declare).
    struct Smoothstep: TimingCurve {
        var duration: Double? { 3 }
        func progress(within t: Double) -> Double { t * t * (3 - 2 * t) }
    }

    @Test("A baked curve keeps the timing-curve laws (its velocity is the cubic's own, exact for the table)")
    func laws() throws {
        TimingCurveLaws("baked smoothstep", try BakedCurve(baking: Smoothstep(), samples: 64), bounds: 0...1).check()
        TimingCurveLaws("baked easeInOut", try BakedCurve(baking: CubicBezierCurve.easeInOut, samples: 256), bounds: 0...1).check()
    }

    @Test("A baked curve is exact at its samples, close between them, and keeps the duration it was baked from")
    func samplesAndDuration() throws {
        let baked = try BakedCurve(baking: Smoothstep(), samples: 16)
        for i in 0...16 {
            let t = Double(i) / 16
            #expect(abs(baked.progress(at: t) - t * t * (3 - 2 * t)) < 1e-15)
        }
        #expect(abs(baked.progress(at: 0.3) - 0.216) < 1e-3)
        #expect(baked.duration == 3)
        #expect(try BakedCurve(baking: CubicBezierCurve.easeIn, samples: 8).duration == nil)
    }

    @Test("The sample count must be within 2...100000, and every sample finite")
    func badSamples() throws {
        #expect(throws: ArgumentError.self) { try BakedCurve(baking: Smoothstep(), samples: 1) }
        #expect(throws: ArgumentError.self) { try BakedCurve(baking: Smoothstep(), samples: 100_001) }
        struct Broken: TimingCurve { func progress(within t: Double) -> Double { t > 0.5 ? .nan : t } }
        #expect(throws: ArgumentError.self) { try BakedCurve(baking: Broken(), samples: 4) }
    }

    @Test("A damping-ratio spring is baked as it is, unfitted: the table is fixed once made")
    func bakedSpringIsNotResolved() throws {
        let baked = try BakedCurve(baking: FittedSpringCurve(dampingRatio: 0.5), samples: 64)
        #expect(try baked.resolved(forDuration: 2) == nil)
        #expect(baked.duration == nil)
    }
}
