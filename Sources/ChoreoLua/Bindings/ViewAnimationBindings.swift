import CLua
import CLuaShim
import ChoreoCore

/// UIKit's view animations for scripts: `View.animate`, `View.animateKeyframes`,
/// `View.addKeyframe`, `View.transition`, `View.transitionFrom`, `View.performWithoutAnimation`.
///
///     View.animate{ duration = 0.5, delay = 0.3, options = {"curveEaseOut"},
///                   animations = function() box.alpha = 0 end,
///                   completion = function(finished) end }
///     View.animate{ duration = 0.8, curve = "penner.easeOutBounce",   -- any curve (a Choreo extension)
///                   animations = function() box.center.y = 400 end }
///     View.animate{ duration = 1.5, usingSpringWithDamping = 0.2, initialSpringVelocity = 0,
///                   animations = function() box.bounds.size.width = box.bounds.size.width + 80 end }
///     View.animateKeyframes{ duration = 1.5, options = {"calculationModeCubic"}, animations = function()
///       View.addKeyframe(0.0, 0.25, function() box.center.x = box.center.x + 80 end)
///     end }
///     View.transition{ with = container, duration = 0.33, options = {"transitionFlipFromBottom"},
///                      animations = function() container:addSubview(banner) end }
///     View.transitionFrom{ from = old, to = new, duration = 0.33, options = {"transitionCrossDissolve"} }
///     View.performWithoutAnimation(function() box.alpha = 1 end)
///
/// The `animations` function runs at once, inside the block; `completion(finished)` runs later,
/// when the block's animations have stopped. Unknown keys and option names are errors listing the
/// valid ones.
extension ScriptHost {
    func viewAnimationFunctions() -> [String: LuaHostFunction] {
        [
            "animate": { [unowned self] call in
                if let token = try plainAnimate(call) {
                    call.push(newObject: token)
                    return 1
                }
                let table = try call.table(at: 1, name: "options").checkingKeys(allowed: Self.animateKeys, of: "option")
                guard table.countHeld(Self.animateTimingKeys) <= 1 else {
                    let timings = Self.animateTimingKeys.names.filter { !table.value(.name($0)).isNil }
                    throw ArgumentError(
                        parameter: "timing", requirement: "must be given one way: usingSpringWithDamping, bounce or curve",
                        value: timings.joined(separator: ", "))
                }
                let isSpring = table.countHeld(Self.animateSpringKeys) > 0
                if isSpring, let other = ["usingSpringWithDamping", "curve"].first(where: { !table.value(.name($0)).isNil }) {
                    throw ArgumentError(
                        parameter: "timing", requirement: "must be given one way: usingSpringWithDamping, bounce or curve",
                        value: "springDuration, \(other)")
                }
                let (duration, delay, options, animations, completion, stagger) = try blockArguments(
                    table, in: "View.animate", durationKeys: Self.animateDurationKeys,
                    defaultDuration: isSpring ? 0.5 : nil, allowsStagger: true)  // UIKit's springDuration default
                // A local function: passed to the block as it runs, its context stays on the stack.
                func run() throws { try runAnimations(animations, in: "View.animate") }
                let token: CompletionToken
                if isSpring {
                    token = try View.animate(
                        in: engine.scene, springDuration: duration, bounce: try table.optionalNumber("bounce") ?? 0,
                        initialSpringVelocity: try table.optionalNumber("initialSpringVelocity") ?? 0, delay: delay,
                        stagger: stagger, options: options, animations: run, completion: completion)
                } else if table.countHeld(Self.animateDampingKey) > 0, let damping = try table.optionalNumber("usingSpringWithDamping") {
                    token = try View.animate(
                        in: engine.scene, withDuration: duration, delay: delay, stagger: stagger, usingSpringWithDamping: damping,
                        initialSpringVelocity: try table.optionalNumber("initialSpringVelocity") ?? 0, options: options,
                        animations: run, completion: completion)
                } else {
                    token = try View.animate(
                        in: engine.scene, withDuration: duration, delay: delay, stagger: stagger, options: options,
                        curve: try blockCurve(table),
                        animations: run, completion: completion)
                }
                call.push(newObject: token)  // what a sequence awaits (new, pushed this once)
                return 1
            },
            "animateKeyframes": { [unowned self] call in
                let table = try call.table(at: 1, name: "options")
                try table.checkKeys(
                    allowed: ["duration", "withDuration", "delay", "options", "animations", "completion"], of: "option")
                let (duration, delay, options, animations, completion, _) =
                    try blockArguments(table, in: "View.animateKeyframes", durationKeys: Self.keyframeDurationKeys)
                try View.animateKeyframes(
                    in: engine.scene, withDuration: duration, delay: delay, options: options,
                    animations: { try self.runAnimations(animations, in: "View.animateKeyframes") }, completion: completion)
                return 0
            },
            "addKeyframe": { [unowned self] call in
                let start = try call.number(at: 1, name: "relativeStartTime")
                let length = try call.number(at: 2, name: "relativeDuration")
                let function = try call.function(at: 3, name: "animations")
                try View.addKeyframe(in: engine.scene, withRelativeStartTime: start, relativeDuration: length) {
                    try callBlock(function, in: "View.addKeyframe")
                }
                return 0
            },
            "transition": { [unowned self] call in
                let table = try call.table(at: 1, name: "options")
                try table.checkKeys(allowed: ["with", "duration", "options", "animations", "completion"], of: "option")
                let view = try table.object("with", as: View.self)
                let (duration, _, options, animations, completion, _) =
                    try blockArguments(table, in: "View.transition", needsAnimations: false)
                try View.transition(
                    with: view, in: engine.scene, duration: duration, options: options,
                    animations: { try self.runAnimations(animations, in: "View.transition") }, completion: completion)
                return 0
            },
            "transitionFrom": { [unowned self] call in
                let table = try call.table(at: 1, name: "options")
                try table.checkKeys(allowed: ["from", "to", "duration", "options", "completion"], of: "option")
                let from = try table.object("from", as: View.self)
                let to = try table.object("to", as: View.self)
                let (duration, _, options, _, completion, _) =
                    try blockArguments(table, in: "View.transitionFrom", needsAnimations: false)
                if to !== from, let container = from.superview { try Self.checkInsertion(of: to, into: container) }
                try View.transition(
                    from: from, to: to, in: engine.scene, duration: duration, options: options, completion: completion)
                return 0
            },
            "performWithoutAnimation": { [unowned self] call in
                let function = try call.function(at: 1, name: "actions")
                try View.performWithoutAnimation(in: engine.scene) {
                    try callBlock(function, in: "View.performWithoutAnimation")
                }
                return 0
            },
        ]
    }

    /// The keys `View.animate` takes, its ways to give a timing, and its names for the duration:
    /// made once (an array literal in the call was three allocations a block).
    private static let animateKeys = LuaKeyNames([
        "duration", "withDuration", "springDuration", "delay", "options", "animations", "completion",
        "usingSpringWithDamping", "bounce", "initialSpringVelocity", "curve",
    ])
    /// `plainAnimate`'s keys: their positions in `animateKeys` (duration, delay, animations,
    /// completion, curve) and the bits of those positions.
    private static let plainAnimatePositions = (
        animateKeys.position(of: "duration")!, animateKeys.position(of: "delay")!, animateKeys.position(of: "animations")!,
        animateKeys.position(of: "completion")!, animateKeys.position(of: "curve")!)
    private static let plainAnimateBits: UInt64 = [
        plainAnimatePositions.0, plainAnimatePositions.1, plainAnimatePositions.2, plainAnimatePositions.3, plainAnimatePositions.4,
    ].reduce(0) { $0 | 1 << UInt64($1) }
    private static let animateTimingKeys = LuaKeySubset(["usingSpringWithDamping", "bounce", "curve"], of: animateKeys)
    private static let animateDurationKeys = LuaKeySubset(["duration", "withDuration", "springDuration"], of: animateKeys)
    /// The iOS 17 spring form's names, and the damping form's: asked by bit, from the table's scan.
    private static let animateSpringKeys = LuaKeySubset(["bounce", "springDuration"], of: animateKeys)
    private static let animateDampingKey = LuaKeySubset(["usingSpringWithDamping"], of: animateKeys)
    private static let keyframeDurationKeys = LuaKeySubset(["duration", "withDuration"])
    static let plainDurationKeys = LuaKeySubset(["duration"])

    /// `curve = ...` of View.animate (any curve value, such as "penner.easeOutBounce"); Core fits
    /// a damping-ratio spring to the duration of the animations the block makes.
    private func blockCurve(_ table: LuaTableArgument) throws -> (any TimingCurve)? {
        try table.withField("curve") { state, slot in try blockCurve(at: slot, on: state) }
    }

    /// The curve value at `slot` (nil for nil), as `blockCurve(_:)` reads it.
    private func blockCurve(at slot: Int32, on state: OpaquePointer) throws -> (any TimingCurve)? {
        switch lua_type(state, slot) {
        case LUA_TNIL: return nil
        case LUA_TSTRING:
            let named = try namedCurves.value(at: slot, on: state) { text in
                registry.providers[text] == nil ? try curve(from: .string(text), name: "curve") : nil
            }
            if let curve = named.value { return curve }
            return try curve(from: .string(named.text), name: "curve")
        default:
            return try curve(from: vm.value(at: slot, on: state), name: "curve")
        }
    }

    /// `View.animate` of the common shape, `{ duration = number, delay = number?, curve =
    /// string?, animations = function, completion = function? }` and no other key, read in one
    /// traversal of the table that leaves each value in a stack slot of its own
    /// (`lsx_gather_keys`), or nil for any other table — the general reading above then reads
    /// it, with its errors: this path raises none of its own (a value it does not take as given,
    /// such as a numeric string or an unknown curve name, sends the table there too).
    ///
    /// The general reading of the options was 0.75 µs of the 8.7 a view that setting up 10,000
    /// animated views takes (`lua-setup-10k`), though only 4,400 instructions: its checks,
    /// lookups and helpers are that much more code the processor fetches for each block. This
    /// path is one loop in C and a few reads of slots: 0.25–0.3 µs a view less.
    private func plainAnimate(_ call: LuaCallContext) throws -> CompletionToken? {
        let state = call.state, names = Self.animateKeys
        guard lua_type(state, 1) == LUA_TTABLE, lua_gettop(state) == 1 else { return nil }
        var given: UInt64 = 0, base: Int32 = 0
        guard lsx_gather_keys(state, 1, names.cNames, names.cLengths, Int32(names.count), &given, &base) == 1,
              given & ~Self.plainAnimateBits == 0
        else { return nil }
        func slot(_ position: Int) -> Int32 { base + Int32(position) }
        func number(_ position: Int) -> Double? {
            guard lua_type(state, slot(position)) == LUA_TNUMBER else { return nil }
            let value = lua_tonumberx(state, slot(position), nil)
            return abs(value) <= NumberLimits.magnitude ? value : nil
        }
        let (durationSlot, delaySlot, animationsSlot, completionSlot, curveSlot) = Self.plainAnimatePositions
        guard let duration = number(durationSlot), lua_type(state, slot(animationsSlot)) == LUA_TFUNCTION else { return nil }
        let delay: Double
        if lua_type(state, slot(delaySlot)) == LUA_TNIL { delay = 0 } else if let seconds = number(delaySlot) { delay = seconds } else { return nil }
        let completionType = lua_type(state, slot(completionSlot)), curveType = lua_type(state, slot(curveSlot))
        guard completionType == LUA_TNIL || completionType == LUA_TFUNCTION else { return nil }
        var curve: (any TimingCurve)? = nil
        if curveType != LUA_TNIL {
            // A name: the general reading's memo; one it does not know goes there for its error.
            guard curveType == LUA_TSTRING, let named = try? blockCurve(at: slot(curveSlot), on: state) else { return nil }
            curve = named
        }
        let completion = try completionType == LUA_TNIL ? nil : call.checkFunction(slot(completionSlot), .field(argument: 1, parent: "options", key: "completion"))
        let animations = BlockFunction.onStack(slot(animationsSlot))
        func run() throws { try runAnimations(animations, in: "View.animate") }
        return try View.animate(
            in: engine.scene, withDuration: duration, delay: delay, stagger: nil, options: [], curve: curve, animations: run,
            completion: completion.map(blockCompletion))
    }

    /// A block's `completion(finished)`, run deferred (after the frame's events).
    private func blockCompletion(_ function: LuaFunctionRef) -> (Bool) -> Void {
        { [unowned self] finished in _ = deferredCall(function, [.boolean(finished)], as: .completion) }
    }

    /// The common keys of an animation block: duration (≥ 0), delay (seconds, or with
    /// `allowsStagger` a `Stagger`, returned last), option names, the animations function (run
    /// now, nested) and the completion (run later, deferred).
    ///
    /// `durationKeys`: the names the duration may go by (`withDuration`, the Swift label, for
    /// `View.animate` and `View.animateKeyframes`; `springDuration` for the iOS 17 spring form);
    /// exactly one of them is given.
    func blockArguments(
        _ table: LuaTableArgument, in call: String, needsAnimations: Bool = true, durationKeys: LuaKeySubset = plainDurationKeys,
        defaultDuration: Double? = nil, allowsStagger: Bool = false, runsAtOnce: Bool = true
    ) throws -> (Double, Double, ViewAnimationOptions, BlockFunction?, ((Bool) -> Void)?, Stagger?) {
        guard table.countHeld(durationKeys) <= 1 else {
            let named = durationKeys.names.filter { !table.value(.name($0)).isNil }
            throw ArgumentError(parameter: named.joined(separator: ", "), requirement: "name the same duration: give one",
                                value: "\(named.count) given")
        }
        let named = table.firstHeld(durationKeys)
        let duration = try named.map { try table.number(.name($0)) } ?? defaultDuration ?? table.number("duration")
        let (delay, stagger) = allowsStagger ? try Self.delay(from: table.value("delay")) : (try table.optionalNumber("delay") ?? 0, nil)
        let options = try Self.viewAnimationOptions(table.value("options"))
        let animations: BlockFunction?
        if runsAtOnce {
            animations = try table.functionOnStack("animations", required: needsAnimations).map(BlockFunction.onStack)
        } else {
            animations = try (needsAnimations ? table.function("animations") : table.optionalFunction("animations"))
                .map(BlockFunction.referenced)
        }
        let completion = try table.optionalFunction("completion").map(blockCompletion)
        return (duration, delay, options, animations, completion, stagger)
    }

    /// A block's `animations` function: left on the stack of the host function that runs the
    /// block at once (`View.animate`: no reference made), or referenced for a block run later
    /// (a timeline's).
    enum BlockFunction {
        case onStack(Int32)
        case referenced(LuaFunctionRef)
    }

    /// Runs a block's `animations` function (nothing when none was given), as the block `call`.
    /// Passed on as a closure literal where the block runs at once, so no context is allocated.
    func runAnimations(_ function: BlockFunction?, in call: String) throws {
        switch function {
        case .onStack(let index): try callBlock(onStack: index, in: call)
        case .referenced(let function): try callBlock(function, in: call)
        case nil: break
        }
    }

    /// A list of option names (`{"curveEaseOut", "repeat"}`), or nil for none.
    static func viewAnimationOptions(_ lua: LuaValue) throws -> ViewAnimationOptions {
        var names: [String] = []
        if let list = lua.tableValue {
            for index in 1...max(list.count, 1) where !list[index].isNil {
                guard let name = list[index].stringValue else {
                    throw ScriptValues.mismatch("options[\(index)]", "an option name", list[index])
                }
                names.append(name)
            }
        } else if !lua.isNil {
            throw ScriptValues.mismatch("options", "a list of option names", lua)
        }
        return try ViewAnimationOptions(parsing: names)
    }
}
