import CCairo
import ChoreoCore

/// Draws a scene's presentation tree into a `Canvas` with cairo: what the scene looks like now.
///
///     let renderer = try SceneRenderer(scale: 2)
///     scene.advance(to: 0.5)
///     let canvas = try renderer.render(scene)        // 750×1334 for a 375×667 scene
///     try canvas.writePNG(to: "frame.png")
///
/// Each layer is drawn as Core Animation composites it, back to front: its shadow, background
/// (rounded by `cornerRadius`), a gradient layer's gradient, content (text, image, shape, a blur of what is behind), its
/// sublayers (by zPosition, clipped to the bounds with `masksToBounds`), then its border. A layer
/// with opacity below 1 is drawn as a group (iOS's group opacity), so overlapping sublayers do
/// not show through each other. Transforms act about the anchor point. A running transition
/// draws the layer from its before and after snapshots (`SceneRenderer+Transitions.swift`).
///
/// Contract: the same scene at the same time gives the same pixels (cairo draws deterministically
/// and the renderer uses no clock and no randomness). Images are read once per renderer and
/// cached by path. `scale` is device pixels per point, finite and > 0.
public final class SceneRenderer {
    /// Device pixels per point.
    public let scale: Double
    /// A colour painted under the scene (nil: transparent where nothing is drawn).
    public var background: Color?
    var images: [String: Canvas] = [:]
    /// The device size of the canvas being drawn (shadows and blurs stay within it).
    var deviceWidth = 0
    var deviceHeight = 0
    /// The scene time being drawn, for messages about values that are not finite.
    var sceneTime = 0.0
    /// Whether the layers being drawn face the viewer (+1) or turn their backs (−1), for
    /// `isDoubleSided` (SceneRenderer+Features.swift).
    var currentFacing = 1.0

    /// The scales a renderer takes: below 0.01 cairo's matrices degenerate, above 16 the images
    /// grow past what a scene needs (and `pixelSize` caps them at `Canvas.maximumSide` anyway).
    public static let scaleRange = 0.01...16.0

    public init(scale: Double = 1, background: Color? = nil) throws(RenderError) {
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw .invalidSize("the scale must be a number within 0.01...16 (got \(formatNumber(scale)))")
        }
        self.scale = scale
        self.background = background
    }

    /// The canvas size, in pixels, for a scene of `size` points.
    public func pixelSize(of size: Size) throws(RenderError) -> (width: Int, height: Int) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidSize("the scene size must be positive (got \(formatNumber(size.width))×\(formatNumber(size.height)))")
        }
        // at least a pixel: a positive size too small to reach one (5e-324 points) still draws
        let width = max(1, (size.width * scale).rounded(.up)), height = max(1, (size.height * scale).rounded(.up))
        guard width <= Double(Canvas.maximumSide), height <= Double(Canvas.maximumSide) else {
            throw .invalidSize("the image would be \(formatNumber(width))×\(formatNumber(height)) pixels; the most is \(Canvas.maximumSide) a side")
        }
        return (Int(width), Int(height))
    }

    /// Draws the scene as it presents now; the canvas is the scene's screen (`screenSize`, else the
    /// root layer's bounds) at `scale`.
    public func render(_ scene: Scene) throws(RenderError) -> Canvas {
        sceneTime = scene.currentTime.seconds
        return try render(scene.rootLayer, size: scene.screenSize ?? scene.rootLayer.presentation.bounds.size)
    }

    /// Draws a layer tree into a canvas of `size` points, the tree's root placed by its own
    /// position in a parent whose origin is the canvas's top-left corner.
    public func render(_ layer: Layer, size: Size) throws(RenderError) -> Canvas {
        let (width, height) = try pixelSize(of: size)
        try checkDrawnLayers(layer)
        let canvas = try Canvas(width: width, height: height)
        deviceWidth = width
        deviceHeight = height
        let cr = canvas.makeContext()
        defer { cairo_destroy(cr) }
        if let background {
            setSource(cr, background)
            cairo_paint(cr)
        }
        cairo_scale(cr, scale, scale)
        currentFacing = 1
        try draw(RenderNode(layer: layer), cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return canvas
    }

    // MARK: Layers

    /// Draws a layer in its parent's coordinates (the context's current user space).
    func draw(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        // A layer with a running transition draws even while hidden: showing or hiding a view is
        // what `View.transition` animates, from the snapshots.
        guard !node.isInvisible || (node.hasTransition && node.properties.opacity > 0) else { return }
        // The last line of defence: NaN or infinity reaches neither cairo nor an Int conversion.
        do { try node.properties.requireFinite(layer: node.name, time: sceneTime) } catch { throw .nonFinite(error) }
        let facing = facing(of: node.properties, within: currentFacing)
        guard facing > 0 || node.properties.features.isDoubleSided else { return }
        let outerFacing = currentFacing
        currentFacing = facing
        defer { currentFacing = outerFacing }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let warp = Homography.layerToParent(node.properties), !warp.isAffine {
            try drawProjected(node, warp: warp, cr)
            return
        }
        guard applyLayerTransform(node.properties, cr) else { return }
        if node.properties.opacity < 1, node.tint == nil, isOneFill(node) {
            // One fill drawn at the layer's opacity is what its group would composite (to within
            // a step of rounding), without a group's surface: a scene of many translucent
            // views draws several times faster.
            fillBackground(node.properties.bounds, radius: node.properties.cornerRadius, node.properties.backgroundColor,
                           opacity: node.properties.opacity, cr)
            return
        }
        let grouped = node.properties.opacity < 1 || node.tint != nil
        if grouped {
            if node.tint != nil { clipToExtents(of: node, cr) }  // a tint works on the group's pixels
            cairo_push_group(cr)
        }
        // Core Animation clips the shadow with everything else when the layer masks to bounds.
        try drawShadowAndBody(node, cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            if let tint = node.tint { multiply(cairo_get_source(cr), by: tint) }
            cairo_paint_with_alpha(cr, min(max(node.properties.opacity, 0), 1))
        }
    }

    /// Whether all a layer draws is its background: no content, gradient, particles, sublayers,
    /// border, shadow, mask or transition.
    func isOneFill(_ node: RenderNode) -> Bool {
        guard case .none = node.content else { return false }  // a match, not ==: no copy of the content
        return !node.hasTransition && node.properties.gradient == nil && node.particles.isEmpty
            && node.sublayers.isEmpty && node.mask.isEmpty
            && !(node.properties.borderWidth > 0 && node.properties.borderColor.alpha > 0)
            && !(node.properties.shadowOpacity > 0 && node.properties.shadowColor.alpha > 0)
    }

    /// Moves user space from the parent's coordinates to the layer's bounds coordinates:
    /// position, then the transform about the anchor point, then the bounds' origin. Returns
    /// false when the transform flattens the layer to nothing (or is not finite).
    func applyLayerTransform(_ p: LayerProperties, _ cr: OpaquePointer) -> Bool {
        let t = p.transform
        var matrix = cairo_matrix_t(xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22, x0: t.m41, y0: t.m42)
        let determinant = matrix.xx * matrix.yy - matrix.xy * matrix.yx
        guard determinant.isFinite, abs(determinant) > 1e-12, matrix.x0.isFinite, matrix.y0.isFinite else { return false }
        cairo_translate(cr, p.position.x, p.position.y)
        if !t.isIdentity { cairo_transform(cr, &matrix) }
        let size = p.bounds.size
        cairo_translate(cr, -(p.bounds.origin.x + p.anchorPoint.x * size.width),
                        -(p.bounds.origin.y + p.anchorPoint.y * size.height))
        return true
    }

    /// Everything of a layer but its shadow and opacity, in its bounds coordinates: background,
    /// content, sublayers, border — or a running transition in their place.
    func drawBody(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        if let transition = node.transition {
            try drawTransition(transition, of: node, cr)
            return
        }
        let bounds = node.properties.bounds
        // A blur view blurs what is behind it, and its background tints the blur.
        let blurs: Bool
        if case .blur = node.content { blurs = true } else { blurs = false }
        if blurs { try drawContent(node, cr) }
        if node.properties.backgroundColor.alpha > 0 {
            fillBackground(bounds, radius: node.properties.cornerRadius, node.properties.backgroundColor, opacity: 1, cr)
        }
        if let gradient = node.properties.gradient { drawGradient(gradient, node.properties, cr) }
        if !blurs { try drawContent(node, cr) }
        if !node.particles.isEmpty { try drawParticles(node, cr) }
        if !node.sublayers.isEmpty {
            cairo_save(cr)
            if node.masksToBounds {
                roundedRect(cr, bounds, radius: node.properties.cornerRadius)
                cairo_clip(cr)
            }
            // Through the buffer: each child is drawn where it lies, not copied out of the array.
            try node.sublayersInDrawingOrder.withUnsafeBufferPointer { (children) throws(RenderError) in
                for index in children.indices { try draw(children[index], cr) }
            }
            cairo_restore(cr)
        }
        if node.properties.borderWidth > 0, node.properties.borderColor.alpha > 0 {
            // The border lies inside the bounds (Core Animation draws it inset).
            let w = min(node.properties.borderWidth, min(bounds.size.width, bounds.size.height) / 2)
            let inset = Rect(x: bounds.origin.x + w / 2, y: bounds.origin.y + w / 2,
                             width: bounds.size.width - w, height: bounds.size.height - w)
            roundedRect(cr, inset, radius: max(node.properties.cornerRadius - w / 2, 0))
            setSource(cr, node.properties.borderColor)
            cairo_set_line_width(cr, w)
            cairo_stroke(cr)
        }
    }

    // MARK: Helpers

    /// Fills `bounds`, inside corners of `radius`, with `background` at `opacity` (the fields,
    /// not the properties, so that drawing a layer copies none of them).
    func fillBackground(_ bounds: Rect, radius: Double, _ background: Color, opacity: Double, _ cr: OpaquePointer) {
        roundedRect(cr, bounds, radius: radius)
        var color = background.clamped
        color.alpha *= min(max(opacity, 0), 1)
        setSource(cr, color)
        cairo_fill(cr)
    }

    /// A rectangle path with circular corners of `radius` (clamped to half the shorter side).
    func roundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
        let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
        let r = max(0, min(radius, min(abs(w), abs(h)) / 2))
        cairo_new_path(cr)
        guard r > 0 else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    func setSource(_ cr: OpaquePointer, _ color: Color) {
        let c = color.clamped
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}
