/// The samplers the animation kinds lower to. Each is immutable once made: what it needs from
/// its animation (resolved ends, a built spring or keyframe table) is copied in when the
/// animation is lowered.

/// The progress a timing curve makes of time fraction `p` (linear without a curve).
@inline(__always)
func curved(_ p: Double, _ curve: (any TimingCurve)?) -> Double {
    guard let curve else { return p }
    return curve.progress(at: p)
}

/// d progress / d time fraction of a curve at `p` (1 without a curve).
@inline(__always)
func slope(_ p: Double, _ curve: (any TimingCurve)?) -> Double {
    curve?.velocity(at: p) ?? 1
}

/// A value between two values along a curve (BasicAnimation): from + (to − from) × curve(p),
/// plus whole cycles for a cumulative animation.
struct InterpolationSampler: EffectSampler {
    let from: AnimationValue
    let to: AnimationValue
    let curve: (any TimingCurve)?
    let isCumulative: Bool
    /// The simple duration in seconds: a progress rate becomes one per second through it.
    let duration: Double

    var interpolation: InterpolationSampler? { self }

    func value(at state: TimingState) -> AnimationValue {
        var value = from.interpolated(to: to, fraction: curved(state.progress ?? 0, curve))
        if isCumulative && state.iteration > 0 { value = value + (to - from) * Double(state.iteration) }
        return value
    }

    func velocity(at state: TimingState) -> AnimationValue {
        guard duration > 0 else { return .zeroRate(from.kind) }
        let p = state.progress ?? 0
        let perProgress: AnimationValue
        if case .transform = from {
            perProgress = centralDifference(at: p) { from.interpolated(to: to, fraction: curved($0, curve)) }
        } else {
            perProgress = from.rate(to: to, over: 1).scaledEntries(by: slope(p, curve))
        }
        return perProgress.scaledEntries(by: 1 / duration)
    }
}

/// A value between two values along a damped spring that runs in seconds of iteration time
/// (CASpringAnimation): from + (to − from) × x(t).
struct SpringSampler: EffectSampler {
    let from: AnimationValue
    let to: AnimationValue
    let spring: SpringCurve
    let isCumulative: Bool

    func value(at state: TimingState) -> AnimationValue {
        let time = state.iterationTime?.seconds ?? 0
        var value = from.interpolated(to: to, fraction: spring.value(atSeconds: time))
        if isCumulative && state.iteration > 0 { value = value + (to - from) * Double(state.iteration) }
        return value
    }

    func velocity(at state: TimingState) -> AnimationValue {
        let time = state.iterationTime?.seconds ?? 0
        if case .transform = from {
            let h = 1e-6
            let a = max(time - h, 0), b = time + h
            return from.interpolated(to: to, fraction: spring.value(atSeconds: a))
                .rate(to: from.interpolated(to: to, fraction: spring.value(atSeconds: b)), over: b - a)
        }
        return from.rate(to: to, over: 1).scaledEntries(by: spring.velocity(atSeconds: time))
    }
}

/// Keyframes or a path (CAKeyframeAnimation): the animation's curve first, then the table.
struct KeyframeTableSampler: EffectSampler {
    let table: KeyframeSampler
    let curve: (any TimingCurve)?
    let isCumulative: Bool
    let duration: Double

    func value(at state: TimingState) -> AnimationValue {
        var value = table.value(at: curved(state.progress ?? 0, curve))
        if isCumulative && state.iteration > 0 {
            value = value + (table.lastValue - table.firstValue) * Double(state.iteration)
        }
        return value
    }

    func velocity(at state: TimingState) -> AnimationValue {
        guard duration > 0 else { return .zeroRate(table.valueKind) }
        return centralDifference(at: state.progress ?? 0) { table.value(at: curved($0, curve)) }
            .scaledEntries(by: 1 / duration)
    }
}

/// The angle of a path's tangent (a keyframe animation's `rotationMode`); NaN where the path
/// gives none, which leaves the transform alone.
struct PathRotationSampler: EffectSampler {
    let table: KeyframeSampler
    let curve: (any TimingCurve)?
    let duration: Double

    func value(at state: TimingState) -> AnimationValue {
        .scalar(table.rotation(at: curved(state.progress ?? 0, curve)) ?? .nan)
    }

    func velocity(at state: TimingState) -> AnimationValue {
        guard duration > 0 else { return .scalar(0) }
        return centralDifference(at: state.progress ?? 0) { .scalar(table.rotation(at: curved($0, curve)) ?? 0) }
            .scaledEntries(by: 1 / duration)
    }
}

/// A transition's progress between `startProgress` and `endProgress` along its curve.
struct TransitionSampler: EffectSampler {
    let startProgress: Double
    let endProgress: Double
    let curve: (any TimingCurve)?
    let duration: Double

    func value(at state: TimingState) -> AnimationValue {
        .scalar(startProgress + (endProgress - startProgress) * curved(state.progress ?? 0, curve))
    }

    func velocity(at state: TimingState) -> AnimationValue {
        guard duration > 0 else { return .scalar(0) }
        return .scalar((endProgress - startProgress) * slope(state.progress ?? 0, curve) / duration)
    }
}

/// d f / d p by a central difference within 0...1 (one-sided at the ends), entry by entry: for
/// values whose dependence on progress has no simple closed form (keyframe tables, transform
/// decompositions).
func centralDifference(at p: Double, _ f: (Double) -> AnimationValue) -> AnimationValue {
    let h = 1e-6
    let p = p.isNaN ? 0 : min(max(p, 0), 1)
    let a = max(p - h, 0), b = min(p + h, 1)
    return f(a).rate(to: f(b), over: b - a)
}
