extension AnimationValue {
    /// Whether `x - self` undoes `+ self` for every `x` (`(x - self) + self == x`), so that an
    /// additive animation can be built around this value as its model: true for every kind except
    /// a singular transform, which has no inverse, and lists (a gradient's colors and locations):
    /// `x - self` undoes nothing when `x` is a list of another length.
    ///
    ///     AnimationValue.scalar(3).isInvertible                               // true
    ///     AnimationValue.transform(.init(scaleX: 0, y: 1, z: 1)).isInvertible  // false
    ///
    /// View animation blocks, animators and motion animators animate a change additively (from
    /// old − new to zero, on top of the new model value) only when the new value is invertible;
    /// otherwise they fall back to an absolute animation from the old presentation value.
    ///
    /// A path is never taken as invertible: `x - path` undoes `+ path` only for paths of its
    /// structure, and a change to a path of another structure must switch halfway, which only an
    /// absolute animation does.
    public var isInvertible: Bool {
        switch self {
        case let .transform(t): t.inverted() != nil
        case .path: false
        case .colors, .numbers: false
        default: true
        }
    }

    /// `.zero(kind) - self`, the from-value's part an additive animation built around this value
    /// starts with, or nil when the value is not `isInvertible`: the test and the difference in
    /// one step (a transform is inverted once, where the test and `-` inverted it twice).
    ///
    ///     AnimationValue.scalar(3).additiveInverse   // .scalar(-3)
    public var additiveInverse: AnimationValue? {
        switch self {
        case let .transform(t): t.inverted().map { .transform(Transform3D.identity.concatenating($0)) }  // `identity - t`
        case .path, .colors, .numbers: nil
        default: .zero(kind) - self
        }
    }
}
