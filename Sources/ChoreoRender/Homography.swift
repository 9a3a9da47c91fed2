import ChoreoCore

/// A plane-to-plane projective map: (x, y) ↦ (X/W, Y/W) with [X Y W]ᵀ = M · [x y 1]ᵀ.
///
/// Core Animation flattens every layer into its parent's plane (no CATransformLayer here), so a
/// layer's 3D transform acts on its own plane (z = 0) as a homography: the x, y and w columns
/// of the 4×4 matrix (CA's row-vector convention: X = x·m11 + y·m21 + m41, W = x·m14 + y·m24 + m44).
/// The z row and column drop out, except through m14/m24 when rotations about x or y are
/// followed by a perspective (m34).
struct Homography {
    /// Row-major 3×3 matrix.
    var m: [Double]

    static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    static func translation(_ x: Double, _ y: Double) -> Homography { Homography(m: [1, 0, x, 0, 1, y, 0, 0, 1]) }

    static func scale(_ sx: Double, _ sy: Double) -> Homography { Homography(m: [sx, 0, 0, 0, sy, 0, 0, 0, 1]) }

    /// The map of a 3D transform on the z = 0 plane.
    init(_ t: Transform3D) {
        m = [t.m11, t.m21, t.m41, t.m12, t.m22, t.m42, t.m14, t.m24, t.m44]
    }

    init(m: [Double]) { self.m = m }

    /// A layer's bounds coordinates to its parent's: position · transform · −(origin + anchor × size).
    static func layerToParent(_ p: LayerProperties) -> Homography? {
        guard !p.transform.isAffine else { return nil }
        let size = p.bounds.size
        return translation(p.position.x, p.position.y) * Homography(p.transform)
            * translation(-(p.bounds.origin.x + p.anchorPoint.x * size.width), -(p.bounds.origin.y + p.anchorPoint.y * size.height))
    }

    /// Whether the map is affine (its last row is 0 0 1).
    var isAffine: Bool { m[6] == 0 && m[7] == 0 && m[8] == 1 }

    /// `a * b` applies `b` first, then `a`.
    static func * (a: Homography, b: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = (0..<3).reduce(0) { $0 + a.m[i * 3 + $1] * b.m[$1 * 3 + j] } } }
        return Homography(m: r)
    }

    /// The image of a point and its w (≤ 0: the point is at or behind the eye).
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w, w)
    }

    /// The inverse map (the adjugate; the scale of a homography does not matter), or nil when singular.
    var inverse: Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard det.isFinite, abs(det) > 1e-15 else { return nil }
        return Homography(m: [
            c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / det })
    }
}
