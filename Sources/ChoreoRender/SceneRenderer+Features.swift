import CCairo
import ChoreoCore

/// Layer features that change how a layer is composited: its mask, whether its back is drawn
/// (`isDoubleSided`), and its parent's `sublayerTransform`.
extension SceneRenderer {
    /// The layer's shadow and body, through its mask when it has one: both are drawn into a
    /// group, the mask into another (in the layer's bounds coordinates, as a sublayer would be),
    /// and the first is painted through the second's alpha (Core Animation masks the shadow too).
    func drawShadowAndBody(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        guard node.mask.isEmpty else { return try drawMasked(node, cr) }
        let shadow = node.properties.shadowOpacity > 0 && node.properties.shadowColor.alpha > 0
        if shadow, !node.masksToBounds { try drawShadow(of: node, cr) }
        try drawBody(node, cr)
    }

    /// `drawShadowAndBody` of a layer with a mask (apart, so that the common path never copies
    /// the node).
    private func drawMasked(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        let mask = node.mask[0]
        cairo_push_group(cr)
        var unmasked = node
        unmasked.mask = []
        do { try drawShadowAndBody(unmasked, cr) } catch {
            cairo_pattern_destroy(cairo_pop_group(cr))
            throw error
        }
        let content = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(content) }
        cairo_push_group(cr)
        do { try draw(mask, cr) } catch {
            cairo_pattern_destroy(cairo_pop_group(cr))
            throw error
        }
        let alpha = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(alpha) }
        cairo_set_source(cr, content)
        cairo_mask(cr, alpha)
    }

    /// Whether a layer with these properties, drawn where the facing so far is `facing` (+1 front,
    /// −1 back), shows its back: the sign of its map to the parent's plane (the determinant of
    /// the homography, whose sign is the Jacobian's in front of the eye) flips the facing.
    /// A mirror (a negative x scale) turns a layer's back to the viewer too, as the cross product
    /// of its transformed axes does in Core Animation.
    func facing(of p: LayerProperties, within facing: Double) -> Double {
        let t = p.transform
        let determinant: Double
        if let warp = Homography.layerToParent(p) {
            let m = warp.m
            determinant = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
                + m[2] * (m[3] * m[7] - m[4] * m[6])
        } else {
            determinant = t.m11 * t.m22 - t.m12 * t.m21  // the translations do not change an affine map's sign
        }
        return determinant < 0 ? -facing : facing
    }
}

extension RenderNode {
    /// Folds this layer's `sublayerTransform` into each sublayer's own geometry, so that the
    /// renderer draws sublayers as it always does: the parent's transform about its anchor point
    /// (`S' = T(a) · S · T(−a)`, `a` = origin + anchor × size) applied after the sublayer's map
    /// `T(p) · transform · T(−anchor)` is, in Core Animation's row-vector order,
    /// `transform · T(p − a, zPosition) · S` with the sublayer placed at `a`. Including
    /// zPosition there is what makes a perspective `sublayerTransform` show depth.
    mutating func applySublayerTransform() {
        let s = properties.sublayerTransform
        guard !s.isIdentity else { return }
        let p = properties
        let a = Point(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
                      y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
        for index in sublayers.indices {
            var child = sublayers[index].properties
            let shift = Transform3D(translationX: child.position.x - a.x, y: child.position.y - a.y, z: child.zPosition)
            child.transform = child.transform.concatenating(shift).concatenating(s)
            child.position = a
            sublayers[index].properties = child
        }
    }
}
