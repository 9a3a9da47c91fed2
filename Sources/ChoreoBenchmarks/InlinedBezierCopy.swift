/// A copy of `CubicBezierCurve`'s solver (ChoreoCore/Timing/CubicBezierCurve.swift: the same
/// coefficients, seed, Newton steps, epsilon and bisection) compiled inside choreo-bench, so the
/// optimizer inlines it into the loop as a C compiler inlines the C twin. `bezier-solve` reports
/// it beside the real one, which another module reaches through a call, to tell the module
/// boundary's share from the method's. Keep it in step with the original.
struct InlinedBezierCopy {
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
    private let samples: InlineArray<11, Double>

    init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        cx = 3 * c1x; bx = 3 * (c2x - c1x) - cx; ax = 1 - cx - bx
        cy = 3 * c1y; by = 3 * (c2y - c1y) - cy; ay = 1 - cy - by
        var table = InlineArray<11, Double>(repeating: 0)
        for i in 0..<11 {
            let s = Double(i) / 10
            table[i] = ((ax * s + bx) * s + cx) * s
        }
        samples = table
    }

    @inline(__always) private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// Progress at t, clamped as `TimingCurve.progress(at:)` is.
    func progress(at t: Double) -> Double {
        guard t > 0 else { return sampleY(solveParameter(forX: 0)) }
        guard t < 1 else { return 1 }
        return sampleY(solveParameter(forX: t))
    }

    private func solveParameter(forX x: Double) -> Double {
        var i = 1
        while i < 10 && samples[i] < x { i += 1 }
        let x0 = samples[i - 1], x1 = samples[i]
        var s = (Double(i - 1) + (x1 > x0 ? (x - x0) / (x1 - x0) : 0)) / 10
        for _ in 0..<8 {
            let dx = sampleDerivativeX(s)
            if abs(dx) < 1e-7 { break }
            let step = (sampleX(s) - x) / dx
            s -= step
            if abs(step) < 1e-10 {
                if s >= 0 && s <= 1 { return s }
                break
            }
        }
        var lo = 0.0, hi = 1.0
        s = x
        while hi - lo > 1e-10 {
            let value = sampleX(s)
            if value == x { return s }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
