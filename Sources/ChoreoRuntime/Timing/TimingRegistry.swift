import Synchronization
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
    /// Providers from plugins, by `plugin.provider` (see `TimingProvider`).
    public private(set) var providers: [String: any TimingProvider] = [:]
    /// Names in registration order, for listings (providers included).
    public private(set) var names: [String] = []
    /// Plugins that were refused, so that asking for one of their providers says why.
    public var pluginFailures: [PluginLoadError] = []
    /// CSS-style specs parsed before (`cubic-bezier(...)`, `steps(4)`), by their text: a scene
    /// that names one in every `View.animate` parses it once, and its animations share one curve.
    private let parsedSpecs = ParsedSpecs()

    /// A registry holding the built-in curves.
    public init() {
        for named in NamedCurve.allCases {
            register(named.rawValue, named.curve)
        }
    }

    /// Adds (or replaces) a curve under `name`.
    public mutating func register(_ name: String, _ curve: any TimingCurve) {
        // A name is listed once it is a curve's or a provider's: no search of the list (a script
        // registering a million names made each registration walk all of them).
        let wasProvider = providers.removeValue(forKey: name) != nil
        if curves.updateValue(curve, forKey: name) == nil && !wasProvider { names.append(name) }
    }

    /// How many names scripts and plugins may register besides the built-in curves: 10,000.
    public static let maximumRegistrations = 10_000

    /// Whether registering `name` would pass `maximumRegistrations` (a name registered already is
    /// replaced, and always fits).
    public func isFull(for name: String) -> Bool {
        curves[name] == nil && providers[name] == nil && names.count >= NamedCurve.allCases.count + Self.maximumRegistrations
    }

    /// Adds (or replaces) a plugin's provider under its name (`plugin.provider`); a curve
    /// registered under the same name is replaced.
    public mutating func register(provider: any TimingProvider) {
        let wasCurve = curves.removeValue(forKey: provider.name) != nil
        if providers.updateValue(provider, forKey: provider.name) == nil && !wasCurve { names.append(provider.name) }
    }

    /// The curve registered as `name`, a provider's curve with its defaults, or a curve described
    /// by a CSS-style spec.
    public func curve(named name: String) throws(ArgumentError) -> any TimingCurve {
        if let curve = curves[name] { return curve }
        if let provider = providers[name] {
            do { return try provider.curve() } catch let error as ArgumentError { throw error } catch {
                let reason = "\(error)".prefix { $0 != "\n" }  // a Lua error's message, without its traceback
                throw ArgumentError(parameter: name, requirement: "cannot make its curve: \(reason)", value: "\"\(name)\"")
            }
        }
        if let alias = NamedCurve(name: name) { return alias.curve }  // a built-in's other spelling (easeInEaseOut)
        if let curve = parsedSpecs.curve(for: name) { return curve }
        if let curve = try CurveSpec.parse(name) {
            parsedSpecs.remember(curve, for: name)
            return curve
        }
        throw unknown(name)
    }

    /// The curve `name` with parameters: a provider's curve with `parameters` in place of its
    /// defaults; any other curve when `parameters` is empty.
    ///
    /// - Throws: `ArgumentError` for an unknown name or parameter or a bad value; whatever the
    ///   provider throws otherwise (a Lua plugin's error, as it is).
    public func curve(named name: String, parameters: [String: Double]) throws -> any TimingCurve {
        guard let provider = providers[name] else {
            let curve = try curve(named: name)
            if let first = parameters.keys.sorted().first {
                throw ArgumentError(parameter: name, requirement: "has no parameter '\(first)' (it takes none)", value: first)
            }
            return curve
        }
        return try provider.curve(parameters: parameters)
    }

    private func unknown(_ name: String) -> ArgumentError {
        if let dot = name.firstIndex(of: "."),
            let failure = pluginFailures.last(where: { $0.name == String(name[..<dot]) })
        {
            return ArgumentError(parameter: "curve", requirement: "is not available: \(failure)", value: "\"\(name)\"")
        }
        return ArgumentError(
            parameter: "curve",
            requirement: "must be a registered curve (" + names.joined(separator: ", ")
                + ") or a spec: cubic-bezier(x1, y1, x2, y2), steps(n, position), linear(...), spring(m, k, c)",
            value: "\"\(name)\"")
    }
}

/// `TimingRegistry`'s parsed specs: a bounded table, shared by copies of the registry (a spec's
/// curve depends on its text alone).
private final class ParsedSpecs: Sendable {
    private let table = Mutex<[String: any TimingCurve]>([:])
    private static var limit: Int { 256 }

    func curve(for text: String) -> (any TimingCurve)? { table.withLock { $0[text] } }

    func remember(_ curve: any TimingCurve, for text: String) {
        table.withLock { table in
            if table.count < Self.limit { table[text] = curve }
        }
    }
}
