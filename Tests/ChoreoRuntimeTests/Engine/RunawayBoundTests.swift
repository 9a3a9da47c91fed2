import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Engine: bounds on runaway callbacks")
struct RunawayBoundTests {
    @Test("A timer that reschedules itself at the same instant ends the run at the per-turn limit")
    func sameInstantLoop() throws {
        let (engine, _) = try makeEngine()
        engine.limits.maximumCallbacksPerTurn = 50
        var calls = 0
        func again() throws { calls += 1; try engine.after(0) { try again() } }
        try engine.after(0.5) { try again() }.origin = "scene.lua:3"
        let report = try engine.run(until: .time(1))
        #expect(report.reason == .error)
        #expect(calls == 50)
        #expect(report.error?.callback == .timer)
        // The timer that ran away was made without an origin (a Swift caller): no position.
        #expect(report.error?.description == "after: more than 50 script callbacks at t=0.5 s without time advancing "
            + "(a timer that reschedules itself with after(0)?)")
        #expect(engine.now == 0.5)
    }

    @Test("Callbacks a frame interval apart are in different turns; within one they add up")
    func turns() throws {
        let (engine, _) = try makeEngine()
        engine.limits.maximumCallbacksPerTurn = 20
        var turns = 0
        engine.turnDidBegin = { turns += 1 }
        // 10 per 1/60 s frame: fine.
        let spread = try engine.every(0.0017) {}
        try engine.advance(by: 0.5)
        spread.cancel()
        #expect(turns >= 29 && turns <= 31)
        // 30 timers at one instant: the 21st is refused, naming the origin.
        for _ in 0..<30 { try engine.after(0.1) {}.origin = "scene.lua:9" }
        #expect(throws: CallbackFailure.self) { try engine.advance(by: 1) }
    }

    @Test("every() refuses intervals under 1 ms")
    func minimumInterval() throws {
        let (engine, _) = try makeEngine()
        #expect(argumentError { try engine.every(0.000_999) {} }?.description
            == "seconds must be at least 0.001 s (1 ms) (got 0.000999)")
        #expect(argumentError { try engine.every(5e-324) {} }?.parameter == "seconds")
        _ = try engine.every(EngineLimits.minimumTimerInterval) {}
    }

    @Test("Cancelled timers leave the queue in bulk and the rest still fire in deadline order")
    func cancelledTimersCompact() throws {
        let (engine, _) = try makeEngine()
        var fired: [Double] = []
        var handles: [TimerHandle] = []
        for index in 0..<1000 {
            let deadline = Double((index * 7919) % 1000) / 100
            handles.append(try engine.after(deadline) { fired.append(engine.now) })
        }
        for (index, handle) in handles.enumerated() where index % 3 != 0 { handle.cancel() }
        let kept = handles.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.deadline)
        handles.removeAll()
        #expect(engine.liveTimers <= kept.count * 2 + 32)
        try engine.run()
        #expect(fired == kept.sorted())
        #expect(engine.liveTimers == 0)
    }

    @Test("Display links fire in the order they were scheduled, a link added by a link on the next frame")
    func linkOrder() throws {
        let (engine, _) = try makeEngine()
        var log: [String] = []
        var made = false
        let a = try engine.addDisplayLink { _ in log.append("a") }
        let b = try engine.addDisplayLink { _ in
            log.append("b")
            if !made {
                made = true
                _ = try engine.addDisplayLink { link in log.append("c"); link.invalidate() }
            }
        }
        try engine.after(0) { log.append("t") }
        try engine.advance(to: 1.0 / 60)
        a.invalidate()
        b.invalidate()
        #expect(log == ["a", "b", "t", "a", "b", "c"])
        try engine.advance(by: 0.1)
        #expect(engine.liveDisplayLinks == 2)  // a and b, still held here; c is gone
    }
}
