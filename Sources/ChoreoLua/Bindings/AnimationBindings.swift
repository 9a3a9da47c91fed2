import ChoreoCore

/// Core Animation's animation classes for scripts (DESIGN §5, "Core Animation").
///
///     local fade = BasicAnimation.new("opacity")
///     fade.fromValue, fade.toValue, fade.duration = 0, 1, 1
///     fade.fillMode = "backwards"
///     local drop = SpringAnimation.new{ keyPath = "position.y", toValue = 300, damping = 5 }
///     local g = AnimationGroup.new{ animations = { fade, drop }, duration = 2 }
///     local push = Transition.new{ type = "push", subtype = "fromLeft" }
///     box.layer:addAnimation(g, "intro")
///
/// Constructors take the key path (`BasicAnimation.new("opacity")`), optionally followed by a
/// table of properties, or one table with every property including `keyPath`. Properties are
/// checked as they are assigned — types, ranges, enum names, values against the key path's kind —
/// and the whole animation again when it is added to a layer (ChoreoCore's `prepare`). Reading
/// an unknown property, or assigning one, is an error listing the valid names.
/// Layer methods are in AnimationBindings+Layer.swift; keyframes in AnimationBindings+Keyframe.swift.
extension ScriptHost {
    func installAnimations() {
        let timing = mediaTimingProperties() + animationProperties()
        let property = timing + propertyAnimationProperties()
        let basic = property + basicAnimationProperties()
        let spring = basic + springAnimationProperties()
        let keyframe = property + keyframeAnimationProperties()
        let group = timing + animationGroupProperties()
        let transition = timing + transitionProperties()

        // Animation (and PropertyAnimation) objects only reach scripts as the base of a kind
        // that has its own class; registered so that any animation can be pushed.
        registerAnimationClass(Animation.self, "Animation", timing) { _ in "Animation" }
        registerAnimationClass(PropertyAnimation.self, "PropertyAnimation", property) { "PropertyAnimation(\($0.keyPath))" }
        registerAnimationClass(BasicAnimation.self, "BasicAnimation", basic) { "BasicAnimation(\($0.keyPath))" }
        registerAnimationClass(SpringAnimation.self, "SpringAnimation", spring) { "SpringAnimation(\($0.keyPath))" }
        registerAnimationClass(KeyframeAnimation.self, "KeyframeAnimation", keyframe) {
            "KeyframeAnimation(\($0.keyPath))"
        }
        registerAnimationClass(AnimationGroup.self, "AnimationGroup", group) {
            "AnimationGroup(\($0.animations.count) animations)"
        }
        registerAnimationClass(TransitionAnimation.self, "Transition", transition) {
            "Transition(\([$0.type.rawValue, $0.subtype?.rawValue].compactMap { $0 }.joined(separator: ", ")))"
        }

        let newBasic = propertyAnimationConstructor(basic) { BasicAnimation(keyPath: $0) }
        let newKeyframe = propertyAnimationConstructor(keyframe) { KeyframeAnimation(keyPath: $0) }
        let newSpring = propertyAnimationConstructor(
            spring, handled: ["perceptualDuration", "bounce"],
            prepare: { options, animation in try ScriptHost.applyPerceptualSpring(options, to: animation) }
        ) { SpringAnimation(keyPath: $0) }
        vm.registerGlobal("BasicAnimation", functions: ["new": newBasic])
        vm.registerGlobal("KeyframeAnimation", functions: ["new": newKeyframe])
        vm.registerGlobal("SpringAnimation", functions: ["new": newSpring])
        vm.registerGlobal("AnimationGroup", functions: ["new": constructor(group) { AnimationGroup() }])
        vm.registerGlobal("Transition", functions: ["new": constructor(transition) { TransitionAnimation() }])
    }

    /// `Kind.new(keyPath)`, `Kind.new(keyPath, { ... })` or `Kind.new{ keyPath = ..., ... }`.
    /// `prepare` runs before the generic properties, on the options table, for fields only the
    /// constructor understands (`handled`).
    private func propertyAnimationConstructor<T: PropertyAnimation>(
        _ properties: [AnimationProperty], handled: [String] = [],
        prepare: ((LuaTableRef, T) throws -> Void)? = nil, make: @escaping (String) -> T
    ) -> LuaHostFunction {
        { [unowned self] call in
            let options: LuaTableRef?
            let keyPath: String
            if case .table(let table) = call.value(at: 1) {
                options = table
                keyPath = try BindingInput.string(table["keyPath"], "keyPath")
            } else {
                keyPath = try call.string(at: 1, name: "keyPath")
                _ = try call.optionalTable(at: 2, name: "properties")
                options = call.value(at: 2).tableValue
            }
            _ = try PropertyPath(parsing: keyPath)
            let animation = make(keyPath)
            if let options {
                try prepare?(options, animation)
                try apply(options, to: animation, properties, handled: ["keyPath"] + handled)
            }
            try call.chargeNew(animation)
            call.push(object: animation)
            return 1
        }
    }

    /// `Kind.new()` or `Kind.new{ ... }` for animations without a key path.
    private func constructor<T: Animation>(_ properties: [AnimationProperty], make: @escaping () -> T) -> LuaHostFunction {
        { [unowned self] call in
            _ = try call.optionalTable(at: 1, name: "properties")
            let animation = make()
            if let options = call.value(at: 1).tableValue { try apply(options, to: animation, properties) }
            try call.chargeNew(animation)
            call.push(object: animation)
            return 1
        }
    }
}
