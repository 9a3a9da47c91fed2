/// Layout: `layoutSubviews` run on demand.
extension View {
    /// Runs `layoutSubviews` on this view, then on its subviews, parents first (a parent's layout
    /// may add, move or remove the children laid out after it). Choreo keeps no needs-layout
    /// flag: every call lays out. Inside an animation block the frames it sets animate.
    ///
    ///     container.layoutSubviews = { view in bar.frame = expanded ? wide : narrow }
    ///     try View.animate(in: scene, withDuration: 0.3) { expanded = true; try container.layoutIfNeeded() }
    public func layoutIfNeeded() throws {
        try layoutSubviews?(self)
        for subview in subviews where subview.superview === self { try subview.layoutIfNeeded() }
    }
}
