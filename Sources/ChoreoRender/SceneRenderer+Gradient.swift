import CCairo
import ChoreoCore

/// Gradient layers (CAGradientLayer): the gradient fills the layer's shape (its rounded corners
/// too) over the background color and under the content and sublayers, as Core Animation draws it.
///
/// Axial and radial gradients are cairo patterns; conic gradients, which cairo lacks, are
/// computed per device pixel from `GradientProperties.location(of:in:)` (the pixel's centre
/// mapped back into the layer) and painted through the layer's shape. Every kind follows the color
/// line of `GradientProperties.stops`; locations outside 0...1 stretch the pattern to reach them.
extension SceneRenderer {
    func drawGradient(_ gradient: GradientProperties, _ p: LayerProperties, _ cr: OpaquePointer) {
        let stops = gradient.stops
        let bounds = p.bounds
        guard let first = stops.first, let last = stops.last, bounds.size.width > 0, bounds.size.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        roundedRect(cr, bounds, radius: p.cornerRadius)
        let s = GradientProperties.place(gradient.startPoint, in: bounds)
        let e = GradientProperties.place(gradient.endPoint, in: bounds)
        switch gradient.type {
        case .axial:
            let ax = e.x - s.x, ay = e.y - s.y
            guard ax * ax + ay * ay > 0 else { return fill(cr, last.color) }
            let (lo, hi) = Self.span(of: stops)
            let pattern = cairo_pattern_create_linear(s.x + lo * ax, s.y + lo * ay, s.x + hi * ax, s.y + hi * ay)
            fill(cr, pattern, stops, lo: lo, hi: hi)
        case .radial:
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            guard rx > 0, ry > 0, last.location > 0 else { return fill(cr, last.color) }
            // Radii cannot be negative: stops below 0 (inside the centre) give way to the color at 0.
            var ring = stops.filter { $0.location >= 0 }
            if first.location < 0 {
                ring.insert(.init(location: 0, color: GradientProperties.color(atLocation: 0, stops: stops)), at: 0)
            }
            let (lo, hi) = Self.span(of: ring)
            let pattern = cairo_pattern_create_radial(0, 0, lo, 0, 0, hi)
            // Pattern space is the unit circle: user space scaled so the ellipse becomes it.
            var matrix = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -s.x / rx, y0: -s.y / ry)
            cairo_pattern_set_matrix(pattern, &matrix)
            fill(cr, pattern, ring, lo: lo, hi: hi)
        case .conic:
            drawConic(gradient, stops, bounds, cr)
        }
    }

    /// The locations the pattern runs between: the first and last stop's, at least a millionth
    /// apart (stops at one location are a hard edge there).
    static func span(of stops: [GradientProperties.Stop]) -> (lo: Double, hi: Double) {
        let lo = stops.first?.location ?? 0, hi = stops.last?.location ?? 1
        return hi - lo > 1e-6 ? (lo, hi) : (lo, lo + 1e-6)
    }

    /// Fills the current path with `pattern` carrying `stops` rescaled from lo...hi to 0...1 and
    /// padded beyond them with the end colors; destroys the pattern.
    private func fill(_ cr: OpaquePointer, _ pattern: OpaquePointer?, _ stops: [GradientProperties.Stop], lo: Double, hi: Double) {
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in stops {
            let c = stop.color.clamped
            let offset = min(max((stop.location - lo) / (hi - lo), 0), 1)
            cairo_pattern_add_color_stop_rgba(pattern, offset, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
    }

    private func fill(_ cr: OpaquePointer, _ color: Color) {
        setSource(cr, color)
        cairo_fill(cr)
    }

    /// A conic gradient, pixel by pixel: each device pixel inside the layer's shape gets the color
    /// of its centre's location, exactly (to the 8-bit rounding), whatever the transform.
    private func drawConic(_ gradient: GradientProperties, _ stops: [GradientProperties.Stop], _ bounds: Rect, _ cr: OpaquePointer) {
        var toDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &toDevice)
        var toUser = toDevice
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS else { return }
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let left = max(0, Int(x1.rounded(.down))), top = max(0, Int(y1.rounded(.down)))
        let right = min(deviceWidth, Int(x2.rounded(.up))), bottom = min(deviceHeight, Int(y2.rounded(.up)))
        guard right > left, bottom > top, let image = conicImage(
            gradient, stops, bounds, toUser, origin: (left, top), size: (right - left, bottom - top)) else { return }
        defer { cairo_surface_destroy(image) }
        cairo_set_source_surface(cr, image, Double(left), Double(top))
        cairo_paint(cr)
    }

    /// The conic gradient's pixels over a device rectangle, premultiplied ARGB.
    private func conicImage(
        _ gradient: GradientProperties, _ stops: [GradientProperties.Stop], _ bounds: Rect, _ toUser: cairo_matrix_t,
        origin: (x: Int, y: Int), size: (width: Int, height: Int)
    ) -> OpaquePointer? {
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height)) else { return nil }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(image) else {
            cairo_surface_destroy(image)
            return nil
        }
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        for row in 0..<size.height {
            let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            let dy = Double(origin.y + row) + 0.5
            for column in 0..<size.width {
                let dx = Double(origin.x + column) + 0.5
                let user = Point(x: toUser.xx * dx + toUser.xy * dy + toUser.x0, y: toUser.yx * dx + toUser.yy * dy + toUser.y0)
                let color = GradientProperties.color(atLocation: gradient.location(of: user, in: bounds), stops: stops)
                pixels[column] = Self.premultipliedPixel(color)
            }
        }
        cairo_surface_mark_dirty(image)
        return image
    }

    /// A color as one premultiplied ARGB32 pixel, each channel rounded to the nearest level.
    static func premultipliedPixel(_ color: Color) -> UInt32 {
        let c = color.clamped
        func level(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return level(c.alpha) << 24 | level(c.red * c.alpha) << 16 | level(c.green * c.alpha) << 8 | level(c.blue * c.alpha)
    }
}
