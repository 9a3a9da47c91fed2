import RealModule

/// Rotations of 3D transforms as unit quaternions: matrix conversion, slerp and Euler angles.
///
/// A decomposed transform keeps its rotation as a quaternion because quaternions interpolate
/// without gimbal lock and along the shortest arc (spherical linear interpolation), which is what
/// CSS and Chromium do. Key paths such as `transform.rotation.z` need Euler angles, so those are
/// derived here too.
///
///     let q = Transform3D.Quaternion(angle: .pi / 2, axis: .init(x: 0, y: 0, z: 1))
///     Transform3D.Quaternion.identity.slerp(to: q, fraction: 0.5)   // a quarter-π turn about z
///
/// Conventions: q = (x, y, z, w) = (axis · sin(θ/2), cos(θ/2)) for a rotation by θ about a unit
/// axis, right-handed like `Transform3D(rotationAngle:x:y:z:)`. Euler angles are applied about x,
/// then y, then z (fixed axes), so `rotation(θ, 0, 0, 1)` reads back as (0, 0, θ).
extension Transform3D {
    /// A rotation as a unit quaternion (x, y, z, w).
    public struct Quaternion: Hashable, Sendable {
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

        /// No rotation.
        public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

        /// The rotation by `angle` radians about `axis` (normalised here; a zero axis is no rotation).
        public init(angle: Double, axis: Vector3) {
            let length = axis.length
            guard length > 0, length.isFinite else { self = .identity; return }
            let s = Double.sin(angle / 2) / length
            self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: Double.cos(angle / 2))
        }

        /// The rotation by the Euler angles, radians: about x first, then y, then z.
        public init(eulerAngles angles: Vector3) {
            let (cx, sx) = (Double.cos(angles.x / 2), Double.sin(angles.x / 2))
            let (cy, sy) = (Double.cos(angles.y / 2), Double.sin(angles.y / 2))
            let (cz, sz) = (Double.cos(angles.z / 2), Double.sin(angles.z / 2))
            self.init(x: sx * cy * cz - cx * sy * sz,
                      y: cx * sy * cz + sx * cy * sz,
                      z: cx * cy * sz - sx * sy * cz,
                      w: cx * cy * cz + sx * sy * sz)
        }

        /// The Euler angles (x, y, z), radians, that rebuild this rotation about x, then y, then z.
        ///
        /// x and z are in −π...π, y in −π/2...π/2. At y = ±π/2 (gimbal lock) only x ∓ z is defined;
        /// x is then reported as 0.
        public var eulerAngles: Vector3 {
            let r = rows
            // In row-vector form R = Rx · Ry · Rz; m13 = −sin(y), m12 / m11 = tan(z), m23 / m33 = tan(x).
            let cosY = Double.hypot(r.0.x, r.0.y)
            let angleY = Double.atan2(y: -r.0.z, x: cosY)
            if cosY > 1e-12 {
                return Vector3(x: Double.atan2(y: r.1.z, x: r.2.z), y: angleY,
                               z: Double.atan2(y: r.0.y, x: r.0.x))
            }
            return Vector3(x: 0, y: angleY, z: Double.atan2(y: -r.1.x, x: r.1.y))
        }

        /// The rotation angle in radians, 0...π, of the rotation from this one to `other` (the
        /// geodesic distance on the rotation group), computed stably for nearby rotations.
        public func angle(to other: Quaternion) -> Double {
            let sign: Double = dot(other) < 0 ? -1 : 1
            let difference = euclideanNorm([x - sign * other.x, y - sign * other.y,
                                            z - sign * other.z, w - sign * other.w])
            let sum = euclideanNorm([x + sign * other.x, y + sign * other.y,
                                     z + sign * other.z, w + sign * other.w])
            return 4 * Double.atan2(y: difference, x: sum)
        }

        /// Spherical linear interpolation along the shorter arc (Chromium's `Slerp`); extrapolates
        /// outside 0...1. Nearly equal rotations are interpolated linearly, then normalised.
        public func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
            var product = Swift.min(Swift.max(dot(other), -1), 1)
            var otherScale = 1.0
            if product < 0 {
                product = -product
                otherScale = -1
            }
            let selfScale: Double
            if 1 - product < 1e-5 {
                selfScale = 1 - t
                otherScale *= t
            } else {
                let theta = Double.acos(product)
                let k = Double.sin(t * theta) / (1 - product * product).squareRoot()
                selfScale = Double.cos(t * theta) - product * k
                otherScale *= k
            }
            return Quaternion(x: x * selfScale + other.x * otherScale, y: y * selfScale + other.y * otherScale,
                              z: z * selfScale + other.z * otherScale, w: w * selfScale + other.w * otherScale)
                .normalized
        }

        /// The four-dimensional dot product.
        public func dot(_ other: Quaternion) -> Double {
            x * other.x + y * other.y + z * other.z + w * other.w
        }

        /// The quaternion scaled to length 1 (the identity when its length is 0).
        /// Whether this is the identity with every part exactly +0 and w exactly 1: its slerp to
        /// itself, normalised, is then itself to the bit at any fraction.
        var isExactIdentity: Bool {
            x.bitPattern == 0 && y.bitPattern == 0 && z.bitPattern == 0 && w == 1
        }

        /// The rows of the identity's rotation (`Quaternion.identity.rows`).
        static let identityRows = Quaternion.identity.rows

        public var normalized: Quaternion {
            let length = euclideanNorm(x, y, z, w)
            guard length > 0, length.isFinite else { return .identity }
            return Quaternion(x: x / length, y: y / length, z: z / length, w: w / length)
        }

        /// The rows of the 3×3 rotation matrix in Core Animation's row-vector form.
        var rows: (Vector3, Vector3, Vector3) {
            let (xx, yy, zz) = (x * x, y * y, z * z)
            let (xy, xz, yz) = (x * y, x * z, y * z)
            let (xw, yw, zw) = (x * w, y * w, z * w)
            return (Vector3(x: 1 - 2 * (yy + zz), y: 2 * (xy + zw), z: 2 * (xz - yw)),
                    Vector3(x: 2 * (xy - zw), y: 1 - 2 * (xx + zz), z: 2 * (yz + xw)),
                    Vector3(x: 2 * (xz + yw), y: 2 * (yz - xw), z: 1 - 2 * (xx + yy)))
        }

        /// The quaternion of an orthonormal, right-handed rotation matrix given by its rows
        /// (row-vector form), by Shepperd's method: the largest of w, x, y, z is taken from the
        /// diagonal and the others from off-diagonal sums, which keeps full precision everywhere.
        /// The result has w ≥ 0.
        init(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
            // In column-vector terms R[i][j] = r_j[i]; write the formulas with those entries.
            let (r00, r01, r02) = (r0.x, r1.x, r2.x)
            let (r10, r11, r12) = (r0.y, r1.y, r2.y)
            let (r20, r21, r22) = (r0.z, r1.z, r2.z)
            let trace = r00 + r11 + r22
            var q: Quaternion
            if trace > 0 {
                let s = 2 * (1 + trace).squareRoot()
                q = Quaternion(x: (r21 - r12) / s, y: (r02 - r20) / s, z: (r10 - r01) / s, w: s / 4)
            } else if r00 > r11 && r00 > r22 {
                let s = 2 * (1 + r00 - r11 - r22).squareRoot()
                q = Quaternion(x: s / 4, y: (r01 + r10) / s, z: (r02 + r20) / s, w: (r21 - r12) / s)
            } else if r11 > r22 {
                let s = 2 * (1 + r11 - r00 - r22).squareRoot()
                q = Quaternion(x: (r01 + r10) / s, y: s / 4, z: (r12 + r21) / s, w: (r02 - r20) / s)
            } else {
                let s = 2 * (1 + r22 - r00 - r11).squareRoot()
                q = Quaternion(x: (r02 + r20) / s, y: (r12 + r21) / s, z: s / 4, w: (r10 - r01) / s)
            }
            if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
            self = q.normalized
        }
    }
}
