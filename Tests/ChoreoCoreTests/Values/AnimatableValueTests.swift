import Testing
@testable import ChoreoCore

@Suite("AnimatableValue")
struct AnimatableValueTests {
    @Test("A Double's generic distance is the absolute difference, not Strideable's signed one")
    func doubleDistanceIsAMetric() {
        #expect(genericDistance(3.0, 1.0) == 2)
        #expect(genericDistance(1.0, 3.0) == 2)
        #expect(genericDistance(-0.5, -0.5) == 0)
        #expect((3.0).animationDistance(to: 1) == 2)
    }

    @Test("Default interpolation of a Double lands exactly on both ends and extrapolates")
    func doubleInterpolation() {
        // 0.7 + (0.1 - 0.7) * 1 is an ulp away from 0.1; the endpoint must still be exact.
        #expect(0.7 + (0.1 - 0.7) != 0.1)
        #expect(genericInterpolation(0.7, 0.1, 1) == 0.1)
        #expect(genericInterpolation(0.7, 0.1, 0) == 0.7)
        #expect(genericInterpolation(10.0, 20.0, 0.25) == 12.5)
        #expect(genericInterpolation(10.0, 20.0, 1.5) == 25)
        #expect(genericInterpolation(10.0, 20.0, -0.5) == 5)
    }

    @Test("Double's additive identity, addition and scaling are the arithmetic ones")
    func doubleVectorSpace() {
        #expect(Double.zero == 0)
        #expect(additiveRoundTrip(0.75, 0.25) == 0.75)
        #expect(2.5 * 4 == 10)
    }

    @Test("Every value type interpolates exactly onto its endpoints")
    func endpointsAreExactForEveryType() throws {
        #expect(genericInterpolation(Point(x: 0.7, y: 0.1), Point(x: 0.1, y: 0.7), 1) == Point(x: 0.1, y: 0.7))
        #expect(genericInterpolation(Size(width: 0.7, height: 3), Size(width: 0.1, height: 9), 1)
            == Size(width: 0.1, height: 9))
        let rect = Rect(x: 0.7, y: 0.7, width: 0.7, height: 0.7)
        #expect(genericInterpolation(rect, Rect(x: 0.1, y: 0.1, width: 0.1, height: 0.1), 1)
            == Rect(x: 0.1, y: 0.1, width: 0.1, height: 0.1))
        #expect(genericInterpolation(rect, .zero, 0) == rect)
        #expect(genericInterpolation(Vector(dx: 0.7, dy: 0), Vector(dx: 0.1, dy: 0), 1) == Vector(dx: 0.1, dy: 0))
        let c1 = try Color(parsing: "#b3b3b3"), c2 = try Color(parsing: "#1a1a1a80")
        #expect(genericInterpolation(c1, c2, 1) == c2)
        #expect(genericInterpolation(c1, c2, 0) == c1)
        let r = Transform2D(rotationAngle: 0.3), s = Transform2D(scaleX: 2, y: 0.5)
        #expect(genericInterpolation(r, s, 0) == r)
        #expect(genericInterpolation(r, s, 1) == s)
        let r3 = Transform3D(rotationAngle: 0.3, x: 1, y: 1, z: 0)
        let s3 = Transform3D(scaleX: 2, y: 0.5, z: 3)
        #expect(genericInterpolation(r3, s3, 0) == r3)
        #expect(genericInterpolation(r3, s3, 1) == s3)
    }

    @Test("Generic code reaches the transforms' own interpolation, scaling and metric")
    func transformsThroughTheProtocol() {
        let quarter2D = Transform2D(rotationAngle: .pi / 2)
        #expect(largestEntryDifference(genericInterpolation(Transform2D.identity, quarter2D, 0.5),
                                       Transform2D(rotationAngle: .pi / 4)) < 1e-12)
        #expect(abs(genericDistance(Transform2D.identity, quarter2D) - .pi / 2) < 1e-12)
        let quarter3D = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)
        #expect(largestEntryDifference(genericInterpolation(Transform3D.identity, quarter3D, 0.5),
                                       Transform3D(rotationAngle: .pi / 4, x: 1, y: 0, z: 0)) < 1e-12)
        #expect(abs(genericDistance(Transform3D.identity, quarter3D) - .pi / 2) < 1e-12)
        func scaled<Value: AnimatableValue>(_ value: Value, _ factor: Double) -> Value { value * factor }
        #expect(largestEntryDifference(scaled(quarter3D, 0.5), Transform3D(rotationAngle: .pi / 4, x: 1, y: 0, z: 0))
            < 1e-12)
        #expect(largestEntryDifference(additiveRoundTrip(quarter3D, Transform3D(translationX: 1, y: 2, z: 3)),
                                       quarter3D) < 1e-12)
    }

    @Test("Every value type's distance is symmetric, positive between different values and 0 to itself")
    func distanceIsAMetricForEveryType() throws {
        func check<Value: AnimatableValue>(_ a: Value, _ b: Value) {
            #expect(a != b)
            #expect(genericDistance(a, b) > 0)
            #expect(genericDistance(a, b) == genericDistance(b, a))
            #expect(genericDistance(a, a) == 0)
            #expect(genericDistance(b, b) == 0)
        }
        check(1.5, -2.0)
        check(Point(x: 1, y: 2), Point(x: 1, y: 2.000_000_000_000_1))
        check(Size(width: 3, height: 4), .zero)
        check(Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 10, height: 11))
        check(Vector(dx: 1, dy: 0), Vector(dx: 0, dy: 1))
        check(try Color(parsing: "red"), try Color(parsing: "#ff000080"))
        check(Transform2D(rotationAngle: 0.1), Transform2D(rotationAngle: -0.1))
        check(Transform2D.identity, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 1e-300, ty: 0))
        check(Transform3D.identity, Transform3D(rotationAngle: 0.2, x: 0, y: 1, z: 0))
        check(Transform3D.identity, Transform3D(scaleX: 0, y: 0, z: 1))  // not decomposable
    }
}
