import ChoreoCore
import Testing
@testable import ChoreoRuntime

/// Whether `a` and `b` are within a picosecond (timestamps on a grid computed from its origin).
private func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

@Suite("Display links: CADisplayLink's timestamps, Choreographer's dropped frames, preferred rates")
struct DisplayLinkPacingTests {
    @Test("A 50 ms stall at 60 Hz gives one callback spanning 3 periods, with 2 skipped frames")
    func stall() throws {
        let link = try VirtualDisplayLink(framesPerSecond: 60)
        var ticks: [DisplayLinkTick] = []
        link.start(origin: 0, firstFrame: 0) { tick in
            ticks.append(tick)
            if ticks.count == 3 { link.clock.advance(by: 0.05) }  // the third callback stalls
            if ticks.count == 6 { link.invalidate() }
        }
        let late = ticks[3]
        #expect(ticks.map(\.frame) == [0, 1, 2, 5, 6, 7])
        #expect(same(late.targetTimestamp - late.timestamp, 3 * link.duration))
        #expect(late.skippedFrames == 2)
        #expect(late.timestamp == ticks[2].targetTimestamp)  // where the stalled frame was shown
        #expect(late.targetTimestamp == 6.0 / 60)
        #expect(ticks.enumerated().allSatisfy { i, tick in i == 3 || tick.skippedFrames == 0 })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp && $0.frame < $1.frame })
        #expect(link.droppedFrames == 2 && link.skippedFrames == 0)
        #expect(link.timestamp == 7.0 / 60 && link.targetTimestamp == 8.0 / 60)
    }

    @Test("Under any stalls timestamps increase, each callback has its own vsync, and spans are whole periods")
    func invariants() {
        var pacer = FramePacer(origin: 12.5, firstFrame: 3, framesPerSecond: 60)
        var generator = SystemRandomNumberGenerator()
        var now = 12.5 + 3.0 / 60
        var previous: DisplayLinkTick?
        var skipped = 0
        for round in 0..<2000 {
            pacer.frameInterval = round < 1000 ? 1 : 3
            let tick = pacer.nextTick(latestVsync: pacer.latestVsync(at: now))
            let periods = (tick.targetTimestamp - tick.timestamp) * 60
            #expect(abs(periods - periods.rounded()) < 1e-6 && periods.rounded() >= 1)
            #expect(periods.rounded() == Double(pacer.frameInterval * (tick.skippedFrames + 1)))
            #expect(pacer.time(of: tick.frame) <= max(now, pacer.time(of: tick.frame)))
            if let previous {
                #expect(tick.frame > previous.frame && tick.timestamp > previous.timestamp)
                #expect(tick.timestamp == previous.targetTimestamp)
            }
            skipped += tick.skippedFrames
            previous = tick
            // The callback takes 0 to 3.5 periods.
            now = max(now, pacer.time(of: tick.frame)) + Double.random(in: 0...(3.5 / 60), using: &generator)
        }
        #expect(pacer.droppedFrames == skipped)
    }

    @Test("30 fps preferred on a 60 Hz link calls back on every second vsync; the duration stays 1/60 s")
    func preferredRate() throws {
        for setRate in [{ (link: VirtualDisplayLink) in try link.setPreferredFramesPerSecond(30) },
                        { try $0.setPreferredFrameRateRange(FrameRateRange(minimum: 15, maximum: 60, preferred: 30)) }] {
            let link = try VirtualDisplayLink(framesPerSecond: 60)
            try setRate(link)
            var ticks: [DisplayLinkTick] = []
            link.start(origin: 0, firstFrame: 0) { tick in
                ticks.append(tick)
                if ticks.count == 10 { link.invalidate() }
            }
            #expect(ticks.map(\.frame) == Array(stride(from: 0, to: 20, by: 2)))
            #expect(ticks.allSatisfy { same($0.targetTimestamp - $0.timestamp, 1.0 / 30) && $0.skippedFrames == 0 })
            #expect(link.duration == 1.0 / 60)
        }
    }

    @Test("Pausing stops callbacks; resuming starts afresh at the latest vsync, without a jump")
    func pauseAndResume() throws {
        let link = try VirtualDisplayLink(framesPerSecond: 60)
        var ticks: [DisplayLinkTick] = []
        link.start(origin: 0, firstFrame: 0) { tick in
            ticks.append(tick)
            if ticks.count == 5 { link.isPaused = true }
            if ticks.count == 8 { link.invalidate() }
        }
        #expect(ticks.count == 5)
        link.clock.advance(by: 1)  // a second passes while paused: no callback
        #expect(ticks.count == 5)
        link.resume()
        #expect(ticks.map(\.frame) == [0, 1, 2, 3, 4, 64, 65, 66])
        let resumed = ticks[5]
        #expect(resumed.skippedFrames == 0 && resumed.timestamp == 64.0 / 60)
        #expect(same(resumed.targetTimestamp - resumed.timestamp, 1.0 / 60))
        #expect(link.droppedFrames == 0)
    }

    @Test("A frame rate range picks a factor of the refresh rate within it, as Apple does", arguments: [
        (FrameRateRange.default, 60.0, 1), (FrameRateRange(minimum: 0, maximum: 0, preferred: 30), 60, 2),
        (FrameRateRange(minimum: 0, maximum: 0, preferred: 26), 60, 2), (FrameRateRange(minimum: 0, maximum: 0, preferred: 24), 60, 3),
        (FrameRateRange(minimum: 0, maximum: 40), 60, 2), (FrameRateRange(minimum: 45, maximum: 60), 60, 1),
        (FrameRateRange(minimum: 10, maximum: 30, preferred: 10), 120, 12), (FrameRateRange(minimum: 80, maximum: 120, preferred: 80), 120, 1),
        (FrameRateRange(minimum: 0, maximum: 0, preferred: 1000), 60, 1),
    ])
    func rangeIntervals(range: FrameRateRange, refresh: Double, interval: Int) throws {
        #expect(range.frameInterval(refreshRate: refresh) == interval)
        #expect(try range.validated() == range)
    }

    @Test("A frame rate range out of order, negative or not a number is refused, naming the field")
    func badRanges() {
        #expect(argumentError { _ = try FrameRateRange(minimum: 40, maximum: 30).validated() }?.parameter
            == "preferredFrameRateRange.minimum")
        #expect(argumentError { _ = try FrameRateRange(minimum: 10, maximum: 30, preferred: 60).validated() }?.parameter
            == "preferredFrameRateRange.preferred")
        #expect(argumentError { _ = try FrameRateRange(minimum: 0, maximum: .nan).validated() }?.parameter
            == "preferredFrameRateRange.maximum")
        #expect(argumentError { _ = try FrameRateRange(minimum: -1, maximum: 0).validated() }?.parameter
            == "preferredFrameRateRange.minimum")
    }

    @Test("A script link after skipped engine frames runs once, spanning them, and counts what it missed")
    func scriptLinkAfterSkippedFrames() throws {
        let (engine, _) = try makeEngine()
        var seen: [(Double, Double, Int, Double)] = []
        let link = try engine.addDisplayLink { link in
            seen.append((link.timestamp, link.targetTimestamp, link.skippedFrames, engine.now))
        }
        try engine.after(0.5) {}  // keeps the run going while the link is paused
        let driver = try engine.start(until: .time(1), fps: 60)
        try driver.step(to: 2.0 / 60)   // frames 0, 1, 2 (0 and 1 dropped: one callback at 2)
        try driver.step(to: 5.0 / 60)   // a late tick: frames 3 and 4 skipped
        link.isPaused = true
        try driver.step(to: 8.0 / 60)
        link.isPaused = false
        try driver.step(to: 9.0 / 60)   // afresh after the pause
        try driver.stop()
        #expect(seen.count == 3)
        #expect(seen[0] == (2.0 / 60, 3.0 / 60, 0, 2.0 / 60))  // the first callback starts afresh
        #expect(seen[1] == (3.0 / 60, 6.0 / 60, 2, 5.0 / 60))  // 3 periods, 2 skipped, the scene at frame 5
        #expect(seen[2] == (9.0 / 60, 10.0 / 60, 0, 9.0 / 60))
    }
}
