/// A presentation value that is not a finite number, caught where values leave the engine.
///
/// Inputs are checked against finite ranges (`NumberLimits`) where they enter, and arithmetic on
/// them stays finite; this error is the last line of defence behind that. The trace recorder and
/// the renderer raise it instead of writing `null` into a trace or handing NaN to cairo:
///
///     box.position.x is nan at 0.25 s (a value left the finite range; check the animations of this property)
///
/// It names the view (or layer), the property and the time, so the animation to look at is clear.
public struct NonFiniteValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The view's or layer's name, or `an unnamed layer` when it has none.
    public var layer: String
    /// The property's key path and component (`position.x`, `transform.m34`, `backgroundColor.r`).
    public var property: String
    /// The value (`nan`, `inf`, `-inf`).
    public var value: Double
    /// The scene time, in seconds.
    public var time: Double

    public init(layer: String?, property: String, value: Double, time: Double) {
        self.layer = layer ?? "an unnamed layer"
        self.property = property
        self.value = value
        self.time = time
    }

    public var description: String {
        "\(layer).\(property) is \(formatNumber(value)) at \(formatNumber(time)) s "
            + "(a value left the finite range; check the animations of this property)"
    }

    /// Throws for the first component of `value` that is not finite; `property` is its key path.
    public static func check(
        _ value: AnimationValue, layer: String?, property: String, time: Double
    ) throws(NonFiniteValueError) {
        guard !value.isFinite else { return }
        for (name, component) in value.namedComponents where !component.isFinite {
            throw NonFiniteValueError(
                layer: layer, property: name.isEmpty ? property : "\(property).\(name)", value: component, time: time)
        }
    }
}

extension LayerProperties {
    /// Every animatable property with its key path (in `PropertyCatalogue` order), custom
    /// properties last (sorted by name).
    public var namedValues: [(String, AnimationValue)] {
        var values = PropertyCatalogue.all.map { ($0.name, $0.value(in: self, at: .whole)) }
        for key in custom.keys.sorted() { values.append((key, .scalar(custom[key]!))) }
        return values
    }

    /// Whether `properties` passes every check; each check reads it by address.
    private static func passes(_ checks: [@Sendable (inout LayerProperties) -> Bool], _ properties: inout LayerProperties) -> Bool {
        for index in checks.indices where !checks[index](&properties) { return false }
        return true
    }

    /// Throws for the first property (in `namedValues` order) that is not finite.
    ///
    /// Asked for every layer a renderer draws, every frame: it reads the properties in place and
    /// builds the list of names only when one is not finite.
    public func requireFinite(layer: String?, time: Double) throws(NonFiniteValueError) {
        var properties = self  // one copy, which every check reads by address
        func passes(_ checks: [@Sendable (inout LayerProperties) -> Bool]) -> Bool { Self.passes(checks, &properties) }
        func passes(_ layerClass: LayerClass) -> Bool { passes(PropertyCatalogue.finiteChecks[layerClass] ?? []) }
        // A class's properties are stored only on a layer of that class: elsewhere they are
        // defaults, finite.
        var allFinite = properties.slotsAreFinite && passes(PropertyCatalogue.finiteChecksOfEveryLayer)
        if allFinite, hasShapeProperties { allFinite = passes(.shape) }
        if allFinite, gradient != nil { allFinite = passes(.gradient) }
        switch instancing {
        case .replicator?: allFinite = allFinite && passes(.replicator)
        case .emitter?: allFinite = allFinite && passes(.emitter)
        case nil: break
        }
        if allFinite, customStorage?.values.allSatisfy(\.isFinite) ?? true { return }
        for (name, value) in namedValues {
            try NonFiniteValueError.check(value, layer: layer, property: name, time: time)
        }
    }
}
