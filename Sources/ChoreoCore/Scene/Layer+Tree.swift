/// The layer tree: adding, inserting, removing and reordering sublayers.
extension Layer {
    /// Appends `layer` as the frontmost sublayer (removing it from its old parent first).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` among the sublayers (clamped to 0...count); index 0 is the back.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard layer !== self, !isDescendant(of: layer) else { return }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
        layer.viewRetainedByTree = layer.view
        layer.attach(to: scene)
        layer.invalidatePresentation(subtree: true)  // a new ancestor: new time mappings
        invalidatePresentation(subtree: false)
    }

    /// Inserts `layer` just below or above `sibling` (which must be a sublayer; else appended).
    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        insertSublayer(layer, nextTo: sibling, offset: 0)
    }

    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        insertSublayer(layer, nextTo: sibling, offset: 1)
    }

    private func insertSublayer(_ layer: Layer, nextTo sibling: Layer, offset: Int) {
        guard layer !== sibling, sibling.superlayer === self else { return addSublayer(layer) }
        layer.removeFromSuperlayer()
        let index = sublayers.firstIndex { $0 === sibling } ?? sublayers.count
        insertSublayer(layer, at: index + offset)
    }

    /// Detaches the layer from its parent (and its scene).
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
        viewRetainedByTree = nil
        attach(to: nil)
        parent.invalidatePresentation(subtree: false)
    }

    /// Moves a sublayer to the front (the end of `sublayers`).
    public func bringSublayerToFront(_ layer: Layer) {
        guard layer.superlayer === self else { return }
        insertSublayer(layer, at: sublayers.count)
    }

    /// Moves a sublayer to the back (the start of `sublayers`).
    public func sendSublayerToBack(_ layer: Layer) {
        guard layer.superlayer === self else { return }
        insertSublayer(layer, at: 0)
    }

    /// Swaps the sublayers at two indices (ignored when either is out of range).
    public func exchangeSublayer(at i: Int, withSublayerAt j: Int) {
        guard sublayers.indices.contains(i), sublayers.indices.contains(j) else { return }
        sublayers.swapAt(i, j)
        invalidatePresentation(subtree: false)
    }

    /// Whether `ancestor` is this layer's parent, grandparent, ...
    public func isDescendant(of ancestor: Layer) -> Bool {
        var node = superlayer
        while let current = node {
            if current === ancestor { return true }
            node = current.superlayer
        }
        return false
    }

    /// Joins (or leaves) a scene with the whole subtree, registering attached animations.
    /// Forgets the scene in the whole subtree (its scene is going away).
    func detachFromEndingScene() {
        scene = nil
        batchRow = -1
        for child in sublayers { child.detachFromEndingScene() }
    }

    func attach(to newScene: Scene?) {
        guard scene !== newScene else { return }
        if batchRow >= 0 { scene?.unbatch(self) }
        scene = newScene
        attachedAtCommit = newScene?.commitCount ?? .max
        if let newScene, !attached.isEmpty { newScene.listAnimated(self) }
        for child in sublayers { child.attach(to: newScene) }
    }
}
