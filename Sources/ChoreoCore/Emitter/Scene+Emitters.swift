/// The emitter layers of a scene: what keeps a run going while particles fly.
///
/// An emitter that emits runs forever, as an animation repeating forever does (give a run a
/// duration); one that has stopped (`birthRate = 0`) keeps the run going until its last particle
/// dies.
extension Scene {
    /// Notes an emitter layer that joined the scene's tree (`Layer.attach(to:)`).
    func noteEmitter(_ layer: Layer) {
        emitterLayers.removeAll { $0.layer == nil || $0.layer?.scene !== self }
        guard !emitterLayers.contains(where: { $0.layer === layer }) else { return }
        emitterLayers.append(WeakEmitterLayer(layer: layer))
    }

    /// Whether an emitter in the tree emits, or may have particles alive, now.
    var hasLiveEmitters: Bool {
        emitterLayers.contains { entry in
            guard let layer = entry.layer, layer.scene === self, let emitter = layer.model.emitter else { return false }
            return emitter.mayHaveParticles(atOrAfterLocalTime: layer.localTimeNow)
        }
    }
}

/// An emitter layer a scene notes, held weakly: the tree owns its layers.
struct WeakEmitterLayer {
    weak var layer: Layer?
}
