import CCairo
import ChoreoCore

/// Content kinds: labels, images, shapes and blur views, drawn in the layer's bounds coordinates.
extension SceneRenderer {
    func drawContent(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        switch node.content {
        case .none: return
        case let .text(text): drawText(text, in: node.properties.bounds, cr)
        case let .image(image): try drawImage(image, node, cr)
        case let .shape(shape): drawShape(shape, node.properties, cr)
        case .blur: try drawBlurBehind(node, cr)
        }
    }

    /// The font labels are drawn with: DejaVu Sans through fontconfig (Scripts/setup.sh installs
    /// fonts-dejavu-core), so that every machine with it draws the same glyphs.
    static let fontFamily = "DejaVu Sans"

    /// A label's text, one line per "\n", aligned horizontally as asked and centred vertically in
    /// the bounds as UILabel does; a line too wide for the bounds ends in "…". Hinting is off so glyph positions do not depend on the scale's
    /// pixel grid. `natural` and `justified` align left (Choreo lays out left-to-right text).
    func drawText(_ text: TextContent, in bounds: Rect, _ cr: OpaquePointer) {
        guard !text.text.isEmpty, text.fontSize > 0, text.textColor.alpha > 0 else { return }
        // FreeType refuses glyphs tens of thousands of pixels tall (cairo's context then fails):
        // text whose glyphs would be taller than the largest canvas is not drawn.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let stretch = max((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        guard text.fontSize * stretch <= Double(Canvas.maximumSide) else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let bold: Bool = switch text.fontWeight {
        case .semibold, .bold, .heavy, .black: true
        default: false
        }
        cairo_select_font_face(cr, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, text.fontSize)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        let lines = text.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lineHeight = font.height
        let blockHeight = lineHeight * Double(lines.count)
        var baseline = bounds.origin.y + (bounds.size.height - blockHeight) / 2 + (lineHeight - font.ascent - font.descent) / 2 + font.ascent
        setSource(cr, text.textColor)
        for whole in lines {
            let line = truncated(whole, toWidth: bounds.size.width, cr)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, line, &extents)
            let x: Double = switch text.alignment {
            case .center: bounds.origin.x + (bounds.size.width - extents.x_advance) / 2
            case .right: bounds.origin.x + bounds.size.width - extents.x_advance
            case .left, .natural, .justified: bounds.origin.x
            }
            cairo_move_to(cr, x, baseline)
            cairo_show_text(cr, line)
            baseline += lineHeight
        }
    }

    /// A line cut at the end with "…" so that it fits `width` (UILabel's default
    /// `byTruncatingTail`); a line that fits is returned whole.
    ///
    /// The longest prefix that fits is found by bisection (a longer prefix is never narrower), so
    /// a line of n characters costs O(log n) measurements of at most n characters, not one per
    /// character dropped (O(n²) for a long text in a narrow label).
    func truncated(_ line: String, toWidth width: Double, _ cr: OpaquePointer) -> String {
        func advance(_ text: String) -> Double {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            return extents.x_advance
        }
        guard width > 0, advance(line) > width + 0.01 else { return line }
        let characters = Array(line)
        func candidate(_ count: Int) -> String { String(characters[..<count]).trimmingTrailingSpaces + "…" }
        // The longest prefix, shorter than the line, whose candidate fits: in low...high, or none (−1).
        var (low, high) = (-1, characters.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if advance(candidate(mid)) <= width + 0.01 { low = mid } else { high = mid - 1 }
        }
        return low >= 0 ? candidate(low) : ""
    }

    /// An image view's PNG, placed by the layer's `contentsGravity` (UIImageView's default
    /// `scaleToFill` is `resize`: stretched to the bounds; one pixel is one point) and clipped to
    /// the rounded bounds when the layer masks to bounds (else content larger than the bounds,
    /// as `resizeAspectFill` makes, reaches out of them, as in Core Animation).
    func drawImage(_ image: ImageContent, _ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        guard !image.path.isEmpty else { return }
        let picture = try loadImage(image.path)
        let bounds = node.properties.bounds
        guard bounds.size.width > 0, bounds.size.height > 0 else { return }
        let placed = node.properties.features.contentsGravity.contentRect(
            for: Size(width: Double(picture.width), height: Double(picture.height)), in: bounds)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if node.masksToBounds {
            roundedRect(cr, bounds, radius: node.properties.cornerRadius)
            cairo_clip(cr)
        }
        if !node.masksToBounds || placed != bounds {
            cairo_rectangle(cr, placed.origin.x, placed.origin.y, placed.size.width, placed.size.height)
            cairo_clip(cr)
        }
        cairo_translate(cr, placed.origin.x, placed.origin.y)
        cairo_scale(cr, placed.size.width / Double(picture.width), placed.size.height / Double(picture.height))
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
    }

    /// A PNG file, read once per renderer.
    func loadImage(_ path: String) throws(RenderError) -> Canvas {
        if let cached = images[path] { return cached }
        let image = try Canvas.load(png: path)
        images[path] = image
        return image
    }

    /// Replaces the context's path with a `BezierPath` (quadratics raised to cubics).
    func addPath(_ path: BezierPath, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case let .move(to: p):
                cairo_move_to(cr, p.x, p.y)
            case let .line(to: p):
                cairo_line_to(cr, p.x, p.y)
            case let .quadCurve(to: p, control: c):
                // With no current point the curve starts at its control point (BezierPath's rule).
                if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, c.x, c.y) }
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                cairo_curve_to(cr, x + 2 / 3 * (c.x - x), y + 2 / 3 * (c.y - y),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case let .curve(to: p, control1: c1, control2: c2):
                if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, c1.x, c1.y) }
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close:
                cairo_close_path(cr)
            }
        }
    }
}

extension String {
    /// The string without spaces at its end.
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
