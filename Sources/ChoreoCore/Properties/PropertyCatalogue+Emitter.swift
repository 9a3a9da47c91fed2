/// An emitter layer's animatable properties (CAEmitterLayer): where it emits, and the factors of
/// every cell's birth rate, lifetime, velocity, scale and spin.
///
/// A particle takes the emitter's properties at its birth: animations of them change where new
/// particles are born, how long they live, how fast they fly and how big they are and turn, not
/// the particles already flying, as in Core Animation. An animated `birthRate` is integrated over
/// the layer's time (`EmitterProperties.particles(atLocalTime:integrating:)`). The births under an
/// animation that has been removed (at its end, by default) are placed by the model, as if it had
/// never run (keep it with `isRemovedOnCompletion = false` for a trail that outlives it).
///
/// The factors' names are also custom property names on other layers (`isClassScoped`): a key
/// path `birthRate` reaches the factor on an emitter only.
extension PropertyCatalogue {
    static let emitterProperties: [AnimatableProperty] = [
        .init("emitterPosition", .emitterPosition, "an EmitterLayer's center, where new particles are born",
              applyOrder: 260, get: { $0.emitter?.emitterPosition ?? .zero }, set: { $0.emitter?.emitterPosition = $1 },
              layerClass: .emitter),
        .init("emitterSize", .emitterSize, "an EmitterLayer's extent: a line's length, a rectangle's size, a circle's diameter",
              applyOrder: 270, get: { $0.emitter?.emitterSize ?? Size(width: 0, height: 0) },
              set: { $0.emitter?.emitterSize = $1 }, layerClass: .emitter),
        .init("birthRate", .emitterBirthRate, "an EmitterLayer's factor of every cell's birth rate (particles per second)",
              applyOrder: 280, get: { $0.emitter?.birthRate ?? 1 }, set: { $0.emitter?.presentBirthRate($1) },
              layerClass: .emitter, classScoped: true),
        .init("lifetime", .emitterLifetime, "an EmitterLayer's factor of every cell's lifetime, for particles born from then on",
              applyOrder: 281, get: { $0.emitter?.lifetime ?? 1 }, set: { $0.emitter?.lifetime = max(0, $1) },
              layerClass: .emitter, classScoped: true),
        .init("velocity", .emitterVelocity, "an EmitterLayer's factor of every cell's velocity, for particles born from then on",
              applyOrder: 282, get: { $0.emitter?.velocity ?? 1 }, set: { $0.emitter?.velocity = $1 },
              layerClass: .emitter, classScoped: true),
        .init("scale", .emitterScale, "an EmitterLayer's factor of every cell's scale, for particles born from then on",
              applyOrder: 283, get: { $0.emitter?.scale ?? 1 }, set: { $0.emitter?.scale = $1 },
              layerClass: .emitter, classScoped: true),
        .init("spin", .emitterSpin, "an EmitterLayer's factor of every cell's spin, for particles born from then on",
              applyOrder: 284, get: { $0.emitter?.spin ?? 1 }, set: { $0.emitter?.spin = $1 },
              layerClass: .emitter, classScoped: true),
    ]

    /// The emitter factor `property` is, by its name in `EmitterProperties`; nil for others.
    public static func isEmitterFactor(_ property: PropertyPath.Property) -> Bool {
        switch property {
        case .emitterBirthRate, .emitterLifetime, .emitterVelocity, .emitterScale, .emitterSpin: true
        default: false
        }
    }
}
