/// The timing curves known by name: Core Animation's `CAMediaTimingFunctionName`s, which UIKit's
/// `UIView.AnimationCurve` shares (an assumption the reference marks UNCONFIRMED).
///
///     let curve = try NamedCurve(parsing: "easeInOut").curve   // CubicBezierCurve.easeInOut
///
/// `easeInEaseOut` is accepted as Core Animation's spelling of `easeInOut` (`aliases`): this
/// type is the one place that knows it, for the parser, the timing registry, motion specs and
/// the names scripts may not register.
public enum NamedCurve: String, CaseIterable, Sendable {
    case linear, easeIn, easeOut, easeInOut, `default`

    /// Other spellings of the names, and the curve each stands for: Core Animation's
    /// `kCAMediaTimingFunctionEaseInEaseOut` is `easeInEaseOut`; UIKit's `.easeInOut`.
    public static let aliases: [(name: String, curve: NamedCurve)] = [("easeInEaseOut", .easeInOut)]

    /// Every name a named curve answers to: the cases' names, then the aliases.
    public static var allNames: [String] { allCases.map(\.rawValue) + aliases.map(\.name) }

    /// The named curve `name` spells, by its own name or an alias; nil for any other name.
    public init?(name: String) {
        guard let named = NamedCurve(rawValue: name) ?? Self.aliases.first(where: { $0.name == name })?.curve else {
            return nil
        }
        self = named
    }

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
        if let named = NamedCurve(name: name) {
            self = named
        } else {
            try self.init(parsing: name, parameter: "curve")
        }
    }
}
