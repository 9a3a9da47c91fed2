/// The animatable layer features every layer class has but few layers use, stored out of line
/// (`LayerFeatures`): `sublayerTransform`.
///
/// `shadowPath` is animatable in Core Animation too; it joins this list once paths are an
/// animation value kind (until then it is set at once, like content).
extension PropertyCatalogue {
    static let featureProperties: [AnimatableProperty] = [
        .init("sublayerTransform", .sublayerTransform,
              "a 3D transform applied to the sublayers (not the layer itself) about the anchor point; typically a perspective",
              applyOrder: 35, get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1 }),
    ]
}
