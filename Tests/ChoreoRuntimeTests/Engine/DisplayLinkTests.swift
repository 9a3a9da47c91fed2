import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Display links: script links and the virtual link")
struct DisplayLinkTests {
    @Test("Preferred rates round to a factor of the engine's rate, as Apple does", arguments: [
        (0.0, 60.0, 60.0), (60, 60, 60), (30, 60, 30), (20, 60, 20), (15, 60, 15),
        (26, 60, 30), (35, 60, 30), (120, 60, 60), (1000, 60, 60), (45, 60, 60), (24, 60, 20),
        (1, 60, 1), (0.001, 60, 60.0 / 60_000), (60, 120, 60), (45, 120, 40),
    ])
    func rateRounding(preferred: Double, maximum: Double, expected: Double) throws {
        let (engine, _) = try makeEngine()
        let link = try engine.addDisplayLink(preferredFramesPerSecond: preferred) { _ in }
        #expect(link.framesPerSecond(maximum: maximum) == expected)
    }

    @Test("A link fires on every frame at the engine's rate, on every other at 30 Hz, with Apple's timestamps")
    func linkRatesAndTimestamps() throws {
        let (engine, _) = try makeEngine()
        var full: [(Double, Double, Double)] = []
        var half: [(Double, Double, Double)] = []
        let a = try engine.addDisplayLink { full.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        let b = try engine.addDisplayLink(preferredFramesPerSecond: 26) {
            half.append(($0.timestamp, $0.targetTimestamp, $0.duration))
        }
        #expect(a.timestamp == 0 && a.targetTimestamp == 0 && a.duration == 0)
        try engine.run(until: .time(0.5))
        #expect(full.count == 31)
        #expect(half.count == 16)
        #expect(full.enumerated().allSatisfy { i, t in t == (Double(i) / 60, Double(i + 1) / 60, 1.0 / 60) })
        #expect(half.enumerated().allSatisfy { i, t in t == (Double(2 * i) / 60, Double(2 * i + 2) / 60, 1.0 / 60) })
        try b.setPreferredFramesPerSecond(0)
        #expect(b.framesPerSecond(maximum: 60) == 60)
        #expect(argumentError { try b.setPreferredFramesPerSecond(.nan) }?.parameter == "preferredFramesPerSecond")
    }

    @Test("An invalidated or paused link does not fire and does not keep a run alive")
    func pausedAndInvalidated() throws {
        let (engine, _) = try makeEngine()
        var calls = 0
        let link = try engine.addDisplayLink { _ in calls += 1 }
        try engine.after(0.1) { link.isPaused = true }
        let report = try engine.run(until: .time(10))
        #expect(report.reason == .idle)
        #expect(report.endTime == 0.1)
        #expect(calls == 6)  // frames 0...5; at 0.1 the timer pauses it before the frame's callback
        link.isPaused = false
        try engine.after(0.05) { link.invalidate() }
        let second = try engine.run(until: .time(10))
        #expect(second.reason == .idle)
        #expect(calls == 9)  // frames 7, 8 and 9: 0.1 + 0.05 is just after 9/60 = 0.15
        #expect(link.isInvalidated)
    }

    @Test("A link added from a display-link callback first fires on the next frame")
    func linkAddedFromLink() throws {
        let (engine, _) = try makeEngine()
        var log: [String] = []
        var added: ScriptDisplayLink?
        let first = try engine.addDisplayLink { link in
            log.append("first \(Int((link.timestamp * 60).rounded()))")
            if added == nil {
                added = try engine.addDisplayLink { log.append("added \(Int(($0.timestamp * 60).rounded()))") }
            }
        }
        try engine.advance(to: 2.0 / 60)
        first.invalidate()
        added?.invalidate()
        #expect(log == ["first 0", "first 1", "added 1", "first 2", "added 2"])
    }

    @Test("The virtual display link delivers frames at n / fps from its origin and moves its clock")
    func virtualLink() throws {
        let link = try VirtualDisplayLink(framesPerSecond: 24)
        var ticks: [DisplayLinkTick] = []
        link.start(origin: 0, firstFrame: 3) { tick in
            ticks.append(tick)
            #expect(link.clock.now == tick.timestamp)
            if ticks.count == 240 { link.invalidate() }
        }
        link.waitUntilInvalidated()
        #expect(ticks.first == DisplayLinkTick(frame: 3, timestamp: 3.0 / 24, targetTimestamp: 4.0 / 24))
        #expect(ticks.allSatisfy { $0.timestamp == Double($0.frame) / 24 && $0.droppedFrames == 0 })
        #expect(ticks.last?.timestamp == 242.0 / 24)
        #expect(link.droppedFrames == 0)
        #expect(link.duration == 1.0 / 24)
        #expect(argumentError { _ = try VirtualDisplayLink(framesPerSecond: 0) }?.parameter == "framesPerSecond")
    }
}
