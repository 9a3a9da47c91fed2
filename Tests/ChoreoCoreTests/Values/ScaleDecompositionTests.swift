import Testing
@testable import ChoreoCore

/// `Transform3D.decomposed` takes a positive scale (with any translation) apart without the
/// general path, and `Transform3D(parts)` recomposes an unrotated decomposition from the
/// identity's rows: both must give what the general path gives, bit for bit (traces and renders
/// are compared to the bit), including where the general path finds no decomposition.
@Suite("Transform3D: the scale shortcut takes apart and recomposes as the general path does, to the bit")
struct ScaleDecompositionTests {
    /// Factors across the whole range: exact and inexact reciprocals, tiny and huge, subnormal.
    static let factors: [Double] = [
        1, 0.5, 2, 1.5, 3, 1.0 / 3, 0.1, 0.7, 7, 0.999_999_999, 1e-300, 1e300, 123_456.789, 5e-324,
        Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, .pi, 1 + .ulpOfOne, 1 - .ulpOfOne / 2,
    ]
    static let translations: [Double] = [0, -0.0, 12.5, -3, 1e300, -1e-300]

    /// The fields of a decomposition as bit patterns (nil stays nil).
    static func bits(_ parts: Transform3D.Decomposed?) -> [UInt64]? {
        guard let p = parts else { return nil }
        return [p.translation.x, p.translation.y, p.translation.z, p.scale.x, p.scale.y, p.scale.z,
                p.skew.xy, p.skew.xz, p.skew.yz, p.perspective.x, p.perspective.y, p.perspective.z, p.perspective.w,
                p.quaternion.x, p.quaternion.y, p.quaternion.z, p.quaternion.w].map(\.bitPattern)
    }

    static func entries(_ t: Transform3D) -> [UInt64] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
            .map(\.bitPattern)
    }

    @Test("Every positive scale, with or without a translation, decomposes as the general path decomposes it")
    func scales() {
        var compared = 0
        for x in Self.factors {
            for y in Self.factors {
                for z in [x, y, 1, 1e-300, 1e300] {
                    for t in Self.translations {
                        var m = Transform3D.identity
                        (m.m11, m.m22, m.m33) = (x, y, z)
                        (m.m41, m.m42, m.m43) = (t, -t, t / 2)
                        #expect(Self.bits(m.decomposed) == Self.bits(m.generalDecomposition), "\(x) \(y) \(z) \(t)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 3_000)
        // Overflowing and underflowing determinants: no decomposition, as in the general path.
        var huge = Transform3D.identity
        (huge.m11, huge.m22, huge.m33) = (1e300, 1e300, 1e300)
        #expect(huge.decomposed == nil && huge.generalDecomposition == nil)
        var tiny = Transform3D.identity
        (tiny.m11, tiny.m22, tiny.m33) = (1e-300, 1e-300, 1e-300)
        #expect(tiny.decomposed == nil && tiny.generalDecomposition == nil)
    }

    @Test("Matrices just outside the shortcut (a −0 entry, a negative, zero or subnormal factor, perspective, m44 ≠ 1) take the general path")
    func nearMisses() {
        var cases: [Transform3D] = []
        var m = Transform3D.identity
        (m.m11, m.m22, m.m33) = (0.5, 0.5, 0.5)
        var negativeZero = m; negativeZero.m12 = -0.0; cases.append(negativeZero)
        var flipped = m; flipped.m22 = -0.5; cases.append(flipped)
        var zero = m; zero.m33 = 0; cases.append(zero)
        var perspective = m; perspective.m34 = -1.0 / 500; cases.append(perspective)
        var projective = m; projective.m44 = 2; cases.append(projective)
        var sheared = m; sheared.m21 = 0.25; cases.append(sheared)
        var subnormal = m; subnormal.m11 = 5e-324; cases.append(subnormal)  // 1 / it overflows: NaN skews
        for t in cases {
            #expect(Self.bits(t.decomposed) == Self.bits(t.generalDecomposition))
        }
    }

    @Test("An unrotated decomposition recomposes from the identity's rows as from its normalised quaternion's")
    func recomposition() {
        for x in Self.factors {
            for t in Self.translations {
                let parts = Transform3D.Decomposed(
                    translation: .init(x: t, y: 1, z: -t), scale: .init(x: x, y: 1 / x, z: 2),
                    skew: .init(xy: 0.25, xz: 0, yz: -0.0), perspective: .init(x: 0, y: 0, z: -0.002, w: 1))
                let general = Transform3D(parts, rotation: parts.quaternion.normalized.rows)
                #expect(Self.entries(Transform3D(parts)) == Self.entries(general), "\(x) \(t)")
            }
        }
    }
}
