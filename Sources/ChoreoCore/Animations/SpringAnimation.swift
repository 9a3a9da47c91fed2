/// A basic animation driven by a damped spring (CASpringAnimation).
///
/// The spring's physics runs in seconds of the animation's local time: `mass`, `stiffness`,
/// `damping` and `initialVelocity` decide the motion, and the animation's `duration` only cuts it
/// off (set it to `settlingDuration` to see the spring come to rest). `initialVelocity` is in
/// units of the from→to distance per second, positive toward the target. With
/// `allowsOverdamping` false (the default), an overdamped spring moves as a critically damped
/// one, as Core Animation does.
///
///     let drop = SpringAnimation(keyPath: "position.y")
///     drop.fromValue = .scalar(0); drop.toValue = .scalar(300)
///     drop.damping = 5
///     drop.timing.duration = MediaDuration(drop.settlingDuration)   // ≈ 2.85 s
///
/// The timing function, if any, is ignored: the spring is the pacing.
public final class SpringAnimation: BasicAnimation {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0
    public var allowsOverdamping = false

    /// The spring, built when the animation is added.
    private var spring: SpringCurve?

    /// The estimated time for the spring to come to rest, independent of `duration`; infinite for
    /// an undamped spring, 0 when the parameters are invalid.
    public var settlingDuration: Double {
        guard let curve = try? makeSpring() else { return 0 }
        return curve.settlingDuration
    }

    private func makeSpring() throws(ArgumentError) -> SpringCurve {
        var parameters = try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
        if !allowsOverdamping { parameters = parameters.clampedToCritical }
        return try SpringCurve(parameters: parameters, initialVelocity: initialVelocity)
    }

    override func makeEmptyCopy() -> Animation { SpringAnimation(keyPath: keyPath) }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? SpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
        spring = other.spring
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        spring = try makeSpring()
    }

    /// A spring follows its physics in seconds of iteration time; the timing function is ignored.
    override func lower(into effects: inout [Effect], stages: [GroupStage]) {
        guard let spring else { return }
        effects.append(Effect(
            target: .property(propertyPath), isAdditive: isAdditive, stages: stages,
            sampler: SpringSampler(from: start, to: end, spring: spring, isCumulative: isCumulative)))
    }
}
