import ChoreoCore
import ChoreoLua
import ChoreoRuntime
import Foundation
import Testing

/// Runaway work the instruction limit never sees, because each callback is its own entry into
/// Lua: every bound ends the run with an error naming what ran away and where (docs/lua-api.md,
/// "Limits on callbacks").
@Suite("Security: runaway callbacks")
struct RunawayTests {
    @Test("100,000 fired after() timers and invalidated display links are freed: none stays alive")
    func finishedTimersAreFreed() throws {
        let host = try ScriptHost()
        try host.run(source: """
            local fired = 0
            for i = 1, 100000 do after((i % 600) / 60, function() fired = fired + 1 end) end
            for i = 1, 1000 do DisplayLink.new(function(link) link:invalidate() end) end
            local cancelled = after(3600, function() end); cancelled:cancel()
            """, chunkName: "leak.lua")
        #expect(host.engine.liveTimers == 100_001)
        let memoryBefore = host.vm.memoryInUse
        let report = try host.engine.run(until: .time(20))
        #expect(report.reason == .idle)
        #expect(report.timersFired == 100_000)
        host.vm.collectGarbage()
        #expect(host.engine.liveTimers == 0)
        #expect(host.engine.liveDisplayLinks == 0)
        #expect(host.vm.memoryInUse < memoryBefore)
    }

    @Test("100,000 far-off timers cancelled at once are freed before their deadlines, and so are stopped every() timers")
    func cancelledTimersAreFreed() throws {
        let host = try ScriptHost()
        try host.run(source: """
            local keep = after(3000, function() end)
            for i = 1, 100000 do after(1000 + i, function() end):cancel() end
            every(0.5, function(t) t:cancel() end)
            """, chunkName: "cancel.lua")
        try host.engine.advance(by: 1)
        host.vm.collectGarbage()
        // The queue keeps at most 32 cancelled timers, or as many as it has live ones, whichever is
        // more (docs/lua-api.md): 100,000 cancelled ones are not waiting for t = 1000.
        #expect(host.engine.liveTimers <= 1 + 32)
        #expect(host.engine.pendingWork.timers == 1)
    }
}
