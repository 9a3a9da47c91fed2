import ChoreoCore
import ChoreoRuntime

/// Sequencing timelines for scripts: `Timeline` (issue 20; Core's `Timeline` has the rules).
///
///     local tl = Timeline.new{ speed = 1, repeatCount = 2, autoreverses = true,
///                              defaults = { duration = 0.4, curve = "easeOut" },
///                              completion = function(position) end }
///     tl:animate({ duration = 0.5, animations = function() title.alpha = 1 end })
///       :addLabel("grid", "+=0.2")
///       :animate({ delay = Stagger{ each = 0.05 }, animations = fn }, "grid")
///       :call(function() print(CACurrentMediaTime()) end, "grid+=0.3")
///     tl:add(Animator.new{ duration = 1, animations = fn }, "<")
///     tl:startAnimation(); tl:pauseAnimation(); tl:stopAnimation(); tl:seek("grid", { callbacks = true })
///     tl.fractionComplete = 0.5; tl.isReversed = true; tl.currentTime; tl.duration; tl.labels; tl.state
///
/// The adding calls return the timeline, so they chain. Callbacks and completions run as timer
/// callbacks do: an error in one ends the run with `file:line`. Illegal calls raise
/// `Timeline:add: the animator is active (running); add an inactive animator (before startAnimation)`.
extension ScriptHost {
    func installTimelines() {
        vm.registerGlobal("Timeline", functions: ["new": { [unowned self] call in
            let options = try call.optionalTable(at: 1, name: "options")
            let timeline = try makeTimeline(options)
            try call.chargeNew(timeline)
            call.push(object: timeline)
            return 1
        }])
        vm.register(LuaClass<Timeline>(
            "Timeline", methods: timelineMethods(),
            getProperty: { call, timeline, key in
                switch key {
                case "state": call.push(timeline.state.rawValue)
                case "isRunning": call.push(timeline.isRunning)
                case "isReversed": call.push(timeline.isReversed)
                case "fractionComplete": call.push(timeline.fractionComplete)
                case "currentTime": call.push(timeline.currentTime)
                case "duration": call.push(timeline.duration)
                case "speed": call.push(timeline.speed)
                case "repeatCount": call.push(timeline.repeatCount)
                case "repeatDuration": call.push(timeline.repeatDuration)
                case "autoreverses": call.push(timeline.autoreverses)
                case "labels":
                    let names = timeline.labels.keys.sorted()
                    call.pushNewTable(fieldCount: names.count) { table in
                        for name in names { table.set(.name(name), .number(timeline.labels[name] ?? 0)) }
                    }
                default: return 0
                }
                return 1
            },
            setProperty: { [unowned self] call, timeline, key in
                let value = call.value(at: 3)
                switch key {
                case "fractionComplete":
                    let fraction = try BindingInput.number(value, "fractionComplete")
                    try timelineCall(on: "Timeline.") { try timeline.setFractionComplete(fraction) }
                case "isReversed": timeline.isReversed = try BindingInput.boolean(value, "isReversed")
                default: throw readOnly("Timeline", key, settable: ["fractionComplete", "isReversed"])
                }
            },
            describe: { "Timeline(\($0.state.rawValue), \(formatNumber($0.duration)) s)" },
            fields: ["state", "isRunning", "isReversed", "fractionComplete", "currentTime", "duration", "speed",
                     "repeatCount", "repeatDuration", "autoreverses", "labels"],
            otherToolsNames: ScriptHost.timelineNamesElsewhere))
    }

    private func timelineMethods() -> [String: LuaHostFunction] {
        [
            "animate": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let table = try call.table(at: 2, name: "options")
                try table.checkKeys(allowed: ["duration", "delay", "curve", "options", "animations", "completion"], of: "option")
                let (duration, delay, options, animations, completion, stagger) = try blockArguments(
                    table, in: "Timeline:animate", defaultDuration: timeline.defaultDuration, allowsStagger: true,
                    runsAtOnce: false)
                let curve = table.value("curve").isNil ? nil : try curve(from: table.value("curve"), name: "curve")
                let position = try Self.position(call, at: 3)
                try call.charging(timeline) { try timelineCall {
                    try timeline.animate(
                        duration: duration, delay: delay, stagger: stagger, curve: curve, options: options, at: position,
                        animations: { [unowned self] in try runAnimations(animations, in: "Timeline:animate") },
                        completion: completion)
                } }
                call.push(object: timeline)
                return 1
            },
            "add": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let position = try Self.position(call, at: 3)
                try call.charging(timeline) {
                    switch call.value(at: 2) {
                    case .function(let function):
                        try timeline.call(at: position, timelineCallback(function))
                    case .object(let animator as Animator):
                        try timelineCall { try timeline.add(animator, at: position) }
                    case .object(let nested as Timeline):
                        try timelineCall { try timeline.add(nested, at: position) }
                    default:
                        throw call.badArgument(2, "Animator, Timeline or function expected, got \(call.typeName(at: 2))")
                    }
                }
                call.push(object: timeline)
                return 1
            },
            "call": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let function = try call.function(at: 2, name: "callback")
                let position = try Self.position(call, at: 3)
                try call.charging(timeline) { try timeline.call(at: position, timelineCallback(function)) }
                call.push(object: timeline)
                return 1
            },
            "addLabel": { call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let name = try call.string(at: 2, name: "name"), position = try Self.position(call, at: 3)
                try call.charging(timeline) { try timeline.addLabel(name, at: position) }
                call.push(object: timeline)
                return 1
            },
            "startAnimation": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let delay = try call.optionalNumber(at: 2, name: "delay") ?? 0
                try timelineCall { try timeline.startAnimation(afterDelay: delay) }
                return 0
            },
            "pauseAnimation": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                try timelineCall { try timeline.pauseAnimation() }
                return 0
            },
            "stopAnimation": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                try timelineCall { try timeline.stopAnimation() }
                return 0
            },
            "seek": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let position = try Self.position(call, at: 2)
                guard position != .end else { throw call.badArgument(2, "position expected (a number or a string), got nil") }
                let callbacks = try call.optionalTable(at: 3, name: "options").map { options in
                    try options.checkKeys(allowed: ["callbacks"], of: "option")
                    return try options.optionalBoolean("callbacks") ?? false
                } ?? false
                try timelineCall { try timeline.seek(position, callbacks: callbacks) }
                return 0
            },
            "addCompletion": { [unowned self] call in
                let timeline = try call.object(at: 1, as: Timeline.self)
                let completion = timelineCompletion(try call.function(at: 2, name: "completion"))
                try call.charging(timeline) { timeline.addCompletion(completion) }
                return 0
            },
        ]
    }

    /// `Timeline.new{...}` (every option optional).
    private func makeTimeline(_ options: LuaTableArgument?) throws -> Timeline {
        try options?.checkKeys(
            allowed: ["speed", "repeatCount", "repeatDuration", "autoreverses", "defaults", "completion"], of: "option")
        let timeline = try Timeline(
            scene: engine.scene, speed: try options?.optionalNumber("speed") ?? 1,
            // math.huge repeats forever, as an animation's repeatCount does.
            repeatCount: try options.flatMap { try BindingInput.optionalNumber($0.value("repeatCount"), "repeatCount") } ?? 0,
            repeatDuration: try options.flatMap { try BindingInput.optionalNumber($0.value("repeatDuration"), "repeatDuration") } ?? 0,
            autoreverses: try options?.optionalBoolean("autoreverses") ?? false)
        try options?.withOptionalTable("defaults") { defaults in
            try defaults.checkKeys(allowed: ["duration", "curve"], of: "defaults option")
            if let duration = try defaults.optionalNumber("duration") {
                timeline.defaultDuration = try requirePositive(duration, "defaults.duration")
            }
            if !defaults.value("curve").isNil { timeline.defaultCurve = try curve(from: defaults.value("curve"), name: "defaults.curve") }
        }
        if let completion = try options?.optionalFunction("completion") { timeline.completion = timelineCompletion(completion) }
        return timeline
    }

    /// A position argument: nil (the end), a number, or a string of the grammar.
    private static func position(_ call: LuaCallContext, at index: Int) throws -> TimelinePosition.Spec {
        switch call.value(at: index) {
        case .nil: return .end
        case .integer(let value): return .seconds(Double(value))
        case .number(let value): return .seconds(value)
        case .string(let text): return .text(text)
        default: throw call.badArgument(index, "position expected (a number or a string), got \(call.typeName(at: index))")
        }
    }

    /// A callback the timeline calls at its time, as a timer callback.
    private func timelineCallback(_ function: LuaFunctionRef) -> () throws -> Void {
        { [unowned self] in try callback(function, as: .timer) }
    }

    /// A completion, called with the position's name.
    private func timelineCompletion(_ function: LuaFunctionRef) -> (AnimatorPosition) throws -> Void {
        { [unowned self] position in try callback(function, [.string(position.rawValue)], as: .completion) }
    }

    /// Runs a timeline call: a `TimelineError` becomes `Timeline:call: …` (`Timeline.` for setters).
    private func timelineCall(on prefix: String = "Timeline:", _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as TimelineError {
            throw LuaCallError(prefix + error.description)
        }
    }
}

extension ScriptHost {
    /// What GSAP's timeline calls what `Timeline` names otherwise, suggested when a script reads
    /// one of them (`tl:play()`).
    static let timelineNamesElsewhere = [
        "play": "startAnimation", "resume": "startAnimation", "restart": "seek(0) then startAnimation",
        "pause": "pauseAnimation", "kill": "stopAnimation", "reverse": "isReversed = true",
        "progress": "fractionComplete", "totalProgress": "fractionComplete", "time": "currentTime",
        "totalDuration": "duration", "timeScale": "speed (Timeline.new{ speed = })", "to": "animate",
        "from": "animate", "fromTo": "animate", "set": "animate", "then": "addCompletion",
    ]
}
