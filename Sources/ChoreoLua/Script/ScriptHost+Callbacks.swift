import ChoreoCore
import ChoreoRuntime

/// What kind of script code a binding called back, named in errors ("from inside a timer
/// callback").
public enum ScriptCallbackKind: String, Sendable {
    case timer = "a timer callback"
    case displayLink = "a display-link callback"
    case layout = "layoutSubviews"
    case delegate = "an animation delegate"
    case layerDelegate = "a layer's action delegate"
    case completion = "a completion"
    case animations = "an animations block"
    case sequence = "a sequence"
}

/// Calling script code back: timers, display links, layouts, delegates, completions and
/// animation blocks all pass here, so the rules are in one place:
///
/// - the callbacks of one engine turn share one instruction budget (`Engine.turnDidBegin` arms
///   it; `LuaVM.sharingBudget`), and deferred ones count against the turn's callback limit;
/// - `runningCallback` says what is running, so engine control (`advance`, `runUntilIdle`,
///   `expectTrace`, `expectImage`) can refuse to run from inside it;
/// - callbacks nest at most `maximumCallbackNesting` deep (a `layoutSubviews` that lays out its
///   own view, a completion that finishes an animator whose completion does the same), with an
///   error naming the callback instead of Lua's "C stack overflow";
/// - a coroutine that yields inside an animations block gets an error naming the block.
extension ScriptHost {
    /// What each callback costs the instruction budget besides its own instructions: 500 (about
    /// the host's work per callback; so `advance(1e6)` over an `every(0.001)` inside one test
    /// runs out of budget instead of making a billion calls).
    public static let instructionsPerCallback = 500

    /// How deep script callbacks may nest inside one another: 50 (Lua's own C-stack limit is
    /// about 190 nested calls; real scenes nest a handful).
    public static let maximumCallbackNesting = 50

    /// Calls a Lua callback on behalf of the engine or a binding (a timer, a display link, a
    /// layout), on the budget of the engine's turn (the engine counted it: `Engine.admitCallback`).
    func callback(_ function: LuaFunctionRef, _ arguments: [LuaValue] = [], as kind: ScriptCallbackKind) throws {
        try callbackReturning(function, arguments, as: kind)
    }

    /// `callback`, returning what the function returned (a layer delegate's action).
    @discardableResult
    func callbackReturning(
        _ function: LuaFunctionRef, _ arguments: [LuaValue] = [], as kind: ScriptCallbackKind
    ) throws -> [LuaValue] {
        try throwDeferredError()
        return try running(kind, function) { () throws(LuaError) in
            try vm.sharingBudget { () throws(LuaError) in try vm.call(function, arguments) }
        }
    }

    /// Calls a Lua callback from a place that cannot throw (an animation delegate, a completion):
    /// it counts against the engine's turn like any callback, and a failure — its own, or the
    /// turn running away — is kept in `deferredError` (the first one is reported; a runaway ends
    /// the engine's run there, and later deferred calls do not run).
    @discardableResult
    func deferredCall(
        _ function: LuaFunctionRef, _ arguments: [LuaValue] = [], as kind: ScriptCallbackKind = .completion
    ) -> [LuaValue]? {
        guard deferredError == nil else { return nil }
        do {
            try engine.admitCallback(.animationEvent, origin: nil)
        } catch {
            var runaway = error
            runaway.origin = function.definitionSite
            deferredError = .runtime(message: runaway.description, traceback: "")
            deferredErrorSlot.endsRun = true
            return nil
        }
        do {
            return try running(kind, function) { () throws(LuaError) in
                try vm.sharingBudget { () throws(LuaError) in try vm.call(function, arguments) }
            }
        } catch {
            deferredError = error
            return nil
        }
    }

    /// Connects the engine's turns to the VM: each turn re-arms the instruction budget once
    /// (`Engine.turnDidBegin`), and deferred calls that ran away end the engine's run there
    /// (other kept errors wait for the host, as before).
    func installTurns() {
        // Unowned, not weak: a weak reference gives the VM a side table, and every host call's
        // retain of the VM then takes the slow path. The host clears it when it goes (`deinit`).
        engine.turnDidBegin = { [unowned vm] in vm.armBudget() }
        engine.takeEventFailure = { [deferredErrorSlot] in
            guard deferredErrorSlot.endsRun else { return nil }
            defer {
                deferredErrorSlot.error = nil
                deferredErrorSlot.endsRun = false
            }
            return deferredErrorSlot.error
        }
    }

    /// Calls an animations block (`View.animate`'s `animations`, an animator's, a keyframe's)
    /// from inside the host function `call` that runs it.
    func callBlock(_ function: LuaFunctionRef, in call: String) throws(LuaError) {
        do {
            try running(.animations, function) { () throws(LuaError) in _ = try vm.call(function, []) }
        } catch {
            throw Self.namingYield(error, in: call)
        }
    }

    /// `callBlock` for a function on the stack of the running host function `call`.
    func callBlock(onStack index: Int32, in call: String) throws(LuaError) {
        do {
            try running(.animations, site: vm.definitionSite(ofFunctionAt: index)) { () throws(LuaError) in
                try vm.callOnStack(index)
            }
        } catch {
            throw Self.namingYield(error, in: call)
        }
    }

    /// Runs `body` as script code of `kind`, refusing to nest deeper than the limit.
    private func running<R>(
        _ kind: ScriptCallbackKind, _ function: LuaFunctionRef, _ body: () throws(LuaError) -> R
    ) throws(LuaError) -> R {
        try running(kind, site: function.definitionSite, body)
    }

    /// `running` for code defined at `site` (a function's definition, a sequence's start), which
    /// is looked up only for the error: a block's definition site is a debug-info query and a
    /// string, and ten thousand `View.animate` calls made them for nothing.
    private func running<R>(
        _ kind: ScriptCallbackKind, site: @autoclosure () -> String?, _ body: () throws(LuaError) -> R
    ) throws(LuaError) -> R {
        guard callbackNesting < Self.maximumCallbackNesting else {
            let position = site().map { $0 + ": " } ?? ""
            throw .runtime(
                message: "\(position)\(kind.rawValue): script callbacks nested more than \(Self.maximumCallbackNesting) "
                    + "deep (a layoutSubviews that lays out its own view, or a completion that finishes an animator "
                    + "whose completion does the same?)",
                traceback: "")
        }
        vm.charge(instructions: Self.instructionsPerCallback)
        let saved = runningCallback
        runningCallback = kind
        callbackNesting += 1
        defer {
            runningCallback = saved
            callbackNesting -= 1
        }
        return try body()
    }

    /// Runs `body` (which calls into Lua) as a callback of `kind` on the turn's budget, with the
    /// nesting limit and the per-callback charge: a sequence's body, started at `site`.
    func withRunningCallback<R>(_ kind: ScriptCallbackKind, site: String?, _ body: () throws -> R) throws -> R {
        var failure: (any Error)?
        let result = try running(kind, site: site) { () throws(LuaError) -> R? in
            do {
                return try vm.sharingBudget { try body() }
            } catch let error as LuaError {
                throw error
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        guard let result else { throw LuaError.runtime(message: "\(kind.rawValue): no result", traceback: "") }
        return result
    }

    /// Lua's "attempt to yield across a C-call boundary", raised by a coroutine that yields
    /// inside a block a host function runs, rewritten to name the block.
    static func namingYield(_ error: LuaError, in call: String) -> LuaError {
        let suffix = "attempt to yield across a C-call boundary"
        guard case let .runtime(message, traceback) = error, message.hasSuffix(suffix) else { return error }
        let position = String(message.dropLast(suffix.count))
        return .runtime(
            message: "\(position)\(call): a coroutine cannot yield from inside an animations block "
                + "(finish the block, then yield)",
            traceback: traceback)
    }
}
