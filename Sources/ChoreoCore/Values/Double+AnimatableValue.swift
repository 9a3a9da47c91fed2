/// Scalars animate: opacity, cornerRadius, borderWidth, strokeEnd and custom numeric properties.
///
/// `zero`, `+`, `-` and `*` are the standard library's. Interpolation is the protocol's default
/// (`a + (b - a) * t`, exact at both ends).
///
///     (0.2).interpolated(to: 1, fraction: 0.5)   // 0.6
///     (3.0).animationDistance(to: 1)              // 2
///
/// The metric is named `animationDistance(to:)`, not `distance(to:)`, because `Double` already has
/// a `distance(to:)` from `Strideable` that returns the *signed* difference.
extension Double: AnimatableValue {
    /// The metric of `AnimatableValue` for scalars: `|other - self|`.
    public func animationDistance(to other: Double) -> Double {
        Swift.abs(other - self)
    }
}
