/// The animations an emitter's births were made under, after they were removed.
///
/// A particle is born as the emitter presents at its birth. Once the animation that presented
/// it is removed (at its end, by default; by `removeAnimation`; replaced under its key), the
/// births made under it must not move: a burst of a view animation of `birthRate` from 1 to 0
/// would otherwise vanish at the animation's end, re-born as the model says. So when an
/// animation of an emitter property leaves an emitter, its effects stay here with the layer time
/// it left at, and births before that time are presented with them, births after without.
///
/// Held by reference from `EmitterProperties` (presentations copy the reference; only the layer
/// appends). At most `capacity` retired effects are kept: the oldest go first, and births under
/// them are then placed by what remains.
final class EmitterHistory: @unchecked Sendable {
    /// One retired effect and the layer time from which it no longer acts.
    struct Retired {
        var timing: EffectTiming
        var effect: Effect
        var until: Double
    }

    static let capacity = 64
    private(set) var retired: [Retired] = []
    /// The presented birth rate and lifetime factors at the midpoint of each counting step from
    /// the layer's time 0 (`EmitterProperties.birthStep`), as far as a frame has counted: the
    /// count of births is redone every frame, the presentations it needs only once. Forgotten
    /// whenever the layer's model or animations change (`Layer.invalidatePresentation`).
    private var stepFactors: [StepFactors] = []
    /// The most steps remembered: an hour of the layer's time (13.8 MB); later ones are worked
    /// out again each frame.
    static let maximumRememberedSteps = 3_600 * 240

    struct StepFactors {
        var birthRate: Double
        var lifetime: Double
    }

    /// Keeps `effects`, removed from their layer at the layer time `until`.
    func retire(_ effects: [(EffectTiming, Effect)], until: Double) {
        for (timing, effect) in effects { retired.append(Retired(timing: timing, effect: effect, until: until)) }
        if retired.count > Self.capacity { retired.removeFirst(retired.count - Self.capacity) }
    }

    /// The retired effects still acting at the layer time `time`, oldest first.
    func effects(actingAt time: Double) -> [(EffectTiming, Effect)] {
        retired.filter { time < $0.until }.map { ($0.timing, $0.effect) }
    }

    var isEmpty: Bool { retired.isEmpty }

    /// Whether a retired effect animates `property`.
    func retires(_ property: PropertyPath.Property) -> Bool {
        retired.contains { if case .property(let path) = $0.effect.target { path.property == property } else { false } }
    }

    /// The factors of steps 0..<`count`, presenting (`presented(time)`) only the steps not
    /// remembered yet.
    func stepFactors(_ count: Int, presented: (Double) -> EmitterProperties) -> [StepFactors] {
        func at(_ step: Int) -> StepFactors {
            let emitter = presented((Double(step) + 0.5) * EmitterProperties.birthStep)
            return StepFactors(birthRate: emitter.birthRate, lifetime: emitter.lifetime)
        }
        let kept = min(count, Self.maximumRememberedSteps)
        if stepFactors.count < kept { stepFactors += (stepFactors.count..<kept).map(at) }
        guard count > kept else { return count == stepFactors.count ? stepFactors : Array(stepFactors.prefix(count)) }
        return stepFactors + (kept..<count).map(at)
    }

    /// Forgets the remembered step factors (the model or the animations changed).
    func forgetSteps() {
        if !stepFactors.isEmpty { stepFactors = [] }
    }

    /// The bytes the history holds, for memory charges.
    var estimatedHostBytes: Int { retired.count * 160 }
}
