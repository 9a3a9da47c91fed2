/// The timing curves known by name: Core Animation's `CAMediaTimingFunctionName`s, which UIKit's
/// `UIView.AnimationCurve` shares (an assumption the reference marks UNCONFIRMED).
///
///     let curve = try NamedCurve(parsing: "easeInOut").curve   // CubicBezierCurve.easeInOut
///
/// `easeInEaseOut` is accepted as Core Animation's spelling of `easeInOut`.
public enum NamedCurve: String, CaseIterable, Sendable {
    case linear, easeIn, easeOut, easeInOut, `default`

    /// The curve's control points, as a cubic Bézier.
    public var curve: CubicBezierCurve {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInOut
        case .default: .default
        }
    }

    /// Parses a curve name; an unknown name lists the valid ones.
    public init(parsing name: String) throws(ArgumentError) {
        if name == "easeInEaseOut" {
            self = .easeInOut
        } else {
            try self.init(parsing: name, parameter: "curve")
        }
    }
}
