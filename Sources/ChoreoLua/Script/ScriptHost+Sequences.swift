import CLua
import ChoreoCore
import ChoreoRuntime

/// Driving sequences: Lua coroutines resumed by the engine's timers and by what they await.
///
/// The coroutine lives in Lua, in a small driver chunk (`SequenceDriver.source`): `wait` and
/// `await` are Lua functions that ask the host (`request`) and then `coroutine.yield`, so a
/// yield only ever crosses Lua frames up to the `coroutine.resume` of the driver's `step`,
/// which the host calls like any Lua function (lsx_pcall): no Lua error or yield crosses a
/// Swift frame, and the sandbox's guarded `coroutine.resume` charges each body per turn and
/// re-raises the instruction limit's kill. A `wait` the body cannot yield from — in a block
/// the engine calls (an animations block, a completion, a curve), or from a coroutine the body
/// made — is refused by the host with an error naming `wait`, before Lua would say "attempt to
/// yield across a C-call boundary".
extension ScriptHost {
    struct SequenceDriver {
        /// `new(body, adopt)`: makes the coroutine; returns its `step` and `close`.
        let new: LuaFunctionRef
        let wait: LuaFunctionRef
        let awaitFunction: LuaFunctionRef

        static let source = """
            local request, traceback, adopt = __sequenceHost()
            rawset(_ENV, "__sequenceHost", nil)
            local create, resume, status, close, yield = coroutine.create, coroutine.resume, coroutine.status,
              coroutine.close, coroutine.yield
            local pack, unpack, error = table.pack, table.unpack, error
            local function wait(...)
              local problem = request("wait", ...)
              if problem then error(problem, 0) end
              return yield()
            end
            local function await(...)
              local r = pack(request("await", ...))
              if r[1] then error(r[1], 0) end
              if r[2] then return unpack(r, 3, r.n) end
              return yield()
            end
            local function new(body)
              local co = create(body)
              adopt(co)
              local started = false
              local function finish(ok, ...)
                if not ok then return false, traceback(co, (...)) end
                return true, status(co) == "dead", ...
              end
              local function step(...)
                if not started then
                  started = true
                  return finish(resume(co, wait, await))
                end
                return finish(resume(co, ...))
              end
              return step, function() return close(co) end
            end
            return new, wait, await
            """
    }

    /// Starts a sequence: runs `body` at once, up to its first wait. An error before that is
    /// thrown (raised from `sequence(...)`).
    func startSequence(_ body: LuaFunctionRef, origin: String?) throws -> ScriptSequence {
        let driver = try loadSequenceDriver()
        let sequence = ScriptSequence(bodyTime: engine.now, origin: origin)
        runningSequences.last?.children.append(sequence)
        adoptingSequence = sequence
        defer { adoptingSequence = nil }
        let made = try vm.call(driver.new, [.function(body)])
        guard case .function(let step)? = made.first, case .function(let close)? = made.dropFirst().first else {
            throw LuaCallError("sequence: the driver made no coroutine")
        }
        sequence.step = step
        sequence.close = close
        try withRunningCallback(.sequence, site: sequence.origin) { try resume(sequence, with: []) }
        return sequence
    }

    /// Resumes `sequence` with `values` (what its `wait` or `await` returns) and handles how the
    /// body stops: a wait or await (it waits), its end (finished), an error (failed, thrown with
    /// `file:line` and the traceback through the coroutine).
    func resume(_ sequence: ScriptSequence, with values: [LuaValue]) throws {
        guard let step = sequence.step else { return }
        sequence.state = .running
        sequence.hasPendingRequest = false
        runningSequences.append(sequence)
        let results: [LuaValue]
        do {
            defer { runningSequences.removeLast() }
            results = try vm.call(step, values)
        } catch {
            fail(sequence)
            throw error
        }
        guard results.first?.boolValue == true else {
            fail(sequence)
            throw Self.sequenceError(results.dropFirst().first?.stringValue ?? "sequence: the body failed")
        }
        if results.dropFirst().first?.boolValue == true {
            try finish(sequence, finished: true)
        } else if sequence.hasPendingRequest {
            sequence.state = .waiting
        } else {
            fail(sequence)
            throw LuaError.runtime(
                message: "\(sequence.origin.map { $0 + ": " } ?? "")sequence: the body yielded without wait or await "
                    + "(coroutine.yield in a sequence's body; use wait(seconds) or await(x))",
                traceback: "")
        }
    }

    /// A message and the coroutine's traceback, as the driver's `traceback` made them.
    static func sequenceError(_ text: String) -> LuaError {
        let marker = "\nstack traceback:"
        guard let start = text.indices.first(where: { text[$0...].hasPrefix(marker) }) else {
            return .runtime(message: text, traceback: "")
        }
        return .runtime(message: String(text[..<start]), traceback: String(text[text.index(after: start)...]))
    }

    private func fail(_ sequence: ScriptSequence) {
        _ = sequence.end(.failed)
    }

    /// Ends `sequence` finished (its body returned) or cancelled: its completions run with
    /// `finished`, then what awaits it.
    func finish(_ sequence: ScriptSequence, finished: Bool) throws {
        let completions = sequence.completions
        sequence.completions = []
        let awaiters = sequence.end(finished ? .finished : .cancelled)
        for completion in completions { _ = deferredCall(completion, [.boolean(finished)], as: .completion) }
        for awaiter in awaiters { awaiter(.finished(finished)) }
    }

    /// Resumes `sequence` from a timer (its `wait`): on the timer's turn; an error ends the run
    /// as an error in `after` does.
    func resumeFromTimer(_ sequence: ScriptSequence, request: Int) throws {
        guard sequence.state == .waiting, sequence.request == request else { return }
        sequence.timer = nil
        sequence.bodyTime = engine.now
        try withRunningCallback(.sequence, site: sequence.origin) { try resume(sequence, with: []) }
    }

    /// Resumes `sequence` where something it awaits finished (a completion, an animator's frame
    /// check, another sequence's end): counted as a callback of the turn; an error is kept and
    /// ends the run (as a deferred call's runaway does).
    func resumeFromAwait(_ sequence: ScriptSequence, request: Int, with values: [LuaValue]) {
        guard sequence.state == .waiting, sequence.request == request, deferredError == nil else { return }
        sequence.bodyTime = engine.now
        do {
            try engine.admitCallback(.animationEvent, origin: sequence.origin)
            try withRunningCallback(.sequence, site: sequence.origin) { try resume(sequence, with: values) }
        } catch {
            let failure: LuaError = (error as? LuaError) ?? .runtime(message: "\(error)", traceback: "")
            if case .waiting = sequence.state { _ = sequence.end(.failed) }
            deferredError = failure
            deferredErrorSlot.endsRun = true
        }
    }

    /// Cancels `sequence`: closes its coroutine (its `<close>` variables run), calls its
    /// completions with false, then cancels the sequences it started.
    func cancel(_ sequence: ScriptSequence) throws {
        switch sequence.state {
        case .finished, .cancelled, .failed: return
        case .running:
            throw LuaCallError("Sequence:cancel: the sequence is running (a body cannot cancel itself: return from it)")
        case .waiting: break
        }
        let close = sequence.close
        let children = sequence.children
        sequence.step = nil
        sequence.request += 1
        sequence.timer?.cancel()
        var closeError: LuaError?
        if let close {
            do {
                let results = try vm.call(close, [])
                if results.first?.boolValue == false {
                    closeError = .runtime(message: results.dropFirst().first?.stringValue ?? "error in a <close> variable", traceback: "")
                }
            } catch {
                closeError = error
            }
        }
        try finish(sequence, finished: false)
        for child in children { try cancel(child) }
        if let closeError { throw closeError }
    }
}
