/// An emitter layer's animatable properties: where it emits. Core Animation also animates the
/// layer's birthRate, lifetime, velocity, scale and spin factors; in Choreo those are set
/// (`Layer.updateEmitter`, `setEmitterBirthRate`), because a particle is a closed form of its
/// birth and an animated birth rate has none, and their names would take over key paths that
/// scripts use for custom properties. A particle is born where the emitter presents at its
/// birth, and then flies on its own — as long as the animation that placed it is attached: the
/// births under an animation that has been removed (at its end, by default) are placed by the
/// model, as if it had never run (keep it with `isRemovedOnCompletion = false` for a trail that
/// outlives it).
extension PropertyCatalogue {
    static let emitterProperties: [AnimatableProperty] = [
        .init("emitterPosition", .emitterPosition, "an EmitterLayer's center, where new particles are born",
              applyOrder: 260, get: { $0.emitter?.emitterPosition ?? .zero }, set: { $0.emitter?.emitterPosition = $1 },
              layerClass: .emitter),
        .init("emitterSize", .emitterSize, "an EmitterLayer's extent: a line's length, a rectangle's size, a circle's diameter",
              applyOrder: 270, get: { $0.emitter?.emitterSize ?? Size(width: 0, height: 0) },
              set: { $0.emitter?.emitterSize = $1 }, layerClass: .emitter),
    ]
}
