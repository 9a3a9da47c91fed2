import Testing
@testable import ChoreoCore

/// The laws every timing curve keeps, checked on a fine grid. Each curve type's tests call
/// `TimingCurveLaws.check` on the instances they build.
struct TimingCurveLaws: Sendable, CustomTestStringConvertible {
    /// What the test calls the curve.
    var name: String
    var curve: AnyTimingCurve
    /// progress(at: 0), exactly.
    var start: Double = 0
    /// False for curves that jump (steps, linear() with equal inputs): skips the continuity law.
    var continuous = true
    /// Progress stays within this range on 0...1, when the curve promises it.
    var bounds: ClosedRange<Double>? = nil
    /// Time fractions where the velocity is allowed to jump (kinks): the finite-difference law
    /// skips their neighbourhood.
    var kinks: [Double] = []
    /// Relative tolerance of the analytic velocity against a central difference.
    var velocityTolerance = 1e-6

    var testDescription: String { name }

    init(_ name: String, _ curve: some TimingCurve, start: Double = 0, continuous: Bool = true,
         bounds: ClosedRange<Double>? = nil, kinks: [Double] = [], velocityTolerance: Double = 1e-6) {
        self.name = name
        self.curve = AnyTimingCurve(curve)
        self.start = start
        self.continuous = continuous
        self.bounds = bounds
        self.kinks = kinks
        self.velocityTolerance = velocityTolerance
    }

    /// Checks every law, attributing failures to the caller.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let grid = 4000
        let step = 1.0 / Double(grid)

        // Exact endpoints: the start value at t ≤ 0 and NaN, exactly 1 at t ≥ 1.
        #expect(curve.progress(at: 0) == start, "\(name): start", sourceLocation: sourceLocation)
        #expect(curve.progress(at: -1) == start, "\(name): before the start", sourceLocation: sourceLocation)
        #expect(curve.progress(at: .nan) == start, "\(name): NaN time", sourceLocation: sourceLocation)
        #expect(curve.progress(at: 1) == 1, "\(name): end", sourceLocation: sourceLocation)
        #expect(curve.progress(at: 2) == 1, "\(name): after the end", sourceLocation: sourceLocation)
        #expect(curve.progress(at: .infinity) == 1, "\(name): infinite time", sourceLocation: sourceLocation)

        var values: [Double] = []
        var speeds: [Double] = []
        for i in 0..<grid {
            let t = Double(i) * step
            values.append(curve.progress(at: t))
            speeds.append(curve.velocity(at: t))
        }
        let finiteProgress = values.allSatisfy { $0.isFinite }, finiteVelocity = speeds.allSatisfy { $0.isFinite }
        #expect(finiteProgress, "\(name): finite progress", sourceLocation: sourceLocation)
        #expect(finiteVelocity, "\(name): finite velocity", sourceLocation: sourceLocation)

        if let bounds {
            let outside = values.enumerated().first { !bounds.contains($0.element) }
            #expect(outside == nil, "\(name): leaves \(bounds) at t = \(Double(outside?.offset ?? 0) * step)",
                    sourceLocation: sourceLocation)
        }

        // Continuity: no step between neighbours larger than the steepest slope allows.
        if continuous {
            let steepest = speeds.map(abs).max() ?? 0
            let limit = 2 * steepest * step + 1e-9
            let jump = (1..<grid).first { abs(values[$0] - values[$0 - 1]) > limit }
            #expect(jump == nil, "\(name): jumps at t = \(Double(jump ?? 0) * step)", sourceLocation: sourceLocation)
        }

        // The analytic velocity agrees with a central difference of progress.
        let h = 1e-6
        var worst = (t: 0.0, error: 0.0)
        for i in 1..<grid {
            let t = Double(i) * step
            guard kinks.allSatisfy({ abs($0 - t) > 2 * h }), let analytic = curve.velocity(within: t) else { continue }
            let difference = (curve.progress(at: t + h) - curve.progress(at: t - h)) / (2 * h)
            let error = abs(analytic - difference) / max(1, abs(analytic))
            if error > worst.error { worst = (t, error) }
        }
        #expect(worst.error <= velocityTolerance,
                "\(name): velocity off by \(worst.error) (relative) at t = \(worst.t)", sourceLocation: sourceLocation)
    }
}
