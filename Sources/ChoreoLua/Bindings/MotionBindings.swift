import ChoreoCore
import ChoreoRuntime

/// Material Motion for scripts: `AnimationTraits`, `SpringTimingCurveGenerator`, `MotionAnimator`
/// (DESIGN §5, "Material Motion").
///
///     local traits = AnimationTraits.new{ delay = 0, duration = 0.35, timingCurve = "easeInOut" }
///     local fling = AnimationTraits.new{ timingCurve = SpringTimingCurveGenerator.new{
///                                          duration = 0.5, dampingRatio = 0.8, initialVelocity = 1200 } }
///     local chip = AnimationTraits.load("specs/chip.json")       -- traits, or name → traits
///     local m = MotionAnimator.new(); m.beginFromCurrentState = true
///     m:animate(traits, {0, 10}, box.layer, "cornerRadius", function(finished) end)
///     m:animate(traits, function() box.alpha = 0.5 end)
///     m:addTracer(function(layer, animation) print(animation) end)
///     m:stopAllAnimations(); m:removeAllAnimations()
///
/// Traits and spring generators are immutable values with readable fields; the animator's
/// flags are read and set as fields. Values given to `animate` are whatever the key path takes
/// (numbers, points, colors, ...). Completions get `finished`; tracers and completions that
/// fail are reported when control returns to the host.
extension ScriptHost {
    func installMotion() {
        vm.registerGlobal("AnimationTraits", functions: [
            "new": { [unowned self] call in
                guard case .table(let table) = call.value(at: 1) else {
                    throw call.badArgument(1, "table expected, got \(call.typeName(at: 1))")
                }
                call.push(object: ScriptAnimationTraits(try traits(from: table)))
                return 1
            },
            "load": { [unowned self] call in try loadTraits(call) },
        ])
        vm.register(LuaClass<ScriptAnimationTraits>(
            "AnimationTraits",
            methods: ["toJSON": { call in
                let traits = try call.object(at: 1, as: ScriptAnimationTraits.self)
                call.push(try MotionSpec.serialize(traits.traits))
                return 1
            }],
            getProperty: { call, object, key in
                try ScriptHost.pushField(key, of: object.traits, call)
                return 1
            },
            setProperty: { _, _, key in
                throw LuaCallError("AnimationTraits.\(key) cannot be set: traits are immutable (make new ones with AnimationTraits.new)")
            },
            describe: { object in
                let t = object.traits
                return "AnimationTraits(delay: \(formatNumber(t.delay)), duration: \(formatNumber(t.duration)))"
            }))

        vm.registerGlobal("SpringTimingCurveGenerator", functions: ["new": { call in
            guard case .table(let table) = call.value(at: 1) else {
                throw call.badArgument(1, "table expected, got \(call.typeName(at: 1))")
            }
            try table.checkKeys(allowed: ["duration", "dampingRatio", "initialVelocity"], of: "parameter")
            let generator = try SpringTimingCurveGenerator(
                duration: try BindingInput.number(table["duration"], "duration"),
                dampingRatio: try BindingInput.number(table["dampingRatio"], "dampingRatio"),
                initialVelocity: try BindingInput.optionalNumber(table["initialVelocity"], "initialVelocity") ?? 0)
            call.push(object: ScriptSpringGenerator(generator))
            return 1
        }])
        vm.register(LuaClass<ScriptSpringGenerator>(
            "SpringTimingCurveGenerator",
            getProperty: { call, object, key in
                switch key {
                case "duration": call.push(object.generator.duration)
                case "dampingRatio": call.push(object.generator.dampingRatio)
                case "initialVelocity": call.push(object.generator.initialVelocity)
                default:
                    throw LuaCallError(
                        "SpringTimingCurveGenerator has no field '\(key)' (fields: duration, dampingRatio, initialVelocity)")
                }
                return 1
            },
            setProperty: { _, _, key in
                throw LuaCallError("SpringTimingCurveGenerator.\(key) cannot be set: spring generators are immutable")
            },
            describe: { object in
                let g = object.generator
                return "SpringTimingCurveGenerator(duration: \(formatNumber(g.duration)), dampingRatio: "
                    + "\(formatNumber(g.dampingRatio)), initialVelocity: \(formatNumber(g.initialVelocity)))"
            }))

        vm.registerGlobal("MotionAnimator", functions: ["new": { call in
            call.push(object: MotionAnimator())
            return 1
        }])
        vm.register(LuaClass<MotionAnimator>(
            "MotionAnimator",
            methods: [
                "animate": { [unowned self] call in try animate(call) },
                "addTracer": { [unowned self] call in
                    let animator = try call.object(at: 1, as: MotionAnimator.self)
                    let tracer = try call.function(at: 2, name: "tracer")
                    animator.addTracer { [unowned self] layer, animation in
                        _ = deferredCall(tracer, [.object(layer), .object(animation)])
                    }
                    return 0
                },
                "stopAllAnimations": { call in
                    try call.object(at: 1, as: MotionAnimator.self).stopAllAnimations()
                    return 0
                },
                "removeAllAnimations": { call in
                    try call.object(at: 1, as: MotionAnimator.self).removeAllAnimations()
                    return 0
                },
            ],
            getProperty: { call, animator, key in
                switch key {
                case "shouldReverseValues": call.push(animator.shouldReverseValues)
                case "beginFromCurrentState": call.push(animator.beginFromCurrentState)
                case "additive": call.push(animator.additive)
                default:
                    throw LuaCallError(
                        "MotionAnimator has no field '\(key)' (fields: shouldReverseValues, beginFromCurrentState, additive; "
                            + "methods: animate, addTracer, stopAllAnimations, removeAllAnimations)")
                }
                return 1
            },
            setProperty: { call, animator, key in
                switch key {
                case "shouldReverseValues": animator.shouldReverseValues = try call.boolean(at: 3, name: key)
                case "beginFromCurrentState": animator.beginFromCurrentState = try call.boolean(at: 3, name: key)
                case "additive": animator.additive = try call.boolean(at: 3, name: key)
                default:
                    throw readOnly("MotionAnimator", key, settable: ["shouldReverseValues", "beginFromCurrentState", "additive"])
                }
            },
            describe: { _ in "MotionAnimator" }))
    }

    /// `m:animate(traits, {from, to}, layer, keyPath [, completion])` or
    /// `m:animate(traits, fn [, completion])`.
    private func animate(_ call: LuaCallContext) throws -> Int {
        let animator = try call.object(at: 1, as: MotionAnimator.self)
        let traits = try call.object(at: 2, as: ScriptAnimationTraits.self, name: "traits").traits
        let token: CompletionToken
        switch call.value(at: 3) {
        case .function(let animations):
            let completion = try self.completion(call.optionalFunction(at: 4, name: "completion"))
            token = try animator.animate(traits, in: engine.scene, animations: { [unowned self] in
                try callBlock(animations, in: "MotionAnimator:animate")
            }, completion: completion)
        case .table(let values):
            let layer: Layer
            if let view = call.value(at: 4).objectValue as? View {
                layer = view.layer
            } else {
                layer = try call.object(at: 4, as: Layer.self, name: "layer")
            }
            let keyPath = try call.string(at: 5, name: "keyPath")
            let completion = try self.completion(call.optionalFunction(at: 6, name: "completion"))
            let kind = try layer.resolveAnimatablePath(keyPath).valueKind
            guard values.count == 2, values.keys.count == 2 else {
                throw ArgumentError(parameter: "values", requirement: "must be a list of two values {from, to}",
                                    value: "\(values.keys.count) entries")
            }
            let from = try ScriptValues.animationValue(values[1], kind: kind, name: "values[1]")
            let to = try ScriptValues.animationValue(values[2], kind: kind, name: "values[2]")
            token = try animator.animate(traits, between: (from, to), layer: layer, keyPath: keyPath, completion: completion)
        default:
            throw call.badArgument(3, "values table {from, to} or animations function expected, got \(call.typeName(at: 3))")
        }
        call.push(newObject: token)  // what a sequence awaits (new, pushed this once)
        return 1
    }

    private func completion(_ function: LuaFunctionRef?) -> ((Bool) -> Void)? {
        function.map { function in
            { [unowned self] (finished: Bool) in _ = deferredCall(function, [.boolean(finished)]) }
        }
    }
}
