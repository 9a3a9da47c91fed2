/// Which layer class a property belongs to, for properties that only one class has (a
/// GradientLayer's `colors`): setting, reading or animating one on a layer of another class is
/// an error that names both, as Core Animation's classes have no such property.
///
///     try plainLayer.setValue(.colors([.red]), forKeyPath: "colors")
///     // colors belongs to GradientLayer (got a layer that is no GradientLayer)
public struct LayerClassMembership: Sendable {
    /// The class's name in scripts (`GradientLayer`).
    public let name: String
    /// The properties of a new layer of the class.
    public let newProperties: LayerProperties
    /// Whether a layer with these properties is of the class.
    let isMember: @Sendable (LayerProperties) -> Bool

    /// Gradient layers: their properties hold a `gradient`.
    public static let gradientLayer = LayerClassMembership(
        name: "GradientLayer", newProperties: Layer.gradientLayer().model) { $0.gradient != nil }
}

extension PropertyCatalogue {
    /// The class of each property only one layer class has.
    static let classOfProperty: [PropertyPath.Property: LayerClassMembership] = Dictionary(
        uniqueKeysWithValues: gradientProperties.map { ($0.property, LayerClassMembership.gradientLayer) })

    /// The class a property belongs to; nil for the properties every layer has.
    public static func layerClass(of property: PropertyPath.Property) -> LayerClassMembership? {
        classOfProperty.isEmpty ? nil : classOfProperty[property]
    }
}

extension LayerClassMembership {
    /// Throws unless `layer` is of the class; `parameter` is what the script used (`colors`,
    /// `startPoint.x`, a gradient's `type`).
    public func require(_ layer: Layer, _ parameter: String) throws(ArgumentError) {
        guard !isMember(layer.model) else { return }
        throw ArgumentError(parameter: parameter, requirement: "belongs to \(name)",
                            value: layer.name.map { "layer \"\($0)\", which is no \(name)" } ?? "a layer that is no \(name)")
    }
}

extension Layer {
    /// Throws unless the layer has the property `path` reaches (`keyPath` as the script wrote it).
    public func requireLayerClass(of path: PropertyPath, _ keyPath: String) throws(ArgumentError) {
        try PropertyCatalogue.layerClass(of: path.property)?.require(self, keyPath)
    }
}
