import ChoreoCore
import ChoreoRuntime
import Testing
@testable import ChoreoLua

@Suite("Lua: Stagger, sequence, wait and await")
struct SequenceBindingsTests {
    @Test("Binding calls leave the Lua stack where it was, also when they fail")
    func stackBalance() throws {
        let (host, _) = try runScript("""
            scene = Scene.new{}
            box = View.new{ name = "box" }
            scene.view:addSubview(box)
            """)
        let top = host.vm.stackTop
        _ = try host.vm.run(chunk: """
            local s = Stagger{ each = 0.1, from = "center", grid = {rows = 2, columns = 3} }
            local d = s:delays(6)
            View.animate{ duration = 0.2, delay = s, animations = function() box.alpha = 0 end }
            local q = sequence(function(wait, await) wait(0.5); await(all()) end)
            return s(1, 6), #d, q.state, q.isFinished
            """, name: "scene.lua")
        #expect(host.vm.stackTop == top)
        for source in ["Stagger{ each = 1, amount = 1 }", "wait(1)", "sequence(function(wait) wait(-1) end)",
                       "sequence(function() error('boom') end)", "any()"] {
            #expect(errorMessage { _ = try host.vm.run(chunk: source, name: "scene.lua") } != nil, "\(source)")
            #expect(host.vm.stackTop == top, "\(source)")
        }
        try host.engine.advance(to: 1)
        #expect(host.vm.stackTop == top)
    }

    @Test("A script host with waiting sequences and awaited animators is still freed when dropped")
    func hostIsFreed() throws {
        weak var weakHost: ScriptHost?
        weak var weakEngine: Engine?
        do {
            let host = try ScriptHost()
            weakHost = host
            weakEngine = host.engine
            try host.run(source: """
                local scene = Scene.new{}
                local box = View.new{ name = "box" }
                scene.view:addSubview(box)
                local a = Animator.new{ duration = 1, animations = function() box.alpha = 0 end }
                local s
                s = sequence(function(wait, await) await(a); wait(10); await(s) end)
                sequence(function(wait, await) wait(0.1); await(s) end)
                """, chunkName: "scene.lua")
            try host.engine.advance(to: 0.5)
        }
        #expect(weakHost == nil)
        #expect(weakEngine == nil)
    }

    @Test("An error after a wait ends the run with the body's file:line and a traceback through it")
    func errorAfterWait() throws {
        let (host, _) = try runScript("""
            Scene.new{}
            sequence(function(wait)
              wait(0.25)
              error("late")
            end)
            """)
        let report = try host.engine.run(until: .time(1))
        let failure = try #require(report.error)
        #expect(failure.time == 0.25)
        guard case .runtime(let message, let traceback) = failure.error as? LuaError else {
            Issue.record("not a runtime error: \(failure.error)")
            return
        }
        #expect(message == "scene.lua:4: late")
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("scene.lua:4:"))
    }
}
