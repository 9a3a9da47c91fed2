import CLua
import ChoreoCore
import ChoreoRuntime

/// Coroutine scripts (issue 20): `sequence`, `wait`, `await`, `all`, `any`, and the objects
/// they hand out.
///
///     local s = sequence(function(wait, await)
///       box.alpha = 0.5
///       wait(0.25)                                    -- exactly 0.25 s later
///       await(View.animate{ duration = 0.5, animations = function() box.center.x = 300 end })
///       local which = await(any(fadeIn, after3s))      -- 1 or 2, the first to finish
///     end)
///     s:addCompletion(function(finished) end); s:cancel(); s.isFinished; s.isCancelled
///
/// ScriptHost+Sequences.swift drives the coroutines; this file reads arguments and hands out
/// values. `wait` and `await` are the driver chunk's Lua functions (they yield); the host's
/// `request` checks each call and schedules the resume.
extension ScriptHost {
    func installSequences() {
        // `wait` and `await` are the driver's Lua functions once a sequence exists; until then
        // (and for a copy taken before), host functions that say why they cannot wait. The
        // driver loads with the first sequence, so scripts without sequences keep their heap.
        for kind in ["wait", "await"] {
            vm.registerGlobal(kind) { [unowned self] call in
                throw LuaCallError(callerProblem(kind, call.state) ?? "\(kind): use the \(kind) given to the sequence's body")
            }
        }
        vm.registerGlobal("sequence") { [unowned self] call in
            let body = try call.function(at: 1, name: "body")
            let charge = try call.charge(bytes: HostMemoryEstimate.timer)
            let sequence = try startSequence(body, origin: call.callerSite)
            if !sequence.isFinished { sequence.charge = charge }
            call.push(object: sequence)
            return 1
        }
        vm.registerGlobal("all") { call in try Self.pushGroup(.all, call) }
        vm.registerGlobal("any") { call in try Self.pushGroup(.any, call) }
        registerSequenceClasses()
    }

    /// Loads the driver chunk (once): its `new`, `wait` and `await`, which become the globals.
    func loadSequenceDriver() throws -> SequenceDriver {
        if let sequenceDriver { return sequenceDriver }
        vm.registerGlobal("__sequenceHost") { [unowned self] call in
            call.push(function: "request") { [unowned self] call in try sequenceRequest(call) }
            call.push(function: "traceback") { call in
                guard let thread = lua_tothread(call.state, 1), call.reserve(3) else { return 0 }
                let message = call.value(at: 2).stringValue ?? "(error object is a \(call.typeName(at: 2)) value)"
                luaL_traceback(call.state, thread, message, 0)
                return 1
            }
            call.push(function: "adopt") { [unowned self] call in
                adoptingSequence?.thread = lua_tothread(call.state, 1)
                adoptingSequence = nil
                return 0
            }
            return 3
        }
        let made = try vm.run(chunk: SequenceDriver.source, name: "=sequence")
        guard made.count == 3, case .function(let new) = made[0], case .function(let wait) = made[1],
              case .function(let awaitFunction) = made[2]
        else { throw LuaCallError("sequence: the driver did not load") }
        let driver = SequenceDriver(new: new, wait: wait, awaitFunction: awaitFunction)
        sequenceDriver = driver
        // The globals become the driver's, unless the script put its own there.
        if vm.globalIsHostFunction("wait") { vm.setGlobal("wait", .function(wait)) }
        if vm.globalIsHostFunction("await") { vm.setGlobal("await", .function(awaitFunction)) }
        return driver
    }

    /// `all(a, b, ...)` / `any(a, b, ...)`: a group of awaitables.
    private static func pushGroup(_ mode: AwaitGroup.Mode, _ call: LuaCallContext) throws -> Int {
        let count = call.argumentCount
        if mode == .any, count == 0 { throw LuaCallError("any: give at least one thing to await") }
        var members: [any Awaitable] = []
        for index in stride(from: 1, through: count, by: 1) {
            guard let member = call.value(at: index).objectValue as? any Awaitable else {
                throw call.badArgument(index, "\(awaitableExpectation) expected, got \(call.typeName(at: index))")
            }
            members.append(member)
        }
        try AwaitGroup.checkBounds(of: members)
        call.push(object: AwaitGroup(mode, members))
        return 1
    }

    static let awaitableExpectation =
        "an Animator, a Timeline, a Sequence, the token of View.animate or MotionAnimator:animate, all(...) or any(...)"

    /// The values `await` returns for `result`: a position's name, `finished`, every member's
    /// values (`all`), the 1-based index of the first then its values (`any`).
    static func awaitValues(_ result: AwaitResult) -> [LuaValue] {
        switch result {
        case .position(let position): [.string(position.rawValue)]
        case .finished(let finished): [.boolean(finished)]
        case .all(let results): results.flatMap(awaitValues)
        case .any(let index, let result): [.integer(index + 1)] + awaitValues(result)
        }
    }

    /// The host side of `wait(seconds)` and `await(x)`: nil when the body may go on to yield
    /// (the resume is scheduled), else the problem with the script's `file:line:` (the first
    /// Lua line outside the driver, also through a tail call), which the Lua side raises.
    /// `await` of something already finished returns nil, true and its values: no yield.
    private func sequenceRequest(_ call: LuaCallContext) throws -> Int {
        let results = try sequenceRequestUnpositioned(call)
        if results == 1, let problem = call.value(at: -1).stringValue {
            lua_settop(call.state, -2)
            let position = call.scriptPosition(skipping: "sequence")
            call.push(position.isEmpty ? problem : "\(position) \(problem)")
        }
        return results
    }

    private func sequenceRequestUnpositioned(_ call: LuaCallContext) throws -> Int {
        let kind = call.value(at: 1).stringValue ?? "wait"
        if let problem = callerProblem(kind, call.state) {
            call.push(problem)
            return 1
        }
        guard let sequence = runningSequences.last else { return 0 }
        switch kind {
        case "wait":
            let due: Double
            let value = call.value(at: 2)
            if value.isNil {
                due = engine.followingFrameTime
            } else {
                guard let seconds = value.doubleValue else {
                    call.push("wait: seconds must be a number (got \(call.typeName(at: 2)))")
                    return 1
                }
                guard seconds.isFinite, seconds >= 0 else {
                    call.push("wait: seconds must be a finite number ≥ 0 (got \(formatNumber(seconds)))")
                    return 1
                }
                due = seconds == 0 ? engine.followingFrameTime : sequence.bodyTime + seconds
            }
            sequence.request += 1
            let request = sequence.request
            let timer = try engine.schedule(at: due) { [weak self] in try self?.resumeFromTimer(sequence, request: request) }
            let position = call.scriptPosition(skipping: "sequence")
            timer.origin = position.isEmpty ? sequence.origin : String(position.dropLast())
            sequence.timer = timer
            sequence.hasPendingRequest = true
            return 0
        default:
            guard let awaited = call.value(at: 2).objectValue as? any Awaitable else {
                call.push("await: \(Self.awaitableExpectation) expected, got \(call.typeName(at: 2))")
                return 1
            }
            if awaited === sequence {
                call.push("await: a sequence cannot await itself (it would never finish)")
                return 1
            }
            if let result = awaited.awaitResult {
                let values = Self.awaitValues(result)
                call.pushNil()
                call.push(true)
                for value in values { call.push(value) }
                return 2 + values.count
            }
            sequence.request += 1
            let request = sequence.request
            awaited.whenFinished { [weak self] result in
                self?.resumeFromAwait(sequence, request: request, with: Self.awaitValues(result))
            }
            sequence.hasPendingRequest = true
            call.pushNil()
            call.push(false)
            return 2
        }
    }

    /// Why the Lua thread `state` cannot `kind` (wait or await) now, or nil when it is the
    /// running sequence's body, free to yield.
    private func callerProblem(_ kind: String, _ state: OpaquePointer) -> String? {
        let yieldable = lua_isyieldable(state) != 0
        let block = runningCallback.flatMap { $0 == .sequence ? nil : $0.rawValue }
        let blocks = block ?? "an animations block, a completion, a delegate, a curve"
        let insideBlock = "\(kind): cannot \(kind) inside a block the engine calls (\(blocks)); "
            + "\(kind) in the sequence's body, outside the block"
        guard let sequence = runningSequences.last else {
            if block != nil { return insideBlock }
            return "\(kind): not inside a sequence's body; \(kind) only works in sequence(function(wait, await) ... end)"
        }
        if state == sequence.thread { return yieldable ? nil : insideBlock }
        guard yieldable else { return insideBlock }
        return "\(kind): called from a coroutine the sequence did not start; only the sequence's own body can \(kind)"
    }

    private func registerSequenceClasses() {
        vm.register(LuaClass<ScriptSequence>(
            "Sequence",
            methods: [
                "cancel": { [unowned self] call in
                    try cancel(try call.object(at: 1, as: ScriptSequence.self))
                    return 0
                },
                "addCompletion": { [unowned self] call in
                    let sequence = try call.object(at: 1, as: ScriptSequence.self)
                    let completion = try call.function(at: 2, name: "completion")
                    if let result = sequence.awaitResult {
                        try callback(completion, Self.awaitValues(result), as: .completion)  // already over: now
                    } else if sequence.state != .failed {
                        sequence.completions.append(completion)
                    }
                    return 0
                },
            ],
            getProperty: { call, sequence, key in
                switch key {
                case "isFinished": call.push(sequence.isFinished)
                case "isCancelled": call.push(sequence.isCancelled)
                case "state": call.push(Self.stateName(sequence.state))
                default:
                    throw LuaCallError(
                        "Sequence has no field '\(key)' (fields: isFinished, isCancelled, state; methods: cancel, addCompletion)")
                }
                return 1
            },
            describe: { sequence in "Sequence(\(Self.stateName(sequence.state)))" }))
        vm.register(LuaClass<CompletionToken>(
            "AnimationToken",
            getProperty: { call, token, key in
                switch key {
                case "isFinished": call.push(token.finished != nil)
                case "finished": if let finished = token.finished { call.push(finished) } else { call.pushNil() }
                default: throw LuaCallError("AnimationToken has no field '\(key)' (fields: isFinished, finished)")
                }
                return 1
            },
            describe: { token in "AnimationToken(\(token.finished.map { $0 ? "finished" : "interrupted" } ?? "running"))" }))
        vm.register(LuaClass<AwaitGroup>(
            "AwaitGroup",
            getProperty: { call, group, key in
                guard key == "isFinished" else { throw LuaCallError("AwaitGroup has no field '\(key)' (fields: isFinished)") }
                call.push(group.awaitResult != nil)
                return 1
            },
            describe: { group in "AwaitGroup(\(group.mode == .all ? "all" : "any") of \(group.members.count))" }))
    }

    private static func stateName(_ state: ScriptSequence.State) -> String {
        switch state {
        case .running: "running"
        case .waiting: "waiting"
        case .finished: "finished"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}
