/// Interpolation of 3D transforms by decomposition: the W3C CSS Transforms Level 2 "unmatrix".
///
/// Interpolating the 16 entries directly would squash a rotating layer. Instead, as CSS and
/// Chromium do, each matrix is decomposed into translation, scale, skew, perspective and a rotation
/// quaternion; the parts are interpolated (linearly, the quaternion by slerp) and recomposed:
///
///     let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
///     Transform3D.identity.interpolated(to: quarter, fraction: 0.5)   // rotation by π/4 about z
///
/// In row-vector form, a matrix normalised by m44 is recomposed as
/// `S · K · R · T · P`: scale, then skew (K is lower unitriangular: xy, xz, yz), then rotation,
/// then translation, then the perspective column P. Like CSS, a matrix whose upper 3×3 part is
/// singular or whose m44 is 0 cannot be decomposed (`decomposed` is nil), and interpolation with
/// it switches discretely at fraction 0.5.
extension Transform3D {
    /// A 3D vector or point (x, y, z): the parts of a decomposed transform and 3D points.
    public struct Vector3: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var z: Double

        public init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }

        public static let zero = Vector3(x: 0, y: 0, z: 0)

        var length: Double { euclideanNorm(x, y, z) }
        func dot(_ v: Vector3) -> Double { x * v.x + y * v.y + z * v.z }
        func cross(_ v: Vector3) -> Vector3 {
            Vector3(x: y * v.z - z * v.y, y: z * v.x - x * v.z, z: x * v.y - y * v.x)
        }
        static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
        static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
        static func * (a: Vector3, k: Double) -> Vector3 { Vector3(x: a.x * k, y: a.y * k, z: a.z * k) }
        func interpolated(to other: Vector3, fraction t: Double) -> Vector3 {
            Vector3(x: lerp(x, other.x, t), y: lerp(y, other.y, t), z: lerp(z, other.z, t))
        }
    }

    /// The shear factors of a decomposition: xy shears x by y, xz and yz shear by z.
    public struct Skew: Hashable, Sendable {
        public var xy: Double
        public var xz: Double
        public var yz: Double

        public init(xy: Double, xz: Double, yz: Double) {
            self.xy = xy
            self.xz = xz
            self.yz = yz
        }

        public static let zero = Skew(xy: 0, xz: 0, yz: 0)
    }

    /// The perspective column of a decomposition, (x, y, z, w); (0, 0, 0, 1) is none, and a plain
    /// `m34 = −1/d` perspective is (0, 0, −1/d, 1).
    public struct Perspective: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var z: Double
        public var w: Double

        public init(x: Double, y: Double, z: Double, w: Double) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }

        public static let none = Perspective(x: 0, y: 0, z: 0, w: 1)
    }

    /// A 3D transform taken apart (CSS "unmatrix"): what key paths such as `transform.rotation.z`,
    /// `transform.scale.x` and `transform.translation.y` read and write.
    ///
    ///     var parts = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1).decomposed!
    ///     parts.rotation.z              // 0.5
    ///     parts.scale.x = 2
    ///     Transform3D(parts)            // the rotation, now scaled by 2 along x
    ///
    /// Round trip: `Transform3D(t.decomposed!)` equals `t` divided by `t.m44` (the same projective
    /// transform; `t` itself when m44 = 1), within rounding.
    public struct Decomposed: Hashable, Sendable {
        public var translation: Vector3
        /// Scale factors along x, y, z; all three are negated when the matrix flips handedness.
        public var scale: Vector3
        public var skew: Skew
        public var perspective: Perspective
        public var quaternion: Quaternion

        public init(translation: Vector3 = .zero, scale: Vector3 = Vector3(x: 1, y: 1, z: 1),
                    skew: Skew = .zero, perspective: Perspective = .none, quaternion: Quaternion = .identity) {
            self.translation = translation
            self.scale = scale
            self.skew = skew
            self.perspective = perspective
            self.quaternion = quaternion
        }

        /// The rotation as Euler angles in radians, applied about x, then y, then z (see
        /// `Quaternion.eulerAngles`). Setting it replaces the quaternion.
        public var rotation: Vector3 {
            get { quaternion.eulerAngles }
            set { quaternion = Quaternion(eulerAngles: newValue) }
        }
    }

    /// The transform taken apart, or nil when it cannot be (m44 = 0 or a singular upper 3×3).
    public var decomposed: Decomposed? {
        // Most layers' transforms are the identity: its decomposition, worked out once by the
        // general path below (so bit for bit the same).
        if isBitwiseIdentity { return Self.identityDecomposition }
        if isPositiveScale { return scaleDecomposition }
        return generalDecomposition
    }

    private static let identityDecomposition = Transform3D.identity.generalDecomposition

    /// Whether the matrix only scales by positive factors (and may translate): its other
    /// entries of the upper 3×3 part are +0 to the bit, it has no perspective, m44 is 1 and
    /// every entry is finite (a layer scaled by `transform.scale`). The factors are normal
    /// numbers: the general path divides by them, and 1 over a subnormal overflows.
    private var isPositiveScale: Bool {
        let offDiagonal = m12.bitPattern | m13.bitPattern | m21.bitPattern | m23.bitPattern | m31.bitPattern | m32.bitPattern
        let normal = Double.leastNormalMagnitude
        return offDiagonal == 0 && m44 == 1 && m14 == 0 && m24 == 0 && m34 == 0
            && m11 >= normal && m22 >= normal && m33 >= normal && m11.isFinite && m22.isFinite && m33.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite
    }

    /// `generalDecomposition` of a positive scale, worked out: the rows are orthogonal already,
    /// so Gram–Schmidt leaves them, each length is its factor exactly (`euclideanNorm` of one
    /// nonzero number), every skew is +0 and the rotation's quaternion is exactly the identity
    /// (Shepperd's method on a diagonal gives (+0, +0, +0, w), normalised to w / w = 1). The
    /// same determinant decides when there is none. `ScaleDecompositionTests` compares the two
    /// bit for bit.
    private var scaleDecomposition: Decomposed? {
        let determinant = m11 * (m22 * m33)
        guard determinant != 0, determinant.isFinite else { return nil }
        return Decomposed(translation: Vector3(x: m41, y: m42, z: m43), scale: Vector3(x: m11, y: m22, z: m33))
    }

    /// The general path (tests compare the shortcuts above with it).
    var generalDecomposition: Decomposed? {
        guard m44 != 0, isFinite else { return nil }
        let n = 1 / m44
        var r0 = Vector3(x: m11 * n, y: m12 * n, z: m13 * n)
        var r1 = Vector3(x: m21 * n, y: m22 * n, z: m23 * n)
        var r2 = Vector3(x: m31 * n, y: m32 * n, z: m33 * n)
        let translation = Vector3(x: m41 * n, y: m42 * n, z: m43 * n)
        let determinant = r0.dot(r1.cross(r2))
        guard determinant != 0, determinant.isFinite else { return nil }

        // Perspective: solve L · p = (m14, m24, m34) / m44 by Cramer's rule (L has rows r0, r1, r2).
        var perspective = Perspective.none
        if m14 != 0 || m24 != 0 || m34 != 0 {
            let (v0, v1, v2) = (m14 * n, m24 * n, m34 * n)
            let p = (r1.cross(r2) * v0 + r2.cross(r0) * v1 + r0.cross(r1) * v2) * (1 / determinant)
            perspective = Perspective(x: p.x, y: p.y, z: p.z, w: 1 - translation.dot(p))
        }

        // Scale and skew by Gram–Schmidt on the rows.
        var scale = Vector3(x: r0.length, y: 0, z: 0)
        r0 = r0 * (1 / scale.x)
        var skew = Skew(xy: r0.dot(r1), xz: 0, yz: 0)
        r1 = r1 - r0 * skew.xy
        scale.y = r1.length
        r1 = r1 * (1 / scale.y)
        skew.xy /= scale.y
        skew.xz = r0.dot(r2)
        r2 = r2 - r0 * skew.xz
        skew.yz = r1.dot(r2)
        r2 = r2 - r1 * skew.yz
        scale.z = r2.length
        r2 = r2 * (1 / scale.z)
        skew.xz /= scale.z
        skew.yz /= scale.z

        // The rows are now orthonormal; a left-handed frame is a flip: negate scale and rows.
        if r0.dot(r1.cross(r2)) < 0 {
            scale = scale * -1
            (r0, r1, r2) = (r0 * -1, r1 * -1, r2 * -1)
        }
        return Decomposed(translation: translation, scale: scale, skew: skew, perspective: perspective,
                          quaternion: Quaternion(rows: r0, r1, r2))
    }

    /// Recomposes a decomposed transform: `S · K · R · T · P` (see the extension's summary).
    public init(_ parts: Decomposed) {
        // The identity rotation (+0 parts, w = 1: every unrotated decomposition) normalises to
        // itself, so its rows are the identity's, made once.
        self.init(parts, rotation: parts.quaternion.isExactIdentity ? Quaternion.identityRows : parts.quaternion.normalized.rows)
    }

    /// `init(_:)` with the rows of the parts' rotation given (`parts.quaternion.normalized.rows`,
    /// kept by a caller that recomposes often while the rotation stays).
    init(_ parts: Decomposed, rotation: (Vector3, Vector3, Vector3)) {
        let (r0, r1, r2) = rotation
        let (s, k) = (parts.scale, parts.skew)
        let a0 = r0 * s.x
        let a1 = (r0 * k.xy + r1) * s.y
        let a2 = (r0 * k.xz + r1 * k.yz + r2) * s.z
        let t = parts.translation, p = parts.perspective
        let column = Vector3(x: p.x, y: p.y, z: p.z)
        self.init(m11: a0.x, m12: a0.y, m13: a0.z, m14: a0.dot(column),
                  m21: a1.x, m22: a1.y, m23: a1.z, m24: a1.dot(column),
                  m31: a2.x, m32: a2.y, m33: a2.z, m34: a2.dot(column),
                  m41: t.x, m42: t.y, m43: t.z, m44: t.dot(column) + p.w)
    }

    /// Interpolation by decomposition: translation, scale, skew and perspective linearly, rotation
    /// by quaternion slerp along the shorter arc. Exact at fractions 0 and 1; extrapolates outside
    /// 0...1. If either matrix cannot be decomposed, switches from `self` to `other` at 0.5 (CSS).
    public func interpolated(to other: Transform3D, fraction: Double) -> Transform3D {
        // The ends need no decomposition.
        if fraction == 0 || self == other { return self }
        if fraction == 1 { return other }
        return Interpolation(from: self, to: other).value(at: fraction)
    }

    /// `interpolated(to:fraction:)` between two fixed transforms, with their decompositions
    /// computed once: the frame loop samples it at a new fraction every frame.
    struct Interpolation {
        let from: Transform3D, to: Transform3D
        let isConstant: Bool
        /// The two decompositions, nil when the ends are equal or one cannot be decomposed.
        let parts: (from: Decomposed, to: Decomposed)?
        /// Whether neither end rotates (both quaternions are exactly the identity, +0 parts):
        /// their slerp is then the identity at every fraction, to the bit, and is skipped.
        let keepsIdentityRotation: Bool

        init(from: Transform3D, to: Transform3D) {
            self.from = from
            self.to = to
            isConstant = from == to
            if !isConstant, let a = from.decomposed, let b = to.decomposed { parts = (a, b) } else { parts = nil }
            keepsIdentityRotation = parts.map { $0.from.quaternion.isExactIdentity && $0.to.quaternion.isExactIdentity } ?? false
        }

        func value(at t: Double) -> Transform3D {
            if t == 0 || isConstant { return from }
            if t == 1 { return to }
            guard let (from, to) = parts else { return t < 0.5 ? self.from : self.to }
            let (p, q) = (from.perspective, to.perspective)
            let parts = Decomposed(
                translation: from.translation.interpolated(to: to.translation, fraction: t),
                scale: from.scale.interpolated(to: to.scale, fraction: t),
                skew: Skew(xy: lerp(from.skew.xy, to.skew.xy, t), xz: lerp(from.skew.xz, to.skew.xz, t),
                           yz: lerp(from.skew.yz, to.skew.yz, t)),
                perspective: Perspective(x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t), z: lerp(p.z, q.z, t),
                                         w: lerp(p.w, q.w, t)),
                quaternion: keepsIdentityRotation ? .identity : from.quaternion.slerp(to: to.quaternion, fraction: t))
            return keepsIdentityRotation ? Transform3D(parts, rotation: Quaternion.identityRows) : Transform3D(parts)
        }
    }

    /// A metric on the decomposed parts: the Euclidean norm of the differences of translation (in
    /// points), scale, skew and perspective, together with the angle of the rotation between the
    /// two quaternions (radians, 0...π). A rotation by θ is θ away from the identity; a translation
    /// is its length away. When either matrix cannot be decomposed, and to tell apart matrices
    /// whose parts round equal, the Euclidean distance over the 16 entries is used instead.
    public func animationDistance(to other: Transform3D) -> Double {
        if self == other { return 0 }
        let entryDistance = { euclideanNorm(zip(self.entries, other.entries).map { $0 - $1 }) }
        guard let p = decomposed, let q = other.decomposed else { return entryDistance() }
        let (dt, ds) = (p.translation - q.translation, p.scale - q.scale)
        let distance = euclideanNorm([
            dt.x, dt.y, dt.z, ds.x, ds.y, ds.z,
            p.skew.xy - q.skew.xy, p.skew.xz - q.skew.xz, p.skew.yz - q.skew.yz,
            p.perspective.x - q.perspective.x, p.perspective.y - q.perspective.y,
            p.perspective.z - q.perspective.z, p.perspective.w - q.perspective.w,
            p.quaternion.angle(to: q.quaternion),
        ])
        return distance > 0 ? distance : entryDistance()
    }
}
