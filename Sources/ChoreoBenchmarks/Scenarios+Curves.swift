import ChoreoCore

extension Scenario {
    /// `bezier-solve`: 10 million random x on easeInOut and (0.57, −0.4, 0.96, 0.87); ns per
    /// evaluation, and the largest error against a bisection solved to the last bit.
    static let bezierSolve = Scenario(
        name: "bezier-solve",
        summary: "10M cubic Bézier evaluations on two curves; ns/evaluation and max error",
        unit: "ns/evaluation"
    ) {
        let curves = [CubicBezierCurve.easeInOut, try! CubicBezierCurve(0.57, -0.4, 0.96, 0.87)]
        let count = 10_000_000
        var random = SplitMix64(state: 42)
        var inputs = [Double](repeating: 0, count: 1 << 16)
        for i in inputs.indices { inputs[i] = random.nextUnit() }
        var sink = 0.0
        let start = monotonicSeconds()
        for i in 0..<count {
            sink += curves[i & 1].progress(at: inputs[i & 0xFFFF])
        }
        let elapsed = monotonicSeconds() - start
        let baseline = baselineNanoseconds(inputs: inputs, count: count)
        var maxError = 0.0
        for i in 0..<20_000 {
            let curve = curves[i & 1], x = inputs[i]
            maxError = max(maxError, abs(curve.progress(at: x) - referenceProgress(curve, x)))
        }
        blackHole(sink)
        let perEvaluation = elapsed / Double(count) * 1e9
        return (perEvaluation, [("max_error", maxError), ("baseline_ns", baseline), ("ratio_to_baseline", perEvaluation / baseline)])
    }
}

/// The cost of the same loop with a trivial curve (t²), measured in the same run, so results can
/// be read as ratios on a noisy machine.
func baselineNanoseconds(inputs: [Double], count: Int) -> Double {
    var sink = 0.0
    let start = monotonicSeconds()
    for i in 0..<count {
        let t = inputs[i & 0xFFFF]
        sink += t * t
    }
    let elapsed = monotonicSeconds() - start
    blackHole(sink)
    return elapsed / Double(count) * 1e9
}

/// Bézier progress by bisection on the curve parameter to the last representable bit.
func referenceProgress(_ curve: CubicBezierCurve, _ x: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bezier(curve.c1x, curve.c2x, mid) < x { lo = mid } else { hi = mid }
    }
    return bezier(curve.c1y, curve.c2y, (lo + hi) / 2)
}

@inline(never) func blackHole(_ value: Double) {
    if value == .pi { print("") }
}
