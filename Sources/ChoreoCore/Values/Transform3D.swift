import RealModule

/// A 3D transform as a 4×4 matrix: CATransform3D's counterpart, with its fields and conventions.
///
/// A layer's `transform` and `sublayerTransform` are 3D transforms. As in Core Animation the matrix
/// acts on row vectors, translation lives in the bottom row and perspective in the last column:
///
///                             | m11 m12 m13 m14 |
///     [x' y' z' w'] = [x y z 1] · | m21 m22 m23 m24 |     the point is (x'/w', y'/w', z'/w')
///                             | m31 m32 m33 m34 |
///                             | m41 m42 m43 m44 |     translation: m41 m42 m43
///
/// so `a.concatenating(b)` (a · b) applies `a` first, then `b`, exactly as `CATransform3DConcat(a, b)`,
/// and `m34 = −1/d` gives a perspective seen from distance `d` (`Transform3D.perspective(d)`).
///
///     var t = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
///     t.m34 = -1.0 / 500                        // the classic card-flip perspective
///     Transform3D(Transform2D(rotationAngle: 0.3)) == Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
///
/// As an `AnimatableValue`, `+` is concatenation (`a + b` applies `a`, then `b`), `-` concatenates
/// with the inverse (`(a - b) + b == a` to about 1e-9), `zero` is the identity, and interpolation
/// goes through the CSS decomposition with quaternion slerp (`Transform3D+Decomposition.swift`).
///
/// Contract: the memberwise and CA-style initialisers accept any value (internal math); values from
/// scripts go through the throwing `translation`, `scale`, `rotation`, `perspective`, `validated`.
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity transform (CATransform3DIdentity).
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether every entry has the identity's bits (a −0 where the identity has 0 does not count).
    var isBitwiseIdentity: Bool {
        let one = (1.0).bitPattern
        let diagonal = m11.bitPattern == one && m22.bitPattern == one && m33.bitPattern == one && m44.bitPattern == one
        let rest = m12.bitPattern | m13.bitPattern | m14.bitPattern | m21.bitPattern | m23.bitPattern | m24.bitPattern
            | m31.bitPattern | m32.bitPattern | m34.bitPattern | m41.bitPattern | m42.bitPattern | m43.bitPattern
        return diagonal && rest == 0
    }

    /// A translation (CATransform3DMakeTranslation).
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        (m41, m42, m43) = (tx, ty, tz)
    }

    /// A scale about the origin (CATransform3DMakeScale).
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// A rotation by `angle` radians about the axis (x, y, z) through the origin
    /// (CATransform3DMakeRotation): right-handed, so about +z it is `Transform2D(rotationAngle:)`
    /// (m11 = cos, m12 = sin, m21 = −sin, m22 = cos). A zero-length axis gives the identity, as in
    /// Core Animation. The axis need not be normalised.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = Double.cos(angle), s = Double.sin(angle), t = 1 - c
        // On the axis itself the diagonal is exactly 1; (1 − c) + c can miss it by an ulp, which
        // would make a rotation about z fail `isAffine`.
        func diagonal(_ u: Double) -> Double { u * u == 1 ? 1 : t * u * u + c }
        (m11, m12, m13) = (diagonal(x), t * x * y + z * s, t * x * z - y * s)
        (m21, m22, m23) = (t * x * y - z * s, diagonal(y), t * y * z + x * s)
        (m31, m32, m33) = (t * x * z + y * s, t * y * z - x * s, diagonal(z))
    }

    /// A perspective seen from `eyeDistance` points in front of the z = 0 plane: m34 = −1/eyeDistance.
    public init(perspectiveEyeDistance eyeDistance: Double) {
        self = .identity
        m34 = -1 / eyeDistance
    }

    /// The affine transform embedded in 3D (CATransform3DMakeAffineTransform):
    /// a → m11, b → m12, c → m21, d → m22, tx → m41, ty → m42.
    public init(_ affine: Transform2D) {
        self = .identity
        (m11, m12, m21, m22, m41, m42) = (affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty)
    }

    /// The affine transform, when this transform is one (`isAffine`); nil otherwise.
    /// (CATransform3DGetAffineTransform, which would silently drop the 3D parts.)
    public var affine: Transform2D? {
        guard isAffine else { return nil }
        return Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Whether this is exactly the identity (CATransform3DIsIdentity).
    public var isIdentity: Bool { self == .identity }

    /// Whether this is a 2D affine transform (CATransform3DIsAffine): no z terms, no perspective.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// `a.concatenating(b)` applies `a`, then `b` (CATransform3DConcat(a, b)), the product a · b.
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// The point (x, y, z) transformed and projected by the homogeneous divide.
    ///
    /// Returns nil when w' ≤ 0 (the point is at or behind the viewer of a perspective, where a
    /// renderer must clip) or the result is not finite. For an affine transform w' is 1.
    public func applied(to point: Vector3) -> Vector3? {
        let (x, y, z) = (point.x, point.y, point.z)
        let w = x * m14 + y * m24 + z * m34 + m44
        guard w > 0 else { return nil }
        let result = Vector3(x: (x * m11 + y * m21 + z * m31 + m41) / w,
                             y: (x * m12 + y * m22 + z * m32 + m42) / w,
                             z: (x * m13 + y * m23 + z * m33 + m43) / w)
        guard result.x.isFinite, result.y.isFinite, result.z.isFinite else { return nil }
        return result
    }

    /// A point of the z = 0 plane (a layer's own plane) transformed and projected; see `applied(to:)`.
    public func applied(to point: Point) -> Point? {
        applied(to: Vector3(x: point.x, y: point.y, z: 0)).map { Point(x: $0.x, y: $0.y) }
    }
}

extension Transform3D: AnimatableValue {
    /// The identity: the additive identity of transforms.
    public static var zero: Transform3D { .identity }

    /// Concatenation: `lhs` first, then `rhs`, the order Core Animation adds transforms in.
    public static func + (lhs: Transform3D, rhs: Transform3D) -> Transform3D {
        lhs.concatenating(rhs)
    }

    /// `lhs` concatenated with the inverse of `rhs`, so that `(a - b) + b == a` (to about 1e-9).
    ///
    /// A singular `rhs` has no inverse; the result is then `lhs`, and callers that need the law
    /// should check `rhs.inverted() != nil` first.
    public static func - (lhs: Transform3D, rhs: Transform3D) -> Transform3D {
        guard let inverse = rhs.inverted() else { return lhs }
        return lhs.concatenating(inverse)
    }

    /// The interpolation from the identity to `lhs` by `rhs` (extrapolating outside 0...1).
    public static func * (lhs: Transform3D, rhs: Double) -> Transform3D {
        Transform3D.identity.interpolated(to: lhs, fraction: rhs)
    }
}

extension Transform3D: CustomStringConvertible {
    public var description: String {
        let rows = stride(from: 0, to: 16, by: 4).map { start in
            entries[start..<start + 4].map(formatNumber).joined(separator: " ")
        }
        return "Transform3D[" + rows.joined(separator: "; ") + "]"
    }
}
