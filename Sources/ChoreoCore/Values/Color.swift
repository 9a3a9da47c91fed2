/// An RGBA color: non-premultiplied sRGB components from 0 to 1.
///
/// `backgroundColor`, `borderColor` and `shadowColor` animate as colors. Like Core Animation's
/// `CGColor` animations, interpolation and arithmetic are component-wise over (red, green, blue,
/// alpha) in gamma-encoded sRGB, non-premultiplied. Arithmetic does not clamp: an additive
/// animation's delta `old - new` has negative components, and clamping it would break
/// `(old - new) + new == old`. Renderers read `clamped`.
///
///     let c = try Color(parsing: "rebeccapurple")    // #663399
///     c.interpolated(to: .white, fraction: 0.5)
///     try Color.rgb(1, 0.5, 0)                       // UIKit's orange
///
/// Contract: `rgb(_:_:_:_:)` and `init(parsing:)` validate (finite, within 0...1); the memberwise
/// initialiser accepts any value (internal math, additive deltas).
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from outside (a script, a motion spec): each component finite and within 0...1.
    ///
    ///     try Color.rgb(0.2, 0.4, 0.6)         // opaque
    ///     try Color.rgb(0, 0, 0, 1.5)          // throws: alpha must be within 0...1 (got 1.5)
    public static func rgb(
        _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1
    ) throws(ArgumentError) -> Color {
        Color(red: try requireInRange(red, 0...1, "red"),
              green: try requireInRange(green, 0...1, "green"),
              blue: try requireInRange(blue, 0...1, "blue"),
              alpha: try requireInRange(alpha, 0...1, "alpha"))
    }

    /// Fully transparent black, (0, 0, 0, 0): the additive identity.
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Fully transparent black (UIColor.clear, CSS `transparent`).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    /// The color with every component clamped into 0...1 (NaN becomes 0), for renderers.
    public var clamped: Color {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        return Color(red: clamp(red), green: clamp(green), blue: clamp(blue), alpha: clamp(alpha))
    }

    /// The color with a different alpha (UIColor.withAlphaComponent).
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#rrggbbaa` in lower case, from the clamped components rounded to 8 bits; for traces.
    public var hexString: String {
        let c = clamped
        var text = "#"
        for component in [c.red, c.green, c.blue, c.alpha] {
            let byte = min(max(Int(saturating: (component * 255).rounded()), 0), 255)
            text.append(hexDigits[byte >> 4])
            text.append(hexDigits[byte & 0xF])
        }
        return text
    }
}

private let hexDigits: [Character] = Array("0123456789abcdef")

extension Color: AnimatableValue {
    public static func + (lhs: Color, rhs: Color) -> Color {
        Color(red: lhs.red + rhs.red, green: lhs.green + rhs.green,
              blue: lhs.blue + rhs.blue, alpha: lhs.alpha + rhs.alpha)
    }

    public static func - (lhs: Color, rhs: Color) -> Color {
        Color(red: lhs.red - rhs.red, green: lhs.green - rhs.green,
              blue: lhs.blue - rhs.blue, alpha: lhs.alpha - rhs.alpha)
    }

    public static func * (lhs: Color, rhs: Double) -> Color {
        Color(red: lhs.red * rhs, green: lhs.green * rhs, blue: lhs.blue * rhs, alpha: lhs.alpha * rhs)
    }

    public func interpolated(to other: Color, fraction: Double) -> Color {
        Color(red: lerp(red, other.red, fraction), green: lerp(green, other.green, fraction),
              blue: lerp(blue, other.blue, fraction), alpha: lerp(alpha, other.alpha, fraction))
    }

    /// Euclidean distance over the four components (red, green, blue, alpha), in 0...1 units.
    public func animationDistance(to other: Color) -> Double {
        euclideanNorm([other.red - red, other.green - green, other.blue - blue, other.alpha - alpha])
    }
}

extension Color: CustomStringConvertible {
    /// `#rrggbbaa` when the components are exact 8-bit values in 0...1, else the four numbers.
    public var description: String {
        let components = [red, green, blue, alpha]
        let isEightBit = components.allSatisfy { v in
            (0...1).contains(v) && (v * 255).rounded() / 255 == v
        }
        if isEightBit { return hexString }
        return "(red: \(formatNumber(red)), green: \(formatNumber(green)), "
            + "blue: \(formatNumber(blue)), alpha: \(formatNumber(alpha)))"
    }
}
