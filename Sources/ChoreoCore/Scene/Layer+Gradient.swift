/// Gradient layers (CAGradientLayer): a layer whose properties hold a `GradientProperties`.
///
///     let gradient = Layer.gradientLayer(name: "sky")
///     try gradient.setValue(.colors([.white, .black]), forKeyPath: "colors")
///     gradient.gradientType = .radial
///
/// Its `colors`, `locations`, `startPoint` and `endPoint` are layer properties in the catalogue
/// (animatable by every animation kind); `type` is not animatable and changes at once.
extension Layer {
    /// A new gradient layer with Core Animation's defaults (no colors: it draws nothing yet).
    public static func gradientLayer(name: String? = nil) -> Layer {
        Layer(name: name, class: .gradient)
    }

    /// Whether the layer is a gradient layer.
    public var isGradientLayer: Bool { model.gradient != nil }

    /// The kind of gradient (CAGradientLayer's `type`); nil for a layer that is no gradient
    /// layer, where setting it does nothing.
    public var gradientType: GradientProperties.Kind? {
        get { model.gradient?.type }
        set {
            guard let newValue, let current = model.gradient, current.type != newValue else { return }
            model.updateGradient { $0.type = newValue }
            invalidatePresentation(subtree: false)
        }
    }
}
