import ChoreoCore

/// UIViewPropertyAnimator for scripts: `Animator` (DESIGN §5, "property animator").
///
///     local a = Animator.new{ duration = 1, curve = "easeOut", animations = function() box.alpha = 0 end }
///     Animator.new{ duration = 1, controlPoint1 = {0.57, -0.4}, controlPoint2 = {0.96, 0.87} }
///     Animator.new{ duration = 1, dampingRatio = 0.35 }
///     Animator.new{ duration = 1, timingParameters = SpringTimingParameters.new{ mass = 10, stiffness = 5, damping = 30 } }
///     Animator.runningPropertyAnimator{ duration = 2, delay = 0, options = {"curveLinear"},
///                                       animations = fn, completion = function(position) end }
///     a:startAnimation(); a:startAnimation(0.5); a:pauseAnimation(); a:stopAnimation(false)
///     a:finishAnimation("current"); a:addAnimations(fn, 0.5); a:addCompletion(function(position) end)
///     a:continueAnimation(SpringTimingParameters.new{ dampingRatio = 0.2 }, 0)
///     a.fractionComplete = 0.3; a.isReversed = true; a.pausesOnCompletion = true; a.scrubsLinearly = false
///
/// The curve is any curve value (`curve`, `timingParameters`), or control points, or a damping
/// ratio; Core fits a damping-ratio spring to the duration (to the remaining time in
/// `continueAnimation`); a spring made from mass, stiffness and damping sets the duration itself.
/// `startAnimation(delay)` takes Core's rule: a negative, NaN or infinite delay is an error.
/// An illegal call raises `Animator:finishAnimation: animator is active; call stopAnimation(false)
/// first`. Animation blocks run when the animator becomes active, inside the call that activates
/// it; an error in a block is raised by that call. Completions run later, with the position name.
extension ScriptHost {
    func installAnimators() {
        vm.registerGlobal("Animator", functions: [
            "new": { [unowned self] call in
                let options = try optionsTable(call)
                let animator = try makeAnimator(options)
                try call.chargeNew(animator)
                call.push(object: animator)
                return 1
            },
            "runningPropertyAnimator": { [unowned self] call in
                let options = try optionsTable(call)
                try options.checkKeys(allowed: ["duration", "delay", "options", "animations", "completion"], of: "option")
                let animations = try animationBlock(options["animations"], "animations")
                let completion = try options["completion"].isNil ? nil : completionHandler(options["completion"])
                let delay = try Self.delay(from: options["delay"])
                let animator = try animatorCall {
                    try Animator.runningPropertyAnimator(
                        scene: engine.scene, duration: try BindingInput.number(options["duration"], "duration"),
                        delay: delay.seconds, stagger: delay.stagger,
                        options: try Self.viewAnimationOptions(options["options"]),
                        animations: animations, completion: completion)
                }
                try call.chargeNew(animator)  // after its blocks ran: what they recorded counts
                call.push(object: animator)
                return 1
            },
        ])
        vm.register(LuaClass<Animator>(
            "Animator", methods: animatorMethods(),
            getProperty: { call, animator, key in
                switch key {
                case "state": call.push(animator.state.rawValue)
                case "isRunning": call.push(animator.isRunning)
                case "isReversed": call.push(animator.isReversed)
                case "fractionComplete": call.push(animator.fractionComplete)
                case "duration": call.push(animator.duration)
                case "delay": call.push(animator.delay)
                case "isInterruptible": call.push(animator.isInterruptible)
                case "scrubsLinearly": call.push(animator.scrubsLinearly)
                case "pausesOnCompletion": call.push(animator.pausesOnCompletion)
                case "timingParameters": call.push(object: ScriptCurve.wrapping(animator.timingParameters))
                default: return 0
                }
                return 1
            },
            setProperty: { [unowned self] call, animator, key in
                let value = call.value(at: 3)
                switch key {
                case "fractionComplete":
                    let fraction = try BindingInput.number(value, "fractionComplete")
                    try animatorCall(on: "Animator.") { try animator.setFractionComplete(fraction) }
                case "isReversed": animator.isReversed = try BindingInput.boolean(value, "isReversed")
                case "scrubsLinearly": animator.scrubsLinearly = try BindingInput.boolean(value, "scrubsLinearly")
                case "pausesOnCompletion": animator.pausesOnCompletion = try BindingInput.boolean(value, "pausesOnCompletion")
                case "isInterruptible":
                    let interruptible = try BindingInput.boolean(value, "isInterruptible")
                    try animatorCall(on: "Animator.") { try animator.setInterruptible(interruptible) }
                default:
                    throw readOnly("Animator", key, settable: [
                        "fractionComplete", "isReversed", "scrubsLinearly", "pausesOnCompletion", "isInterruptible",
                    ])
                }
            },
            describe: { "Animator(\($0.state.rawValue), \(formatNumber($0.duration)) s)" },
            fields: ["state", "isRunning", "isReversed", "fractionComplete", "duration", "delay", "isInterruptible",
                     "scrubsLinearly", "pausesOnCompletion", "timingParameters"],
            otherToolsNames: [
                "play": "startAnimation", "start": "startAnimation", "resume": "startAnimation",
                "pause": "pauseAnimation", "stop": "stopAnimation", "finish": "finishAnimation",
                "reverse": "isReversed = true", "progress": "fractionComplete", "addAnimation": "addAnimations",
            ]))
    }

    private func animatorMethods() -> [String: LuaHostFunction] {
        [
            "startAnimation": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                let delay = try call.optionalNumber(at: 2, name: "delay") ?? 0
                try animatorCall { try animator.startAnimation(afterDelay: delay) }
                return 0
            },
            "pauseAnimation": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                try animatorCall { try animator.pauseAnimation() }
                return 0
            },
            "stopAnimation": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                let withoutFinishing = try call.boolean(at: 2, name: "withoutFinishing")
                try animatorCall { try animator.stopAnimation(withoutFinishing) }
                return 0
            },
            "finishAnimation": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                let position = try AnimatorPosition(parsing: try call.string(at: 2, name: "position"), parameter: "position")
                try animatorCall { try animator.finishAnimation(at: position) }
                return 0
            },
            "addAnimations": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                let block = try animationBlock(call.value(at: 2), "animations")
                let delayFactor = try call.optionalNumber(at: 3, name: "delayFactor") ?? 0
                try call.charging(animator) { try animatorCall { try animator.addAnimations(block, delayFactor: delayFactor) } }
                return 0
            },
            "addCompletion": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                let completion = try completionHandler(call.value(at: 2))
                try call.charging(animator) { animator.addCompletion(completion) }
                return 0
            },
            "continueAnimation": { [unowned self] call in
                let animator = try call.object(at: 1, as: Animator.self)
                let factor = try call.number(at: 3, name: "durationFactor")
                let parameters = call.isNil(at: 2) ? nil : try curve(from: call.value(at: 2), name: "timingParameters")
                try animatorCall { try animator.continueAnimation(withTimingParameters: parameters, durationFactor: factor) }
                return 0
            },
        ]
    }

    /// `Animator.new{...}`: duration, animations, and one of curve, timingParameters, the two
    /// control points, or dampingRatio (none: easeInOut, UIKit's default curve).
    private func makeAnimator(_ options: LuaTableRef) throws -> Animator {
        try options.checkKeys(allowed: [
            "duration", "animations", "curve", "timingParameters", "controlPoint1", "controlPoint2", "dampingRatio", "bounce",
        ], of: "option")
        let given = ["curve", "timingParameters", "controlPoint1", "dampingRatio", "bounce"].filter { !options[$0].isNil }
        guard given.count <= 1 else {
            throw ArgumentError(
                parameter: "timing",
                requirement: "must be given one way: curve, timingParameters, controlPoint1/2, dampingRatio or bounce",
                value: given.joined(separator: ", "))
        }
        let duration = try BindingInput.number(options["duration"], "duration")
        // iOS 17's spring (`UISpringTimingParameters(duration:bounce:)`): `duration` is the
        // spring's perceptual duration, and the animator lasts until the spring settles.
        if let bounce = try BindingInput.optionalNumber(options["bounce"], "bounce") {
            let spring = try SpringCurve(duration: duration, bounce: bounce)
            return try Animator(scene: engine.scene, duration: duration, curve: spring, animations: animations(options))
        }
        let animations = try animations(options)
        if !options["controlPoint1"].isNil || !options["controlPoint2"].isNil {
            let p1 = try ScriptValues.point(options["controlPoint1"], name: "controlPoint1")
            let p2 = try ScriptValues.point(options["controlPoint2"], name: "controlPoint2")
            return try Animator(scene: engine.scene, duration: duration, controlPoint1: p1, controlPoint2: p2, animations: animations)
        }
        if let ratio = try BindingInput.optionalNumber(options["dampingRatio"], "dampingRatio") {
            return try Animator(scene: engine.scene, duration: duration, dampingRatio: ratio, animations: animations)
        }
        let key = options["curve"].isNil ? "timingParameters" : "curve"
        let timing: any TimingCurve = options[key].isNil
            ? CubicBezierCurve.easeInOut : try curve(from: options[key], name: key)
        return try Animator(scene: engine.scene, duration: duration, curve: timing, animations: animations)
    }

    /// The `animations` of an options table, if any.
    private func animations(_ options: LuaTableRef) throws -> (() -> Void)? {
        try options["animations"].isNil ? nil : animationBlock(options["animations"], "animations")
    }

    /// The options table at argument 1.
    private func optionsTable(_ call: LuaCallContext) throws -> LuaTableRef {
        guard case .table(let options) = call.value(at: 1) else {
            throw call.badArgument(1, "table expected, got \(call.typeName(at: 1))")
        }
        return options
    }

    /// An animation block: the Lua function, called inside the animator call that activates the
    /// animator; its error is kept for `animatorCall` to raise.
    private func animationBlock(_ lua: LuaValue, _ name: String) throws -> () -> Void {
        guard case .function(let function) = lua else { throw ScriptValues.mismatch(name, "a function", lua) }
        return { [unowned self] in
            do {
                try callBlock(function, in: "Animator")
            } catch {
                if animatorBlockError == nil { animatorBlockError = error }
            }
        }
    }

    /// A completion: the Lua function, called later with the position's name.
    private func completionHandler(_ lua: LuaValue) throws -> (AnimatorPosition) -> Void {
        guard case .function(let function) = lua else { throw ScriptValues.mismatch("completion", "a function", lua) }
        return { [unowned self] position in _ = deferredCall(function, [.string(position.rawValue)]) }
    }

    /// Runs an animator call: an `AnimatorError` becomes `Animator:call: animator is …` (the
    /// call names itself; `prefix` is `Animator.` for property setters), and the first error of
    /// an animation block the call ran is raised from it.
    @discardableResult
    private func animatorCall<R>(on prefix: String = "Animator:", _ body: () throws -> R) throws -> R {
        let outer = animatorBlockError
        animatorBlockError = nil
        defer { animatorBlockError = outer }
        let result: R
        do {
            result = try body()
        } catch let error as AnimatorError {
            throw LuaCallError(prefix + error.description)
        }
        if let error = animatorBlockError { throw error }
        return result
    }
}
