/// The frame: the layer's bounds placed by position and anchor point and transformed, as the
/// parent sees it.
extension Layer {
    /// The smallest rect in the parent's coordinates that holds the transformed bounds
    /// (CALayer's `frame`). With an identity transform it is simply
    /// `position − anchorPoint × size` with the bounds' size.
    public var frame: Rect { Self.frame(of: model) }

    /// Places the layer so its frame is `rect`: sets bounds' size and position. With a non-identity
    /// transform UIKit calls the result undefined; Choreo sets the untransformed frame.
    public func setFrame(_ rect: Rect) {
        var bounds = model.bounds
        bounds.size = rect.size
        set(.rect(bounds), at: Self.boundsPath)
        let anchor = model.anchorPoint
        set(.point(Point(x: rect.origin.x + anchor.x * rect.size.width, y: rect.origin.y + anchor.y * rect.size.height)),
            at: Self.positionPath)
    }

    /// The paths `setFrame` writes, made once (making a path looks its property up in the catalogue).
    private static let boundsPath = PropertyPath(.bounds), positionPath = PropertyPath(.position)

    /// The frame that a set of layer properties gives.
    public static func frame(of p: LayerProperties) -> Rect {
        let size = p.bounds.size
        let anchorX = p.anchorPoint.x * size.width, anchorY = p.anchorPoint.y * size.height
        if p.transform.isIdentity {
            return Rect(x: p.position.x - anchorX, y: p.position.y - anchorY, width: size.width, height: size.height)
        }
        let corners = [(0.0, 0.0), (size.width, 0), (0, size.height), (size.width, size.height)].map { corner in
            p.transform.applied(to: Point(x: corner.0 - anchorX, y: corner.1 - anchorY))
                ?? Point(x: corner.0 - anchorX, y: corner.1 - anchorY)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: p.position.x + minX, y: p.position.y + minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}

extension View {
    /// The view's frame in its superview's coordinates (see `Layer.frame`).
    public var frame: Rect {
        get { layer.frame }
        set { layer.setFrame(newValue) }
    }
}
