/// CAShapeLayer's animatable properties (`ShapeProperties`), declared as the rest of the
/// catalogue is. Only a shape layer has them: a plain layer reading or setting one, or animating
/// it, is an error naming the property and the layer (`Layer.requireLayerClass(for:)`).
///
/// A nil color reads as transparent black here, which is what an animation from or to it runs
/// through (Core Animation's rule); scripts still read nil from the layer itself.
extension PropertyCatalogue {
    static let shapeProperties: [AnimatableProperty] = [
        .init("path", .path, "a shape layer's path (paths of the same elements interpolate point by point; others switch halfway)",
              applyOrder: 300, get: { $0.shape.path }, set: { $0.shape.path = $1 }, view: .contentView("ShapeView"), layerClass: .shape),
        .init("fillColor", .fillColor, "the color that fills a shape's path (nil: no fill; animates from nil as transparent black)",
              applyOrder: 310, get: { $0.shape.fillColor ?? .clear }, set: { $0.shape.fillColor = $1 },
              view: .contentView("ShapeView"), layerClass: .shape),
        .init("strokeColor", .strokeColor, "the color that strokes a shape's path (nil, the default: no stroke)",
              applyOrder: 320, get: { $0.shape.strokeColor ?? .clear }, set: { $0.shape.strokeColor = $1 },
              view: .contentView("ShapeView"), layerClass: .shape),
        .init("lineWidth", .lineWidth, "the width of a shape's stroke, in points", applyOrder: 330,
              get: { $0.shape.lineWidth }, set: { $0.shape.lineWidth = $1 }, view: .contentView("ShapeView"), layerClass: .shape),
        .init("miterLimit", .miterLimit, "how far a shape's miter joins may reach, in half line widths, before they are bevelled",
              applyOrder: 340, get: { $0.shape.miterLimit }, set: { $0.shape.miterLimit = $1 }, view: .contentView("ShapeView"), layerClass: .shape),
        .init("lineDashPhase", .lineDashPhase, "how far into its dash pattern a shape's stroke starts, in points",
              applyOrder: 350, get: { $0.shape.lineDashPhase }, set: { $0.shape.lineDashPhase = $1 },
              view: .contentView("ShapeView"), layerClass: .shape),
    ]

    /// Defaults the documentation shows as a script reads them, where that differs from the value
    /// animations start from: a shape's stroke color is nil.
    static let documentedDefaults = ["strokeColor": "nil"]

    /// Whether `property` is one of the shape layer's own (`shapeProperties`).
    public static func isShapeProperty(_ property: PropertyPath.Property) -> Bool {
        entry(for: property)?.layerClass == .shape
    }
}
