/// UIView keyframe animations: `animateKeyframes` and `addKeyframe`.
extension View {
    /// UIView.animateKeyframes(withDuration:delay:options:animations:completion:): a block whose
    /// changes are made in keyframes (`addKeyframe`), each a span of the whole duration.
    ///
    ///     try View.animateKeyframes(in: scene, withDuration: 1.5) {
    ///         try View.addKeyframe(in: scene, withRelativeStartTime: 0, relativeDuration: 0.25) {
    ///             plane.center.x += 80
    ///         }
    ///         try View.addKeyframe(in: scene, withRelativeStartTime: 0.51, relativeDuration: 0.01) {
    ///             plane.transform = Transform2D(rotationAngle: .pi / 8)
    ///         }
    ///     }
    ///
    /// Per property, the keyframes become one `KeyframeAnimation` over the block's duration with
    /// **absolute** values, as UIKit builds them (values from the model at each keyframe, not
    /// additive): it starts at the property's presentation value when the block opened, holds
    /// between keyframes (a hold is a repeated value at the next keyframe's start), moves to each
    /// keyframe's value over its span, and holds the last to the end. Overlapping keyframes of
    /// one property are cut to start where the previous one ends. Properties changed directly in
    /// the block (outside any keyframe) move over the whole duration. The calculation-mode
    /// options apply (`calculationModeDiscrete` …); curve options are ignored, as in UIKit (the
    /// pacing is linear). In discrete mode each value instead holds from its keyframe's start. Timing, inheritance and completion are as in `animate`.
    public static func animateKeyframes(
        in scene: Scene, withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        let timing = try checkedTiming(duration: duration, delay: delay, options: options, curve: CubicBezierCurve.linear)
        try runBlock(in: scene, timing: timing, keyframes: true, completion: completion, animations)
    }

    /// UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:): inside
    /// `animateKeyframes`, runs `animations` and records their changes as a keyframe from
    /// `relativeStartTime` to `relativeStartTime + relativeDuration`, fractions of the block's
    /// duration. A relative duration of 0 makes the values jump at the start time.
    ///
    /// - Throws: `ArgumentError` when a fraction is outside 0...1, when the keyframe would end
    ///   after 1, or when no keyframe block is open; and whatever `animations` throws.
    public static func addKeyframe(
        in scene: Scene, withRelativeStartTime relativeStartTime: Double, relativeDuration: Double,
        animations: () throws -> Void
    ) throws {
        let start = try requireInRange(relativeStartTime, 0...1, "relativeStartTime")
        let length = try requireInRange(relativeDuration, 0...1, "relativeDuration")
        guard start + length <= 1 + 1e-9 else {
            throw ArgumentError(
                parameter: "relativeDuration",
                requirement: "must end the keyframe by 1 (relativeStartTime \(formatNumber(start)) + relativeDuration ≤ 1)",
                value: length)
        }
        guard let block = ViewAnimationContext.innermostBlock(of: scene), block.keyframes != nil || !block.isAnimated else {
            throw ArgumentError(
                parameter: "addKeyframe", requirement: "must be called inside View.animateKeyframes",
                value: "no keyframe block open")
        }
        guard block.keyframes != nil else { return try animations() }
        let outer = block.openKeyframe
        block.openKeyframe = ViewAnimationBlock.Keyframe(start: start, end: min(start + length, 1))
        defer {
            if let keyframe = block.openKeyframe { block.keyframes?.append(keyframe) }
            block.openKeyframe = outer
        }
        try animations()
    }
}

extension ViewAnimationBlock {
    /// One keyframe animation per changed property, from the recorded keyframes.
    func addKeyframeAnimations(_ keyframes: [Keyframe]) {
        for (change, animation) in keyframeAnimations(keyframes) { add(animation, to: change.layer, path: change.path) }
    }

    /// The keyframe animation of each changed property that moves (values over the block's
    /// span, key times in 0...1, the block's calculation mode), not yet timed or added: a view
    /// animation block adds them; an animator drives them as tracks of its own.
    func keyframeAnimations(_ keyframes: [Keyframe]) -> [(Change, KeyframeAnimation)] {
        let ordered = keyframes.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        let mode = timing.options.calculationMode
        var made: [(Change, KeyframeAnimation)] = []
        for (index, change) in changes.enumerated() {
            let spans = ordered.compactMap { keyframe in keyframe.values[index].map { (keyframe.start, keyframe.end, $0) } }
            let steps = spans.isEmpty ? [(0.0, 1.0, change.layer.modelValue(at: change.path))] : spans
            let (values, keyTimes) = mode == .discrete
                ? Self.discreteTrack(from: change.oldPresentation, steps)
                : Self.track(from: change.oldPresentation, steps)
            guard values.contains(where: { $0 != change.oldPresentation }) else { continue }
            let animation = KeyframeAnimation(path: change.path)
            animation.values = values
            animation.keyTimes = keyTimes
            animation.calculationMode = mode
            made.append((change, animation))
        }
        return made
    }

    typealias Step = (start: Double, end: Double, value: AnimationValue)

    /// Values and key times that move to each step's value over its span and hold in between;
    /// a step starting before the previous one ended is cut to start at that end.
    static func track(from old: AnimationValue, _ steps: [Step]) -> ([AnimationValue], [Double]) {
        var values = [old], keyTimes = [0.0]
        var last = 0.0
        for step in steps {
            let from = max(step.start, last)
            if from > last {
                values.append(values[values.count - 1])   // the hold
                keyTimes.append(from)
            }
            last = max(step.end, from)
            values.append(step.value)
            keyTimes.append(last)
        }
        if last < 1 {
            values.append(values[values.count - 1])
            keyTimes.append(1)
        }
        return (values, keyTimes)
    }

    /// Discrete mode: each value holds from its step's start (Apple's discrete rule: one key
    /// time per value, plus the end).
    static func discreteTrack(from old: AnimationValue, _ steps: [Step]) -> ([AnimationValue], [Double]) {
        var values = [old], keyTimes = [0.0]
        for step in steps {
            values.append(step.value)
            keyTimes.append(max(step.start, keyTimes[keyTimes.count - 1]))
        }
        keyTimes.append(1)
        return (values, keyTimes)
    }
}
