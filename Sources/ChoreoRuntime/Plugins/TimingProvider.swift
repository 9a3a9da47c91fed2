import ChoreoCore

/// A named timing curve with parameters, from a plugin: `penner.easeOutBack` (overshoot),
/// `material.standard`, `physics.decay` (velocity, friction). DESIGN §6.
///
/// A provider makes curves: one per set of parameter values a use gives, the rest taking their
/// defaults. Scenes name it `plugin.provider` anywhere a curve is accepted:
///
///     fade.timingFunction = "penner.easeOutBack"                    -- the defaults
///     fade.timingFunction = {"penner.easeOutBack", overshoot = 2}   -- one parameter given
///     Timing.get("penner.easeOutBack", { overshoot = 2 })
///
/// Native providers (`NativeTimingProvider`) are plain C functions; Lua ones live in a script
/// host's Lua state (ChoreoLua). Both check the values they are given the same way,
/// `curve(parameters:)` below: every name must be one of `parameters`, every value finite.
public protocol TimingProvider: Sendable {
    /// `plugin.provider`.
    var name: String { get }
    /// Its parameters, in order, with their defaults.
    var parameters: [ProviderParameter] { get }
    /// The file the provider comes from (a `.lua` file or a shared library).
    var source: String { get }
    /// Whether progress is 0 at t = 0 and 1 at t = 1 (`choreo plugins check` tests it when true).
    var hasExactEndpoints: Bool { get }
    /// Whether the provider gives its velocity in closed form.
    var hasVelocity: Bool { get }
    /// Whether the provider defines its own duration (a physics curve).
    var hasDuration: Bool { get }

    /// The curve for `values`, one per parameter in the order of `parameters` (already checked to
    /// be finite). Throws when the provider refuses the values.
    func makeCurve(values: [Double]) throws -> any TimingCurve
}

/// A provider's parameter: its name and the value it takes when a use does not give one.
public struct ProviderParameter: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var defaultValue: Double

    public init(name: String, defaultValue: Double) {
        self.name = name
        self.defaultValue = defaultValue
    }

    public var description: String { "\(name) = \(formatNumber(defaultValue))" }
}

extension TimingProvider {
    /// The curve with the named values in place of the defaults.
    ///
    /// - Throws: `ArgumentError` for a name the provider does not have (listing those it has) or
    ///   a value that is not finite; whatever the provider throws for values it refuses.
    public func curve(parameters given: [String: Double] = [:]) throws -> any TimingCurve {
        try makeCurve(values: try values(for: given))
    }

    /// The parameter values in order: the given ones checked, the rest defaults.
    public func values(for given: [String: Double]) throws(ArgumentError) -> [Double] {
        for name in given.keys.sorted() where !parameters.contains(where: { $0.name == name }) {
            let valid = parameters.isEmpty ? "it takes none" : "valid: " + parameters.map(\.name).joined(separator: ", ")
            throw ArgumentError(parameter: self.name, requirement: "has no parameter '\(name)' (\(valid))", value: name)
        }
        var values: [Double] = []
        for parameter in parameters {
            guard let value = given[parameter.name] else {
                values.append(parameter.defaultValue)
                continue
            }
            values.append(try requireFinite(value, "\(name).\(parameter.name)"))
        }
        return values
    }

    /// What listings show: `penner.easeOutBack(overshoot = 1.70158)`.
    public var signature: String {
        parameters.isEmpty ? name : name + "(" + parameters.map(\.description).joined(separator: ", ") + ")"
    }
}
