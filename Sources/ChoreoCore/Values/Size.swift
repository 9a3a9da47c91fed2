import RealModule

/// A width and a height, in points: CGSize's counterpart.
///
/// `bounds.size`, `shadowOffset` and the size half of a frame are sizes. Arithmetic is
/// component-wise; negative components are allowed, as in Core Graphics (additive deltas are
/// negative whenever something shrinks).
///
///     Size(width: 80, height: 40) * 0.5     // (width: 40, height: 20)
///
/// Contract: the memberwise initialiser accepts any value; values from scripts go through
/// `validated(width:height:parameter:)`, which rejects NaN and infinities.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size from outside (a script, a motion spec): both components must be finite.
    public static func validated(
        width: Double, height: Double, parameter: String? = nil
    ) throws(ArgumentError) -> Size {
        Size(width: try requireFinite(width, componentName("width", of: parameter)),
             height: try requireFinite(height, componentName("height", of: parameter)))
    }

    /// The empty size, (0, 0).
    public static let zero = Size(width: 0, height: 0)
}

extension Size: AnimatableValue {
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    public static func * (lhs: Size, rhs: Double) -> Size {
        Size(width: lhs.width * rhs, height: lhs.height * rhs)
    }

    public func interpolated(to other: Size, fraction: Double) -> Size {
        Size(width: lerp(width, other.width, fraction), height: lerp(height, other.height, fraction))
    }

    /// Euclidean distance between the (width, height) pairs, in points.
    public func animationDistance(to other: Size) -> Double {
        Double.hypot(other.width - width, other.height - height)
    }
}

extension Size: CustomStringConvertible {
    public var description: String { "(width: \(formatNumber(width)), height: \(formatNumber(height)))" }
}
