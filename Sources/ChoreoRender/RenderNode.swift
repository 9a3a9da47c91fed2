import ChoreoCore

/// One layer as the renderer draws it: its presentation values, content, children and the
/// transition running on it, frozen at one instant. Built from a live layer (presentation values
/// at the scene's current time) or from a transition's snapshot.
struct RenderNode {
    /// The layer's name, for messages.
    var name: String?
    var properties: LayerProperties
    var content: LayerContent
    var isHidden: Bool
    var masksToBounds: Bool
    /// The transition running on the layer, if any: held by reference, so that the common
    /// question (is there one?) reads a pointer and moving a node copies no snapshot.
    var transition: TransitionPresentation? {
        get { transitionBox?.value }
        set { transitionBox = newValue.map(TransitionBox.init) }
    }
    var transitionBox: TransitionBox?
    /// Whether a transition runs on the layer.
    var hasTransition: Bool { transitionBox != nil }
    var sublayers: [RenderNode]
    /// The mask layer (none or one), in this layer's bounds coordinates.
    var mask: [RenderNode]
    /// A color that multiplies the node's pixels (a replicator copy's `instanceColor`), or nil.
    var tint: Color?
    /// An emitter's particles alive at the instant.
    var particles: [Particle] = []

    init(layer: Layer) {
        let frame = layer.presentationFrame
        name = layer.name
        properties = frame.properties
        content = layer.content
        isHidden = layer.isHidden
        masksToBounds = layer.masksToBounds
        transitionBox = frame.transition.map(TransitionBox.init)
        sublayers = layer.sublayers.map(RenderNode.init(layer:))
        mask = layer.mask.map { [RenderNode(layer: $0)] } ?? []
        applySublayerTransform()
        if properties.replicator != nil { sublayers = Self.replicas(of: layer, properties, live: sublayers) }
        if properties.emitter != nil { particles = layer.particles }
    }

    init(snapshot: LayerSnapshot) {
        name = snapshot.name
        properties = snapshot.properties
        content = snapshot.content
        isHidden = snapshot.isHidden
        masksToBounds = snapshot.masksToBounds
        transitionBox = nil
        sublayers = snapshot.sublayers.map(RenderNode.init(snapshot:))
        mask = snapshot.mask.map(RenderNode.init(snapshot:))
        applySublayerTransform()
        if properties.replicator != nil { sublayers = Self.replicas(of: snapshot) }
        particles = snapshot.particles
    }

    /// Sublayers in drawing order: by zPosition, then in tree order (Core Animation's order).
    var sublayersInDrawingOrder: [RenderNode] {
        guard sublayers.contains(where: { $0.properties.zPosition != 0 }) else { return sublayers }
        return sublayers.enumerated().sorted {
            ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset)
        }.map(\.element)
    }

    final class TransitionBox {
        let value: TransitionPresentation
        init(_ value: TransitionPresentation) { self.value = value }
    }

    /// Whether drawing the node would leave no mark.
    var isInvisible: Bool { isHidden || !(properties.opacity > 0) }
}
