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
    /// Runs `source` as `scene.lua` with `choreo run` (plus `arguments`) in the scene's folder,
    /// so that messages say `scene.lua:N:`; bounded by 60 s.
    private func run(_ source: String, _ arguments: [String] = []) throws -> HostileRun {
        let folder = URL(fileURLWithPath: try HostileRun.scene(source)).deletingLastPathComponent()
        return try HostileRun.choreo(["run", "scene.lua"] + arguments, in: folder)
    }

    /// The first line of standard error: the message (a traceback may follow).
    private func message(_ run: HostileRun) -> String {
        String(run.errors.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    @Test("A timer rescheduling itself with after(0) ends the run at 100,000 callbacks, naming the after call")
    func afterZeroLoop() throws {
        let run = try run("""
            local function again() after(0, again) end
            after(0.5, again)
            """)
        #expect(run.status == 1 && !run.hung && !run.crashed)
        #expect(message(run) == "scene.lua:1: after: more than 100000 script callbacks at t=0.5 s without time "
            + "advancing (a timer that reschedules itself with after(0)?)")
        #expect(run.seconds < 20)
    }

    @Test("every() refuses intervals under 1 ms: 1e-9 and the smallest subnormal")
    func everyTinyInterval() throws {
        for (text, shown) in [("1e-9", "1e-09"), ("5e-324", "5e-324")] {
            let run = try run("every(\(text), function() end)")
            #expect(run.status == 1 && !run.hung)
            #expect(message(run) == "scene.lua:1: every: seconds must be at least 0.001 s (1 ms) (got \(shown))")
        }
    }

    @Test("Many repeating timers at 1 ms end the run when one frame holds more than 100,000 callbacks")
    func everyPerFrame() throws {
        let run = try run("for i = 1, 10000 do every(0.001, function() end) end")
        #expect(run.status == 1 && !run.hung)
        #expect(message(run).hasPrefix("scene.lua:1: every: more than 100000 script callbacks within one frame (t="))
        #expect(run.seconds < 30)
    }

    @Test("A display link that adds display links ends the run (one frame at a time, each in linear time)")
    func displayLinkSpawning() throws {
        let run = try run("""
            local function spawn() DisplayLink.new(spawn) end
            DisplayLink.new(spawn)
            """)
        #expect(run.status == 1 && !run.hung && !run.crashed)
        #expect(message(run) == "scene.lua:1: DisplayLink: more than 100000 script callbacks at t=0.2833333333333333 s "
            + "without time advancing (a display link that adds display links?)")
        #expect(run.seconds < 30)
    }

    @Test("A delegate that re-adds and removes its animation ends the run, naming the delegate function")
    func delegateLoop() throws {
        let run = try run("""
            local scene = Scene.new{}
            local box = View.new{ frame = {0, 0, 10, 10} }; scene.view:addSubview(box)
            local fade = BasicAnimation.new{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1 }
            fade.delegate = { animationDidStop = function()
              box.layer:addAnimation(fade, "fade"); box.layer:removeAnimation("fade")
            end }
            box.layer:addAnimation(fade, "fade")
            after(0.25, function() box.layer:removeAnimation("fade") end)
            """)
        #expect(run.status == 1 && !run.hung && !run.crashed)
        #expect(message(run) == "scene.lua:4: animation events: more than 100000 script callbacks at t=0.25 s without "
            + "time advancing (a delegate that re-adds and removes its animation, a completion that starts an "
            + "animation that stops at once, or one that commits a transaction with itself as completion?)")
        #expect(run.seconds < 30)
    }

    @Test("A transaction completion that commits a transaction with itself as completion loops, not recurses, and ends")
    func transactionCompletionLoop() throws {
        let run = try run("""
            local function complete()
              Transaction.begin(); Transaction.setCompletionBlock(complete); Transaction.commit()
            end
            after(0.1, complete)
            """)
        #expect(run.status == 1 && !run.hung && !run.crashed)
        #expect(message(run).hasPrefix("scene.lua:1: animation events: more than 100000 script callbacks at t=0.1 s"))
        #expect(!run.errors.contains("C stack overflow"))
    }

    @Test("Transaction.begin without commit in a loop stops at 1,000 open transactions")
    func transactionNesting() throws {
        let run = try run("after(0.1, function() while true do Transaction.begin() end end)")
        #expect(run.status == 1 && !run.hung)
        #expect(message(run) == "scene.lua:1: Transaction.begin: transactions cannot nest more than 1000 deep "
            + "(a begin without its commit, in a loop?) (got 1000 open)")
    }

    @Test("Zero-length View.animate completion chains run one link per frame, so the run's time limit bounds them")
    func zeroDurationChain() throws {
        let run = try run("""
            local scene = Scene.new{}
            local box = View.new{ frame = {0, 0, 10, 10} }; scene.view:addSubview(box)
            local function chain()
              View.animate{ duration = 0, animations = function() box.alpha = 1 - box.alpha end, completion = chain }
            end
            chain()
            """, ["--duration", "2"])
        #expect(run.status == 0 && !run.hung)
        #expect(run.errors.hasPrefix("ran 121 frames to 2.000000 s; time limit; still pending: animations"))
    }

    @Test("The callbacks of one frame share one instruction budget: ten heavy timers at one instant exceed it together")
    func sharedTurnBudget() throws {
        // Each callback runs about 400,000 instructions; the limit is 1 million per turn.
        let together = try run("for i = 1, 10 do after(0.5, function() for j = 1, 200000 do end end) end",
                               ["--instruction-limit", "1"])
        #expect(together.status == 1 && !together.hung)
        #expect(message(together) == "scene.lua:1: instruction limit exceeded")
        let apart = try run("for i = 1, 10 do after(i / 10, function() for j = 1, 200000 do end end) end",
                            ["--instruction-limit", "1"])
        #expect(apart.status == 0)
    }

    @Test("Lua timing curves sampled in one frame share the frame's instruction budget")
    func curvesShareTurnBudget() throws {
        // Each sample runs about 200,000 instructions; ten layers sample the curve every frame.
        let scene = """
            local scene = Scene.new{}
            local function slow(t) for j = 1, 100000 do end return t end
            for i = 1, LAYERS do
              local v = View.new{ frame = {0, 0, 10, 10} }; scene.view:addSubview(v)
              v.layer:addAnimation(BasicAnimation.new{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
                                                      timingFunction = slow }, "fade")
            end
            """
        let ten = try run(scene.replacingOccurrences(of: "LAYERS", with: "10"), ["--instruction-limit", "1"])
        #expect(ten.status == 1 && !ten.hung)
        #expect(message(ten) == "scene.lua:2: instruction limit exceeded")
        let two = try run(scene.replacingOccurrences(of: "LAYERS", with: "2"), ["--instruction-limit", "1"])
        #expect(two.status == 0)
    }

    @Test("Each callback costs 500 instructions: a test advancing 1e6 s over a 1 ms timer runs out of budget, not for hours")
    func callbacksChargeTheBudget() throws {
        let test = """
            it("advances far", function()
              every(0.001, function() end)
              advance(1e6)
            end)
            """
        let folder = URL(fileURLWithPath: try HostileRun.scene(test, name: "far_test.lua")).deletingLastPathComponent()
        let run = try HostileRun.choreo(["test", "far_test.lua"], in: folder)
        #expect(run.status == 1 && !run.hung)
        #expect(run.output.contains("far_test.lua:2: instruction limit exceeded"))
        #expect(run.seconds < 30)
    }

    @Test("A scene with 50,000 timers due at one instant stays inside the callback limit")
    func generousLimit() throws {
        let run = try run("local n = 0; for i = 1, 50000 do after(1, function() n = n + 1 end) end; "
            + "after(2, function() print(n) end)")
        #expect(run.status == 0)
        #expect(run.output == "50000\n")
    }

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
