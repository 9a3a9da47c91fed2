/// Transform3D's matrix operations: entries, checked constructors, CA-style composition, inverse.
///
/// Scripts build transforms with the throwing constructors (`Transform3D.rotation(angle, x, y, z)`),
/// which name the bad argument; Swift code ported from UIKit uses the CA-style chain
/// (`t.rotated(by:x:y:z:)`, `t.translatedBy(x:y:z:)`), which, like `CATransform3DRotate`, applies the
/// new operation *before* `t`.
///
///     let flip = try Transform3D.perspective(500).rotated(by: .pi, x: 0, y: 1, z: 0)
///     flip.inverted()            // nil only when the matrix is singular
///
/// Contract: `entries` are row-major, m11 m12 m13 m14 m21 … m44.
extension Transform3D {
    /// The 16 fields, row-major: m11, m12, m13, m14, m21, …, m44.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// A transform from 16 row-major entries. Precondition: `entries.count == 16`.
    init(entries e: [Double]) {
        precondition(e.count == 16, "Transform3D needs 16 entries")
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// A transform from outside given as 16 row-major entries: exactly 16, each finite; a bad entry
    /// is named by its field (`transform.m34 must be a finite number (got nan)`).
    public static func validated(entries: [Double], parameter: String? = nil) throws(ArgumentError) -> Transform3D {
        guard entries.count == 16 else {
            throw ArgumentError(parameter: parameter ?? "entries", requirement: "must have 16 numbers (m11 … m44)",
                                value: "\(entries.count) numbers")
        }
        for (index, value) in entries.enumerated() where !value.isFinite {
            let field = "m\(index / 4 + 1)\(index % 4 + 1)"
            _ = try requireFinite(value, componentName(field, of: parameter))
        }
        return Transform3D(entries: entries)
    }

    /// A translation from outside (`Transform3D.translation(tx, ty, tz)`): each finite.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) throws(ArgumentError) -> Transform3D {
        Transform3D(translationX: try requireFinite(tx, "tx"), y: try requireFinite(ty, "ty"),
                    z: try requireFinite(tz, "tz"))
    }

    /// A scale from outside (`Transform3D.scale(sx, sy, sz)`); `sy` defaults to `sx`, `sz` to 1.
    public static func scale(_ sx: Double, _ sy: Double? = nil, _ sz: Double = 1) throws(ArgumentError) -> Transform3D {
        let sx = try requireFinite(sx, "sx")
        return Transform3D(scaleX: sx, y: try requireFinite(sy ?? sx, "sy"), z: try requireFinite(sz, "sz"))
    }

    /// A rotation from outside (`Transform3D.rotation(angle, x, y, z)`), radians about the axis;
    /// each finite. A zero axis gives the identity, as in Core Animation.
    public static func rotation(
        _ angle: Double, _ x: Double, _ y: Double, _ z: Double
    ) throws(ArgumentError) -> Transform3D {
        Transform3D(rotationAngle: try requireFinite(angle, "angle"), x: try requireFinite(x, "x"),
                    y: try requireFinite(y, "y"), z: try requireFinite(z, "z"))
    }

    /// A perspective from outside: the eye `eyeDistance` points (1e-15...1e15) from the z = 0
    /// plane. m34 = −1/eyeDistance must stay within ±1e15: 5e-324 would make it infinite.
    public static func perspective(_ eyeDistance: Double) throws(ArgumentError) -> Transform3D {
        let d = try requirePositive(eyeDistance, "eyeDistance")
        guard 1 / d <= NumberLimits.magnitude else {
            throw ArgumentError(parameter: "eyeDistance", requirement: "must be ≥ 1e-15 (m34 = −1/eyeDistance)", value: d)
        }
        return Transform3D(perspectiveEyeDistance: d)
    }

    /// A translation applied first, then this transform (CATransform3DTranslate).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied first, then this transform (CATransform3DScale).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied first, then this transform (CATransform3DRotate).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// Whether all 16 fields are finite.
    public var isFinite: Bool {
        // Field by field: `entries` is an array made for the check (a decomposition asks).
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// The determinant of the 4×4 matrix.
    public var determinant: Double { cofactors().determinant }

    /// The inverse transform (CATransform3DInvert), or nil when the matrix is singular (determinant
    /// exactly 0) or its inverse is not finite. Core Animation returns the input unchanged instead.
    public func inverted() -> Transform3D? {
        let (determinant, a) = cofactors()
        guard determinant != 0, determinant.isFinite else { return nil }
        let scale = 1 / determinant
        let inverse = Transform3D(
            m11: a.m11 * scale, m12: a.m12 * scale, m13: a.m13 * scale, m14: a.m14 * scale,
            m21: a.m21 * scale, m22: a.m22 * scale, m23: a.m23 * scale, m24: a.m24 * scale,
            m31: a.m31 * scale, m32: a.m32 * scale, m33: a.m33 * scale, m34: a.m34 * scale,
            m41: a.m41 * scale, m42: a.m42 * scale, m43: a.m43 * scale, m44: a.m44 * scale)
        return inverse.isFinite ? inverse : nil
    }

    /// The determinant and the adjugate, by Laplace expansion over 2×2 minors of the top two and
    /// bottom two rows (the adjugate in a transform's fields: no array made).
    private func cofactors() -> (determinant: Double, adjugate: Transform3D) {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let determinant = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        let adjugate = Transform3D(
            m11: m22 * c5 - m23 * c4 + m24 * c3, m12: -m12 * c5 + m13 * c4 - m14 * c3,
            m13: m42 * s5 - m43 * s4 + m44 * s3, m14: -m32 * s5 + m33 * s4 - m34 * s3,
            m21: -m21 * c5 + m23 * c2 - m24 * c1, m22: m11 * c5 - m13 * c2 + m14 * c1,
            m23: -m41 * s5 + m43 * s2 - m44 * s1, m24: m31 * s5 - m33 * s2 + m34 * s1,
            m31: m21 * c4 - m22 * c2 + m24 * c0, m32: -m11 * c4 + m12 * c2 - m14 * c0,
            m33: m41 * s4 - m42 * s2 + m44 * s0, m34: -m31 * s4 + m32 * s2 - m34 * s0,
            m41: -m21 * c3 + m22 * c1 - m23 * c0, m42: m11 * c3 - m12 * c1 + m13 * c0,
            m43: -m41 * s3 + m42 * s1 - m43 * s0, m44: m31 * s3 - m32 * s1 + m33 * s0)
        return (determinant, adjugate)
    }
}
