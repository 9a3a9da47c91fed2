/// The animatable properties of gradient layers (CAGradientLayer), under Core Animation's names:
/// `colors`, `locations`, `startPoint` (with `.x`, `.y`), `endPoint` (with `.x`, `.y`). They are
/// stored in `LayerProperties.gradient`; properties without a gradient read Core Animation's
/// defaults, and a layer that is no gradient layer refuses them with an error naming the class
/// (`Layer.requireLayerClass(for:)`) before anything is read or written.
extension PropertyCatalogue {
    static let gradientProperties: [AnimatableProperty] = [
        .init("colors", .colors, "a GradientLayer's colors, one per stop (`{}`: nothing is drawn)", applyOrder: 170,
              get: { $0.gradientOrDefault.colors }, set: { p, v in p.updateGradient { $0.colors = v } }, layerClass: .gradient),
        .init("locations", .locations,
              "a GradientLayer's stops, as fractions of the way from startPoint to endPoint (`{}`: spread evenly)",
              applyOrder: 180, get: { $0.gradientOrDefault.locations }, set: { p, v in p.updateGradient { $0.locations = v } }, layerClass: .gradient),
        .init("startPoint", .startPoint, "where a GradientLayer's first stop sits, in unit coordinates of the bounds",
              applyOrder: 190, get: { $0.gradientOrDefault.startPoint }, set: { p, v in p.updateGradient { $0.startPoint = v } }, layerClass: .gradient),
        .init("endPoint", .endPoint, "where a GradientLayer's last stop sits, in unit coordinates of the bounds",
              applyOrder: 200, get: { $0.gradientOrDefault.endPoint }, set: { p, v in p.updateGradient { $0.endPoint = v } }, layerClass: .gradient),
    ]
}
