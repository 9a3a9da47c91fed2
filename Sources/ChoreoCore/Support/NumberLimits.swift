/// The finite ranges Choreo accepts, one per kind of number (docs/lua-api.md, "Number ranges").
///
/// Doubles reach 1.8e308, but a value that large overflows the first time it is interpolated,
/// added or squared (`a + (b − a)·t` from −1.7e308 to 1.7e308 is infinite), and infinity then
/// becomes NaN. Every number from outside (a script, a plugin, a motion spec) is checked against
/// one of these ranges where it enters, so that arithmetic on accepted values stays finite:
///
///     try requireFinite(1.7e308, "fromValue")  // fromValue must be within ±1e15 (got 1.7e+308)
///
/// The ranges are generous for animation (a billion-point canvas is still a millionth of the
/// limit) and small enough that sums, products of two values and interpolation with any accepted
/// progress stay far from overflow.
public enum NumberLimits {
    /// Every value: coordinates, sizes, animation values, velocities, times, transform entries,
    /// custom properties. 1e15 is also where doubles stop holding every integer.
    public static let magnitude = 1e15

    /// A curve's progress and a cubic Bézier's control y (x stays in 0...1): a curve may
    /// overshoot, but not by more than a million times the distance it animates.
    public static let progress = 1e6

    /// Spring mass and stiffness: 1e-6...1e9. Damping: 0...1e9. Together they keep the angular
    /// frequency within 1e-7.5...1e7.5 rad/s and the damping ratio below 1e15, where the closed
    /// form and the settling time stay finite.
    public static let springMass: ClosedRange<Double> = 1e-6...1e9
    public static let springStiffness: ClosedRange<Double> = 1e-6...1e9
    public static let springDamping: ClosedRange<Double> = 0...1e9
    /// A spring's damping ratio (UIKit's dampingRatio, SwiftUI's, Material's): 0...1000.
    public static let dampingRatio: ClosedRange<Double> = 0...1000
    /// The duration or response a spring is fitted to, in seconds: 1e-6...1e6.
    public static let springSeconds: ClosedRange<Double> = 1e-6...1e6

    /// An animation's speed (CAMediaTiming): |speed| ≤ 1e6; 0 pauses.
    public static let speed = 1e6

    /// A label's font size, in points: up to 10,000 (FreeType refuses glyphs far larger).
    public static let fontSize = 10_000.0

    /// Counts a script asks for (steps of a `steps()` curve): 1...1,000,000.
    public static let count: ClosedRange<Int> = 1...1_000_000
}

extension Int {
    /// `value` rounded toward zero and clamped to ±2^52, NaN as 0: a conversion that cannot trap.
    ///
    /// `Int(_: Double)` traps on NaN, infinities and anything beyond ±9.2e18, so host code that
    /// turns a value derived from a script into a pixel count, an index or a frame number uses
    /// this instead (`Int(saturating: 1e300) == 1 << 52`). ±2^52 is far beyond any canvas or frame
    /// count, exact as a double, and a sum of a few such values still cannot overflow.
    public init(saturating value: Double) {
        let limit = 4_503_599_627_370_496.0  // 2^52
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
