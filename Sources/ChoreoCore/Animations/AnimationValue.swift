/// A value of any animatable kind, as animations carry it: the dynamic face of `AnimatableValue`.
///
/// Scripts hand animations untyped values (`fade.toValue = 1`, `move.toValue = {x=100, y=50}`);
/// the key path decides which kind they must be (`PropertyPath.valueKind`), and they are checked
/// once, when the animation is added. From then on the per-frame code switches on the case, which
/// costs no allocation:
///
///     let a = AnimationValue.point(Point(x: 0, y: 0)), b = AnimationValue.point(Point(x: 10, y: 0))
///     a.interpolated(to: b, fraction: 0.5)   // .point(5, 0)
///
/// Operations between values of different kinds cannot happen after that check; if one is forced
/// anyway the left operand is returned unchanged, never a trap.
///
/// The transform case is `indirect`: its 128-byte matrix lives in a shared immutable box, so the
/// enum is as large as a rect or a color (33 bytes, stride 40) instead of 129 (stride 136). Every
/// animation holds several values (from, to, by and the resolved ends) and a keyframe animation
/// one per keyframe, nearly all of them numbers, points and colors: they paid for the matrix.
/// Value semantics are unchanged (the box is never written); making a transform value allocates.
///
/// The list cases (a gradient's `colors` and `locations`) hold an array, which is one reference
/// already: they keep the enum at 40 bytes without an `indirect` box of their own. Their
/// arithmetic is in `AnimationValue+Lists.swift`.
public enum AnimationValue: Hashable, Sendable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    indirect case transform(Transform3D)
    /// A shape layer's path (CAShapeLayer.path): see `BezierPath+Animation.swift` for how it animates.
    case path(BezierPath)
    /// A list of colors (CAGradientLayer's `colors`).
    case colors([Color])
    /// A list of numbers (CAGradientLayer's `locations`).
    case numbers([Double])

    /// The kind of value this is.
    public var kind: ValueKind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .path: .path
        case .colors: .colors
        case .numbers: .numbers
        }
    }

    /// The additive identity of `kind`.
    public static func zero(_ kind: ValueKind) -> AnimationValue {
        switch kind {
        case .scalar: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(.zero)
        case .transform: identityTransform
        case .path: .path(.zero)
        case .colors: .colors([])
        case .numbers: .numbers([])
        }
    }

    /// The identity transform as a value, made once: its box is shared (making it allocated one
    /// every time, and every block animation of a transform starts from it).
    private static let identityTransform = AnimationValue.transform(.identity)

    /// The value at `fraction` between `self` and `other` (extrapolating outside 0...1).
    @inlinable
    public func interpolated(to other: AnimationValue, fraction: Double) -> AnimationValue {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): .scalar(a.interpolated(to: b, fraction: fraction))
        case let (.point(a), .point(b)): .point(a.interpolated(to: b, fraction: fraction))
        case let (.size(a), .size(b)): .size(a.interpolated(to: b, fraction: fraction))
        case let (.rect(a), .rect(b)): .rect(a.interpolated(to: b, fraction: fraction))
        case let (.color(a), .color(b)): .color(a.interpolated(to: b, fraction: fraction))
        case let (.transform(a), .transform(b)): .transform(a.interpolated(to: b, fraction: fraction))
        case let (.path(a), .path(b)): .path(a.interpolated(to: b, fraction: fraction))
        case (.colors, .colors), (.numbers, .numbers): listInterpolated(to: other, fraction: fraction)
        default: self
        }
    }

    /// Additive composition (transforms: `lhs` first, then `rhs`).
    @inlinable
    public static func + (lhs: AnimationValue, rhs: AnimationValue) -> AnimationValue {
        switch (lhs, rhs) {
        case let (.scalar(a), .scalar(b)): .scalar(a + b)
        case let (.point(a), .point(b)): .point(a + b)
        case let (.size(a), .size(b)): .size(a + b)
        case let (.rect(a), .rect(b)): .rect(a + b)
        case let (.color(a), .color(b)): .color(a + b)
        case let (.transform(a), .transform(b)): .transform(a + b)
        case let (.path(a), .path(b)): .path(a + b)
        case (.colors, .colors), (.numbers, .numbers): lhs.listCombined(rhs, +)
        default: lhs
        }
    }

    /// The inverse of `+`: `(a - b) + b == a`.
    @inlinable
    public static func - (lhs: AnimationValue, rhs: AnimationValue) -> AnimationValue {
        switch (lhs, rhs) {
        case let (.scalar(a), .scalar(b)): .scalar(a - b)
        case let (.point(a), .point(b)): .point(a - b)
        case let (.size(a), .size(b)): .size(a - b)
        case let (.rect(a), .rect(b)): .rect(a - b)
        case let (.color(a), .color(b)): .color(a - b)
        case let (.transform(a), .transform(b)): .transform(a - b)
        case let (.path(a), .path(b)): .path(a - b)
        case (.colors, .colors), (.numbers, .numbers): lhs.listCombined(rhs, -)
        default: lhs
        }
    }

    /// Scaling by `k`.
    @inlinable
    public static func * (lhs: AnimationValue, k: Double) -> AnimationValue {
        switch lhs {
        case let .scalar(a): .scalar(a * k)
        case let .point(a): .point(a * k)
        case let .size(a): .size(a * k)
        case let .rect(a): .rect(a * k)
        case let .color(a): .color(a * k)
        case let .transform(a): .transform(a * k)
        case let .path(a): .path(a * k)
        case let .colors(a): .colors(a.map { $0 * k })
        case let .numbers(a): .numbers(a.map { $0 * k })
        }
    }

    /// The metric between two values of the same kind (0 for different kinds).
    public func animationDistance(to other: AnimationValue) -> Double {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): a.animationDistance(to: b)
        case let (.point(a), .point(b)): a.animationDistance(to: b)
        case let (.size(a), .size(b)): a.animationDistance(to: b)
        case let (.rect(a), .rect(b)): a.animationDistance(to: b)
        case let (.color(a), .color(b)): a.animationDistance(to: b)
        case let (.transform(a), .transform(b)): a.animationDistance(to: b)
        case let (.path(a), .path(b)): a.animationDistance(to: b)
        case (.colors, .colors), (.numbers, .numbers): listDistance(to: other)
        default: 0
        }
    }

    /// The scalar, for scalar values.
    public var scalar: Double? { if case let .scalar(v) = self { v } else { nil } }
    /// The point, for point values.
    public var point: Point? { if case let .point(v) = self { v } else { nil } }
}

/// The kinds of animatable values, as error messages name them.
public enum ValueKind: String, Hashable, Sendable {
    case scalar = "number", point, size, rect, color, transform, path
    case colors = "list of colors", numbers = "list of numbers"
}
