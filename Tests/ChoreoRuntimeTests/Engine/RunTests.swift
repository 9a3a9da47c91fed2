import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Engine: runs and reports")
struct RunTests {
    @Test("A run ends when idle, on the frame where the last animation ends")
    func endsWhenIdle() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("fade"), forKey: "fade") }
        let report = try engine.run(fps: 60)
        #expect(report.reason == .idle)
        #expect(report.frames == 61)  // 0, 1/60, ..., 1
        #expect(report.startTime == 0)
        #expect(report.endTime == 1)
        #expect(report.pending.isEmpty)
        #expect(engine.isIdle)
    }

    @Test("A run with nothing to do produces the first frame only, and a second run none")
    func nothingToDo() throws {
        let (engine, _) = try makeEngine()
        let first = try engine.run()
        let second = try engine.run()
        #expect(first.frames == 1)
        #expect(first.reason == .idle)
        #expect(second.frames == 0)
        #expect(second.endTime == 0)
    }

    @Test("A run stops at its time limit and reports the work still pending")
    func stopsAtTimeLimit() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("forever", repeatForever: true), forKey: "forever") }
        var fired = 0
        try engine.every(1) { fired += 1 }
        try engine.addDisplayLink { _ in }
        let report = try engine.run(until: .time(2))
        #expect(report.reason == .timeLimit)
        #expect(report.endTime == 2)
        #expect(report.frames == 121)
        #expect(report.timersFired == 2)
        #expect(report.displayLinkCallbacks == 121)
        #expect(report.pending == PendingWork(hasAnimations: true, timers: 1, displayLinks: 1))
        #expect(fired == 2)

        let next = try engine.run(until: .time(3), fps: 30)
        #expect(next.frames == 30)  // 2 + 1/30 ... 3
        #expect(next.startTime == 2)
    }

    @Test("A time limit between frames ends the run there, after the timers due by it")
    func limitBetweenFrames() throws {
        let (engine, _) = try makeEngine()
        var times: [Double] = []
        try engine.after(0.505) { times.append(engine.now) }
        try engine.after(0.6) { times.append(engine.now) }
        let report = try engine.run(until: .time(0.51))
        #expect(times == [0.505])
        #expect(report.frames == 31)
        #expect(report.endTime == 0.51)
        #expect(report.reason == .timeLimit)
        #expect(report.pending.timers == 1)
    }

    @Test("A callback that throws stops the run; the report holds the error, the time and the kind")
    func callbackErrorStopsTheRun() throws {
        let (engine, box) = try makeEngine()
        var ran: [String] = []
        try engine.after(0.5) {
            try box.layer.add(fade("set before the error"), forKey: "a")
            throw ScriptError(message: "boom")
        }
        try engine.after(0.5) { ran.append("same instant, later") }
        var frames = 0
        engine.addFrameSink { _ in frames += 1 }
        let report = try engine.run(until: .time(5))
        #expect(report.reason == .error)
        #expect(report.error?.error as? ScriptError == ScriptError(message: "boom"))
        #expect(report.error?.time == 0.5)
        #expect(report.error?.callback == .timer)
        #expect(report.endTime == 0.5)
        #expect(frames == 30)  // frame 30 at 0.5 is not produced
        #expect(ran.isEmpty)
        #expect(box.layer.animationKeys() == ["a"])  // committed
        #expect(report.pending.timers == 1)
    }

    @Test("advance throws a callback's error, stopping at that callback")
    func advanceThrowsCallbackError() throws {
        let (engine, _) = try makeEngine()
        _ = try engine.addDisplayLink { link in
            if link.timestamp >= 0.25 { throw ScriptError(message: "link") }
        }
        do {
            try engine.advance(by: 1)
            Issue.record("advance did not throw")
        } catch let failure as CallbackFailure {
            #expect(failure.callback == .displayLink)
            #expect(failure.time == 0.25)
            #expect(engine.now == 0.25)
        }
    }

    @Test("Running or advancing from inside a callback is refused with a usage error")
    func reentrancyRefused() throws {
        let (engine, _) = try makeEngine()
        var errors: [String] = []
        try engine.after(0.1) {
            do { try engine.advance(by: 1) } catch { errors.append("\(error)") }
            do { try engine.run() } catch { errors.append("\(error)") }
        }
        try engine.run()
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("advance(to:) cannot be called while the engine is running") == true)
        #expect(engine.now == 0.1)
    }
}
