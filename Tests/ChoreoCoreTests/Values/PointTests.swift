import Testing
@testable import ChoreoCore

@Suite("Point")
struct PointTests {
    @Test("Arithmetic is component-wise")
    func arithmetic() {
        let p = Point(x: 10, y: 20), q = Point(x: 2.5, y: -4)
        #expect(p + q == Point(x: 12.5, y: 16))
        #expect(p - q == Point(x: 7.5, y: 24))
        #expect(p * 0.5 == Point(x: 5, y: 10))
        #expect(p + .zero == p)
    }

    @Test("(a − b) + b == a exactly when the subtraction is exact, and within a rounding otherwise")
    func additiveRoundTrip() {
        let old = Point(x: 100.5, y: -20.25), new = Point(x: 300.75, y: 40.125)
        #expect((old - new) + new == old)
        // 0.1 − 0.7 rounds; the round trip is then an ulp away at most.
        let a = Point(x: 0.1, y: 333.33), b = Point(x: 0.7, y: -12.34)
        let back = (a - b) + b
        #expect(withinOneRounding(back.x, a.x, magnitude: 0.7))
        #expect(withinOneRounding(back.y, a.y, magnitude: 333.33))
    }

    @Test("Interpolation is linear, exact at the ends, and extrapolates")
    func interpolation() {
        let from = Point(x: 0, y: 100), to = Point(x: 100, y: 0)
        #expect(from.interpolated(to: to, fraction: 0) == from)
        #expect(from.interpolated(to: to, fraction: 1) == to)
        #expect(from.interpolated(to: to, fraction: 0.25) == Point(x: 25, y: 75))
        #expect(from.interpolated(to: to, fraction: 1.2) == Point(x: 120, y: -20))
        #expect(from.interpolated(to: to, fraction: -0.5) == Point(x: -50, y: 150))
    }

    @Test("Distance is Euclidean and symmetric")
    func distance() {
        let p = Point(x: 1, y: 2), q = Point(x: 4, y: 6)
        #expect(p.animationDistance(to: q) == 5)
        #expect(q.animationDistance(to: p) == 5)
        #expect(p.animationDistance(to: p) == 0)
    }

    @Test("validated rejects non-finite coordinates and names them")
    func validation() throws {
        #expect(try Point.validated(x: 1, y: 2) == Point(x: 1, y: 2))
        #expect(throws: ArgumentError(parameter: "center.y", requirement: "must be a finite number", value: "inf")) {
            try Point.validated(x: 1, y: .infinity, parameter: "center")
        }
        do {
            _ = try Point.validated(x: .nan, y: 0)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "x must be a finite number (got nan)")
        }
    }

    @Test("description shows the coordinates")
    func description() {
        #expect(Point(x: 1, y: 2.5).description == "(x: 1, y: 2.5)")
    }
}
