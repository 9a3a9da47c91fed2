/// The layer features that are not animated here (`isDoubleSided`, `contentsGravity`,
/// `shadowPath`: they change at once, like content) and CALayer's 2D face of `transform`.
extension Layer {
    /// CALayer.isDoubleSided: false hides the layer (and its sublayers) while its back faces the
    /// viewer. Default true.
    public var isDoubleSided: Bool {
        get { model.features.isDoubleSided }
        set { editFeatures { $0.isDoubleSided = newValue } }
    }

    /// CALayer.contentsGravity: how image content sits in the bounds. Default `resize`.
    public var contentsGravity: ContentsGravity {
        get { model.features.contentsGravity }
        set { editFeatures { $0.contentsGravity = newValue } }
    }

    /// CALayer.shadowPath: the outline the shadow is cast from, in the bounds' coordinates (nil:
    /// the layer's drawing). Animatable in Core Animation; here it changes at once.
    public var shadowPath: BezierPath? {
        get { model.features.shadowPath }
        set { editFeatures { $0.shadowPath = newValue } }
    }

    private func editFeatures(_ edit: (inout LayerFeatures) -> Void) {
        edit(&model.features)
        invalidatePresentation(subtree: false)
    }

    /// CALayer.affineTransform(): the 2D part of `transform` (CATransform3DGetAffineTransform:
    /// m11, m12, m21, m22, m41, m42; the 3D terms are dropped).
    public func affineTransform() -> Transform2D {
        let t = model.transformBox.value
        return Transform2D(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
    }

    /// CALayer.setAffineTransform(_:): sets `transform` to the 2D transform embedded in 3D
    /// (CATransform3DMakeAffineTransform), through the model, so the change runs its action.
    public func setAffineTransform(_ transform: Transform2D) throws(ArgumentError) {
        let value = AnimationValue.transform(Transform3D(transform))
        _ = try requireFinite(value, "transform")
        set(value, at: PropertyPath(.transform))
    }
}
