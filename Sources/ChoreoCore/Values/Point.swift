import RealModule

/// A location in a 2D coordinate space, in points: CGPoint's counterpart.
///
/// Layers' `position` and `anchorPoint` are points; so is `center` on a view. Arithmetic is
/// component-wise, which is what additive animations of `position` need.
///
///     let p = Point(x: 10, y: 20)
///     p + Point(x: 5, y: -5)          // (x: 15, y: 15)
///     p.animationDistance(to: .zero)           // 22.36…
///
/// Contract: the memberwise initialiser accepts any value (internal math); values from scripts go
/// through `validated(x:y:parameter:)`, which rejects NaN and infinities.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// A point from outside (a script, a motion spec): both coordinates must be finite.
    ///
    /// `parameter` prefixes the coordinate in the error (`center.x must be a finite number (got nan)`).
    public static func validated(x: Double, y: Double, parameter: String? = nil) throws(ArgumentError) -> Point {
        Point(x: try requireFinite(x, componentName("x", of: parameter)),
              y: try requireFinite(y, componentName("y", of: parameter)))
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

extension Point: AnimatableValue {
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

    public func interpolated(to other: Point, fraction: Double) -> Point {
        Point(x: lerp(x, other.x, fraction), y: lerp(y, other.y, fraction))
    }

    /// Euclidean distance, in points.
    public func animationDistance(to other: Point) -> Double {
        Double.hypot(other.x - x, other.y - y)
    }
}

extension Point: CustomStringConvertible {
    public var description: String { "(x: \(formatNumber(x)), y: \(formatNumber(y)))" }
}

/// `name` as a component of `parameter`: `x` alone, or `center.x`.
func componentName(_ name: String, of parameter: String?) -> String {
    guard let parameter, !parameter.isEmpty else { return name }
    return parameter + "." + name
}
