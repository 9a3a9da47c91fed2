import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: engine time, timers, display links, transactions")
struct EngineBindingsTests {
    @Test("CACurrentMediaTime is 0 at the top level and a timer's deadline inside it")
    func mediaTime() throws {
        let (host, _) = try runScript("""
            log = {}
            table.insert(log, CACurrentMediaTime())
            after(0.5, function() table.insert(log, CACurrentMediaTime()) end)
            every(0.2, function(timer)
              table.insert(log, CACurrentMediaTime())
              if #log >= 4 then timer:cancel() end  -- 0, 0.2, 0.4, (after: 0.5), 0.6
            end)
            """)
        try host.engine.run(until: .idle)
        let log = try host.vm.run(chunk: "return table.concat(log, ',')", name: "check.lua")
        #expect(log == [.string("0.0,0.2,0.4,0.5,0.6")])
    }

    @Test("A cancelled timer never fires and reports itself cancelled")
    func cancel() throws {
        let (host, results) = try runScript("""
            fired = false
            local t = after(1, function() fired = true end)
            t:cancel()
            capture(t.isCancelled, t.deadline)
            """)
        try host.engine.run(until: .idle)
        #expect(results == [.boolean(true), .number(1)])
        #expect(try host.vm.run(chunk: "return fired", name: "check.lua") == [.boolean(false)])
    }

    @Test("A display link calls back every frame with its timestamps until invalidated")
    func displayLink() throws {
        let (host, _) = try runScript("""
            stamps = {}
            local link = DisplayLink.new(function(link)
              table.insert(stamps, link.timestamp)
              if #stamps == 3 then link:invalidate() end
            end)
            """)
        try host.engine.run(until: .idle, fps: 10)
        let stamps = try host.vm.run(chunk: "return table.concat(stamps, ',')", name: "check.lua")
        #expect(stamps == [.string("0.0,0.1,0.2")])
    }

    @Test("Timer arguments are checked, naming the call and the parameter")
    func badArguments() throws {
        #expect(errorMessage { _ = try runScript("after('soon', function() end)") }
            == "scene.lua:1: bad argument #1 to 'after' (seconds: number expected, got string)")
        #expect(errorMessage { _ = try runScript("\nevery(-1, function() end)") }
            == "scene.lua:2: every: seconds must be a finite number > 0 (got -1)")
        #expect(errorMessage { _ = try runScript("after(1)") }
            == "scene.lua:1: bad argument #2 to 'after' (action: function expected, got no value)")
    }

    @Test("An error in a timer stops the run and names its line")
    func timerError() throws {
        let (host, _) = try runScript("after(1, function()\n  local x = nil + 1\nend)")
        let report = try host.engine.run(until: .idle)
        #expect(report.reason == .error)
        #expect("\(report.error!.error)".hasPrefix("scene.lua:2: attempt to perform arithmetic on a nil value"))
    }

    @Test("Transactions set the duration of implicit animations and run completion blocks")
    func transactions() throws {
        let (host, _) = try runScript("""
            done = 0
            Transaction.begin()
            Transaction.setAnimationDuration(0.8)
            capture(Transaction.animationDuration())
            Transaction.setCompletionBlock(function() done = done + 1 end)
            Transaction.commit()
            """)
        #expect(try host.vm.run(chunk: "return done", name: "check.lua") == [.integer(1)])
        #expect(errorMessage { _ = try runScript("Transaction.commit()") }
            == "scene.lua:1: Transaction.commit: commit needs an open transaction (call begin first) (got none open)")
    }
}
