import CCairo
import ChoreoCore

/// How far a layer's drawing reaches: its bounds, the strokes of its shape and its sublayers
/// (unless it clips them), in its own bounds coordinates. Conservative (curves count by their
/// control points, strokes by their miter limit), so offscreen passes (shadows,
/// perspective) can use surfaces no larger than needed without cutting anything off.
extension SceneRenderer {
    func localExtents(_ node: RenderNode) -> Rect {
        let p = node.properties
        var box = Box(p.bounds)
        if case .shape = node.content, !p.shape.path.isEmpty {
            let shape = p.shape
            let path = Self.controlBox(of: shape.path)
            // A miter reaches miterLimit half-widths from the path at most (5 widths by default);
            // caps and bevels stay within one width.
            box.add(path.grown(by: shape.strokeColor == nil ? 0 : shape.lineWidth * Swift.max(shape.miterLimit, 2) / 2))
        }
        if let shadowPath = p.features.shadowPath { box.add(Self.controlBox(of: shadowPath)) }
        if !node.masksToBounds {
            for child in node.sublayers where !child.isInvisible {
                let inner = localExtents(child)
                let c = child.properties
                let warp = Homography.layerToParent(c) ?? affineToParent(c)
                for corner in [(inner.minX, inner.minY), (inner.maxX, inner.minY), (inner.minX, inner.maxY), (inner.maxX, inner.maxY)] {
                    let q = warp.apply(corner.0, corner.1)
                    guard q.w > 1e-6, q.x.isFinite, q.y.isFinite else { continue }
                    box.add(Point(x: q.x, y: q.y))
                }
                if c.shadowOpacity > 0 {
                    // A shadow reaches its offset plus three standard deviations beyond the child.
                    let reach = 3 * c.shadowRadius + max(abs(c.shadowOffset.width), abs(c.shadowOffset.height))
                    box = box.grown(by: reach.isFinite ? reach : 0)
                }
            }
        }
        return box.rect ?? p.bounds
    }

    /// The box of a path's points and control points (which contains the path).
    static func controlBox(of path: BezierPath) -> Box {
        var box = Box()
        for element in path.elements {
            switch element {
            case let .move(to: a), let .line(to: a): box.add(a)
            case let .quadCurve(to: a, control: c): box.add(a); box.add(c)
            case let .curve(to: a, control1: c1, control2: c2): box.add(a); box.add(c1); box.add(c2)
            case .close: break
            }
        }
        return box
    }

    /// A layer's affine map to its parent (the 3D transform flattened), as a homography.
    func affineToParent(_ p: LayerProperties) -> Homography {
        let t = p.transform, size = p.bounds.size
        return Homography.translation(p.position.x, p.position.y)
            * Homography(m: [t.m11, t.m21, t.m41, t.m12, t.m22, t.m42, 0, 0, 1])
            * Homography.translation(-(p.bounds.origin.x + p.anchorPoint.x * size.width), -(p.bounds.origin.y + p.anchorPoint.y * size.height))
    }

    /// The device-space box (x0, y0, x1, y1) of a rect in the context's user space.
    func deviceBox(of rect: Rect, _ cr: OpaquePointer) -> (Double, Double, Double, Double)? {
        var box = Box()
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(cr, &dx, &dy)
            guard dx.isFinite, dy.isFinite else { return nil }
            box.add(Point(x: dx, y: dy))
        }
        guard let r = box.rect else { return nil }
        return (r.minX, r.minY, r.maxX, r.maxY)
    }
}

/// A growing bounding box.
struct Box {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    init() {}
    init(_ rect: Rect) {
        add(Point(x: rect.minX, y: rect.minY))
        add(Point(x: rect.maxX, y: rect.maxY))
    }

    mutating func add(_ p: Point) {
        guard p.x.isFinite, p.y.isFinite else { return }
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    mutating func add(_ other: Box) {
        guard let r = other.rect else { return }
        add(Point(x: r.minX, y: r.minY))
        add(Point(x: r.maxX, y: r.maxY))
    }

    func grown(by d: Double) -> Box {
        guard rect != nil else { return self }
        var b = self
        (b.minX, b.minY, b.maxX, b.maxY) = (minX - d, minY - d, maxX + d, maxY + d)
        return b
    }

    var rect: Rect? {
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
