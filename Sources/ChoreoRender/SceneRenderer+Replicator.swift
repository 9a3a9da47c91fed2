import CCairo
import ChoreoCore

/// Replicator layers: each copy of the sublayers is drawn as a sublayer of its own — a node
/// the size of the replicator's bounds, centered on them, whose transform is instanceTransform
/// applied i times (so it acts about the bounds' center, as Core Animation's does), holding the
/// sublayers as copy i shows them, and tinted by the copy's color. Drawn so, a copy gets what
/// any layer gets: projection for 3D instance transforms, extents for shadows, group opacity.
extension RenderNode {
    /// The copies of a live replicator: copy i's sublayers are `live` when it is not delayed,
    /// else the sublayers' snapshot `i × instanceDelay` earlier (`Layer.snapshot(delayedBy:)`).
    static func replicas(of layer: Layer, _ properties: LayerProperties, live: [RenderNode]) -> [RenderNode] {
        guard let replicator = properties.replicator else { return live }
        return replicator.instances(boundsCenter: properties.bounds.center).map { instance in
            let sublayers = instance.delay == 0 ? live
                : layer.sublayers.map { RenderNode(snapshot: $0.snapshot(delayedBy: instance.delay)) }
            return RenderNode(copy: instance, of: properties.bounds, sublayers: sublayers)
        }
    }

    /// The copies of a replicator in a snapshot.
    static func replicas(of snapshot: LayerSnapshot) -> [RenderNode] {
        snapshot.replicas.map { replica in
            RenderNode(copy: replica.instance, of: snapshot.properties.bounds,
                       sublayers: replica.sublayers.map(RenderNode.init(snapshot:)))
        }
    }

    /// Copy `instance` of a replicator whose bounds are `bounds`.
    init(copy instance: ReplicatorInstance, of bounds: Rect, sublayers: [RenderNode]) {
        var properties = LayerProperties()
        properties.bounds = bounds
        properties.position = bounds.center
        properties.transform = instance.accumulatedTransform
        name = nil
        self.properties = properties
        content = .none
        isHidden = false
        masksToBounds = false
        transitionBox = nil
        self.sublayers = sublayers
        mask = []
        tint = instance.color == .white ? nil : instance.color
    }
}

extension SceneRenderer {
    /// The most layers one frame draws, replicator copies counted: 100,000. Each replicator is
    /// capped (`ReplicatorProperties.maximumInstanceCount`), but nested ones multiply, and every
    /// copy is a snapshot built and drawn each frame.
    public static let maximumDrawnLayers = 100_000

    /// Refuses a tree whose replicated copies would pass `maximumDrawnLayers`.
    func checkDrawnLayers(_ layer: Layer) throws(RenderError) {
        let count = layer.drawnLayerCount(limit: Self.maximumDrawnLayers)
        guard count <= Self.maximumDrawnLayers else {
            throw .invalidSize("the scene would draw more than \(Self.maximumDrawnLayers) layers "
                + "(a replicator's sublayers count once per copy, and nested replicators multiply)")
        }
    }

    /// Clips to the device box of what `node` draws (in its bounds coordinates), so that a
    /// group pushed for it is no larger than the node.
    func clipToExtents(of node: RenderNode, _ cr: OpaquePointer) {
        guard let (x0, y0, x1, y1) = deviceBox(of: localExtents(node), cr) else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, x0.rounded(.down) - 1, y0.rounded(.down) - 1,
                        x1.rounded(.up) - x0.rounded(.down) + 2, y1.rounded(.up) - y0.rounded(.down) + 2)
        cairo_restore(cr)
        cairo_clip(cr)
    }

    /// Multiplies the pixels of a group's surface by `color` (CAReplicatorLayer's instanceColor
    /// "multiplies the source"): each channel by the color's, and alpha by its alpha. The pixels
    /// are premultiplied, so every channel is scaled by alpha as well.
    func multiply(_ pattern: OpaquePointer?, by color: Color) {
        var surface: OpaquePointer?
        guard let pattern, cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface) else { return }
        cairo_surface_flush(surface)
        let c = color.clamped
        let factors = (a: c.alpha, r: c.red * c.alpha, g: c.green * c.alpha, b: c.blue * c.alpha)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        func scaled(_ pixel: UInt32, _ shift: UInt32, _ factor: Double) -> UInt32 {
            UInt32((Double((pixel >> shift) & 0xFF) * factor).rounded()) << shift
        }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] != 0 {
                let p = row[x]
                row[x] = scaled(p, 24, factors.a) | scaled(p, 16, factors.r) | scaled(p, 8, factors.g) | scaled(p, 0, factors.b)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
