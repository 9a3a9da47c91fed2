import Testing
@testable import ChoreoCore

@Suite("Cubic Bézier timing curves")
struct CubicBezierCurveTests {
    /// y at x = 0.1 ... 0.9, solved independently with 40-digit arithmetic (mpmath, bisection).
    static let referenceTable: [(CubicBezierCurve, [Double])] = [
        (.easeIn, [0.0170266096515629, 0.0622820001367323, 0.129576760845353, 0.214860938752893, 0.315356812572539,
                   0.429119769296317, 0.554814032528663, 0.691633933319313, 0.839427845762467]),
        (.easeOut, [0.160572154237533, 0.308366066680687, 0.445185967471337, 0.570880230703683, 0.684643187427461,
                    0.785139061247107, 0.870423239154647, 0.937717999863268, 0.982973390348437]),
        (.easeInOut, [0.0197224535483112, 0.0816598562658975, 0.187395906705313, 0.331883870097646, 0.5,
                      0.668116129902354, 0.812604093294687, 0.918340143734103, 0.980277546451689]),
        (.default, [0.0947963057160432, 0.295244334267822, 0.513315160973358, 0.68254050597814, 0.802403387584857,
                    0.88522930987612, 0.94076461429764, 0.975625355623567, 0.994316477484556]),
        (try! CubicBezierCurve(0.57, -0.4, 0.96, 0.87),
         [-0.0543332652960894, -0.0769156025438999, -0.0675231914317621, -0.0257287199969999, 0.0491700683081358,
          0.158271473671826, 0.303294377595023, 0.487055576673677, 0.714753318041229]),
    ]

    @Test("Named curves match a 40-digit reference within 1e-12")
    func referenceValues() {
        for (curve, values) in Self.referenceTable {
            for (i, expected) in values.enumerated() {
                let t = Double(i + 1) / 10
                #expect(nearly(curve.progress(at: t), expected, 1e-12), "\(curve) at \(t)")
            }
        }
    }

    /// Curves that stress the solver: vertical tangents at the ends, flat stretches, overshoot
    /// both ways.
    static let hardCurves: [CubicBezierCurve] = [
        try! CubicBezierCurve(0, 1, 0, 1), try! CubicBezierCurve(1, 0, 1, 0), try! CubicBezierCurve(0, 0, 1, 1),
        try! CubicBezierCurve(0.5, -2, 0.5, 3), try! CubicBezierCurve(0.01, 5, 0.99, -4),
        try! CubicBezierCurve(1, 1, 0, 0), try! CubicBezierCurve(0.68, -0.55, 0.265, 1.55),
    ]

    @Test("Progress is within 1e-7 of a bisection to the last bit, for every x on a fine grid")
    func errorBound() {
        var random = 0x2545F4914F6CDD1D as UInt64
        var curves = Self.hardCurves + Self.referenceTable.map(\.0)
        for _ in 0..<40 {
            func next() -> Double {
                random ^= random << 13; random ^= random >> 7; random ^= random << 17
                return Double(random >> 11) / Double(1 << 53)
            }
            curves.append(try! CubicBezierCurve(next(), next() * 4 - 2, next(), next() * 4 - 2))
        }
        for curve in curves {
            var worst = 0.0
            for i in 0...2000 {
                let x = Double(i) / 2000
                worst = max(worst, abs(curve.progress(at: x) - bisected(curve, x)))
            }
            #expect(worst <= 1e-7, "\(curve): worst error \(worst)")
        }
    }

    @Test("Near an interior vertical tangent the error stays at the limit of double precision")
    func interiorVerticalTangent() throws {
        // (1, 0, 0, 1) has x(s) − ½ ∝ (s − ½)³: one ulp of x near ½ moves y by ~5e-6, for any
        // double-precision solver, this one and the reference alike.
        let curve = try CubicBezierCurve(1, 0, 0, 1)
        var previous = -1.0
        for i in 0...2000 {
            let x = Double(i) / 2000
            let y = curve.progress(at: x)
            #expect(abs(y - bisected(curve, x)) <= 1e-5)
            #expect(y >= previous - 1e-9)
            previous = y
            if abs(x - 0.5) > 0.01 { #expect(abs(y - bisected(curve, x)) <= 1e-7) }
        }
    }

    @Test("Endpoints are exact and times outside 0...1 are clamped")
    func endpoints() {
        for curve in Self.hardCurves + Self.referenceTable.map(\.0) + [try! CubicBezierCurve(1, 0, 0, 1)] {
            #expect(curve.progress(at: 0) == 0)
            #expect(curve.progress(at: 1) == 1)
            #expect(curve.progress(at: -3) == 0)
            #expect(curve.progress(at: 4) == 1)
            #expect(curve.progress(at: .nan) == 0)
        }
    }

    @Test("Progress is continuous: no jump larger than the slope allows on a fine grid")
    func continuity() {
        for (curve, _) in Self.referenceTable {
            var previous = curve.progress(at: 0)
            for i in 1...10_000 {
                let value = curve.progress(at: Double(i) / 10_000)
                #expect(abs(value - previous) < 0.01)
                previous = value
            }
        }
    }

    @Test("Velocity agrees with a central finite difference of progress")
    func velocityMatchesDifference() {
        let h = 1e-6
        for (curve, _) in Self.referenceTable {
            for i in 1..<100 {
                let t = Double(i) / 100
                let difference = (curve.progress(at: t + h) - curve.progress(at: t - h)) / (2 * h)
                #expect(nearly(curve.velocity(at: t), difference, 1e-5), "\(curve) at \(t)")
            }
        }
    }

    @Test("End velocities follow the control points: c1y/c1x at the start, (1−c2y)/(1−c2x) at the end")
    func endVelocities() throws {
        #expect(CubicBezierCurve.easeIn.velocity(at: 0) == 0)
        // c2 = (1, 1) makes the end tangent degenerate; the limit is (1 − c1y) / (1 − c1x).
        #expect(nearly(CubicBezierCurve.easeIn.velocity(at: 1), 1 / 0.58))
        #expect(nearly(CubicBezierCurve.easeOut.velocity(at: 0), 1 / 0.58))
        #expect(CubicBezierCurve.default.velocity(at: 0) == 0.1 / 0.25)
        #expect(nearly(try CubicBezierCurve(0.57, -0.4, 0.96, 0.87).velocity(at: 1), 3.25))
        #expect(CubicBezierCurve.linear.velocity(at: 0.3) == 1)
    }

    @Test("easeInOut is symmetric: p(t) + p(1 − t) = 1")
    func symmetry() {
        for i in 0...100 {
            let t = Double(i) / 100
            let curve = CubicBezierCurve.easeInOut
            #expect(nearly(curve.progress(at: t) + curve.progress(at: 1 - t), 1, 1e-12))
        }
    }

    @Test("Control points with x along the thirds make x(s) = s, so progress has a closed form")
    func closedForm() throws {
        let curve = try CubicBezierCurve(1.0 / 3, 0.9, 2.0 / 3, -0.2)
        for i in 0...20 {
            let s = Double(i) / 20
            let y = 3 * (1 - s) * (1 - s) * s * 0.9 + 3 * (1 - s) * s * s * -0.2 + s * s * s
            #expect(nearly(curve.progress(at: s), s == 1 ? 1 : y, 1e-12))
        }
    }

    @Test("Control points are reported as getControlPoint(at:) does")
    func controlPoints() {
        let curve = CubicBezierCurve.default
        #expect(curve.controlPoint(at: 0)! == (0, 0))
        #expect(curve.controlPoint(at: 1)! == (0.25, 0.1))
        #expect(curve.controlPoint(at: 2)! == (0.25, 1))
        #expect(curve.controlPoint(at: 3)! == (1, 1))
        #expect(curve.controlPoint(at: 4) == nil)
    }

    @Test("x control points outside 0...1 and non-finite values are rejected with their names")
    func badControlPoints() {
        #expect(throws: ArgumentError(parameter: "controlPoint1.x", requirement: "must be within 0...1", value: "1.2")) {
            try CubicBezierCurve(1.2, 0, 1, 1)
        }
        #expect(throws: ArgumentError(parameter: "controlPoint2.x", requirement: "must be within 0...1", value: "-0.1")) {
            try CubicBezierCurve(0, 0, -0.1, 1)
        }
        #expect(throws: ArgumentError(parameter: "controlPoint1.y", requirement: "must be a finite number", value: "nan")) {
            try CubicBezierCurve(0.5, .nan, 0.5, 1)
        }
        #expect(throws: ArgumentError(parameter: "controlPoint2.y", requirement: "must be a finite number", value: "inf")) {
            try CubicBezierCurve(0.5, 0, 0.5, .infinity)
        }
    }

    @Test("Curve names parse, easeInEaseOut included, and an unknown name lists the valid ones")
    func namedCurves() throws {
        #expect(try NamedCurve(parsing: "easeInEaseOut").curve == .easeInOut)
        #expect(try NamedCurve(parsing: "default").curve == CubicBezierCurve(0.25, 0.1, 0.25, 1))
        #expect(throws: ArgumentError(
            parameter: "curve",
            requirement: "must be one of \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", \"default\"",
            value: "\"bouncy\"")
        ) { try NamedCurve(parsing: "bouncy") }
    }
}

/// Bézier progress by bisection on the curve parameter: an independent, slow, exact solver.
private func bisected(_ curve: CubicBezierCurve, _ x: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if bezier(curve.c1x, curve.c2x, mid) < x { lo = mid } else { hi = mid }
    }
    return bezier(curve.c1y, curve.c2y, (lo + hi) / 2)
}
