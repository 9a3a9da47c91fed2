import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Engine: time jumps")
struct TimeJumpTests {
    @Test("A jump of a million seconds completes and fires each due thing once, in order")
    func millionSecondJump() throws {
        let (engine, box) = try makeEngine()
        let log = EventLog()
        let late = fade("late", log: log)
        late.timing.beginTime = 500_000.5
        try engine.perform { try box.layer.add(late, forKey: "late") }
        var ticks: [Double] = []
        try engine.every(1000) { ticks.append(engine.now) }
        try engine.after(500_000) { log.append("timer \(formatNumber(engine.now))") }
        try engine.after(500_001) { log.append("timer \(formatNumber(engine.now))") }
        var frames: [EngineFrame] = []
        engine.addFrameSink { frames.append($0) }

        let report = try engine.advance(to: 1e6)

        #expect(engine.now == 1e6)
        #expect(ticks.count == 1000)
        #expect(ticks.enumerated().allSatisfy { $1 == Double($0 + 1) * 1000 })
        // One frame (the last) holds everything: its timers first, then its animation events.
        #expect(log.entries == ["timer 500000", "timer 500001", "start late", "stop late"])
        // Beyond the frame cap only the last frame is produced; the rest are reported dropped.
        #expect(frames.map(\.number) == [60_000_000])
        #expect(frames.first?.time == 1e6)
        #expect(report.frames == 1)
        #expect(report.droppedFrames == 60_000_000)
        #expect(report.timersFired == 1002)
        #expect(report.reason == .timeLimit)
        #expect(report.pending == PendingWork(timers: 1))
    }

    @Test("A jump within the frame cap produces every frame on the grid")
    func jumpWithinCap() throws {
        let (engine, _) = try makeEngine()
        var numbers: [Int] = []
        engine.addFrameSink { numbers.append($0.number) }
        let report = try engine.advance(by: 10)
        #expect(numbers == Array(0...600))
        #expect(report.droppedFrames == 0)
        #expect(report.reason == .idle)
    }

    @Test("The frame cap of a jump is a setting; a jump over it produces one frame")
    func adjustableCap() throws {
        let (engine, _) = try makeEngine()
        engine.maximumFramesPerAdvance = 10
        var numbers: [Int] = []
        engine.addFrameSink { numbers.append($0.number) }
        try engine.advance(by: 1.0 / 6)  // frames 0...10: 11 > 10
        try engine.advance(by: 1.0 / 6 - 1e-9)  // frames 11...19: within the cap
        #expect(numbers == [10] + Array(11...19))
    }

    @Test("A jump ends at its target even between frames, with the scene there")
    func jumpBetweenFrames() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("fade"), forKey: "fade") }
        try engine.advance(to: 0.123)
        #expect(engine.now == 0.123)
        #expect(engine.lastFrame?.number == 7)
        #expect(abs(box.layer.presentation.opacity - 0.123) < 1e-12)
    }

    @Test("A jump to a time too far for the frame grid is an argument error")
    func jumpTooFar() throws {
        let (engine, _) = try makeEngine()
        #expect(argumentError { try engine.advance(to: 1e300) }?.parameter == "time")
        #expect(argumentError { try engine.advance(by: .infinity) }?.parameter == "seconds")
        #expect(engine.now == 0)
    }
}
