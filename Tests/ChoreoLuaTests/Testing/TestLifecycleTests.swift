import Testing
@testable import ChoreoLua

@Suite("Scene tests: structure, hooks, time and errors")
struct TestLifecycleTests {
    @Test("Every test starts from a fresh Lua state and a fresh engine at time 0")
    func freshHostPerTest() throws {
        let folder = try SceneTestFolder(["fresh_test.lua": """
            counter = (counter or 0) + 1
            it("changes the world", function()
              leaked = true
              after(5, function() end)
              advance(2)
              expect(CACurrentMediaTime()).toBe(2)
            end)
            it("sees none of it", function()
              expect(leaked).toBeNil()
              expect(counter).toBe(1)
              expect(CACurrentMediaTime()).toBe(0)
              runUntilIdle()
              expect(CACurrentMediaTime()).toBe(0)
            end)
            """])
        let report = try folder.run()
        #expect(report.summary == "2 passed, 0 failed")
    }

    @Test("beforeEach hooks run outermost first, afterEach innermost first, around each test only")
    func hookOrder() throws {
        let folder = try SceneTestFolder(["hooks_test.lua": """
            beforeEach(function() print("before file") end)
            afterEach(function() print("after file") end)
            describe("outer", function()
              beforeEach(function() print("before outer") end)
              afterEach(function() print("after outer") end)
              describe("inner", function()
                beforeEach(function() print("before inner") end)
                afterEach(function() print("after inner") end)
                it("runs", function() print("test") end)
              end)
              it("shallow", function() print("shallow") end)
            end)
            """])
        let report = try folder.run()
        #expect(report.test("outer › inner › runs")?.output == [
            "before file", "before outer", "before inner", "test", "after inner", "after outer", "after file",
        ])
        #expect(report.test("outer › shallow")?.output == [
            "before file", "before outer", "shallow", "after outer", "after file",
        ])
    }

    @Test("afterEach runs after a failing test; its own error fails a test that passed")
    func afterEachFailures() throws {
        let folder = try SceneTestFolder(["after_test.lua": """
            describe("cleanup", function()
              afterEach(function() print("cleaned") ; if failLater then error("cleanup failed") end end)
              it("fails", function() expect(1).toBe(2) end)
              it("passes, then cleanup fails", function() failLater = true end)
            end)
            """])
        let report = try folder.run()
        #expect(report.test("cleanup › fails")?.output == ["cleaned"])
        #expect(report.test("cleanup › fails")?.failure?.kind == .expectation)
        let failure = try #require(report.test("cleanup › passes, then cleanup fails")?.failure)
        #expect(failure.kind == .error)
        #expect(failure.message == "\(folder.path)/after_test.lua:2: cleanup failed")
    }

    @Test("--filter selects tests by their full name, as a case-insensitive regular expression")
    func filter() throws {
        let folder = try SceneTestFolder(["names_test.lua": """
            describe("Fade", function()
              it("starts opaque", function() end)
              describe("when paused", function() it("holds", function() end) end)
            end)
            it("fades elsewhere", function() end)
            """])
        let all = try folder.run()
        #expect(all.files[0].tests.map(\.fullName) == ["Fade › starts opaque", "Fade › when paused › holds", "fades elsewhere"])
        let some = try folder.run { $0.filter = try? TestNameFilter("^fade › .*(opaque|HOLDS)") }
        #expect(some.files[0].tests.map(\.fullName) == ["Fade › starts opaque", "Fade › when paused › holds"])
        #expect(throws: SceneTestUsageError.self) { try TestNameFilter("(unclosed") }
    }

    @Test("advance fires timers in order at their exact deadlines, and a failing callback fails the test")
    func advanceAndCallbackErrors() throws {
        let folder = try SceneTestFolder(["advance_test.lua": """
            it("orders", function()
              local log = {}
              every(0.3, function(t) log[#log + 1] = "every " .. CACurrentMediaTime() ; if #log > 3 then t:cancel() end end)
              after(0.6, function() log[#log + 1] = "after " .. CACurrentMediaTime() end)
              advance(1)
              -- at 0.6 the after() runs first: the repeat was scheduled at 0.3, after it
              expect(log).toEqual({"every 0.3", "after 0.6", "every 0.6", "every 0.9"})
            end)
            it("breaks", function()
              after(0.25, function()
                local missing = nil
                return missing.field
              end)
              advance(1)
            end)
            """])
        let report = try folder.run()
        #expect(report.test("orders")?.failure == nil)
        let failure = try #require(report.test("breaks")?.failure)
        #expect(failure.kind == .error)
        #expect(failure.message == "\(folder.path)/advance_test.lua:12: attempt to index a nil value (local 'missing')")
        #expect(failure.traceback.contains("in function 'advance'"))
        #expect(failure.traceback.contains("advance_test.lua:14:"))
    }

    @Test("runUntilIdle returns when nothing is left, and at its bound says what is still pending")
    func runUntilIdle() throws {
        let folder = try SceneTestFolder(["idle_test.lua": """
            it("settles", function()
              after(2.5, function() end)
              expect(runUntilIdle()).toBe(2.5)
            end)
            it("never settles", function()
              every(1, function() end)
              DisplayLink.new(function() end)
              after(100, function() end)
              runUntilIdle(10)
            end)
            """])
        let report = try folder.run()
        #expect(report.test("settles")?.failure == nil)
        let failure = try #require(report.test("never settles")?.failure)
        #expect(failure.kind == .error)
        #expect(failure.message == "\(folder.path)/idle_test.lua:9: runUntilIdle: the scene was still busy after 10 s of "
            + "scene time (from 0 s to 10 s); still pending: 2 timers, 1 display link")
    }

    @Test("The default bound of runUntilIdle is the configuration's idle limit")
    func idleLimit() throws {
        let folder = try SceneTestFolder(["bound_test.lua": "it('ticks', function() every(1, function() end); runUntilIdle() end)\n"])
        let report = try folder.run { $0.idleLimit = 3 }
        #expect(report.test("ticks")?.failure?.message.contains("still busy after 3 s of scene time (from 0 s to 3 s)") == true)
    }

    @Test("A test that errors reports file:line and a traceback")
    func erroringTest() throws {
        let folder = try SceneTestFolder(["error_test.lua": """
            local function helper()
              error("helper broke")
            end
            it("calls a helper", function()
              helper()
            end)
            """])
        let failure = try #require(try folder.run().test("calls a helper")?.failure)
        #expect(failure.kind == .error)
        #expect(failure.message == "\(folder.path)/error_test.lua:2: helper broke")
        #expect(failure.traceback.hasPrefix("stack traceback:"))
        #expect(failure.traceback.contains("error_test.lua:5:"))
    }

    @Test("Tests are declared at load time; time moves only inside tests")
    func misuse() throws {
        let folder = try SceneTestFolder([
            "nested_test.lua": "it('nests', function() it('inner', function() end) end)\n",
            "early_test.lua": "advance(1)\nit('never runs', function() end)\n",
        ])
        let report = try folder.run()
        #expect(report.test("nests")?.failure?.message
            == "\(folder.path)/nested_test.lua:1: it cannot be called inside a test or hook (declare tests at the top level or in describe)")
        #expect(report.file("early_test.lua")?.loadFailure?.message
            == "\(folder.path)/early_test.lua:1: advance can only be called inside a test or hook (it, beforeEach, afterEach)")
    }

    @Test("A finished test session lets go of its host, so every test's Lua state is freed")
    func sessionsAreFreed() throws {
        weak var session: TestSession?
        weak var host: ScriptHost?
        do {
            let file = SceneTestFile(path: "/tmp/freed_test.lua", relativePath: "freed_test.lua")
            let running = try TestSession(
                file: file, source: "it('x', function() after(1, function() end); expect(1).toBe(1) end)",
                mode: .running(test: 0), configuration: .init(), snapshots: SnapshotBook(file: file, updating: false, files: .none))
            try running.load()
            try running.runTestCode(try #require(running.selected).function)
            running.close()
            (session, host) = (running, running.host)
        }
        #expect(session == nil)
        #expect(host == nil)
    }
}
