import CCairo
import ChoreoCore

/// Shape layers (CAShapeLayer), drawn in the layer's bounds coordinates: the whole path filled by
/// its fill rule, then the part between strokeStart and strokeEnd stroked with the layer's caps,
/// joins, miter limit and dashes.
///
/// Dashes are laid along the stroked part: the pattern starts, offset by `lineDashPhase`, where
/// the stroke starts (at `strokeStart`) and again at each subpath, as Core Graphics restarts it.
extension SceneRenderer {
    func drawShape(_ style: ShapeContent, _ p: LayerProperties, _ cr: OpaquePointer) {
        let shape = p.shape
        guard !shape.path.isEmpty else { return }
        if let fill = shape.fillColor, fill.alpha > 0 {
            addPath(shape.path, cr)
            cairo_set_fill_rule(cr, style.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(cr, fill)
            cairo_fill(cr)
        }
        guard let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 else { return }
        let trimmed = shape.path.trimmed(from: p.strokeStart, to: p.strokeEnd)
        guard !trimmed.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        addPath(trimmed, cr)
        setSource(cr, stroke)
        cairo_set_line_width(cr, shape.lineWidth)
        cairo_set_line_cap(cr, Self.cairoCap(style.lineCap))
        cairo_set_line_join(cr, Self.cairoJoin(style.lineJoin))
        cairo_set_miter_limit(cr, Swift.max(shape.miterLimit, 0))
        if let pattern = style.lineDashPattern, pattern.contains(where: { $0 > 0 }) {
            // An odd count repeats once more, so dashes and gaps alternate (CGContext's rule, and
            // cairo's too).
            pattern.withUnsafeBufferPointer { lengths in
                cairo_set_dash(cr, lengths.baseAddress, Int32(lengths.count), shape.lineDashPhase)
            }
        }
        cairo_stroke(cr)
    }

    static func cairoCap(_ cap: ShapeContent.LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    static func cairoJoin(_ join: ShapeContent.LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
