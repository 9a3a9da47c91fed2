import RealModule

/// A 2D vector: CGVector's counterpart, used for spring initial velocities.
///
/// UIKit's `UISpringTimingParameters(initialVelocity:)` takes a `CGVector` whose components are
/// velocities relative to the animation's distance (1 = the whole distance in one second); Choreo
/// uses the same type for that and for any other direction-and-magnitude value.
///
///     let v = Vector(dx: 1, dy: 0.2)
///     v.magnitude                       // 1.0198…
///
/// Contract: the memberwise initialiser accepts any value; values from scripts go through
/// `validated(dx:dy:parameter:)`, which rejects NaN and infinities.
public struct Vector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// A vector from outside (a script, a motion spec): both components must be finite.
    public static func validated(dx: Double, dy: Double, parameter: String? = nil) throws(ArgumentError) -> Vector {
        Vector(dx: try requireFinite(dx, componentName("dx", of: parameter)),
               dy: try requireFinite(dy, componentName("dy", of: parameter)))
    }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// The Euclidean length of the vector.
    public var magnitude: Double { Double.hypot(dx, dy) }
}

extension Vector: AnimatableValue {
    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }

    public func interpolated(to other: Vector, fraction: Double) -> Vector {
        Vector(dx: lerp(dx, other.dx, fraction), dy: lerp(dy, other.dy, fraction))
    }

    /// Euclidean distance between the two vectors' tips.
    public func animationDistance(to other: Vector) -> Double {
        Double.hypot(other.dx - dx, other.dy - dy)
    }
}

extension Vector: CustomStringConvertible {
    public var description: String { "(dx: \(formatNumber(dx)), dy: \(formatNumber(dy)))" }
}
