import CCairo
import ChoreoCore

/// Transitions: a layer with a running transition shows its before and after snapshots,
/// combined by the transition's type at its progress, in place of its own body.
///
/// Choices (Core Animation documents the types, not their exact motion):
/// - `fade` and `crossDissolve`: a cross-fade, before × (1 − p) + after × p.
/// - `push`: the after state slides in from the subtype's side (default `fromLeft`) while the
///   before state slides out the other way; `moveIn`: the after state slides in over the before
///   state; `reveal`: the before state slides out, uncovering the after state. Not clipped,
///   unless the layer masks to bounds (as in Core Animation).
/// - Flips: the layer turns half a turn about its vertical (left, right) or horizontal (top,
///   bottom) axis, seen in perspective from twice its larger side (close to UIKit's look): the
///   before state while it faces the viewer, then the after state.
/// - Curls, drawn flat: the before page folds up from its bottom edge, showing its back, until it
///   has turned over the top (`curlUp`); `curlDown` runs that backwards with the pages swapped.
extension SceneRenderer {
    /// The distance of the eye for flips, in multiples of the layer's larger side.
    static let flipEyeDistance = 2.0

    func drawTransition(_ transition: TransitionPresentation, of node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        let before = RenderNode(snapshot: transition.before)
        var after: RenderNode
        if let snapshot = transition.after {
            after = RenderNode(snapshot: snapshot)
        } else {
            after = node
            after.transition = nil
        }
        let p = min(max(transition.progress, 0), 1)
        let bounds = node.properties.bounds
        let (w, h) = (bounds.size.width, bounds.size.height)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if node.masksToBounds {
            roundedRect(cr, bounds, radius: node.properties.cornerRadius)
            cairo_clip(cr)
        }
        let subtype = transition.subtype ?? .fromLeft
        // The unit vector the incoming content moves along.
        let (ux, uy): (Double, Double) = switch subtype {
        case .fromLeft: (1, 0)
        case .fromRight: (-1, 0)
        case .fromTop: (0, 1)
        case .fromBottom: (0, -1)
        }
        switch transition.type {
        case .fade, .crossDissolve:
            cairo_push_group(cr)
            try drawFaded(before, alpha: 1 - p, cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
            try drawFaded(after, alpha: p, cr)
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        case .push:
            try drawShifted(before, dx: ux * w * p, dy: uy * h * p, cr)
            try drawShifted(after, dx: -ux * w * (1 - p), dy: -uy * h * (1 - p), cr)
        case .moveIn:
            try drawSide(before, cr)
            try drawShifted(after, dx: -ux * w * (1 - p), dy: -uy * h * (1 - p), cr)
        case .reveal:
            try drawSide(after, cr)
            try drawShifted(before, dx: ux * w * p, dy: uy * h * p, cr)
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom:
            try drawFlip(transition.type, before: before, after: after, progress: p, bounds: bounds, cr)
        case .curlUp, .curlDown:
            try drawCurl(up: transition.type == .curlUp, before: before, after: after, progress: p, bounds: bounds, cr)
        }
    }

    /// One side of a transition: the subtree as its snapshot has it, nothing when it was hidden.
    private func drawSide(_ node: RenderNode, _ cr: OpaquePointer) throws(RenderError) {
        guard !node.isHidden else { return }
        try drawBody(node, cr)
    }

    private func drawFaded(_ node: RenderNode, alpha: Double, _ cr: OpaquePointer) throws(RenderError) {
        guard alpha > 0 else { return }
        cairo_push_group(cr)
        try drawSide(node, cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    private func drawShifted(_ node: RenderNode, dx: Double, dy: Double, _ cr: OpaquePointer) throws(RenderError) {
        cairo_save(cr)
        cairo_translate(cr, dx, dy)
        try drawSide(node, cr)
        cairo_restore(cr)
    }

    /// Half a turn about the bounds' centre line: 0…½ shows `before` turning away (0 → 90°),
    /// ½…1 shows `after` turning in (−90° → 0), in perspective.
    private func drawFlip(_ type: TransitionAnimation.Kind, before: RenderNode, after: RenderNode, progress p: Double,
                          bounds: Rect, _ cr: OpaquePointer) throws(RenderError) {
        let showsBefore = p < 0.5
        let angle = (showsBefore ? p : p - 1) * Double.pi
        // flipFromLeft turns the left edge towards the viewer (a turn about +y, as UIKit shows it).
        let (ax, ay, sign): (Double, Double, Double) = switch type {
        case .flipFromLeft: (0, 1, 1)
        case .flipFromRight: (0, 1, -1)
        case .flipFromTop: (1, 0, -1)
        default: (1, 0, 1)
        }
        var turn = Transform3D(rotationAngle: sign * angle, x: ax, y: ay, z: 0)
        let eye = Self.flipEyeDistance * max(bounds.size.width, bounds.size.height, 1)
        turn = turn.concatenating(Transform3D(perspectiveEyeDistance: eye))
        var face = showsBefore ? before : after
        face.transition = nil
        // The face as a layer of its own, turning about the centre of the bounds.
        face.properties.position = Point(x: bounds.midX, y: bounds.midY)
        face.properties.anchorPoint = Point(x: 0.5, y: 0.5)
        face.properties.bounds = bounds
        face.properties.transform = turn
        face.properties.opacity = 1
        face.properties.shadowOpacity = 0
        try draw(face, cr)
    }

    /// The page curl, drawn flat as a page folded back: for `curlUp` the before page's bottom
    /// edge lifts and folds up over it, its back (paper white) showing and the after state
    /// appearing under it, until the whole page has turned over the top edge. `curlDown` is the
    /// same motion run backwards with the pages swapped: the after page unfolds down over the
    /// before state. Drawn within the bounds.
    private func drawCurl(up: Bool, before: RenderNode, after: RenderNode, progress p: Double,
                          bounds: Rect, _ cr: OpaquePointer) throws(RenderError) {
        let (page, under, q) = up ? (before, after, p) : (after, before, 1 - p)
        let (x, y, w, h) = (bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height)
        let bottom = y + h
        // The fold line climbs from the bottom edge to the top edge; the flap above it is the
        // part of the page below it, mirrored about it.
        let fold = bottom - q * h
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, x, y, w, h)
        cairo_clip(cr)
        try drawSide(under, cr)
        guard q < 1 else { return }
        // The page above the fold, still flat.
        cairo_save(cr)
        cairo_rectangle(cr, x, y, w, fold - y)
        cairo_clip(cr)
        try drawSide(page, cr)
        cairo_restore(cr)
        guard q > 0 else { return }
        // A soft shadow the flap casts on the page beneath it.
        let flapTop = max(y, 2 * fold - bottom)
        let shadow = cairo_pattern_create_linear(0, flapTop - 8, 0, flapTop)!
        cairo_pattern_add_color_stop_rgba(shadow, 0, 0, 0, 0, 0)
        cairo_pattern_add_color_stop_rgba(shadow, 1, 0, 0, 0, 0.3)
        cairo_rectangle(cr, x, flapTop - 8, w, 8)
        cairo_set_source(cr, shadow)
        cairo_fill(cr)
        cairo_pattern_destroy(shadow)
        // The flap: the back of the page, mirrored about the fold, seen through thin paper.
        cairo_save(cr)
        cairo_rectangle(cr, x, flapTop, w, fold - flapTop)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_translate(cr, 0, 2 * fold)
        cairo_scale(cr, 1, -1)
        try drawSide(page, cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, 0.35)
        let paper = cairo_pattern_create_linear(0, flapTop, 0, fold)!
        cairo_pattern_add_color_stop_rgba(paper, 0, 0.97, 0.97, 0.97, 0.75)
        cairo_pattern_add_color_stop_rgba(paper, 1, 0.85, 0.85, 0.86, 0.75)
        cairo_set_source(cr, paper)
        cairo_paint(cr)
        cairo_pattern_destroy(paper)
        cairo_restore(cr)
    }
}
