/// The animatable layer features every layer class has but few layers use, stored out of line
/// (`LayerFeatures`): `sublayerTransform` and `shadowPath`.
///
/// `shadowPath` is optional (nil: the shadow follows the layer's own shape); to animations nil is
/// the empty path, so an animation from nil to a path (different elements) switches halfway, and
/// paths of the same elements morph point by point, as a shape's `path` does. Setting it from a
/// script is not animated (no implicit action), as in Core Animation, where `shadowPath` has none.
extension PropertyCatalogue {
    static let featureProperties: [AnimatableProperty] = [
        .init("sublayerTransform", .sublayerTransform,
              "a 3D transform applied to the sublayers (not the layer itself) about the anchor point; typically a perspective",
              applyOrder: 35, get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1 }),
        .init("shadowPath", .shadowPath,
              "the outline the shadow is cast from (nil: the layer's own shape); paths of the same elements morph point by point",
              applyOrder: 135, get: { $0.features.shadowPath ?? BezierPath() },
              set: { $0.features.shadowPath = $1.elements.isEmpty ? nil : $1 }),
    ]
}
