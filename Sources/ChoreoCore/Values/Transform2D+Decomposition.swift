import RealModule

/// Interpolation of 2D transforms by decomposition: the CSS Transforms Level 1 algorithm.
///
/// Interpolating the six fields directly would shrink a rotating view (halfway between
/// rotation(0) and rotation(π) is the zero matrix). Instead, as CSS and Chromium do, each transform
/// is decomposed into translation, scale, rotation angle and a residual 2×2 matrix (the skew), the
/// parts are interpolated linearly, and the result is recomposed:
///
///     Transform2D.identity.interpolated(to: Transform2D(rotationAngle: .pi / 2), fraction: 0.5)
///         // == Transform2D(rotationAngle: .pi / 4), within 1e-15
///
/// In row-vector form the decomposition is `L = S · K · R(angle)` for the linear part
/// `L = [[a, b], [c, d]]`, with `S = diag(scaleX, scaleY)`, `K` the residual with first row (1, 0),
/// and `R` a CG rotation; translation is kept as is. As in CSS, a negative determinant flips the
/// scale of the axis whose matrix diagonal entry is smaller, and interpolation then
/// - turns one flip on each side into an unflipped rotation by π,
/// - never rotates the long way round (angles more than π apart are brought together).
/// A zero scale is kept (the residual absorbs it), so every transform decomposes.
extension Transform2D {
    /// A 2D transform taken apart: translation, scale, rotation angle and residual (skew) matrix.
    public struct Decomposed: Hashable, Sendable {
        public var translationX: Double
        public var translationY: Double
        /// Scale along x; negative when the x axis is the flipped one.
        public var scaleX: Double
        /// Scale along y; negative when the y axis is the flipped one.
        public var scaleY: Double
        /// The rotation in radians, in −π...π (a CG angle: +x turns towards +y).
        public var angle: Double
        /// The residual matrix (the skew), `[[m11, m12], [m21, m22]]`; the identity when there is none.
        public var m11: Double
        public var m12: Double
        public var m21: Double
        public var m22: Double

        public init(translationX: Double, translationY: Double, scaleX: Double, scaleY: Double,
                    angle: Double, m11: Double = 1, m12: Double = 0, m21: Double = 0, m22: Double = 1) {
            self.translationX = translationX
            self.translationY = translationY
            self.scaleX = scaleX
            self.scaleY = scaleY
            self.angle = angle
            self.m11 = m11
            self.m12 = m12
            self.m21 = m21
            self.m22 = m22
        }
    }

    /// The transform taken apart; `Transform2D(decomposed)` puts it back together (within rounding).
    public var decomposed: Decomposed {
        var row0 = (x: a, y: b), row1 = (x: c, y: d)
        var scaleX = Double.hypot(row0.x, row0.y)
        var scaleY = Double.hypot(row1.x, row1.y)
        // A negative determinant means one axis is flipped: flip the one whose unit vector has
        // the smaller dot product with its image (the smaller diagonal entry).
        if determinant < 0 {
            if row0.x < row1.y { scaleX = -scaleX } else { scaleY = -scaleY }
        }
        if scaleX != 0 { row0 = (row0.x / scaleX, row0.y / scaleX) }
        if scaleY != 0 { row1 = (row1.x / scaleY, row1.y / scaleY) }
        let angle = Double.atan2(y: row0.y, x: row0.x)
        // Remove the rotation: K = N · R(−angle). With row0 normalised, cos = row0.x, sin = row0.y.
        let cos = row0.x, sin = row0.y
        let residual: (m11: Double, m12: Double, m21: Double, m22: Double)
        if angle == 0 {
            residual = (row0.x, row0.y, row1.x, row1.y)
        } else {
            residual = (row0.x * cos + row0.y * sin, -row0.x * sin + row0.y * cos,
                        row1.x * cos + row1.y * sin, -row1.x * sin + row1.y * cos)
        }
        return Decomposed(translationX: tx, translationY: ty, scaleX: scaleX, scaleY: scaleY,
                          angle: angle, m11: residual.m11, m12: residual.m12,
                          m21: residual.m21, m22: residual.m22)
    }

    /// Recomposes a decomposed transform: `S · K · R(angle)`, then the translation.
    public init(_ parts: Decomposed) {
        let sin = Double.sin(parts.angle), cos = Double.cos(parts.angle)
        // Rows of S · K.
        let k0 = (x: parts.scaleX * parts.m11, y: parts.scaleX * parts.m12)
        let k1 = (x: parts.scaleY * parts.m21, y: parts.scaleY * parts.m22)
        // Times R = [[cos, sin], [−sin, cos]].
        self.init(a: k0.x * cos - k0.y * sin, b: k0.x * sin + k0.y * cos,
                  c: k1.x * cos - k1.y * sin, d: k1.x * sin + k1.y * cos,
                  tx: parts.translationX, ty: parts.translationY)
    }

    /// Interpolation by decomposition (CSS Transforms Level 1); exact at fractions 0 and 1, and
    /// extrapolating outside 0...1.
    public func interpolated(to other: Transform2D, fraction: Double) -> Transform2D {
        if fraction == 0 || self == other { return self }
        if fraction == 1 { return other }
        var from = decomposed, to = other.decomposed
        // One flipped x and the other a flipped y: express `from` as an unflipped rotation by π.
        if (from.scaleX < 0 && to.scaleY < 0) || (from.scaleY < 0 && to.scaleX < 0) {
            from.scaleX = -from.scaleX
            from.scaleY = -from.scaleY
            from.angle += from.angle < 0 ? .pi : -.pi
        }
        // Don't rotate the long way round. CSS maps an angle of 0 to 2π first, which decides the
        // direction of a turn by exactly π away from 0; both at 0 stay at 0.
        var fromAngle = from.angle == 0 ? 2 * Double.pi : from.angle
        var toAngle = to.angle == 0 ? 2 * Double.pi : to.angle
        if Swift.abs(fromAngle - toAngle) > .pi {
            if fromAngle > toAngle { fromAngle -= 2 * .pi } else { toAngle -= 2 * .pi }
        }
        if fromAngle == 2 * .pi && toAngle == 2 * .pi { (fromAngle, toAngle) = (0, 0) }
        let t = fraction
        return Transform2D(Decomposed(
            translationX: lerp(from.translationX, to.translationX, t),
            translationY: lerp(from.translationY, to.translationY, t),
            scaleX: lerp(from.scaleX, to.scaleX, t), scaleY: lerp(from.scaleY, to.scaleY, t),
            angle: lerp(fromAngle, toAngle, t),
            m11: lerp(from.m11, to.m11, t), m12: lerp(from.m12, to.m12, t),
            m21: lerp(from.m21, to.m21, t), m22: lerp(from.m22, to.m22, t)))
    }

    /// A metric on the decomposed parts: the Euclidean norm of the differences of translation (in
    /// points), scale, residual entries and rotation angle (in radians, the shorter way round the
    /// circle), so a pure rotation by θ is θ away from the identity and a pure translation is its
    /// length away. Units are mixed, as in CSS's paced transform animations. Two different
    /// matrices that round to the same parts are told apart by their entries' Euclidean distance.
    public func animationDistance(to other: Transform2D) -> Double {
        if self == other { return 0 }
        let p = decomposed, q = other.decomposed
        var turn = Swift.abs(p.angle - q.angle).truncatingRemainder(dividingBy: 2 * .pi)
        if turn > .pi { turn = 2 * .pi - turn }
        let parts = [p.translationX - q.translationX, p.translationY - q.translationY,
                     p.scaleX - q.scaleX, p.scaleY - q.scaleY, turn,
                     p.m11 - q.m11, p.m12 - q.m12, p.m21 - q.m21, p.m22 - q.m22]
        let distance = euclideanNorm(parts)
        guard distance > 0 else {
            return euclideanNorm([a - other.a, b - other.b, c - other.c, d - other.d,
                                  tx - other.tx, ty - other.ty])
        }
        return distance
    }
}
