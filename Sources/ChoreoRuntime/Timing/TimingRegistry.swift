import ChoreoCore

/// The timing providers an engine knows by name: the built-in curves first, then whatever
/// scripts register and plugins provide (`plugin.provider`).
///
///     let registry = TimingRegistry()
///     let ease = try registry.curve(named: "easeOut")
///     ease.progress(at: 0.5)
///
/// Besides registered names, `curve(named:)` understands CSS-style specs, so any place that takes
/// a curve name takes a one-off curve too: `cubic-bezier(0.57, -0.4, 0.96, 0.87)`.
public struct TimingRegistry: Sendable {
    private var curves: [String: any TimingCurve] = [:]
    /// Names in registration order, for listings.
    public private(set) var names: [String] = []

    /// A registry holding the built-in curves.
    public init() {
        for named in NamedCurve.allCases {
            register(named.rawValue, named.curve)
        }
    }

    /// Adds (or replaces) a curve under `name`.
    public mutating func register(_ name: String, _ curve: any TimingCurve) {
        if curves.updateValue(curve, forKey: name) == nil { names.append(name) }
    }

    /// The curve registered as `name`, or described by a CSS-style spec.
    public func curve(named name: String) throws(ArgumentError) -> any TimingCurve {
        if let curve = curves[name] { return curve }
        if name == "easeInEaseOut" { return CubicBezierCurve.easeInOut }
        if let curve = try CurveSpec.parse(name) { return curve }
        throw ArgumentError(
            parameter: "curve",
            requirement: "must be a registered curve (" + names.joined(separator: ", ")
                + ") or a spec: cubic-bezier(x1, y1, x2, y2), steps(n, position), linear(...), spring(m, k, c)",
            value: "\"\(name)\"")
    }
}
