/// CALayer.mask: a layer whose alpha masks this layer's drawing (shadow, background, content,
/// sublayers, border), placed in this layer's bounds coordinates like a sublayer, but in no tree.
///
///     let reveal = Layer()
///     reveal.setFrame(Rect(x: 0, y: 0, width: 40, height: 80))
///     reveal.model.backgroundColor = .black          // opaque where the layer shows
///     try card.setMask(reveal)
///
/// Core Animation leaves a mask with a superlayer undefined; Choreo refuses it, and refuses the
/// layer itself, one of its ancestors (a cycle), a layer that already masks another, and a mask
/// that would make the tree deeper than `maximumTreeDepth`. The mask joins the layer's scene, so
/// its own animations run, in the masked layer's time (pausing the layer pauses its mask).
extension Layer {
    /// The layer masking this one, or nil.
    public var mask: Layer? { extras?.mask }

    /// Sets (or, with nil, removes) the mask.
    /// - Throws: `ArgumentError` naming the problem; the old mask then stays.
    public func setMask(_ newMask: Layer?) throws(ArgumentError) {
        if let newMask, newMask !== mask {
            if let problem = maskProblem(for: newMask) {
                throw ArgumentError(
                    parameter: "mask", requirement: problem,
                    value: newMask === self ? "the same layer" : newMask.name.map { "layer \"\($0)\"" } ?? "an unnamed layer")
            }
        }
        guard newMask !== mask else { return }
        if let old = extras?.mask {
            old.extras?.maskOwner = nil
            old.attach(to: nil)
            old.invalidatePresentation(subtree: true)
        }
        guard let newMask else {
            extras?.mask = nil
            return
        }
        ensuredExtras.mask = newMask
        newMask.ensuredExtras.maskOwner = self
        newMask.attach(to: scene)
        newMask.invalidatePresentation(subtree: true)
    }

    /// Why `layer` cannot be this layer's mask, or nil.
    func maskProblem(for layer: Layer) -> String? {
        if layer === self { return "cannot be the layer itself" }
        if layer.superlayer != nil {
            return "must not be in a layer tree (Core Animation: a mask has no superlayer; remove it from its superlayer first)"
        }
        if layer.maskOwner != nil { return "is already the mask of another layer (a layer masks at most one)" }
        switch insertionProblem(for: layer) {
        case .cycle?: return "cannot be one of the layer's ancestors (a cycle)"
        case let .tooDeep(depth)?: return "would make the layer tree \(depth) levels deep (the most is \(Layer.maximumTreeDepth))"
        case .isMask?, nil: return nil
        }
    }
}
