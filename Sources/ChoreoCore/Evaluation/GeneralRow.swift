/// A row of the effect stack that the general kernel composes: its effects sampled and composed
/// onto the model, in the order they were added, once per frame when the row is first read.
final class GeneralRow {
    private(set) var effects: [(EffectTiming, Effect)]
    private var frame = PresentationFrame(properties: LayerProperties(), transition: nil)
    private var stamp = -1
    /// The layer's local time of the frame computed at `stamp`.
    private var localTime = MediaTime.zero

    init(effects: [(EffectTiming, Effect)]) {
        self.effects = effects
    }

    /// The presentation at scene stamp `stamp` (local time `localTime`), computed once per stamp.
    func frame(model: LayerProperties, localTime: MediaTime, stamp: Int) -> PresentationFrame {
        update(model: model, localTime: localTime, stamp: stamp)
        return frame
    }

    /// `frame(model:localTime:stamp:)`'s properties alone, without copying the transition's
    /// snapshots out.
    func properties(model: LayerProperties, localTime: MediaTime, stamp: Int) -> LayerProperties {
        update(model: model, localTime: localTime, stamp: stamp)
        return frame.properties
    }

    private func update(model: LayerProperties, localTime: MediaTime, stamp: Int) {
        guard self.stamp != stamp else { return }
        frame.properties = model
        frame.transition = nil
        Self.compose(effects, onto: &frame, at: localTime)
        (self.stamp, self.localTime) = (stamp, localTime)
    }

    /// Forgets the frame computed (the layer's model changed): the next read composes anew.
    func forgetFrame() { stamp = -1 }

    /// Appends `effects` (of an animation added last to the layer), composing them onto the
    /// frame when it was computed at scene stamp `stamp` and `localTime`: the frame is then what
    /// composing every effect anew gives.
    func append(_ effects: [(EffectTiming, Effect)], localTime: MediaTime, stamp: Int) {
        self.effects += effects
        if self.stamp == stamp, self.localTime == localTime {
            Self.compose(effects, onto: &frame, at: localTime)
        } else {
            self.stamp = -1
        }
    }

    /// Composes `effects` onto `frame` at the layer's `localTime`: each effect in effect samples
    /// its value and replaces the value below it, or adds to it.
    static func compose(_ effects: [(EffectTiming, Effect)], onto frame: inout PresentationFrame, at localTime: MediaTime) {
        for (timing, effect) in effects {
            guard let state = effect.state(from: timing.state(at: localTime)) else { continue }
            let value = effect.sampler.value(at: state)
            switch effect.target {
            case .property(let path):
                if effect.isAdditive {
                    frame.properties.setValue(frame.properties.value(at: path) + value, at: path)
                } else {
                    frame.properties.setValue(value, at: path)
                }
            case .rotationAlongPath:
                guard case let .scalar(angle) = value, !angle.isNaN else { continue }
                frame.properties.transform = frame.properties.transform.rotated(by: angle, x: 0, y: 0, z: 1)
            case .transition(let transition):
                guard case let .scalar(progress) = value, let before = transition.before else { continue }
                frame.transition = TransitionPresentation(
                    type: transition.type, subtype: transition.subtype, progress: progress, before: before,
                    after: transition.after)
            }
        }
    }
}

/// The layer properties a row's effects write, as bits: a read of any other property is the
/// model's value, with no evaluation at all.
struct PropertyMask {
    private var bits: UInt64 = 0

    mutating func insert(_ target: Effect.Target) {
        switch target {
        case .property(let path): bits |= Self.bit(path)
        case .rotationAlongPath: bits |= Self.bit(PropertyPath(.transform))
        case .transition: break
        }
    }

    @inline(__always)
    func contains(_ path: PropertyPath) -> Bool { bits & Self.bit(path) != 0 }

    /// A property's bit: its place in the catalogue; custom properties share the last bit (a
    /// catalogue of more than 63 properties shares it too, which only makes their reads look
    /// at the row).
    @inline(__always)
    private static func bit(_ path: PropertyPath) -> UInt64 {
        let index = Int(path.catalogueIndex)
        return 1 << UInt64(index >= 0 && index < 63 ? index : 63)
    }
}

extension Layer {
    /// The attached animations lowered into effects, in the order they compose, each with the
    /// timing of the animation it came from.
    func loweredEffects() -> [(EffectTiming, Effect)] {
        var lowered: [(EffectTiming, Effect)] = []
        lowered.reserveCapacity(attached.count)
        var effects: [Effect] = []
        for entry in attached {
            let timing = EffectTiming(entry)
            effects.removeAll(keepingCapacity: true)
            entry.animation.lower(into: &effects, stages: [])
            for effect in effects { lowered.append((timing, effect)) }
        }
        return lowered
    }
}
