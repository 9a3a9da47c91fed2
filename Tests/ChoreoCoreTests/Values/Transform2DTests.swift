import RealModule
import Testing
@testable import ChoreoCore

@Suite("Transform2D")
struct Transform2DTests {
    @Test("Constructors have CGAffineTransform's entries")
    func constructors() {
        let angle = 0.3
        let r = Transform2D(rotationAngle: angle)
        #expect((r.a, r.b, r.c, r.d, r.tx, r.ty) == (Double.cos(angle), Double.sin(angle), -Double.sin(angle), Double.cos(angle), 0, 0))
        #expect(Transform2D(translationX: 5, y: -2) == Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: -2))
        #expect(Transform2D(scaleX: 2, y: 3) == Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        #expect(Transform2D.identity.isIdentity)
        #expect(Transform2D.zero == .identity)
    }

    @Test("A positive rotation turns +x towards +y, as CGAffineTransformMakeRotation")
    func rotationDirection() {
        let p = Transform2D(rotationAngle: .pi / 2).applied(to: Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-15 && p.y == 1)
    }

    @Test("Concatenation applies the receiver first, as CGAffineTransformConcat")
    func concatenationOrder() {
        let translate = Transform2D(translationX: 10, y: 0), rotate = Transform2D(rotationAngle: .pi / 2)
        let translateThenRotate = translate.concatenating(rotate)
        let rotateThenTranslate = rotate.concatenating(translate)
        #expect(translateThenRotate != rotateThenTranslate)
        // (0, 0) → (10, 0) → (0, 10)
        #expect(largestEntryDifference(translateThenRotate,
                                       Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 10)) < 1e-15)
        // (0, 0) → (0, 0) → (10, 0)
        #expect(largestEntryDifference(rotateThenTranslate,
                                       Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 10, ty: 0)) < 1e-15)
        #expect(translate + rotate == translateThenRotate)
    }

    @Test("translatedBy, scaledBy and rotated apply the new step first, as CGAffineTransformTranslate")
    func cgStyleChain() {
        let t = Transform2D(rotationAngle: .pi / 2).translatedBy(x: 10, y: 0)
        let p = t.applied(to: .zero)
        #expect(abs(p.x) < 1e-14 && abs(p.y - 10) < 1e-14)
        #expect(Transform2D.identity.scaledBy(x: 2, y: 3).translatedBy(x: 1, y: 1).applied(to: .zero)
            == Point(x: 2, y: 3))
        #expect(Transform2D(translationX: 1, y: 0).rotated(by: 0.5)
            == Transform2D(rotationAngle: 0.5).concatenating(Transform2D(translationX: 1, y: 0)))
    }

    @Test("inverted undoes the transform and is nil for a singular matrix")
    func inverse() throws {
        let t = Transform2D(a: 2, b: 1, c: -0.5, d: 3, tx: 7, ty: -4)
        let inverse = try #require(t.inverted())
        #expect(largestEntryDifference(t.concatenating(inverse), .identity) < 1e-15)
        #expect(largestEntryDifference(inverse.concatenating(t), .identity) < 1e-15)
        #expect(Transform2D(scaleX: 0, y: 1).inverted() == nil)
        #expect(Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1).inverted() == nil)
    }

    @Test("(a − b) + b == a to 1e-9, with + as concatenation")
    func additiveRoundTrip() {
        let a = Transform2D(rotationAngle: 0.3).concatenating(Transform2D(translationX: 10, y: 5))
            .concatenating(Transform2D(scaleX: 2, y: 1))
        let b = Transform2D(a: 1.5, b: 0.2, c: -0.7, d: 0.9, tx: -30, ty: 12)
        #expect(largestEntryDifference((a - b) + b, a) < 1e-9)
        #expect((b - b).isIdentity || largestEntryDifference(b - b, .identity) < 1e-12)
        #expect(a + .zero == a)
    }

    @Test("Halfway from the identity to a quarter turn is exactly an eighth turn")
    func rotationHalfway() {
        let halfway = Transform2D.identity.interpolated(to: Transform2D(rotationAngle: .pi / 2), fraction: 0.5)
        #expect(largestEntryDifference(halfway, Transform2D(rotationAngle: .pi / 4)) < 1e-12)
        let quarter = Transform2D(rotationAngle: 0.2).interpolated(to: Transform2D(rotationAngle: 1.0), fraction: 0.25)
        #expect(largestEntryDifference(quarter, Transform2D(rotationAngle: 0.4)) < 1e-12)
    }

    @Test("Interpolation is exact at the ends, linear in scale and translation, and extrapolates")
    func interpolation() {
        let a = Transform2D(scaleX: 2, y: 2), b = Transform2D(scaleX: 3, y: 4)
        #expect(a.interpolated(to: b, fraction: 0.5) == Transform2D(scaleX: 2.5, y: 3))
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        let moved = Transform2D(translationX: 0, y: 0).interpolated(to: Transform2D(translationX: 100, y: -50),
                                                                     fraction: 1.5)
        #expect(moved == Transform2D(translationX: 150, y: -75))
        let spun = Transform2D(rotationAngle: 0.6) * 2
        #expect(largestEntryDifference(spun, Transform2D(rotationAngle: 1.2)) < 1e-12)
        #expect(largestEntryDifference(Transform2D(rotationAngle: 0.6) * 0.5, Transform2D(rotationAngle: 0.3)) < 1e-12)
    }

    @Test("Rotation never goes the long way round")
    func shortestRotation() {
        let from = Transform2D(rotationAngle: 3.0), to = Transform2D(rotationAngle: -3.0)
        let mid = from.interpolated(to: to, fraction: 0.5)
        #expect(largestEntryDifference(mid, Transform2D(rotationAngle: .pi)) < 1e-12)
    }

    @Test("A translation, rotation and scale round-trip through the decomposition")
    func decompositionRoundTrip() {
        let t = Transform2D(scaleX: 2, y: 3).concatenating(Transform2D(rotationAngle: 0.7))
            .concatenating(Transform2D(translationX: 5, y: -4))
        let parts = t.decomposed
        #expect((parts.translationX, parts.translationY) == (5, -4))
        #expect(abs(parts.scaleX - 2) < 1e-14 && abs(parts.scaleY - 3) < 1e-14)
        #expect(abs(parts.angle - 0.7) < 1e-14)
        #expect(abs(parts.m11 - 1) < 1e-14 && abs(parts.m12) < 1e-14)
        #expect(abs(parts.m21) < 1e-14 && abs(parts.m22 - 1) < 1e-14)
        #expect(largestEntryDifference(Transform2D(parts), t) < 1e-14)
        let skewed = Transform2D(a: 1, b: 0.2, c: 0.5, d: 1.3, tx: 1, ty: 2)
        #expect(largestEntryDifference(Transform2D(skewed.decomposed), skewed) < 1e-14)
    }

    @Test("A flip decomposes to a negative scale on the flipped axis")
    func flipDecomposition() {
        let flipX = Transform2D(scaleX: -2, y: 3).decomposed
        #expect((flipX.scaleX, flipX.scaleY, flipX.angle) == (-2, 3, 0))
        let flipY = Transform2D(scaleX: 2, y: -3).decomposed
        #expect((flipY.scaleX, flipY.scaleY, flipY.angle) == (2, -3, 0))
        let rotatedFlip = Transform2D(scaleX: -1, y: 1).concatenating(Transform2D(rotationAngle: 0.4))
        #expect(largestEntryDifference(Transform2D(rotatedFlip.decomposed), rotatedFlip) < 1e-15)
        // A flip kept along the way: the scale interpolates without passing through 0.
        let mid = Transform2D(scaleX: -2, y: 1).interpolated(to: Transform2D(scaleX: -4, y: 1), fraction: 0.5)
        #expect(mid == Transform2D(scaleX: -3, y: 1))
    }

    @Test("A flipped x to a flipped y turns as an unflipped rotation, staying a reflection")
    func flipToFlip() {
        let mid = Transform2D(scaleX: -1, y: 1).interpolated(to: Transform2D(scaleX: 1, y: -1), fraction: 0.5)
        #expect(largestEntryDifference(mid, Transform2D(a: 0, b: -1, c: -1, d: 0, tx: 0, ty: 0)) < 1e-15)
        #expect(abs(mid.determinant + 1) < 1e-15)
    }

    @Test("Distance is a rotation's angle, a translation's length, symmetric and 0 only when equal")
    func distance() {
        #expect(abs(Transform2D.identity.animationDistance(to: Transform2D(rotationAngle: 0.5)) - 0.5) < 1e-14)
        #expect(Transform2D.identity.animationDistance(to: Transform2D(translationX: 3, y: 4)) == 5)
        let a = Transform2D(rotationAngle: 3.1), b = Transform2D(rotationAngle: -3.1)
        #expect(abs(a.animationDistance(to: b) - (2 * .pi - 6.2)) < 1e-12)
        #expect(a.animationDistance(to: b) == b.animationDistance(to: a))
        #expect(a.animationDistance(to: a) == 0)
    }

    @Test("Checked constructors reject non-finite arguments by name")
    func validation() throws {
        #expect(try Transform2D.rotation(0.5) == Transform2D(rotationAngle: 0.5))
        #expect(try Transform2D.scale(2) == Transform2D(scaleX: 2, y: 2))
        #expect(try Transform2D.translation(1, 2) == Transform2D(translationX: 1, y: 2))
        #expect(throws: ArgumentError(parameter: "angle", requirement: "must be a finite number", value: "nan")) {
            try Transform2D.rotation(.nan)
        }
        #expect(throws: ArgumentError(parameter: "sy", requirement: "must be a finite number", value: "inf")) {
            try Transform2D.scale(1, .infinity)
        }
        #expect(throws: ArgumentError(parameter: "ty", requirement: "must be a finite number", value: "nan")) {
            try Transform2D.translation(0, .nan)
        }
        #expect(throws: ArgumentError(parameter: "transform.c", requirement: "must be a finite number", value: "nan")) {
            try Transform2D.validated(a: 1, b: 0, c: .nan, d: 1, tx: 0, ty: 0, parameter: "transform")
        }
    }
}
