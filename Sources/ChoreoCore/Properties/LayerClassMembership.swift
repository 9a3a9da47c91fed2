/// Which layer class a property belongs to, for properties that only one class has (a
/// ShapeLayer's `fillColor`, a GradientLayer's `colors`): setting, reading or animating one on a
/// layer of another class is an error that names the property, its class and the layer, as Core
/// Animation's classes have no such property. The one check for every class-specific property.
///
///     try plainLayer.setValue(.colors([.red]), forKeyPath: "colors")
///     // colors belongs to GradientLayer (got a plain layer)
public struct LayerClassMembership: Sendable {
    /// The class's name in scripts (`GradientLayer`).
    public let name: String
    /// The properties of a new layer of the class.
    public let newProperties: LayerProperties
    /// Whether a layer is of the class.
    let isMember: @Sendable (Layer) -> Bool

    /// Shape layers (CAShapeLayer): their content is a shape.
    public static let shapeLayer = LayerClassMembership(name: "ShapeLayer", newProperties: LayerProperties()) {
        $0.isShapeLayer
    }
    /// Gradient layers (CAGradientLayer): their properties hold a `gradient`.
    public static let gradientLayer = LayerClassMembership(
        name: "GradientLayer", newProperties: Layer.gradientLayer().model) { $0.isGradientLayer }
}

extension PropertyCatalogue {
    /// The class of each property only one layer class has.
    static let classOfProperty: [PropertyPath.Property: LayerClassMembership] = Dictionary(
        uniqueKeysWithValues: shapeProperties.map { ($0.property, LayerClassMembership.shapeLayer) }
            + gradientProperties.map { ($0.property, LayerClassMembership.gradientLayer) })

    /// The class a property belongs to; nil for the properties every layer has.
    public static func layerClass(of property: PropertyPath.Property) -> LayerClassMembership? {
        classOfProperty[property]
    }
}

extension LayerClassMembership {
    /// Throws unless `layer` is of the class; `parameter` is what the script used (`colors`,
    /// `startPoint.x`, a gradient's `type`).
    public func require(_ layer: Layer, _ parameter: String) throws(ArgumentError) {
        guard !isMember(layer) else { return }
        throw ArgumentError(parameter: parameter, requirement: "belongs to \(name)", value: layer.classDescription)
    }
}

extension Layer {
    /// Throws unless the layer has the property `path` reaches (`keyPath` as the script wrote it).
    public func requireLayerClass(of path: PropertyPath, _ keyPath: String) throws(ArgumentError) {
        try PropertyCatalogue.layerClass(of: path.property)?.require(self, keyPath)
    }

    /// How messages name the layer and its class: `a plain layer`, `layer "box", a gradient layer`.
    public var classDescription: String {
        let noun = isGradientLayer ? "a gradient layer" : content.layerNoun
        return name.map { "layer \"\($0)\", \(noun)" } ?? noun
    }
}
