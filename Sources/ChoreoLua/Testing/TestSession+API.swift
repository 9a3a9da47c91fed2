import ChoreoCore
import ChoreoRuntime

/// The structure and time globals of scene tests (DESIGN §5, "Scene tests"):
///
///     describe("fade", function()
///       beforeEach(function() ... end)       -- also afterEach
///       it("is half done at 0.5 s", function()
///         advance(0.5)                         -- exact virtual time; everything due runs
///         expect(box.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
///         runUntilIdle()                       -- to the end of everything (at most 600 s)
///       end)
///     end)
extension TestSession {
    func installStructure() {
        host.vm.registerGlobal("describe") { [unowned self] call in
            let name = try call.string(at: 1, name: "name")
            let body = try call.function(at: 2, name: "body")
            try refuseInTest("describe")
            let saved = currentBlock
            currentBlock = declareBlock(name)
            defer { currentBlock = saved }
            try call.vm.call(body)
            return 0
        }
        host.vm.registerGlobal("it") { [unowned self] call in
            let name = try call.string(at: 1, name: "name")
            let body = try call.function(at: 2, name: "test")
            try refuseInTest("it")
            declareTest(name, body)
            return 0
        }
        for (name, before) in [("beforeEach", true), ("afterEach", false)] {
            host.vm.registerGlobal(name) { [unowned self] call in
                let hook = try call.function(at: 1, name: "hook")
                try refuseInTest(name)
                addHook(hook, before: before)
                return 0
            }
        }
    }

    func installEngineControl() {
        host.vm.registerGlobal("advance") { [unowned self] call in
            let seconds = try call.number(at: 1, name: "seconds")
            try requireTest("advance", to: "advance the engine")
            try advanceEngine { () throws in try host.engine.advance(by: seconds) }
            return 0
        }
        host.vm.registerGlobal("runUntilIdle") { [unowned self] call in
            let limit = try call.optionalNumber(at: 1, name: "seconds") ?? configuration.idleLimit
            try requireTest("runUntilIdle", to: "run the engine")
            let engine = host.engine
            let start = engine.now
            let report = try advanceEngine { () throws in try engine.run(until: .time(start + requireNonNegative(limit, "seconds"))) }
            if report.reason == .timeLimit {
                throw LuaCallError("runUntilIdle: the scene was still busy after \(formatNumber(limit)) s of scene time "
                    + "(from \(formatNumber(start)) s to \(formatNumber(engine.now)) s); still pending: "
                    + describe(engine.pendingWork))
            }
            call.push(engine.now)
            return 1
        }
    }

    /// Runs the engine on behalf of test code: the scene commits first (the turn of script
    /// code before it ends), a failed callback's error is raised as the test's own, and so is an
    /// error the host kept (from a delegate).
    @discardableResult
    func advanceEngine(_ body: () throws -> RunReport) throws -> RunReport {
        host.engine.scene.commit()
        let report: RunReport
        do { report = try body() } catch let failure as CallbackFailure { throw Self.raised(failure.error) }
        if let failure = report.error { throw Self.raised(failure.error) }
        try host.throwDeferredError()
        return report
    }

    /// A callback's error as the engine-control call raises it: a runaway names its own
    /// `file:line` (where the callback that ran away was made), so it is raised as is.
    static func raised(_ error: any Error) -> any Error {
        guard let runaway = error as? RunawayError, runaway.origin != nil else { return error }
        return LuaError.runtime(message: runaway.description, traceback: "")
    }

    /// `1 timer, 2 display links, running animations`.
    func describe(_ pending: PendingWork) -> String {
        var parts: [String] = []
        if pending.timers > 0 { parts.append(pending.timers == 1 ? "1 timer" : "\(pending.timers) timers") }
        if pending.displayLinks > 0 {
            parts.append(pending.displayLinks == 1 ? "1 display link" : "\(pending.displayLinks) display links")
        }
        if pending.hasAnimations { parts.append("running animations") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    /// `describe`, `it` and the hooks declare tests: they belong to the file's top level and
    /// `describe` bodies, not inside a running test.
    private func refuseInTest(_ call: String) throws {
        if isInTest {
            throw LuaCallError("\(call) cannot be called inside a test or hook (declare tests at the top level or in describe)")
        }
    }

    /// Time moves only inside tests: a file's top level runs again before every test. And only
    /// from the test's own code: from inside a callback the engine (or a binding) is running —
    /// a timer, a completion, an animations block — moving time or recording would re-enter it.
    func requireTest(_ call: String, to action: String) throws {
        if !isInTest {
            throw LuaCallError("\(call) can only be called inside a test or hook (it, beforeEach, afterEach)")
        }
        if let callback = host.runningCallback {
            throw LuaCallError("\(call): cannot \(action) from inside \(callback.rawValue) (call it from the test or hook itself)")
        }
    }
}
