/// What one attached animation contributes to its layer: a target, whether it adds to what is
/// below it, the time stages between the attached animation and this contribution (a group's
/// children), and a sampler that answers value and velocity.
///
/// Lowered from the attached copy (which nothing changes after it is added) when its layer's row
/// is laid out: once per change of the layer's animations, model, timing or place, not per
/// frame. A row of numbers keeps only its steps; a general row keeps its effects.
///
/// Every animation kind lowers to effects (`Animation.lower(into:)`); the scene's `EffectStack`
/// is the one evaluator that composes them, frame after frame, in the order they were added:
///
///     BasicAnimation(keyPath: "position")   → one effect on `position`, a `InterpolationSampler`
///     AnimationGroup [fade, move]            → two effects, each with the group's stage
///     KeyframeAnimation along a path, rotationMode auto → `position`, then `.rotationAlongPath`
///     TransitionAnimation                    → one `.transition` effect
struct Effect {
    enum Target {
        /// A layer property (or one of its parts) by key path.
        case property(PropertyPath)
        /// A rotation about z applied to whatever transform is below (a keyframe animation turning
        /// the layer along its path, `rotationMode`); the sampler gives the angle.
        case rotationAlongPath
        /// The transition running on the layer; the sampler gives its progress.
        case transition(TransitionAnimation)
    }

    let target: Target
    /// Adds the sampled value to what is below (the model and earlier effects) instead of
    /// replacing it.
    let isAdditive: Bool
    /// The groups between the attached animation and this effect, outermost first: each maps the
    /// state of the time space above to a time in its children's, where the next timing applies.
    let stages: [GroupStage]
    let sampler: any EffectSampler

    init(target: Target, isAdditive: Bool = false, stages: [GroupStage] = [], sampler: any EffectSampler) {
        self.target = target
        self.isAdditive = isAdditive
        self.stages = stages
        self.sampler = sampler
    }

    /// The effect's timing state, given the state of the attached animation: through each group
    /// stage (nil: a group above it is not in effect, or the effect itself is not).
    @inline(__always)
    func state(from outer: TimingState) -> TimingState? {
        guard outer.isInEffect else { return nil }
        var state = outer
        for stage in stages {
            state = stage.childState(from: state)
            guard state.isInEffect else { return nil }
        }
        return state
    }

    /// d (the effect's iteration time) / d (the layer's local time) at `outer`, through the
    /// stages: how a sampler's velocity per second of its own time becomes one per layer second.
    func rate(from outer: TimingState, timing: MediaTiming) -> Double {
        var rate = timing.iterationRate(in: outer)
        var state = outer
        for stage in stages {
            rate *= stage.groupTimeRate(at: state)
            state = stage.childState(from: state)
            rate *= stage.childTiming.iterationRate(in: state)
        }
        return rate
    }
}

/// A group between an attached animation and an effect (CAAnimationGroup): its children see the
/// group's iteration time, warped by the group's own timing function, and are clipped to it.
struct GroupStage {
    /// The group's timing function, if any, and its simple duration (the warp spans it).
    let groupCurve: (any TimingCurve)?
    let groupDuration: MediaDuration
    /// The child's own timing, in the group's time.
    let childTiming: MediaTiming

    /// The child's state when the group is at `group`.
    @inline(__always)
    func childState(from group: TimingState) -> TimingState {
        guard let time = groupTime(at: group) else { return .notInEffect(group.phase) }
        return childTiming.state(at: time)
    }

    /// The time the group's children see: its iteration time, or the curved progress times the
    /// duration when the group has a timing function.
    @inline(__always)
    func groupTime(at group: TimingState) -> MediaTime? {
        guard let time = group.childParentTime else { return nil }
        guard let groupCurve else { return time }
        return MediaTime(groupCurve.progress(at: group.progress ?? 0) * groupDuration.seconds)
    }

    /// d (group time) / d (group iteration time): the curve's slope where the group has one.
    func groupTimeRate(at group: TimingState) -> Double {
        guard let groupCurve else { return 1 }
        return groupCurve.velocity(at: group.progress ?? 0)
    }
}

/// Samples one effect (Flutter's `Simulation`: x and dx): its value at a timing state, and its
/// velocity there in units per second of the effect's iteration time.
protocol EffectSampler {
    /// The value at `state`, which is in effect.
    func value(at state: TimingState) -> AnimationValue
    /// d value / d iteration time at `state`, per second (entry by entry for transforms).
    func velocity(at state: TimingState) -> AnimationValue
    /// The sampler as an interpolation between two values, which the number kernel evaluates
    /// (`ScalarWrite`); nil for every other kind. A requirement, not a cast: a dynamic cast
    /// from the existential costs a few hundred instructions a row laid out.
    var interpolation: InterpolationSampler? { get }
}

extension EffectSampler {
    var interpolation: InterpolationSampler? { nil }
}
