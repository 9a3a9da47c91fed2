/// Which of Core Animation's layer classes a layer is. A layer's class follows from its content
/// (`LayerContent`): a layer with shape content is a shape layer (CAShapeLayer). Properties only
/// one class has are checked by `requireLayerClass(for:)` (LayerClass.swift).
extension Layer {
    /// Whether the layer is a shape layer (CAShapeLayer).
    public var isShapeLayer: Bool {
        if case .shape = content { true } else { false }
    }
}

extension LayerContent {
    /// How messages name a layer with this content: "a plain layer", "a shape layer".
    public var layerNoun: String {
        switch self {
        case .none: "a plain layer"
        case .text: "a text layer"
        case .image: "an image layer"
        case .shape: "a shape layer"
        case .blur: "a blur layer"
        }
    }
}

extension Layer {
    /// Sets a shape layer's `fillColor` or `strokeColor`, nil included (no fill, no stroke), as a
    /// model change: inside an animation block or with implicit actions it animates like any
    /// other, a nil end running as transparent black (Core Animation's rule).
    ///
    /// - Precondition: `property` is `.fillColor` or `.strokeColor`, and the layer is a shape layer
    ///   (bindings check both first).
    public func setShapeColor(_ color: Color?, for property: PropertyPath.Property) {
        let path = PropertyPath(property)
        if let color {
            set(.color(color), at: path)
            return
        }
        change(at: path) {
            switch property {
            case .fillColor: model.shape.fillColor = nil
            case .strokeColor: model.shape.strokeColor = nil
            default: preconditionFailure("setShapeColor(_:for:) sets fillColor or strokeColor, not \(path)")
            }
        }
    }
}
