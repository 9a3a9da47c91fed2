import Foundation
import Testing

/// The sandbox across sequences (issue 20): a sequence's body is a coroutine the host resumes
/// from the engine's timers and completions; the instruction budget, the kill and the runaway
/// bounds must hold there as everywhere (each scene runs the built `choreo`).
@Suite("Security: sequences cannot escape the limits")
struct SequenceLimitsTests {
    @Test("A body that loops forever before its first wait is killed, pcall or not")
    func loopBeforeWait() throws {
        let run = try LuaLimitsTests.run("""
            sequence(function(wait)
              while true do pcall(function() while true do end end) end
            end)
            print("escaped")
            """)
        LuaLimitsTests.expectKilled(run, "scene.lua:2: instruction limit exceeded")
    }

    @Test("A body that loops forever after a wait is killed on the timer's turn")
    func loopAfterWait() throws {
        let run = try LuaLimitsTests.run("""
            Scene.new{}
            sequence(function(wait)
              wait(0.1)
              while true do pcall(function() while true do end end) end
            end)
            after(1, function() print("escaped") end)
            """)
        LuaLimitsTests.expectKilled(run, "scene.lua:4: instruction limit exceeded")
    }

    @Test("Sequences that start sequences forever, each waiting a frame, are bounded")
    func sequenceFork() throws {
        let run = try LuaLimitsTests.run("""
            Scene.new{}
            local function spawn()
              sequence(function(wait) wait(); spawn(); spawn() end)
            end
            spawn()
            """, ["--duration", "5"])
        #expect(!run.hung && !run.crashed, "\(run.errors)")
        #expect(run.status == 1)
        #expect(run.seconds < 20)
    }

    @Test("A body that waits zero in a loop forever goes frame by frame, ending at the time limit")
    func waitLoop() throws {
        let run = try LuaLimitsTests.run("""
            Scene.new{}
            sequence(function(wait) while true do wait(0) end end)
            """, ["--duration", "2"])
        #expect(!run.hung && !run.crashed, "\(run.errors)")
        #expect(run.status == 0)
        #expect(run.seconds < 20)
    }
}

extension SequenceLimitsTests {
    @Test("A loop over s(i, n) measures the items once: 100,000 of them take no time, and more are refused")
    func staggerLoop() throws {
        let run = try LuaLimitsTests.run("""
            local s = Stagger{ each = 0.001, from = "random" }
            for i = 1, 100000 do local d = s(i, 100000) end
            print("linear")
            print(pcall(s, 1, 100001))
            """)
        #expect(!run.hung && !run.crashed, "\(run.errors)")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("linear"))
        #expect(run.output.contains("count must be within 0...100000 (got 100001)"))
        #expect(run.seconds < 20)
    }
}
