/// A value that animations can interpolate, add, subtract, scale and measure.
///
/// Every animatable property of a layer holds one of these: `Double` (opacity, cornerRadius, custom
/// numbers), `Point`, `Size`, `Rect`, `Vector`, `Color`, `Transform2D` and `Transform3D`. The
/// engine needs all six operations: interpolation for basic and keyframe animations, `+` and `-`
/// for additive and cumulative animations (UIKit's view animations since iOS 8 are additive),
/// `*` for velocities and spring displacement, and `animationDistance(to:)` for paced keyframes.
///
///     let from = Point(x: 0, y: 0), to = Point(x: 100, y: 40)
///     from.interpolated(to: to, fraction: 0.5)    // (x: 50, y: 20)
///     (from - to) + to == from                    // an additive animation lands on `from`
///     from.animationDistance(to: to)             // 107.70…
///
/// Contract:
/// - `zero` is the additive identity: `v + .zero == v`. For transforms it is the identity
///   transform, and `+` is concatenation in Core Animation's order: `a + b` applies `a`, then `b`.
/// - `-` inverts `+`: `(a - b) + b == a`. UIKit's additive animations rely on it: a change from
///   `old` to `new` runs an animation from `old - new` to `.zero` added onto the model `new`.
///   Component-wise types compute it with one IEEE subtraction and one addition per component, so
///   it is exact whenever the subtraction is (for example both values on a 1/256 grid, or within
///   a factor of two of each other) and otherwise within one rounding of the larger operand.
///   Transforms hold it to about 1e-9 (one inverse and two matrix products).
/// - `v * k` scales `v`: component-wise, or for transforms the interpolation from identity to `v`
///   by `k` (extrapolating when `k` leaves 0...1).
/// - `interpolated(to:fraction:)` returns `self` at fraction 0 and `other` at fraction 1, exactly;
///   fractions outside 0...1 (overshooting curves and springs) extrapolate.
/// - `animationDistance(to:)` is a metric: ≥ 0, symmetric, 0 exactly when the values are equal, and obeys
///   the triangle inequality (up to rounding). Each type documents its units.
public protocol AnimatableValue: Equatable, Sendable {
    /// The additive identity (the identity transform for transforms).
    static var zero: Self { get }

    /// Additive composition: component-wise sum, or concatenation (lhs first) for transforms.
    static func + (lhs: Self, rhs: Self) -> Self

    /// The inverse of `+`: `(a - b) + b == a`.
    static func - (lhs: Self, rhs: Self) -> Self

    /// Scaling: component-wise product, or identity → `lhs` interpolated by `rhs` for transforms.
    static func * (lhs: Self, rhs: Double) -> Self

    /// The value at `fraction` of the way from `self` to `other`; extrapolates outside 0...1.
    func interpolated(to other: Self, fraction: Double) -> Self

    /// A metric between two values: ≥ 0, symmetric, 0 only when the values are equal.
    func animationDistance(to other: Self) -> Double
}

extension AnimatableValue {
    /// Linear interpolation through the vector-space operations: `self + (other - self) * fraction`.
    ///
    /// Fraction 1 returns `other` itself: `self + (other - self)` can be an ulp off `other`, and an
    /// animation must end exactly on its to-value. Fraction 0 is exact by construction.
    @inlinable
    public func interpolated(to other: Self, fraction: Double) -> Self {
        if fraction == 1 { return other }
        return self + (other - self) * fraction
    }
}

/// Linear interpolation of one number, exact at both ends: `a` at 0, `b` at 1; extrapolates.
@inlinable
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    t == 1 ? b : a + (b - a) * t
}

/// The Euclidean norm of a vector, scaled by its largest component so that neither squaring
/// overflows nor tiny differences underflow to 0 (which would break "0 only when equal").
func euclideanNorm(_ components: [Double]) -> Double {
    components.withUnsafeBufferPointer(euclideanNorm)
}

/// `euclideanNorm` of three or four numbers, without allocating (a fourth 0 changes no bit).
func euclideanNorm(_ a: Double, _ b: Double, _ c: Double, _ d: Double = 0) -> Double {
    withUnsafeBytes(of: (a, b, c, d)) { euclideanNorm($0.assumingMemoryBound(to: Double.self)) }
}

func euclideanNorm(_ components: UnsafeBufferPointer<Double>) -> Double {
    let largest = components.reduce(0) { Swift.max($0, Swift.abs($1)) }
    guard largest > 0, largest.isFinite else { return largest }
    let sum = components.reduce(0) { $0 + ($1 / largest) * ($1 / largest) }
    return largest * sum.squareRoot()
}
