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

    /// The cell named `name` and its number `property` from a key path
    /// `emitterCells.<name>.<property>` (Core Animation's way to reach a cell of a running
    /// emitter); nil when `keyPath` does not start with `emitterCells.`.
    static func emitterCellKeyPath(_ keyPath: String) throws(ArgumentError) -> (cell: String, property: String)? {
        guard keyPath.hasPrefix("emitterCells.") else { return nil }
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty, EmitterCell.numberNames.contains(String(parts[2])) else {
            throw ArgumentError(parameter: "keyPath", requirement: "must be emitterCells.<cell name>.<number> (numbers: "
                + EmitterCell.numberNames.joined(separator: ", ") + ")", value: "\"\(keyPath)\"")
        }
        return (String(parts[1]), String(parts[2]))
    }

    /// The number of a cell reached by `emitterCells.<name>.<property>`.
    public func emitterCellValue(forKeyPath keyPath: String) throws(ArgumentError) -> Double? {
        guard let (name, property) = try Self.emitterCellKeyPath(keyPath) else { return nil }
        try requireLayerClass(.emitter, property: keyPath)
        guard let cell = model.emitter?.emitterCells.first(where: { $0.name == name }) else {
            throw ArgumentError(parameter: "keyPath", requirement: "must name one of the emitter's cells", value: "\"\(name)\"")
        }
        return cell[number: property]
    }

    /// Sets the number of a cell reached by `emitterCells.<name>.<property>` (checked as the
    /// cell checks it; the particle budget too). Returns false when `keyPath` is no such path.
    public func setEmitterCellValue(_ value: Double, forKeyPath keyPath: String) throws(ArgumentError) -> Bool {
        guard let (name, property) = try Self.emitterCellKeyPath(keyPath) else { return false }
        let now = localTimeNow
        try updateEmitter(keyPath) { emitter throws(ArgumentError) in
            guard let index = emitter.emitterCells.firstIndex(where: { $0.name == name }) else {
                throw ArgumentError(parameter: "keyPath", requirement: "must name one of the emitter's cells", value: "\"\(name)\"")
            }
            let before = emitter.emitterCells[index].birthRate
            try emitter.emitterCells[index].setNumber(value, named: property)
            // A birth rate changed while the emitter runs: from now on (as the layer's).
            guard property == "birthRate", now > 0 else { return }
            var spans = emitter.emitterCells[index].birthRateSpans
            if spans.isEmpty { spans = [EmitterProperties.BirthRateSpan(start: 0, rate: before)] }
            spans.removeAll { $0.start >= now && $0.start > 0 }
            guard spans.count < EmitterProperties.maximumBirthRateSpans else {
                throw ArgumentError(parameter: keyPath, requirement: "may change at most \(EmitterProperties.maximumBirthRateSpans) times while an emitter runs",
                                    value: formatNumber(value))
            }
            spans.append(EmitterProperties.BirthRateSpan(start: now, rate: value))
            emitter.emitterCells[index].birthRateSpans = spans
        }
        return true
    }

    /// The layer's local time now (0 outside a scene).
    var localTimeNow: Double { scene.map { timeMapping.localTime(from: $0.currentTime).seconds } ?? 0 }

    /// The particles alive now (at the layer's local time); empty for a layer of another class.
    public var particles: [Particle] { particles(atLocalTime: localTimeNow) }

    /// The particles alive at the layer's local time `t`: each born where and as the emitter
    /// presented at its birth (the layer's animations of its properties, composed by the general
    /// kernel at the birth time); births counted step by step while the birth rate or the
    /// lifetime animates (`EmitterProperties.particles(atLocalTime:integrating:)`).
    func particles(atLocalTime t: Double) -> [Particle] {
        guard let emitter = model.emitter else { return [] }
        let lowered = attached.isEmpty ? [] : loweredEffects().filter { Self.isEmitterEffect($0.1) }
        let history = emitter.history
        guard !lowered.isEmpty || !history.isEmpty else { return emitter.particles(atLocalTime: t) }
        let model = self.model, now = localTimeNow
        // Births are counted step by step while the birth rate or the lifetime animates, or did.
        let counted: [PropertyPath.Property] = [.emitterBirthRate, .emitterLifetime]
        let countsBirths = counted.contains { property in
            history.retires(property) || lowered.contains { _, effect in
                if case .property(let path) = effect.target { path.property == property } else { false }
            }
        }
        /// The emitter as presented at a layer time, its birth rate factor the model's then.
        func presented(_ time: Double) -> EmitterProperties {
            var properties = model
            if countsBirths {
                properties.emitter?.birthRateSpans = [
                    EmitterProperties.BirthRateSpan(start: 0, rate: EmitterProperties.BirthRateSpan.rate(in: emitter.birthRateSpans, at: time))]
            }
            var frame = PresentationFrame(properties: properties, transition: nil)
            // An animation acts on the births from its begin on: its backwards fill (a view
            // animation's additive offset over a model that was another before) reaches no
            // birth made before it existed.
            let acting = (history.effects(actingAt: time) + lowered).filter { timing, _ in
                timing.waitsForCommit ? time >= now : timing.timing.beginTime.seconds <= time
            }
            GeneralRow.compose(acting, onto: &frame, at: MediaTime(time))
            return frame.properties.emitter ?? emitter
        }
        return countsBirths ? emitter.particles(atLocalTime: t, integrating: presented) : emitter.particles(atLocalTime: t, atBirth: presented)
    }

    /// Whether an effect animates a property of the emitter (its births depend on it).
    static func isEmitterEffect(_ effect: Effect) -> Bool {
        guard case .property(let path) = effect.target else { return false }
        return PropertyCatalogue.entry(for: path.property)?.layerClass == .emitter
    }

    /// Keeps the effects of an animation leaving this emitter that animate its properties, for
    /// the births made under them (`EmitterHistory`).
    func retireEmitterEffects(of entry: AttachedAnimation, into history: EmitterHistory) {
        let timing = EffectTiming(entry)
        var effects: [Effect] = []
        entry.animation.lower(into: &effects, stages: [])
        let kept = effects.filter(Self.isEmitterEffect).map { (timing, $0) }
        if !kept.isEmpty { history.retire(kept, until: localTimeNow) }
    }

    /// A key path's class-scoped property on this layer: a custom name that is a property of the
    /// layer's class (an emitter's `birthRate`) becomes that property; any other path is kept.
    public func resolvingClassNames(_ path: PropertyPath) -> PropertyPath {
        guard case let .custom(name) = path.property, model.instancing != nil,
              let entry = PropertyCatalogue.named(name, on: layerClass) else { return path }
        return PropertyPath(entry.property)
    }

    /// Sets one of the emitter's factors (`birthRate`, `lifetime`, `velocity`, `scale`, `spin`),
    /// checked: finite, within ±1e15; `birthRate` and `lifetime` ≥ 0 and within the particle
    /// budget; `birthRate` from the layer's time now (`setEmitterBirthRate`). The one setter for
    /// scripts and `setValue(_:forKeyPath:)`. Like any animatable property's change, it runs
    /// the layer's action (a stand-alone emitter's implicit 0.25 s animation) or joins a view
    /// animation block or animator.
    public func setEmitterFactor(_ value: Double, _ property: PropertyPath.Property) throws(ArgumentError) {
        let name = PropertyCatalogue.entry(for: property)?.name ?? "\(property)"
        try requireLayerClass(.emitter, property: name)
        let number = try requireFinite(value, name)
        try change(at: PropertyPath(property)) { () throws(ArgumentError) in
            if property == .emitterBirthRate { return try setEmitterBirthRate(number) }
            try updateEmitter(name) { emitter throws(ArgumentError) in
                switch property {
                case .emitterLifetime: emitter.lifetime = try requireNonNegative(number, name)
                case .emitterVelocity: emitter.velocity = number
                case .emitterScale: emitter.scale = number
                case .emitterSpin: emitter.spin = number
                default: break
                }
            }
        }
    }
}
