import RealModule
import Testing
@testable import ChoreoCore

@Suite("Transform3D decomposition and interpolation")
struct Transform3DDecompositionTests {
    private func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z)
    }

    @Test("Halfway from the identity to a quarter turn is an eighth turn, about any axis")
    func rotationHalfway() {
        for axis in [(0.0, 0.0, 1.0), (1, 0, 0), (0, 1, 0), (1, 1, 1), (-2, 0.5, 3)] {
            let quarter = rotation(.pi / 2, axis.0, axis.1, axis.2)
            let halfway = Transform3D.identity.interpolated(to: quarter, fraction: 0.5)
            #expect(largestEntryDifference(halfway, rotation(.pi / 4, axis.0, axis.1, axis.2)) < 1e-12,
                    "axis \(axis)")
        }
    }

    @Test("Interpolation is exact at the ends and extrapolates the rotation")
    func endpointsAndExtrapolation() {
        let a = rotation(0.3, 1, 0, 0).translatedBy(x: 1, y: 2, z: 3)
        let b = rotation(-0.4, 0, 1, 1).scaledBy(x: 2, y: 2, z: 2)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        let double = Transform3D.identity.interpolated(to: rotation(0.3, 0, 0, 1), fraction: 2)
        #expect(largestEntryDifference(double, rotation(0.6, 0, 0, 1)) < 1e-12)
        #expect(largestEntryDifference(rotation(0.6, 0, 1, 0) * 0.5, rotation(0.3, 0, 1, 0)) < 1e-12)
        let moved = Transform3D(translationX: 0, y: 0, z: 0)
            .interpolated(to: Transform3D(translationX: 10, y: 20, z: -30), fraction: 0.25)
        #expect(largestEntryDifference(moved, Transform3D(translationX: 2.5, y: 5, z: -7.5)) < 1e-14)
    }

    @Test("A translation, rotation and scale round-trip through the decomposition")
    func roundTrip() throws {
        let t = Transform3D(scaleX: 2, y: 3, z: 4)
            .concatenating(rotation(0.7, 1, 2, 3))
            .concatenating(Transform3D(translationX: 5, y: -6, z: 7))
        let parts = try #require(t.decomposed)
        #expect(parts.translation == Transform3D.Vector3(x: 5, y: -6, z: 7))
        #expect(abs(parts.scale.x - 2) < 1e-14 && abs(parts.scale.y - 3) < 1e-14 && abs(parts.scale.z - 4) < 1e-14)
        #expect(abs(parts.skew.xy) < 1e-14 && abs(parts.skew.xz) < 1e-14 && abs(parts.skew.yz) < 1e-14)
        #expect(parts.perspective == .none)
        let expected = Transform3D.Quaternion(angle: 0.7, axis: Transform3D.Vector3(x: 1, y: 2, z: 3))
        #expect(abs(parts.quaternion.x - expected.x) < 1e-15 && abs(parts.quaternion.y - expected.y) < 1e-15)
        #expect(abs(parts.quaternion.z - expected.z) < 1e-15 && abs(parts.quaternion.w - expected.w) < 1e-15)
        #expect(largestEntryDifference(Transform3D(parts), t) < 1e-13)
    }

    @Test("Skew round-trips through the decomposition")
    func skewRoundTrip() throws {
        let skewed = Transform3D(m11: 1, m12: 0.2, m13: 0.1, m14: 0, m21: 0.5, m22: 1.3, m23: -0.2, m24: 0,
                                 m31: 0.3, m32: 0.4, m33: 0.9, m34: 0, m41: 1, m42: 2, m43: 3, m44: 1)
        let parts = try #require(skewed.decomposed)
        #expect(parts.skew != .zero)
        #expect(largestEntryDifference(Transform3D(parts), skewed) < 1e-14)
    }

    @Test("Perspective (m34) survives decomposition, recomposition and interpolation")
    func perspective() throws {
        let eye = Transform3D(perspectiveEyeDistance: 500)
        let cardFlip = eye.rotated(by: 0.5, x: 0, y: 1, z: 0)
        let parts = try #require(cardFlip.decomposed)
        #expect(abs(parts.perspective.z - (-1.0 / 500)) < 1e-17)
        #expect(abs(parts.perspective.x) < 1e-17 && abs(parts.perspective.y) < 1e-17 && parts.perspective.w == 1)
        #expect(abs(parts.rotation.y - 0.5) < 1e-14)
        #expect(largestEntryDifference(Transform3D(parts), cardFlip) < 1e-15)
        // Perspective applied before other steps is also recovered.
        let other = eye.concatenating(rotation(0.5, 0, 1, 0)).concatenating(Transform3D(translationX: 3, y: 0, z: 40))
        #expect(largestEntryDifference(Transform3D(try #require(other.decomposed)), other) < 1e-13)
        // Halfway through the flip the perspective is unchanged and the angle halved.
        let halfway = eye.interpolated(to: cardFlip, fraction: 0.5)
        #expect(largestEntryDifference(halfway, eye.rotated(by: 0.25, x: 0, y: 1, z: 0)) < 1e-15)
    }

    @Test("A non-invertible matrix switches discretely at fraction 0.5, as in CSS")
    func discreteFallback() {
        let collapsed = Transform3D(scaleX: 0, y: 0, z: 1)
        #expect(collapsed.decomposed == nil)
        #expect(Transform3D.identity.interpolated(to: collapsed, fraction: 0.49) == .identity)
        #expect(Transform3D.identity.interpolated(to: collapsed, fraction: 0.5) == collapsed)
        #expect(collapsed.interpolated(to: .identity, fraction: 0.2) == collapsed)
        var noW = Transform3D.identity
        noW.m44 = 0
        #expect(noW.decomposed == nil)
    }

    @Test("Euler angles read back the angle of a rotation about each axis")
    func eulerReadBack() throws {
        for (angle, axis) in [(0.4, 0), (-1.2, 1), (2.5, 2), (-3.0, 2), (3.0, 0), (1.4, 1)] {
            let t = rotation(angle, axis == 0 ? 1 : 0, axis == 1 ? 1 : 0, axis == 2 ? 1 : 0)
            let r = try #require(t.decomposed).rotation
            let components = [r.x, r.y, r.z]
            for i in 0..<3 {
                #expect(abs(components[i] - (i == axis ? angle : 0)) < 1e-12, "axis \(axis) angle \(angle)")
            }
        }
        // Gimbal lock: a quarter turn about y reads back as (0, π/2, 0).
        let locked = try #require(rotation(.pi / 2, 0, 1, 0).decomposed).rotation
        #expect(abs(locked.x) < 1e-12 && abs(locked.y - .pi / 2) < 1e-12 && abs(locked.z) < 1e-12)
    }

    @Test("Setting Euler angles rotates about x, then y, then z")
    func eulerWrite() {
        var parts = Transform3D.Decomposed()
        parts.rotation = Transform3D.Vector3(x: 0.1, y: 0.2, z: 0.3)
        let expected = rotation(0.1, 1, 0, 0).concatenating(rotation(0.2, 0, 1, 0)).concatenating(rotation(0.3, 0, 0, 1))
        #expect(largestEntryDifference(Transform3D(parts), expected) < 1e-15)
        let back = parts.rotation
        #expect(abs(back.x - 0.1) < 1e-15 && abs(back.y - 0.2) < 1e-15 && abs(back.z - 0.3) < 1e-15)
        parts.scale.x = 2
        parts.translation.y = 7
        #expect(largestEntryDifference(Transform3D(parts),
                                       Transform3D(scaleX: 2, y: 1, z: 1).concatenating(expected)
                                           .concatenating(Transform3D(translationX: 0, y: 7, z: 0))) < 1e-15)
    }

    @Test("Slerp takes the shorter arc and extrapolates")
    func slerp() {
        let q = Transform3D.Quaternion(angle: .pi / 4, axis: Transform3D.Vector3(x: 0, y: 0, z: 1))
        let doubled = Transform3D.Quaternion.identity.slerp(to: q, fraction: 2)
        #expect(abs(doubled.z - Double.sin(.pi / 4)) < 1e-15 && abs(doubled.w - Double.cos(.pi / 4)) < 1e-15)
        let negated = Transform3D.Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)  // the same rotation
        let half = Transform3D.Quaternion.identity.slerp(to: negated, fraction: 0.5)
        #expect(abs(half.z - Double.sin(.pi / 16)) < 1e-15 && abs(half.w - Double.cos(.pi / 16)) < 1e-15)
        #expect(abs(Transform3D.Quaternion.identity.angle(to: negated) - .pi / 4) < 1e-15)
    }

    @Test("Distance is a rotation's angle, a translation's length, symmetric and 0 only when equal")
    func distance() {
        #expect(abs(Transform3D.identity.animationDistance(to: rotation(0.5, 0, 1, 0)) - 0.5) < 1e-14)
        #expect(abs(Transform3D.identity.animationDistance(to: rotation(1e-9, 1, 0, 0)) - 1e-9) < 1e-20)
        #expect(Transform3D.identity.animationDistance(to: Transform3D(translationX: 3, y: 4, z: 0)) == 5)
        let a = rotation(0.3, 1, 2, 3).translatedBy(x: 1, y: 0, z: 0), b = rotation(-0.2, 0, 0, 1)
        #expect(a.animationDistance(to: b) == b.animationDistance(to: a))
        #expect(a.animationDistance(to: a) == 0)
        // A matrix that cannot be decomposed is measured by its entries.
        #expect(Transform3D.identity.animationDistance(to: Transform3D(scaleX: 0, y: 0, z: 1)) == 2.0.squareRoot())
    }
}
