import ChoreoCore

/// CALayer's animation API for scripts, as methods of the `Layer` class (which the view bindings
/// register; they merge these in). Each takes the layer as argument 1.
///
///     box.layer:addAnimation(fade, "fade")   -- a copy is attached; the key may be nil
///     box.layer:removeAnimation("fade"); box.layer:removeAllAnimations()
///     box.layer:animationKeys()              --> { "fade", "move" }, in the order they apply
///     box.layer:animation("move")            --> a copy of the attached animation, or nil
extension ScriptHost {
    func layerAnimationMethods() -> [String: LuaHostFunction] {
        [
            "addAnimation": { [unowned self] call in
                let layer = try call.object(at: 1, as: Layer.self)
                let animation = try call.object(at: 2, as: Animation.self, name: "animation")
                let key = try call.optionalString(at: 3, name: "key")
                try (animation as? AnimationGroup)?.checkTreeBounds()  // before any walk of the tree
                try call.vm.reserveHostMemory(animation.estimatedHostBytes)  // the layer's copy
                try layer.add(try fittingSprings(of: animation, on: layer), forKey: key)
                return 0
            },
            "removeAnimation": { call in
                try call.object(at: 1, as: Layer.self).removeAnimation(forKey: try call.string(at: 2, name: "key"))
                return 0
            },
            "removeAllAnimations": { call in
                try call.object(at: 1, as: Layer.self).removeAllAnimations()
                return 0
            },
            "animationKeys": { call in
                let keys = try call.object(at: 1, as: Layer.self).animationKeys()
                call.pushNewTable(arrayCount: keys.count) { table in
                    for key in keys { table.append(.string(key)) }
                }
                return 1
            },
            "animation": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let animation = layer.animation(forKey: try call.string(at: 2, name: "key"))
                call.push(animation.map { .object($0) } ?? .nil)
                return 1
            },
        ]
    }

    /// `animation`, or a copy of it in which every damping-ratio spring (`FittedSpringCurve`)
    /// is fitted to the duration it will run: the animation's own, or the transaction's default
    /// for a duration of 0 (as `Layer.add` resolves it); a group's children to theirs (0 takes the
    /// group's); a keyframe animation's segment curves to their segment's share of the duration.
    /// A transaction's curve that is such a spring is applied (fitted) here, for the same reason.
    func fittingSprings(of animation: Animation, on layer: Layer) throws -> Animation {
        let transaction = layer.scene?.currentTransaction
        let transactionSpring = animation.timingFunction == nil
            ? transaction?.animationTimingFunction.flatMap { FittedSpringCurve.find(in: $0) } : nil
        guard transactionSpring != nil || Self.hasFittedSpring(animation) else { return animation }
        let copy = animation.copy()
        if let transactionSpring { copy.timingFunction = transactionSpring }
        let fallback = (transaction?.animationDuration ?? .defaultAnimationDuration).seconds
        try Self.fitSprings(in: copy, duration: copy.timing.duration.seconds > 0 ? copy.timing.duration.seconds : fallback)
        return copy
    }

    private static func hasFittedSpring(_ animation: Animation) -> Bool {
        if let curve = animation.timingFunction, FittedSpringCurve.find(in: curve) != nil { return true }
        if let curves = (animation as? KeyframeAnimation)?.timingFunctions,
            curves.contains(where: { FittedSpringCurve.find(in: $0) != nil })
        {
            return true
        }
        return (animation as? AnimationGroup)?.animations.contains(where: hasFittedSpring) ?? false
    }

    private static func fitSprings(in animation: Animation, duration: Double) throws {
        if let curve = animation.timingFunction, let spring = FittedSpringCurve.find(in: curve) {
            animation.timingFunction = try spring.fitted(toDuration: duration)
        }
        if let keyframes = animation as? KeyframeAnimation, let curves = keyframes.timingFunctions {
            let count = curves.count
            let times = keyframes.keyTimes.flatMap { $0.count == count + 1 ? $0 : nil }
                ?? (0...count).map { Double($0) / Double(max(count, 1)) }
            keyframes.timingFunctions = try curves.enumerated().map { index, curve in
                guard let spring = FittedSpringCurve.find(in: curve) else { return curve }
                let share = times[index + 1] - times[index]
                // A zero-length segment never shows its curve; any positive fit will do.
                return try spring.fitted(toDuration: share > 0 ? share * duration : duration)
            }
        }
        if let group = animation as? AnimationGroup {
            for child in group.animations {
                try fitSprings(in: child, duration: child.timing.duration.seconds > 0 ? child.timing.duration.seconds : duration)
            }
        }
    }
}
