/// A rectangle given by its origin and size, in points: CGRect's counterpart.
///
/// `bounds` and `frame` are rects. Like CGRect, a rect may have a negative width or height (it
/// then extends left of or above its origin); the edge accessors (`minX`, `maxY`, …) and `width` /
/// `height` see the standardized rect, while `origin` and `size` keep the raw values, which is what
/// arithmetic and interpolation use.
///
///     let r = Rect(x: 20, y: 100, width: 80, height: 80)
///     r.maxX          // 100
///     r.center        // (x: 60, y: 140)
///
/// Contract: arithmetic is component-wise over (x, y, width, height); the memberwise initialisers
/// accept any value; values from scripts go through `validated(x:y:width:height:parameter:)`.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rect from outside (a script, a motion spec): all four components must be finite.
    ///
    /// Negative sizes are accepted, as in Core Graphics.
    public static func validated(
        x: Double, y: Double, width: Double, height: Double, parameter: String? = nil
    ) throws(ArgumentError) -> Rect {
        Rect(x: try requireFinite(x, componentName("x", of: parameter)),
             y: try requireFinite(y, componentName("y", of: parameter)),
             width: try requireFinite(width, componentName("width", of: parameter)),
             height: try requireFinite(height, componentName("height", of: parameter)))
    }

    /// The rect at the origin with zero size.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The smallest x of the rect (CGRectGetMinX).
    public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    /// The x of the rect's centre (CGRectGetMidX).
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest x of the rect (CGRectGetMaxX).
    public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    /// The smallest y of the rect (CGRectGetMinY).
    public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    /// The y of the rect's centre (CGRectGetMidY).
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest y of the rect (CGRectGetMaxY).
    public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    /// The standardized width, ≥ 0 (CGRectGetWidth).
    public var width: Double { Swift.abs(size.width) }
    /// The standardized height, ≥ 0 (CGRectGetHeight).
    public var height: Double { Swift.abs(size.height) }
    /// The centre point, (midX, midY).
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rect with a non-negative size (CGRectStandardize).
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }
}

extension Rect: AnimatableValue {
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }

    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }

    public static func * (lhs: Rect, rhs: Double) -> Rect {
        Rect(origin: lhs.origin * rhs, size: lhs.size * rhs)
    }

    public func interpolated(to other: Rect, fraction: Double) -> Rect {
        Rect(origin: origin.interpolated(to: other.origin, fraction: fraction),
             size: size.interpolated(to: other.size, fraction: fraction))
    }

    /// Euclidean distance over the four components (x, y, width, height), in points.
    public func animationDistance(to other: Rect) -> Double {
        euclideanNorm([other.origin.x - origin.x, other.origin.y - origin.y,
                       other.size.width - size.width, other.size.height - size.height])
    }
}

extension Rect: CustomStringConvertible {
    public var description: String {
        "(x: \(formatNumber(origin.x)), y: \(formatNumber(origin.y)), "
            + "width: \(formatNumber(size.width)), height: \(formatNumber(size.height)))"
    }
}
