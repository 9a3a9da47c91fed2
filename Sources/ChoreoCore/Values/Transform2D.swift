import RealModule

/// An affine 2D transform: CGAffineTransform's counterpart, with the same fields and conventions.
///
/// A view's `transform` is one. The matrix acts on row vectors, as in Core Graphics:
///
///                     | a   b   0 |
///     [x' y' 1] = [x y 1] · | c   d   0 |      x' = a·x + c·y + tx
///                     | tx  ty  1 |      y' = b·x + d·y + ty
///
/// so `t1.concatenating(t2)` (t1 · t2) applies `t1` first, then `t2`, exactly as
/// `CGAffineTransformConcat(t1, t2)`. A positive rotation angle turns +x towards +y
/// (counter-clockwise in y-up math coordinates, clockwise on a y-down screen), as
/// `CGAffineTransformMakeRotation`.
///
///     let t = Transform2D(translationX: 10, y: 0).concatenating(Transform2D(rotationAngle: .pi / 2))
///     t.applied(to: Point(x: 1, y: 0))       // (x: 0, y: 11), within rounding
///
/// As an `AnimatableValue`, `+` is concatenation (`a + b` applies `a`, then `b`), `-` concatenates
/// with the inverse (`(a - b) + b == a` to about 1e-9), `zero` is the identity, and interpolation
/// goes through the CSS 2D decomposition (see `Transform2D+Decomposition.swift`).
///
/// Contract: the memberwise and CG-style initialisers accept any value (internal math); values
/// from scripts go through the throwing `translation`, `scale`, `rotation` and `validated`.
public struct Transform2D: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform (CGAffineTransformIdentity).
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation (CGAffineTransformMakeTranslation).
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale about the origin (CGAffineTransformMakeScale).
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin (CGAffineTransformMakeRotation):
    /// a = cos, b = sin, c = −sin, d = cos.
    public init(rotationAngle angle: Double) {
        let cos = Double.cos(angle), sin = Double.sin(angle)
        self.init(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// A transform from outside with all six fields given: each must be finite.
    public static func validated(
        a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double, parameter: String? = nil
    ) throws(ArgumentError) -> Transform2D {
        Transform2D(a: try requireFinite(a, componentName("a", of: parameter)),
                    b: try requireFinite(b, componentName("b", of: parameter)),
                    c: try requireFinite(c, componentName("c", of: parameter)),
                    d: try requireFinite(d, componentName("d", of: parameter)),
                    tx: try requireFinite(tx, componentName("tx", of: parameter)),
                    ty: try requireFinite(ty, componentName("ty", of: parameter)))
    }

    /// A translation from outside (`Transform.translation(tx, ty)` in scripts): both finite.
    public static func translation(_ tx: Double, _ ty: Double) throws(ArgumentError) -> Transform2D {
        Transform2D(translationX: try requireFinite(tx, "tx"), y: try requireFinite(ty, "ty"))
    }

    /// A scale from outside (`Transform.scale(sx, sy)`); `sy` defaults to `sx`. Both finite.
    public static func scale(_ sx: Double, _ sy: Double? = nil) throws(ArgumentError) -> Transform2D {
        let sx = try requireFinite(sx, "sx")
        return Transform2D(scaleX: sx, y: try requireFinite(sy ?? sx, "sy"))
    }

    /// A rotation from outside (`Transform.rotation(angle)`), in radians: finite.
    public static func rotation(_ angle: Double) throws(ArgumentError) -> Transform2D {
        Transform2D(rotationAngle: try requireFinite(angle, "angle"))
    }

    /// Whether this is exactly the identity (CGAffineTransformIsIdentity).
    public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part, `a·d − b·c`; negative when the transform flips.
    public var determinant: Double { a * d - b * c }

    /// `t1.concatenating(t2)` applies `t1`, then `t2` (CGAffineTransformConcat(t1, t2)).
    public func concatenating(_ t2: Transform2D) -> Transform2D {
        Transform2D(a: a * t2.a + b * t2.c,
                    b: a * t2.b + b * t2.d,
                    c: c * t2.a + d * t2.c,
                    d: c * t2.b + d * t2.d,
                    tx: tx * t2.a + ty * t2.c + t2.tx,
                    ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// The inverse transform, or nil when the matrix is singular (determinant 0) or its inverse
    /// overflows (CGAffineTransformInvert returns the input unchanged in that case instead).
    public func inverted() -> Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = Transform2D(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                  tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// The point transformed (CGPointApplyAffineTransform).
    public func applied(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// A translation applied first, then this transform (CGAffineTransformTranslate).
    public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied first, then this transform (CGAffineTransformScale).
    public func scaledBy(x: Double, y: Double) -> Transform2D {
        Transform2D(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied first, then this transform (CGAffineTransformRotate).
    public func rotated(by angle: Double) -> Transform2D {
        Transform2D(rotationAngle: angle).concatenating(self)
    }

    /// Whether all six fields are finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension Transform2D: AnimatableValue {
    /// The identity: the additive identity of transforms.
    public static var zero: Transform2D { .identity }

    /// Concatenation: `lhs` first, then `rhs`, the order Core Animation adds transforms in.
    public static func + (lhs: Transform2D, rhs: Transform2D) -> Transform2D {
        lhs.concatenating(rhs)
    }

    /// `lhs` concatenated with the inverse of `rhs`, so that `(a - b) + b == a`.
    ///
    /// A singular `rhs` has no inverse; the result is then `lhs` (nothing of `rhs` can be undone),
    /// and callers that need the law should check `rhs.inverted() != nil` first.
    public static func - (lhs: Transform2D, rhs: Transform2D) -> Transform2D {
        guard let inverse = rhs.inverted() else { return lhs }
        return lhs.concatenating(inverse)
    }

    /// The interpolation from the identity to `lhs` by `rhs` (extrapolating outside 0...1).
    public static func * (lhs: Transform2D, rhs: Double) -> Transform2D {
        Transform2D.identity.interpolated(to: lhs, fraction: rhs)
    }
}

extension Transform2D: CustomStringConvertible {
    public var description: String {
        "Transform2D(a: \(formatNumber(a)), b: \(formatNumber(b)), c: \(formatNumber(c)), "
            + "d: \(formatNumber(d)), tx: \(formatNumber(tx)), ty: \(formatNumber(ty)))"
    }
}
