import CCairo
import ChoreoCore

/// Effects that need the pixels: shadows (a blurred copy of the layer's alpha) and blur views
/// (a blurred copy of what is behind them).
extension SceneRenderer {
    /// Pixels per user unit of the context's current transform (the geometric mean of its axes).
    func deviceScale(_ cr: OpaquePointer) -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
    }

    /// A blur of `sigma` device pixels, at most the canvas's larger side: a wider Gaussian looks
    /// the same on this canvas (an even wash), and the surfaces a shadow or a blur view needs
    /// stay within a few canvases (a `shadowRadius` of 1e10 would ask for terabytes).
    func boxBlur(sigma: Double, edges: BoxBlur.Edges = .transparent) -> BoxBlur {
        BoxBlur(sigma: min(sigma, Double(max(deviceWidth, deviceHeight, 1))), edges: edges)
    }

    /// Core Animation's shadow: the layer's composited alpha (background, content, sublayers,
    /// border) blurred with a Gaussian of standard deviation `shadowRadius` points, tinted with
    /// `shadowColor` × `shadowOpacity` and moved by `shadowOffset` (in the layer's coordinates, so
    /// it turns with a rotated layer). The user space of `cr` is the layer's.
    func drawShadow(of node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        let p = node.properties
        let blur = boxBlur(sigma: p.shadowRadius * deviceScale(cr))
        var dx = p.shadowOffset.width, dy = p.shadowOffset.height
        cairo_user_to_device_distance(cr, &dx, &dy)
        guard dx.isFinite, dy.isFinite, abs(dx) < 1e5, abs(dy) < 1e5 else { return }
        // The body pixels that can cast a visible shadow: the layer's extents, within the canvas
        // grown by the shadow's reach.
        let m = Double(blur.reach) + max(abs(dx), abs(dy)) + 1
        let (W, H) = (Double(deviceWidth), Double(deviceHeight))
        var (x0, y0, x1, y1) = deviceBox(of: localExtents(node), cr) ?? (-m, -m, W + m, H + m)
        (x0, y0, x1, y1) = (max(x0, -m), max(y0, -m), min(x1, W + m), min(y1, H + m))
        guard x1 > x0, y1 > y0 else { return }
        let ox = Int(saturating: x0.rounded(.down)) - blur.reach - 1, oy = Int(saturating: y0.rounded(.down)) - blur.reach - 1
        let width = Int(saturating: x1.rounded(.up)) + blur.reach + 1 - ox
        let height = Int(saturating: y1.rounded(.up)) + blur.reach + 1 - oy
        guard width <= 4 * Canvas.maximumSide, height <= 4 * Canvas.maximumSide else { return }

        // The body, drawn in device space.
        guard let body = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(body) }
        cairo_surface_set_device_offset(body, Double(-ox), Double(-oy))
        let offscreen = cairo_create(body)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_set_matrix(offscreen, &matrix)
        if let shadowPath = p.features.shadowPath {
            // CALayer.shadowPath: the shadow is cast from the path's outline (filled, non-zero).
            addPath(shadowPath, offscreen)
            cairo_set_fill_rule(offscreen, CAIRO_FILL_RULE_WINDING)
            cairo_set_source_rgba(offscreen, 0, 0, 0, 1)
            cairo_fill(offscreen)
        } else {
            var shadowless = node
            shadowless.properties.shadowOpacity = 0
            do { try drawBody(shadowless, offscreen) } catch {
                cairo_destroy(offscreen)
                throw error
            }
        }
        cairo_destroy(offscreen)
        cairo_surface_flush(body)

        // Its alpha, blurred.
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(mask) }
        cairo_surface_flush(mask)
        let source = cairo_image_surface_get_data(body)!, target = cairo_image_surface_get_data(mask)!
        let sourceStride = Int(cairo_image_surface_get_stride(body)), targetStride = Int(cairo_image_surface_get_stride(mask))
        for y in 0..<height {
            let row = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { target[y * targetStride + x] = UInt8(row[x] >> 24) }
        }
        blur.apply(to: target, width: width, height: height, stride: targetStride, channels: 1)
        cairo_surface_mark_dirty(mask)
        cairo_surface_set_device_offset(mask, Double(-ox), Double(-oy))

        cairo_save(cr)
        cairo_identity_matrix(cr)
        setSource(cr, p.shadowColor.withAlpha(p.shadowColor.alpha * min(max(p.shadowOpacity, 0), 1)))
        cairo_mask_surface(cr, mask, dx, dy)
        cairo_restore(cr)
    }

    /// A blur view: what has been drawn behind the layer so far, blurred with a Gaussian of
    /// standard deviation `blurRadius` points (like CSS `backdrop-filter: blur()`), shown inside
    /// the layer's rounded bounds. Only what is already in the layer's drawing surface counts: a
    /// blur view inside a translucent ancestor (drawn as a group) blurs that group's content, as
    /// UIVisualEffectView does not support translucent ancestors either.
    func drawBlurBehind(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        let p = node.properties
        let blur = boxBlur(sigma: p.blurRadius * deviceScale(cr), edges: .extend)
        guard !blur.radii.isEmpty else { return }
        // The device box of the bounds, grown by the blur's reach, within the canvas.
        let b = p.bounds
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let x0 = max(0, Int(saturating: minX.rounded(.down)) - blur.reach)
        let y0 = max(0, Int(saturating: minY.rounded(.down)) - blur.reach)
        let x1 = min(deviceWidth, Int(saturating: maxX.rounded(.up)) + blur.reach)
        let y1 = min(deviceHeight, Int(saturating: maxY.rounded(.up)) + blur.reach)
        guard x1 > x0, y1 > y0 else { return }

        let target = cairo_get_group_target(cr)!
        cairo_surface_flush(target)
        guard let backdrop = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0)) else { return }
        defer { cairo_surface_destroy(backdrop) }
        cairo_surface_set_device_offset(backdrop, Double(-x0), Double(-y0))
        let copy = cairo_create(backdrop)!
        cairo_set_source_surface(copy, target, 0, 0)
        cairo_set_operator(copy, CAIRO_OPERATOR_SOURCE)
        cairo_paint(copy)
        cairo_destroy(copy)
        cairo_surface_flush(backdrop)
        blur.apply(to: cairo_image_surface_get_data(backdrop), width: x1 - x0, height: y1 - y0,
                   stride: Int(cairo_image_surface_get_stride(backdrop)), channels: 4)
        cairo_surface_mark_dirty(backdrop)

        cairo_save(cr)
        roundedRect(cr, b, radius: p.cornerRadius)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, backdrop, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
