import CCairo
import ChoreoCore

/// Emitter layers: each particle drawn at its position, turned by its rotation and scaled by
/// its scale, in the layer's bounds coordinates, above the layer's content and below its
/// sublayers; cells in order, each cell's particles oldest first.
///
/// A particle's contents: an image centered on it (its pixel size divided by the cell's
/// `contentsScale`), its pixels multiplied by the particle's color (Core Animation's tint); or a
/// path, its bounding box centered on it, filled with the color. No contents: nothing drawn.
extension SceneRenderer {
    func drawParticles(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        guard let cells = node.properties.emitter?.emitterCells else { return }
        let centers = cells.map { cell -> Point in
            guard case let .shape(path) = cell.contents else { return .zero }
            return Self.controlBox(of: path).rect?.center ?? .zero
        }
        for particle in node.particles where particle.color.alpha > 0 && particle.scale > 0 {
            let p = particle.position
            guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e7, abs(p.y) < 1e7, particle.rotation.isFinite,
                  particle.scale.isFinite, particle.scale < 1e4 else { continue }
            let cell = cells[particle.cell]
            cairo_save(cr)
            cairo_translate(cr, p.x, p.y)
            if particle.rotation != 0 { cairo_rotate(cr, particle.rotation) }
            cairo_scale(cr, particle.scale, particle.scale)
            switch cell.contents {
            case .none: break
            case .shape(let path):
                cairo_translate(cr, -centers[particle.cell].x, -centers[particle.cell].y)
                addPath(path, cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                setSource(cr, particle.color)
                cairo_fill(cr)
            case .image(let path):
                do { try drawParticleImage(loadImage(path), scale: cell.contentsScale, color: particle.color, cr) } catch {
                    cairo_restore(cr)
                    throw error
                }
            }
            cairo_restore(cr)
        }
    }

    /// An image centered at the origin, `scale` pixels a point, multiplied by `color`.
    private func drawParticleImage(_ picture: Canvas, scale: Double, color: Color, _ cr: OpaquePointer) {
        let width = Double(picture.width) / scale, height = Double(picture.height) / scale
        cairo_translate(cr, -width / 2, -height / 2)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_clip(cr)
        cairo_scale(cr, 1 / scale, 1 / scale)
        let tinted = color.clamped != .white
        if tinted { cairo_push_group(cr) }
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        if tinted {
            cairo_pop_group_to_source(cr)
            multiply(cairo_get_source(cr), by: color)
            cairo_paint(cr)
        }
    }
}
