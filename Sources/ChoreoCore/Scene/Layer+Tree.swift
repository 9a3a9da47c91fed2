/// The layer tree: adding, inserting, removing and reordering sublayers.
extension Layer {
    /// Appends `layer` as the frontmost sublayer (removing it from its old parent first).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` among the sublayers (clamped to 0...count); index 0 is the back.
    /// A layer that cannot join here (see `insertionProblem(for:)`) is left where it is.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard insertionProblem(for: layer) == nil, layer.maskOwner == nil else { return }
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

    /// How many layers deep a tree may be, its root included: 128.
    ///
    /// Why a limit: the tree is walked recursively (attaching to a scene, invalidating a subtree,
    /// layout, snapshots, rendering, tearing down), and a chain tens of thousands deep overflowed
    /// the stack. Why this one: the renderer's walk takes about 20 KB of stack per level in a
    /// debug build (an 8 MB stack ran out between 300 and 500 levels), so 128 levels stay under
    /// a third of it. UIKit hierarchies are rarely more than a few dozen deep.
    public static let maximumTreeDepth = 128

    /// Why `layer` cannot become a sublayer of this layer, or nil when it can: it is this layer
    /// or one of its ancestors (a cycle; a mask's ancestors are its owner's), it masks a layer,
    /// or the tree would grow deeper than `maximumTreeDepth` (masks count as a level).
    ///
    /// Complexity: O(depth of this layer + size of `layer`'s subtree), which an insertion pays
    /// anyway (it invalidates the subtree); a leaf costs O(depth) ≤ 128 steps.
    public func insertionProblem(for layer: Layer) -> TreeInsertionProblem? {
        if layer === self { return .cycle }
        var depth = 1  // this layer's level: 1 for a root
        var node = superlayer ?? maskOwner
        while let current = node {
            if current === layer { return .cycle }
            depth += 1
            node = current.superlayer ?? current.maskOwner
        }
        if layer.maskOwner != nil { return .isMask }
        let height = layer.subtreeHeight(limit: Layer.maximumTreeDepth - depth)
        return depth + height > Layer.maximumTreeDepth ? .tooDeep(depth: depth + height) : nil
    }

    /// The levels of this layer's subtree (1 for a leaf), counted without recursion and no further
    /// than `limit` + 1 (enough to tell that it exceeds `limit`).
    func subtreeHeight(limit: Int) -> Int {
        if sublayers.isEmpty { return 1 }
        var height = 1
        var pending: [(layer: Layer, level: Int)] = [(self, 1)]
        while let (layer, level) = pending.popLast() {
            height = Swift.max(height, level)
            if height > limit { return height }
            for child in layer.sublayers { pending.append((child, level + 1)) }
            if let mask = layer.extras?.mask { pending.append((mask, level + 1)) }
        }
        return height
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

    /// Forgets the scene in the whole subtree (its scene is going away).
    func detachFromEndingScene() {
        scene = nil
        stackHandle = nil
        row = -1
        for child in sublayers { child.detachFromEndingScene() }
        extras?.mask?.detachFromEndingScene()
    }

    /// Joins (or leaves) a scene with the whole subtree, registering attached animations.
    func attach(to newScene: Scene?) {
        guard scene !== newScene else { return }
        if row >= 0 { listedIn?.forgetRow(of: self) }
        scene = newScene
        stackHandle = newScene.map { Unmanaged.passUnretained($0.stack) }
        attachedAtCommit = newScene?.commitCount ?? .max
        if let newScene, !attached.isEmpty { newScene.listAnimated(self) }
        if let newScene, layerClass == .emitter { newScene.noteEmitter(self) }
        for child in sublayers { child.attach(to: newScene) }
        extras?.mask?.attach(to: newScene)
    }
}

/// Why a layer cannot join a tree where it was asked to (`Layer.insertionProblem(for:)`).
public enum TreeInsertionProblem: Equatable, Sendable {
    /// The layer is the receiver or one of its ancestors.
    case cycle
    /// The tree would be `depth` layers deep, more than `Layer.maximumTreeDepth`.
    case tooDeep(depth: Int)
    /// The layer is another layer's mask (a mask is in no tree).
    case isMask
}
