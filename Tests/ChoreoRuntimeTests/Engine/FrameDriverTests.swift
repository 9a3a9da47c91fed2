import ChoreoCore
import Dispatch
import Testing
@testable import ChoreoRuntime

@Suite("Engine: frames from the caller (display links it gives, FrameDriver steps)")
struct FrameDriverTests {
    @Test("Stepping a run to its end gives the same frames, events, trace and report as run(until:fps:)")
    func steppingMatchesRun() throws {
        for forever in [false, true] {
            let blocking = try RecordedRun(forever: forever)
            let expected = blocking.transcript(try blocking.engine.run(until: .time(1.2), fps: 60))
            #expect(expected.contains("after at 0.505"))
            #expect(expected.count > 150)  // frames, trace lines, timers, link calls, events

            let stepped = try RecordedRun(forever: forever)
            let driver = try stepped.engine.start(until: .time(1.2), fps: 60)
            #expect(stepped.transcript(try stepToEnd(driver)) == expected)

            let linked = try RecordedRun(forever: forever)
            let link = SteppedDisplayLink(framesPerSecond: 60)
            let started = try linked.engine.start(on: link, until: .time(1.2))
            #expect(link.started?.origin == 0 && link.started?.firstFrame == 0)
            while !link.isInvalidated { link.tick() }
            #expect(started.isFinished)
            #expect(linked.transcript(started.report) == expected)

            let onLink = try RecordedRun(forever: forever)
            let report = try onLink.engine.run(on: SteppedDisplayLink(framesPerSecond: 60), until: .time(1.2))
            #expect(onLink.transcript(report) == expected)
        }
    }

    @Test("A second run continues on the same grid whether it is run or stepped")
    func secondRunMatches() throws {
        let blocking = try RecordedRun(forever: true)
        try blocking.engine.run(until: .time(0.7), fps: 60)
        let expected = blocking.transcript(try blocking.engine.run(until: .time(1.5), fps: 30))

        let stepped = try RecordedRun(forever: true)
        _ = try stepToEnd(stepped.engine.start(until: .time(0.7), fps: 60))
        let second = try stepped.engine.start(until: .time(1.5), fps: 30)
        #expect(second.nextFrameTime == 22.0 / 30)  // the first frame after 0.7 on the 30 fps grid
        #expect(stepped.transcript(try stepToEnd(second)) == expected)
    }

    @Test("step(to:) shows the latest frame due, counting the skipped ones as dropped; timers keep their deadlines")
    func stepToTime() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("forever", repeatForever: true), forKey: "forever") }
        var timers: [Double] = []
        try engine.after(0.1) { timers.append(engine.now) }
        try engine.after(0.2) { timers.append(engine.now) }
        var frames: [(Int, Double, Int)] = []
        engine.addFrameSink { frames.append(($0.number, $0.time, $0.droppedFrames)) }
        let driver = try engine.start(until: .time(1), fps: 60)

        #expect(try driver.step(to: 0.005).frame?.number == 0)
        let early = try driver.step(to: 0.01)  // frame 1 is at 1/60 s: nothing is due yet
        #expect(early.frame == nil && !early.isFinished)
        #expect(engine.now == 0)
        #expect(try driver.step(to: 0.25).frame?.number == 15)
        #expect(timers == [0.1, 0.2])
        #expect(frames.map(\.0) == [0, 15])
        #expect(frames.map(\.1) == [0, 0.25])
        #expect(frames.map(\.2) == [0, 14])

        let last = try driver.step(to: 5)  // past the limit: the run ends at 1 s without a frame
        #expect(last.frame == nil)
        #expect(last.report?.reason == .timeLimit)
        #expect(last.report?.endTime == 1)
        #expect(last.report?.frames == 2)
        #expect(last.report?.droppedFrames == 59)  // 1...14 and 16...60: every deadline up to 1 s
        #expect(engine.now == 1)
    }

    @Test("Stepping a finished run does nothing and returns its report again")
    func stepAfterTheEnd() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("fade", duration: 0.1), forKey: "fade") }
        var frames = 0
        engine.addFrameSink { _ in frames += 1 }
        let driver = try engine.start(fps: 60)
        let report = try stepToEnd(driver)
        #expect(report.reason == .idle)
        #expect(report.frames == 7)  // 0, 1/60, ..., 0.1
        let now = engine.now

        for _ in 0..<3 {
            let again = try driver.step()
            #expect(again.frame == nil)
            #expect(again.report.map(describe) == describe(report))
        }
        #expect(try driver.step(to: 10).report.map(describe) == describe(report))
        #expect(try driver.stop().frames == 7)
        #expect(frames == 7)
        #expect(engine.now == now)
        // The engine is free again: a new run of an idle engine ends at once.
        #expect(try engine.run().frames == 0)
    }

    @Test("A step whose callback throws ends the run with the error, as run does")
    func stepWithFailingCallback() throws {
        func failing() throws -> (Engine, EventLog) {
            let (engine, box) = try makeEngine()
            let log = EventLog()
            engine.addFrameSink { log.append("frame \($0.number)") }
            try engine.perform { try box.layer.add(fade("fade", log: log), forKey: "fade") }
            try engine.after(0.5) { throw ScriptError(message: "boom") }
            try engine.after(0.5) { log.append("same instant, later") }
            return (engine, log)
        }
        let (blocking, blockingLog) = try failing()
        let expected = try blocking.run(until: .time(5))
        #expect(expected.reason == .error)

        let (stepped, steppedLog) = try failing()
        let driver = try stepped.start(until: .time(5))
        var lastStep: FrameStep?
        while !driver.isFinished { lastStep = try driver.step() }
        #expect(lastStep?.frame == nil)  // frame 30 is not produced
        #expect(lastStep?.report?.error?.error as? ScriptError == ScriptError(message: "boom"))
        #expect(describe(driver.report) == describe(expected))
        #expect(steppedLog.entries == blockingLog.entries)
        #expect(stepped.now == 0.5)
    }

    @Test("A sink that throws ends a stepped run on the frame it was handed, as in a run")
    func failingSink() throws {
        func failing() throws -> Engine {
            let (engine, box) = try makeEngine()
            try engine.perform { try box.layer.add(fade("fade"), forKey: "fade") }
            engine.addFrameSink { if $0.number == 3 { throw ScriptError(message: "disk full") } }
            return engine
        }
        let expected = try failing().run(fps: 60)
        let driver = try failing().start(fps: 60)
        var steps: [FrameStep] = []
        while !driver.isFinished { steps.append(try driver.step()) }
        #expect(steps.map { $0.frame?.number } == [0, 1, 2, 3])
        #expect(steps.last?.report?.error?.callback == .frameSink)
        #expect(describe(driver.report) == describe(expected))
        #expect(expected.frames == 4)
    }

    @Test("A virtual run, advance and steps never read a clock")
    func virtualRunsReadNoClock() throws {
        let engine = try Engine(clock: UnimplementedClock(), framesPerSecond: 60)
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try engine.perform {
            engine.scene.rootView.addSubview(box)
            try box.layer.add(fade("forever", repeatForever: true), forKey: "forever")
        }
        try engine.after(0.3) {}
        try engine.addDisplayLink { _ in }
        #expect(try engine.run(until: .time(0.5), fps: 60).frames == 31)
        try engine.advance(by: 0.25)
        let driver = try engine.start(until: .time(1))
        try driver.step()
        try driver.step(to: 0.9)
        try driver.stop()
        #expect(try engine.run(on: SteppedDisplayLink(), until: .time(1.5)).reason == .timeLimit)
        #expect(engine.now == 1.5)
    }

    @Test("Other runs wait for a started run, and a step from inside a callback is refused")
    func usageErrors() throws {
        let (engine, _) = try makeEngine()
        var inside: [String] = []
        var driver: FrameDriver?
        try engine.after(0.8) {}  // keeps the run going
        try engine.after(0.1) {
            do { try driver?.step() } catch { inside.append("\(error)") }
            do { try driver?.stop() } catch { inside.append("\(error)") }
        }
        driver = try engine.start(until: .time(1))
        #expect(throws: EngineUsageError(
            call: "run(until:fps:)",
            state: "a run started with start(...) is still going (step it to its end or stop() it)")) {
            try engine.run()
        }
        #expect(throws: EngineUsageError.self) { try engine.advance(by: 1) }
        #expect(throws: EngineUsageError.self) { try engine.start(on: SteppedDisplayLink()) }

        try driver?.step(to: 0.2)
        #expect(inside == [
            "FrameDriver.step() cannot be called while the engine is running (from inside a timer, display-link callback or sink)",
            "FrameDriver.stop() cannot be called while the engine is running (from inside a timer, display-link callback or sink)",
        ])
        #expect(driver?.isFinished == false)
        let report = try driver?.stop()
        #expect(report?.reason == .timeLimit)
        #expect(report?.endTime == 0.2)
        #expect(report?.pending.timers == 1)
        #expect(try engine.run(until: .time(0.5)).frames == 18)  // free again: 0.2 + 1/60 ... 0.5
    }

    @Test("step(to:) refuses a time that is not finite")
    func badStepTime() throws {
        let (engine, _) = try makeEngine()
        let driver = try engine.start()
        #expect(argumentError { try driver.step(to: .nan) }?.parameter == "time")
    }

    /// About 10 ms of real time; it asserts on the frames only (late ticks drop, never add).
    @Test("start(on:) with a Dispatch link returns at once; the link drives the run on its queue and stops at its end")
    func startOnDispatchLink() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("forever", repeatForever: true), forKey: "forever") }
        var times: [Double] = []
        engine.addFrameSink { times.append($0.time) }
        let link = try DispatchDisplayLink(queue: DispatchQueue(label: "test.frames"), framesPerSecond: 1000)
        let driver = try engine.start(on: link, until: .time(0.01))
        link.waitUntilInvalidated()  // the engine invalidated it at the end of the run
        #expect(driver.isFinished)
        #expect(driver.report.reason == .timeLimit)
        #expect(driver.report.endTime == 0.01)
        #expect(driver.report.frames + driver.report.droppedFrames == 11)  // 0, 1 ms, ..., 10 ms
        #expect(times.allSatisfy { $0 == (($0 * 1000).rounded()) / 1000 })
        #expect(try engine.run(until: .time(0.02), fps: 100).endTime == 0.02)  // free again
    }

    @Test("A real-time link's grid starts at the engine's current time, numbered after the last frame")
    func realTimeLinkGrid() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("forever", repeatForever: true), forKey: "forever") }
        try engine.advance(to: 0.31)  // frames 0...18 (0.3), then time moves on to 0.31
        var frames: [(Int, Double)] = []
        engine.addFrameSink { frames.append(($0.number, $0.time)) }
        let link = SteppedDisplayLink(framesPerSecond: 60, isRealTime: true, invalidateAfter: 3)
        let report = try engine.run(on: link, until: .time(10))
        #expect(link.started?.origin == 0.31 && link.started?.firstFrame == 0)
        #expect(frames.map(\.0) == [19, 20, 21])
        #expect(frames.map(\.1) == [0.31, 0.31 + 1.0 / 60, 0.31 + 2.0 / 60])
        // The owner invalidated the link: the run ends at the current time, work still pending.
        #expect(report.reason == .timeLimit)
        #expect(report.endTime == 0.31 + 2.0 / 60)
        #expect(report.pending.hasAnimations)
    }
}
