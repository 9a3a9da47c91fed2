import RealModule
import Testing
@testable import ChoreoCore

@Suite("Transform3D")
struct Transform3DTests {
    @Test("Rotations have CATransform3DMakeRotation's entries about each axis")
    func rotationEntries() {
        let angle = 0.3, c = Double.cos(angle), s = Double.sin(angle)
        let x = Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0)
        #expect((x.m11, x.m22, x.m23, x.m32, x.m33) == (1, c, s, -s, c))
        #expect((x.m12, x.m13, x.m21, x.m31, x.m44) == (0, 0, 0, 0, 1))
        let y = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        #expect((y.m11, y.m13, y.m22, y.m31, y.m33) == (c, -s, 1, s, c))
        let z = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        #expect((z.m11, z.m12, z.m21, z.m22, z.m33) == (c, s, -s, c, 1))
        #expect(z == Transform3D(Transform2D(rotationAngle: angle)))
        #expect(z.isAffine)
        // The axis is normalised; a zero axis is the identity.
        #expect(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 7) == z)
        #expect(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 0) == .identity)
    }

    @Test("A rotation about an arbitrary axis keeps the axis fixed and turns right-handedly")
    func arbitraryAxis() throws {
        let r = Transform3D(rotationAngle: 2 * .pi / 3, x: 1, y: 1, z: 1)
        // A third of a turn about (1, 1, 1) sends x to y, y to z, z to x.
        let image = try #require(r.applied(to: Transform3D.Vector3(x: 1, y: 0, z: 0)))
        #expect(abs(image.x) < 1e-15 && abs(image.y - 1) < 1e-15 && abs(image.z) < 1e-15)
        let axis = try #require(r.applied(to: Transform3D.Vector3(x: 2, y: 2, z: 2)))
        #expect(abs(axis.x - 2) < 1e-15 && abs(axis.y - 2) < 1e-15 && abs(axis.z - 2) < 1e-15)
    }

    @Test("Translation lives in m41…m43 and scale on the diagonal")
    func translationAndScale() {
        let t = Transform3D(translationX: 1, y: 2, z: 3)
        #expect((t.m41, t.m42, t.m43, t.m44) == (1, 2, 3, 1))
        let s = Transform3D(scaleX: 2, y: 3, z: 4)
        #expect((s.m11, s.m22, s.m33, s.m44) == (2, 3, 4, 1))
        #expect(Transform3D.identity.isIdentity && Transform3D.zero.isIdentity)
    }

    @Test("Concatenation is CATransform3DConcat: the receiver first")
    func concatenationOrder() throws {
        let translate = Transform3D(translationX: 10, y: 0, z: 0)
        let rotate = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let translateThenRotate = translate.concatenating(rotate)
        let rotateThenTranslate = rotate.concatenating(translate)
        #expect(translateThenRotate != rotateThenTranslate)
        #expect(abs(translateThenRotate.m41) < 1e-14 && translateThenRotate.m42 == 10)
        #expect((rotateThenTranslate.m41, rotateThenTranslate.m42) == (10, 0))
        let origin = try #require(translateThenRotate.applied(to: Point.zero))
        #expect(abs(origin.x) < 1e-14 && origin.y == 10)
        #expect(translate + rotate == translateThenRotate)
        // CATransform3DRotate(t, …) rotates first, then applies t.
        #expect(translate.rotated(by: .pi / 2, x: 0, y: 0, z: 1) == rotateThenTranslate)
        #expect(rotate.translatedBy(x: 10, y: 0, z: 0) == translateThenRotate)
    }

    @Test("Points are projected with the homogeneous divide and clipped behind the viewer")
    func projection() throws {
        let perspective = Transform3D(perspectiveEyeDistance: 500)
        #expect(perspective.m34 == -1.0 / 500)
        let p = try #require(perspective.applied(to: Transform3D.Vector3(x: 100, y: 50, z: 250)))
        #expect(abs(p.x - 200) < 1e-12 && abs(p.y - 100) < 1e-12 && abs(p.z - 500) < 1e-12)
        #expect(perspective.applied(to: Point(x: 3, y: 4)) == Point(x: 3, y: 4))
        #expect(perspective.applied(to: Transform3D.Vector3(x: 0, y: 0, z: 600)) == nil)
    }

    @Test("The affine embedding maps a, b, c, d, tx, ty to m11, m12, m21, m22, m41, m42 and back")
    func affineEmbedding() {
        let affine = Transform2D(a: 1.5, b: 0.2, c: -0.7, d: 0.9, tx: -30, ty: 12)
        let t = Transform3D(affine)
        #expect((t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) == (1.5, 0.2, -0.7, 0.9, -30, 12))
        #expect((t.m33, t.m44, t.m34, t.m43) == (1, 1, 0, 0))
        #expect(t.isAffine)
        #expect(t.affine == affine)
        var withPerspective = t
        withPerspective.m34 = -0.002
        #expect(!withPerspective.isAffine && withPerspective.affine == nil)
        #expect(!Transform3D(rotationAngle: 0.1, x: 1, y: 0, z: 0).isAffine)
    }

    @Test("inverted undoes the transform and is nil for a singular matrix")
    func inverse() throws {
        var t = Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3)
            .concatenating(Transform3D(scaleX: 2, y: 0.5, z: 3))
            .concatenating(Transform3D(translationX: 4, y: -5, z: 6))
        t.m34 = -0.002
        t.m14 = 0.001
        let inverse = try #require(t.inverted())
        #expect(largestEntryDifference(t.concatenating(inverse), .identity) < 1e-12)
        #expect(largestEntryDifference(inverse.concatenating(t), .identity) < 1e-12)
        #expect(Transform3D(scaleX: 2, y: 0.5, z: 3).determinant == 3)
        #expect(abs(Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3).scaledBy(x: 2, y: 0.5, z: 3).determinant - 3) < 1e-14)
        #expect(Transform3D(scaleX: 0, y: 1, z: 1).inverted() == nil)
        #expect(Transform3D(m11: 1, m12: 2, m13: 3, m14: 4, m21: 2, m22: 4, m23: 6, m24: 8,
                            m31: 0, m32: 1, m33: 0, m34: 0, m41: 0, m42: 0, m43: 1, m44: 1).inverted() == nil)
    }

    @Test("(a − b) + b == a to 1e-9, with + as concatenation")
    func additiveRoundTrip() {
        var a = Transform3D(rotationAngle: 0.3, x: 1, y: 1, z: 0).translatedBy(x: 10, y: 5, z: 2)
        a.m34 = -1.0 / 800
        let b = Transform3D(rotationAngle: -1.1, x: 0, y: 1, z: 0).scaledBy(x: 2, y: 0.5, z: 1.5)
            .translatedBy(x: -30, y: 12, z: 4)
        #expect(largestEntryDifference((a - b) + b, a) < 1e-9)
        #expect(a + .zero == a)
        // A singular subtrahend cannot be undone: the difference is the minuend.
        #expect(a - Transform3D(scaleX: 0, y: 0, z: 1) == a)
    }

    @Test("Checked constructors name the bad argument")
    func validation() throws {
        #expect(try Transform3D.rotation(0.5, 0, 0, 1) == Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
        #expect(try Transform3D.scale(2) == Transform3D(scaleX: 2, y: 2, z: 1))
        #expect(try Transform3D.translation(1, 2) == Transform3D(translationX: 1, y: 2, z: 0))
        #expect(try Transform3D.perspective(500).m34 == -1.0 / 500)
        #expect(throws: ArgumentError(parameter: "z", requirement: "must be a finite number", value: "nan")) {
            try Transform3D.rotation(1, 0, 0, .nan)
        }
        #expect(throws: ArgumentError(parameter: "tz", requirement: "must be a finite number", value: "inf")) {
            try Transform3D.translation(0, 0, .infinity)
        }
        #expect(throws: ArgumentError(parameter: "eyeDistance", requirement: "must be a finite number > 0", value: "0")) {
            try Transform3D.perspective(0)
        }
        var entries = Transform3D.identity.entries
        #expect(try Transform3D.validated(entries: entries) == .identity)
        entries[11] = .nan
        #expect(throws: ArgumentError(parameter: "transform.m34", requirement: "must be a finite number", value: "nan")) {
            try Transform3D.validated(entries: entries, parameter: "transform")
        }
        #expect(throws: ArgumentError(parameter: "entries", requirement: "must have 16 numbers (m11 … m44)",
                                      value: "15 numbers")) {
            try Transform3D.validated(entries: Array(repeating: 0, count: 15))
        }
    }
}
