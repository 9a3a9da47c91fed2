/// An emitter layer's properties, set through checks, and its particles now.
///
///     let emitter = Layer(class: .emitter)
///     try emitter.updateEmitter("emitterCells") { $0.emitterCells = [confetti] }
///     scene.advance(to: 1)
///     emitter.particles          // the particles alive at the layer's time now
extension Layer {
    /// Changes an emitter's properties with `change` (named `call` in errors), then checks what
    /// the change allows: at most `EmitterProperties.maximumCells` cells and
    /// `maximumLiveParticles` particles alive at once. A change that fails leaves the emitter as
    /// it was. The change shows at once (an emitter's properties are not animatable in Choreo).
    public func updateEmitter(
        _ call: String, _ change: (inout EmitterProperties) throws(ArgumentError) -> Void
    ) throws(ArgumentError) {
        try requireLayerClass(.emitter, property: call)
        guard var emitter = model.emitter else { return }
        try change(&emitter)
        guard emitter.emitterCells.count <= EmitterProperties.maximumCells else {
            throw ArgumentError(parameter: call, requirement: "must hold at most \(EmitterProperties.maximumCells) cells",
                                value: Double(emitter.emitterCells.count))
        }
        try emitter.requireParticleBudget(call)
        model.emitter = emitter
        invalidatePresentation(subtree: false)
    }

    /// Sets an emitter's birth rate factor (finite, ≥ 0). In a scene, from the layer's time now
    /// on: particles born before keep living (so `birthRate = 0` stops an emitter the way it
    /// does in Core Animation); before the layer's time 0 or outside a scene, from the start.
    public func setEmitterBirthRate(_ rate: Double) throws(ArgumentError) {
        let rate = try requireMagnitude(try requireNonNegative(rate, "birthRate"), "birthRate", limit: EmitterProperties.maximumBirthRate)
        let now = localTimeNow
        try updateEmitter("birthRate") { emitter throws(ArgumentError) in
            guard now > 0 else {
                emitter.birthRateSpans = [EmitterProperties.BirthRateSpan(start: 0, rate: rate)]
                return
            }
            emitter.birthRateSpans.removeAll { $0.start >= now }
            if emitter.birthRateSpans.isEmpty { emitter.birthRateSpans = [EmitterProperties.BirthRateSpan(start: 0, rate: 1)] }
            guard emitter.birthRate != rate else { return }
            guard emitter.birthRateSpans.count < EmitterProperties.maximumBirthRateSpans else {
                throw ArgumentError(parameter: "birthRate", requirement: "may change at most \(EmitterProperties.maximumBirthRateSpans) times while an emitter runs",
                                    value: formatNumber(rate))
            }
            emitter.birthRateSpans.append(EmitterProperties.BirthRateSpan(start: now, rate: rate))
        }
    }

    /// The layer's local time now (0 outside a scene).
    var localTimeNow: Double { scene.map { timeMapping.localTime(from: $0.currentTime).seconds } ?? 0 }

    /// The particles alive now (at the layer's local time); empty for a layer of another class.
    public var particles: [Particle] { particles(atLocalTime: localTimeNow) }

    /// The particles alive at the layer's local time `t`: each born where the emitter presented
    /// at its birth (the layer's animations of `emitterPosition` and `emitterSize`, composed by
    /// the general kernel at the birth time).
    func particles(atLocalTime t: Double) -> [Particle] {
        guard let emitter = model.emitter else { return [] }
        let lowered = attached.isEmpty ? [] : loweredEffects().filter { _, effect in
            guard case .property(let path) = effect.target else { return false }
            return path.property == .emitterPosition || path.property == .emitterSize
        }
        guard !lowered.isEmpty else { return emitter.particles(atLocalTime: t) }
        let model = self.model
        return emitter.particles(atLocalTime: t) { birth in
            var frame = PresentationFrame(properties: model, transition: nil)
            GeneralRow.compose(lowered, onto: &frame, at: MediaTime(birth))
            return frame.properties.emitter ?? emitter
        }
    }
}
