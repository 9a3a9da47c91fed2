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

    /// The bytes the history holds, for memory charges.
    var estimatedHostBytes: Int { retired.count * 160 }
}
