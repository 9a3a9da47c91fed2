import ChoreoCore
import CLua
import CLuaShim

/// One sandboxed Lua 5.4 state: runs chunks, calls Lua functions, and hosts Swift functions.
///
/// Why a class of its own: the state's rules live here once. Every entry into Lua goes through a
/// protected call with a traceback handler; Swift only uses the non-raising part of the C API;
/// memory and instructions are bounded; the state stays usable after any error
/// (lua-embedding.md §3–§4, DESIGN.md §5 "Errors").
///
///     let vm = LuaVM(memoryLimit: 64 << 20)
///     vm.registerGlobal("after") { call in ... }
///     try vm.run(chunk: source, name: "scene.lua")
///
/// Contract: one VM per engine, used from one thread at a time (it is not `Sendable`).
/// `instructionLimit` is the budget of each outermost ``run(chunk:name:)`` or ``call(_:_:)``;
/// calls made from inside a host function share their caller's budget, and so do outermost
/// calls made inside ``sharingBudget(_:)`` (the engine's callbacks of one turn, armed once by
/// ``armBudget()``). `memoryLimit` caps the
/// bytes the state holds while Lua code runs (host code is never refused).
public final class LuaVM {
    public static let defaultMemoryLimit = 256 * 1024 * 1024
    public static let defaultInstructionLimit = 200_000_000
    public static let defaultTimeLimit = 60.0

    /// The main thread; nil once closed.
    var state: OpaquePointer?
    /// The thread running the innermost host function, so nested calls run on its stack.
    var activeState: OpaquePointer?
    /// How many run/call entries are active (0: the next one is outermost and re-arms the budget).
    var depth = 0
    /// While set, an outermost entry keeps the budget armed before it (see `sharingBudget`).
    var sharesBudget = false
    /// Set by a push that found no stack space; the dispatcher turns it into an error.
    var stackExhausted = false
    /// Registry references dropped by Swift, released at the next outermost entry (a reference
    /// can die inside a garbage-collector finalizer, where the state must not be touched).
    var pendingReferences: [Int32] = []
    var classes: [ObjectIdentifier: LuaClassInfo] = [:] {
        didSet { classKeys.removeAll() }  // a new class may change what a type resolves to
    }
    /// The metatable keys of types looked up lately (LuaObjectBridge.swift).
    let classKeys = ClassKeyCache.allocate()
    /// Host objects made for scripts, counted against `memoryLimit` with the Lua heap
    /// (LuaVM+HostMemory.swift). Objects hold charges on it and may outlive the VM.
    public let hostMemory = HostMemoryAccount()
    /// Bytes charged since the garbage collector last stepped for them (LuaVM+HostMemory.swift).
    var hostBytesSinceStep = 0

    /// Bytes the state may hold while Lua code runs.
    public var memoryLimit: Int {
        didSet {
            precondition(memoryLimit > 0, "LuaVM.memoryLimit must be > 0 (got \(memoryLimit))")
            if let state { lsx_set_memory_limit(state, memoryLimit) }
        }
    }

    /// VM instructions each outermost run or call may execute.
    public var instructionLimit: Int {
        didSet { precondition(instructionLimit > 0, "LuaVM.instructionLimit must be > 0 (got \(instructionLimit))") }
    }

    /// Seconds of wall-clock time each outermost run or call may last: the backstop for work no
    /// count sees (a call that copies a million arguments is one instruction). A turn within its
    /// instruction budget takes about a second; this only ends runaway ones ("time limit exceeded").
    public var timeLimit: Double = LuaVM.defaultTimeLimit {
        didSet {
            precondition(timeLimit > 0 && timeLimit.isFinite, "LuaVM.timeLimit must be a finite number > 0 (got \(timeLimit))")
            if let state { lsx_set_time_limit(state, timeLimit) }
        }
    }

    /// Receives each line a script prints (arguments joined by tabs, as Lua's `print`).
    public var printHandler: (String) -> Void = { Swift.print($0) }

    /// The most bytes (lines and their newlines) a script may print in one turn, and in all: a
    /// print past either raises "output limit exceeded".
    public static let printLimitPerTurn = 4 << 20
    public static let printLimit = 64 << 20
    /// Bytes printed in the current turn (since the budget was last armed) and in all.
    var printedThisTurn = 0, printedInAll = 0

    /// The files the script may read: `require` loads modules from its base folder (the scene's),
    /// and only files inside its roots (`FileSandbox.none`, the default: `require` always fails).
    public var files = FileSandbox.none

    public init(memoryLimit: Int = LuaVM.defaultMemoryLimit, instructionLimit: Int = LuaVM.defaultInstructionLimit) {
        precondition(memoryLimit > 0, "LuaVM.init: memoryLimit must be > 0 (got \(memoryLimit))")
        precondition(instructionLimit > 0, "LuaVM.init: instructionLimit must be > 0 (got \(instructionLimit))")
        self.memoryLimit = memoryLimit
        self.instructionLimit = instructionLimit
        let host = Unmanaged.passUnretained(self).toOpaque()
        guard let state = lsx_newstate(memoryLimit, host, luaDispatch, luaRelease) else {
            fatalError("LuaVM.init: cannot create a Lua state (out of memory)")
        }
        self.state = state
        lsx_set_time_limit(state, timeLimit)
        lsx_set_host_counter(state, hostMemory.counter)
        let print = LuaHostFunctionBox(name: "print", role: .function, body: LuaVM.printFunction)
        let require = LuaHostFunctionBox(name: "require", role: .function, body: LuaVM.moduleLoader)
        guard lsx_open_sandbox(state, print.retainedPointer(), require.retainedPointer()) == LUA_OK else {
            fatalError("LuaVM.init: cannot open the sandboxed libraries (out of memory)")
        }
    }

    deinit {
        close()
        classKeys.deallocate()
    }

    /// Closes the state now: finalizers run and every Swift object Lua held is released.
    ///
    /// Needed only to break cycles (a Swift object held by Lua that holds a ``LuaFunctionRef``);
    /// otherwise the VM closes when the last reference to it goes. Using the VM afterwards is a
    /// programmer error; references from it read as nil.
    public func close() {
        guard let state else { return }
        precondition(depth == 0, "LuaVM.close() called while Lua is running (from a host function)")
        self.state = nil
        activeState = nil
        pendingReferences.removeAll()
        lsx_close(state)
    }

    public var isClosed: Bool { state == nil }

    /// Bytes currently allocated by the state.
    public var memoryInUse: Int { state.map { Int(lsx_memory_in_use($0)) } ?? 0 }

    /// Runs a full garbage collection (finalizers included: dropped Swift objects are released).
    public func collectGarbage() {
        let state = liveState("collectGarbage()")
        if depth == 0 { releasePendingReferences(state) }
        _ = lsx_fullgc(state)
    }

    /// Compiles and runs a chunk of Lua source, returning what it returns.
    ///
    /// - Parameter name: the file name shown in messages (`scene.lua` gives `scene.lua:12:`).
    /// - Throws: ``LuaError``; the VM stays usable.
    @discardableResult
    public func run(chunk: String, name: String) throws(LuaError) -> [LuaValue] {
        let state = liveState("run(chunk:name:)")
        return try entering(state) { () throws(LuaError) -> [LuaValue] in
            let base = lua_gettop(state)
            try reserve(2, on: state)
            let chunkName = name.hasPrefix("@") || name.hasPrefix("=") ? name : "@" + name
            var source = chunk
            let status = source.withUTF8 { lsx_load(state, $0.baseAddress, $0.count, chunkName) }
            guard status == Int32(LSX_OK.rawValue) else { throw failure(status, on: state, base: base, chunkName: name) }
            return try protectedCall(on: state, base: base, argumentCount: 0)
        }
    }

    /// Calls a Lua function with arguments, returning its results.
    @discardableResult
    public func call(_ function: LuaFunctionRef, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        precondition(function.vm === self, "LuaVM.call(_:_:): the function belongs to another LuaVM")
        let state = liveState("call(_:_:)")
        return try entering(state) { () throws(LuaError) -> [LuaValue] in
            let base = lua_gettop(state)
            try reserve(Int32(arguments.count) + 2, on: state)
            lua_rawgeti(state, lsx_registryindex(), lua_Integer(function.reference))
            for argument in arguments { push(argument, on: state) }
            return try protectedCall(on: state, base: base, argumentCount: Int32(arguments.count))
        }
    }

    /// Calls the function at stack slot `index` of the running host function with no arguments,
    /// its results dropped, as `call(_:_:)` calls a referenced one: a function the host calls
    /// before it returns (a `View.animate` block's `animations`), with no reference made.
    func callOnStack(_ index: Int32) throws(LuaError) {
        let state = liveState("callOnStack(_:)")
        try entering(state) { () throws(LuaError) in
            let base = lua_gettop(state)
            try reserve(2, on: state)
            lua_pushvalue(state, index)
            _ = try protectedCall(on: state, base: base, argumentCount: 0)
        }
    }

    /// Calls a Lua function of one number (then `extraArguments`) for a number: the hot path of
    /// Lua timing curves, evaluated every frame. It does what `call(function, [.number(argument)]
    /// + extraArguments)` does, without an argument or result array: a number result comes back
    /// as `.number`; anything else as `.other`, holding the first result (nil when none).
    func callForNumber(
        _ function: LuaFunctionRef, _ argument: Double, _ extraArguments: [LuaValue] = []
    ) throws(LuaError) -> LuaNumberResult {
        precondition(function.vm === self, "LuaVM.callForNumber(_:_:_:): the function belongs to another LuaVM")
        let state = liveState("callForNumber(_:_:_:)")
        return try entering(state) { () throws(LuaError) -> LuaNumberResult in
            let base = lua_gettop(state)
            try reserve(Int32(extraArguments.count) + 4, on: state)
            lsx_pushmessagehandler(state)  // at base + 1, under the results
            lua_rawgeti(state, lsx_registryindex(), lua_Integer(function.reference))
            lua_pushnumber(state, argument)
            if !extraArguments.isEmpty { for argument in extraArguments { push(argument, on: state) } }
            let status = lsx_pcall_handled(state, 1 + Int32(extraArguments.count), LUA_MULTRET)
            guard status == Int32(LSX_OK.rawValue) else { throw failure(status, on: state, base: base, chunkName: nil) }
            defer { lua_settop(state, base) }
            let first = base + 2
            guard lua_gettop(state) >= first else { return .other(nil) }
            if lua_type(state, first) == LUA_TNUMBER { return .number(lua_tonumberx(state, first, nil)) }
            return .other(value(at: first, on: state))
        }
    }

    // MARK: - Entering Lua

    /// Arms a fresh instruction budget now, unless Lua is running (a host function's nested
    /// calls keep their caller's budget: re-arming there would let a script refill its own).
    public func armBudget() {
        guard depth == 0, let state else { return }
        arm(state)
    }

    /// A turn begins: a fresh instruction budget, and nothing printed yet this turn.
    private func arm(_ state: OpaquePointer) {
        lsx_arm(state, Int64(instructionLimit))
        printedThisTurn = 0
    }

    /// Counts host work done for the script against the current budget, as `instructions` VM
    /// instructions (the hook sees it at its next check): a callback the engine makes costs far
    /// more than the few instructions an empty Lua function runs.
    public func charge(instructions: Int) {
        guard let state else { return }
        lsx_charge_host(state, Int64(instructions))
    }

    /// Runs `body`, in which outermost calls into Lua share the budget last armed (by
    /// ``armBudget()`` or an earlier entry) instead of each arming a fresh one.
    ///
    ///     engine.turnDidBegin = { vm.armBudget() }
    ///     try vm.sharingBudget { try vm.call(timerCallback) }   // one budget per turn
    public func sharingBudget<R, Failure: Error>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
        let saved = sharesBudget
        sharesBudget = true
        defer { sharesBudget = saved }
        return try body()
    }

    /// The thread to work on: the one running the innermost host function, else the main one.
    func liveState(_ call: String) -> OpaquePointer {
        guard let state = activeState ?? state else { preconditionFailure("LuaVM.\(call) called after close()") }
        return state
    }

    private func entering<R>(_ state: OpaquePointer, _ body: () throws(LuaError) -> R) throws(LuaError) -> R {
        if depth == 0 {
            releasePendingReferences(state)
            if !sharesBudget { arm(state) }
        }
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    private func protectedCall(on state: OpaquePointer, base: Int32, argumentCount: Int32) throws(LuaError) -> [LuaValue] {
        let status = lsx_pcall(state, argumentCount, LUA_MULTRET)
        guard status == Int32(LSX_OK.rawValue) else { throw failure(status, on: state, base: base, chunkName: nil) }
        let top = lua_gettop(state)
        var results: [LuaValue] = []
        if top > base {
            results.reserveCapacity(Int(top - base))
            for index in (base + 1)...top { results.append(value(at: index, on: state)) }
        }
        lua_settop(state, base)
        return results
    }

    /// Turns a failed load or call (message on top) into a ``LuaError`` and restores the stack.
    private func failure(_ status: Int32, on state: OpaquePointer, base: Int32, chunkName: String?) -> LuaError {
        let text = lua_type(state, -1) == LUA_TSTRING ? LuaVM.string(at: -1, on: state) : "(error object is not a string)"
        let messageBytes = min(lsx_message_length(state), text.utf8.count)
        lua_settop(state, base)
        switch UInt32(status) {
        case LSX_SYNTAX.rawValue:
            return .syntax(message: text)
        case LSX_MEMORY.rawValue:
            var position = String(cString: lsx_memory_position(state))
            if position.isEmpty, let chunkName { position = chunkName + ":" }
            if depth == 1 { _ = lsx_fullgc(state) }  // start the next run from a clean heap
            let message = "memory limit exceeded (\(memoryLimit) bytes)"
            return .memoryLimit(message: position.isEmpty ? message : position + " " + message)
        default:
            let utf8 = Array(text.utf8)
            let message = String(decoding: utf8[..<messageBytes], as: UTF8.self)
            var rest = utf8[messageBytes...]
            if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
            let traceback = String(decoding: rest, as: UTF8.self)
            return status == Int32(LSX_INSTRUCTIONS.rawValue)
                ? .instructionLimit(message: message, traceback: traceback)
                : .runtime(message: message, traceback: traceback)
        }
    }

    @inline(__always)
    private func reserve(_ slots: Int32, on state: OpaquePointer) throws(LuaError) {
        guard lua_checkstack(state, slots) != 0 else {
            throw .runtime(message: "stack overflow (no room for \(slots) values to call Lua)", traceback: "")
        }
    }

    // MARK: - References

    func releaseReference(_ reference: Int32) {
        if state != nil { pendingReferences.append(reference) }
    }

    /// Unreferences what Swift let go of since the last time. Call only where the state may be
    /// used (entering the VM, returning from a host function), never from a finalizer.
    @inline(__always)
    func releasePendingReferences(_ state: OpaquePointer) {
        if !pendingReferences.isEmpty { releaseAllPendingReferences(state) }
    }

    private func releaseAllPendingReferences(_ state: OpaquePointer) {
        // In place, in order: copying the list out and then emptying it kept for reuse made a
        // new buffer on every call that dropped a reference. A finalizer run by an unref may
        // append more; they are released in the same loop.
        var index = 0
        while index < pendingReferences.count {
            luaL_unref(state, lsx_registryindex(), pendingReferences[index])
            index += 1
        }
        pendingReferences.removeAll(keepingCapacity: true)
    }
}

/// What `LuaVM.callForNumber` got back: a number (an integer or a float), or the first result
/// when it is not one (nil when the function returned nothing).
enum LuaNumberResult {
    case number(Double)
    case other(LuaValue?)
}
