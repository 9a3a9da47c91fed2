import Testing
@testable import ChoreoCore

@Suite("Which animation values an additive animation can be built around")
struct AnimationValueInvertibleTests {
    @Test("Every value is invertible except a singular transform, and (x − v) + v == x for the invertible ones")
    func invertible() throws {
        let scale = Transform3D(scaleX: 2, y: 0.5, z: 1)
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)  // determinant 0: no inverse
        #expect(AnimationValue.scalar(0).isInvertible)
        #expect(AnimationValue.point(Point(x: 1, y: 2)).isInvertible)
        #expect(AnimationValue.transform(.identity).isInvertible)
        #expect(AnimationValue.transform(scale).isInvertible)
        #expect(!AnimationValue.transform(flat).isInvertible)
        let x = AnimationValue.transform(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1))
        guard case .transform(let back) = (x - .transform(scale)) + .transform(scale), case .transform(let original) = x else {
            Issue.record("transforms stay transforms")
            return
        }
        #expect(abs(back.m11 - original.m11) < 1e-12 && abs(back.m12 - original.m12) < 1e-12)
        #expect(abs(back.m21 - original.m21) < 1e-12 && abs(back.m22 - original.m22) < 1e-12)
    }

    @Test("The additive inverse is zero minus the value, bit for bit, exactly when the value is invertible")
    func additiveInverse() {
        let values: [AnimationValue] = [
            .scalar(3), .scalar(-0.0), .point(Point(x: 1, y: -2)), .size(Size(width: 4, height: 5)),
            .rect(Rect(x: 1, y: 2, width: 3, height: 4)), .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
            .transform(.identity), .transform(Transform3D(scaleX: 2, y: 0.5, z: 1)),
            .transform(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)), .transform(Transform3D(scaleX: 0, y: 1, z: 1)),
            .numbers([0, 1]), .colors([Color(red: 1, green: 0, blue: 0, alpha: 1)]), .path(.zero),
        ]
        for value in values {
            if value.isInvertible {
                #expect(value.additiveInverse == .zero(value.kind) - value, "\(value)")
            } else {
                #expect(value.additiveInverse == nil, "\(value)")
            }
        }
        // A scale of 2 and ½ is undone by one of ½ and 2.
        guard case .transform(let inverse)? = AnimationValue.transform(Transform3D(scaleX: 2, y: 0.5, z: 1)).additiveInverse else {
            Issue.record("a transform's inverse is a transform")
            return
        }
        #expect(inverse.m11 == 0.5 && inverse.m22 == 2 && inverse.m33 == 1 && inverse.m44 == 1)
    }
}
