import Testing
@testable import ChoreoCore

@Suite("Vector")
struct VectorTests {
    @Test("Arithmetic is component-wise and magnitude is the Euclidean length")
    func arithmetic() {
        let v = Vector(dx: 3, dy: -4)
        #expect(v.magnitude == 5)
        #expect(v + Vector(dx: 1, dy: 1) == Vector(dx: 4, dy: -3))
        #expect(v - Vector(dx: 1, dy: 1) == Vector(dx: 2, dy: -5))
        #expect(v * -2 == Vector(dx: -6, dy: 8))
        #expect(((v - Vector(dx: 0.5, dy: 0.25)) + Vector(dx: 0.5, dy: 0.25)) == v)
    }

    @Test("Interpolation and distance behave like points")
    func interpolationAndDistance() {
        let a = Vector(dx: 1, dy: 0.2), b = Vector(dx: 0, dy: 0)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(a.interpolated(to: b, fraction: 0.5) == Vector(dx: 0.5, dy: 0.1))
        #expect(Vector(dx: 0, dy: 0).animationDistance(to: Vector(dx: 6, dy: 8)) == 10)
    }

    @Test("validated names dx and dy")
    func validation() {
        #expect(throws: ArgumentError(parameter: "initialVelocity.dx", requirement: "must be a finite number",
                                      value: "-inf")) {
            try Vector.validated(dx: -.infinity, dy: 0, parameter: "initialVelocity")
        }
        #expect(throws: ArgumentError(parameter: "dy", requirement: "must be a finite number", value: "nan")) {
            try Vector.validated(dx: 0, dy: .nan)
        }
    }
}
