/// A view (UIView): a layer seen under UIKit's names, with subviews.
///
/// The view and its layer are one node (DESIGN §3): `center` is the layer's `position`, `alpha`
/// its `opacity`, `transform` the 2D face of its 3D transform, and `frame` is derived from
/// position, bounds, anchor point and transform. Subviews are the sublayers that belong to views.
///
///     let box = View(name: "box", frame: Rect(x: 20, y: 100, width: 80, height: 80))
///     scene.rootView.addSubview(box)
///     box.center.x += 100        // through the model, at once outside an animation block
///
/// A view's layer does not animate implicitly: changes apply at once, except inside a view
/// animation block.
public final class View {
    public let layer: Layer
    /// Lays out the view's subviews (UIView.layoutSubviews): called by `layoutIfNeeded()`, and by
    /// animation blocks with the `layoutSubviews` option. Frames it sets inside an animation
    /// block animate with the block.
    public var layoutSubviews: ((View) throws -> Void)?

    public init(name: String? = nil, frame: Rect = .zero, content: LayerContent = .none) {
        layer = Layer(name: name)
        layer.view = self
        layer.content = content
        // A new layer's frame is zero already (zero bounds and position): nothing to set for a
        // frame of +0.0s (compared by bits: a −0.0 width would be stored as given).
        let bits = frame.origin.x.bitPattern | frame.origin.y.bitPattern | frame.size.width.bitPattern | frame.size.height.bitPattern
        if bits != 0 { self.frame = frame }
    }

    deinit {
        // The layer may outlive its view; it must not name it then.
        if layer.view === self { layer.view = nil }
    }

    public var name: String? {
        get { layer.name }
        set { layer.name = newValue }
    }

    // MARK: Hierarchy

    public var superview: View? { layer.superlayer?.view }
    public var subviews: [View] { layer.sublayers.compactMap(\.view) }

    public func addSubview(_ view: View) { layer.addSublayer(view.layer) }

    /// Inserts `view` at `index` among the subviews (clamped); index 0 is the back.
    public func insertSubview(_ view: View, at index: Int) {
        let views = subviews.filter { $0 !== view }
        if index < views.count, index >= 0 {
            layer.insertSublayer(view.layer, below: views[index].layer)
        } else if index < 0, let first = views.first {
            layer.insertSublayer(view.layer, below: first.layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) { layer.insertSublayer(view.layer, below: sibling.layer) }
    public func insertSubview(_ view: View, aboveSubview sibling: View) { layer.insertSublayer(view.layer, above: sibling.layer) }
    public func removeFromSuperview() { layer.removeFromSuperlayer() }
    public func bringSubviewToFront(_ view: View) { layer.bringSublayerToFront(view.layer) }
    public func sendSubviewToBack(_ view: View) { layer.sendSublayerToBack(view.layer) }

    /// Swaps the subviews at two indices of `subviews`.
    public func exchangeSubview(at i: Int, withSubviewAt j: Int) {
        let views = subviews
        guard views.indices.contains(i), views.indices.contains(j),
              let a = layer.sublayers.firstIndex(where: { $0 === views[i].layer }),
              let b = layer.sublayers.firstIndex(where: { $0 === views[j].layer })
        else { return }
        layer.exchangeSublayer(at: a, withSublayerAt: b)
    }

    public func isDescendant(of view: View) -> Bool { layer === view.layer || layer.isDescendant(of: view.layer) }

    // MARK: UIKit names for layer properties

    public var center: Point {
        get { layer.model.position }
        set { layer.set(.point(newValue), at: PropertyPath(.position)) }
    }

    public var bounds: Rect {
        get { layer.model.bounds }
        set { layer.set(.rect(newValue), at: PropertyPath(.bounds)) }
    }

    public var alpha: Double {
        get { layer.model.opacity }
        set { layer.set(.scalar(newValue), at: PropertyPath(.opacity)) }
    }

    public var backgroundColor: Color {
        get { layer.model.backgroundColor }
        set { layer.set(.color(newValue), at: PropertyPath(.backgroundColor)) }
    }

    /// The 2D face of the layer's transform (its affine part; a 3D transform reads as its
    /// projection onto the plane, as UIKit's `transform` does for a `transform3D`).
    public var transform: Transform2D {
        get {
            let t = layer.model.transformBox.value
            return Transform2D(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
        }
        set { layer.set(.transform(Transform3D(newValue)), at: PropertyPath(.transform)) }
    }

    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
}
