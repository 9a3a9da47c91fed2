import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Engine: exact virtual time")
struct VirtualTimeTests {
    @Test("A timer runs with engine time equal to its deadline, not the next frame's time")
    func timerSeesItsDeadline() throws {
        let (engine, _) = try makeEngine()
        var seen: [Double] = []
        try engine.after(0.51) { seen.append(engine.now) }
        try engine.run()
        #expect(seen == [0.51])
    }

    @Test("Presentation values read inside a timer are computed at the timer's time")
    func presentationAtTimerTime() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("fade"), forKey: "fade") }
        var opacities: [Double] = []
        for delay in [0.3, 0.51, 0.777] {
            try engine.after(delay) { opacities.append(box.layer.presentation.opacity) }
        }
        try engine.run()
        #expect(zip(opacities, [0.3, 0.51, 0.777]).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    @Test("Animations added in a timer begin at the timer's time")
    func animationsBeginAtCallbackTime() throws {
        let (engine, box) = try makeEngine()
        try engine.after(0.25) { try box.layer.add(fade("late"), forKey: "late") }
        var opacityAt45: Double?
        engine.addFrameSink { frame in
            if frame.number == 45 { opacityAt45 = box.layer.presentation.opacity }  // 0.75 s
        }
        try engine.run()
        #expect(abs((opacityAt45 ?? -1) - 0.5) < 1e-12)
        #expect(engine.now == 1.25)
    }

    @Test("Timers due at the same instant run in the order they were scheduled")
    func tiesInSchedulingOrder() throws {
        let (engine, _) = try makeEngine()
        let log = EventLog()
        try engine.after(1) { log.append("A") }
        try engine.schedule(at: 1) { log.append("B") }
        try engine.after(0.5) { try engine.after(0.5) { log.append("D") } }
        try engine.after(1) { log.append("C") }
        try engine.run()
        #expect(log.entries == ["A", "B", "C", "D"])
    }

    @Test("A timer scheduled in the past runs at the current time; time never goes backwards")
    func timerInThePast() throws {
        let (engine, _) = try makeEngine()
        try engine.advance(to: 2)
        var times: [Double] = []
        try engine.schedule(at: 1) { times.append(engine.now) }
        try engine.after(0) { times.append(engine.now) }
        try engine.advance(to: 1.5)  // earlier than now: stays at 2
        #expect(times == [2, 2])
        #expect(engine.now == 2)
    }

    @Test("every() repeats at exact multiples of its interval, without drift after 10,000 repeats")
    func everyWithoutDrift() throws {
        let (engine, _) = try makeEngine()
        try engine.advance(to: 0.7)
        var times: [Double] = []
        let ticker = try engine.every(0.1) { times.append(engine.now) }
        try engine.advance(by: 1000)
        #expect(times.count == 10_000)
        #expect(times.enumerated().allSatisfy { $1 == 0.7 + Double($0 + 1) * 0.1 })
        var accumulated = 0.7
        for _ in 0..<10_000 { accumulated += 0.1 }
        #expect(accumulated != times.last)  // what accumulating would have given
        ticker.cancel()
    }

    @Test("Frame n is at exactly n / fps, and time never goes backwards across timers and frames")
    func framesOnTheGrid() throws {
        let (engine, _) = try makeEngine(fps: 30)
        var frames: [EngineFrame] = []
        var times: [Double] = []
        engine.addFrameSink { frames.append($0); times.append(engine.now) }
        try engine.every(0.07) { times.append(engine.now) }
        try engine.run(until: .time(10))
        #expect(frames.count == 301)
        #expect(frames.allSatisfy { $0.time == Double($0.number) / 30 })
        #expect(frames.last?.time == 10)
        #expect(frames.map(\.number) == Array(0...300))
        #expect(times == times.sorted())
    }
}
