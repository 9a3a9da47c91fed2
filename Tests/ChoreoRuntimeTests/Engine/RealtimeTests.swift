import ChoreoCore
import Dispatch
import Testing
@testable import ChoreoRuntime

/// Real time that can be made to jump ahead, as if the process had stalled.
private final class JumpingClock: MediaClock {
    let base = MonotonicClock()
    var skipped = 0.0
    var now: Double { base.now + skipped }
}

@Suite("Engine: real time on the Dispatch display link")
struct RealtimeTests {
    /// The one test that takes real time (about 1 s). It asserts on the recorded frames only.
    @Test("The Dispatch display link at 60 Hz for 1 s gives 60±2 frames, strictly increasing, with no drift")
    func dispatchDisplayLinkOneSecond() throws {
        let (engine, _) = try makeEngine()
        var frames: [EngineFrame] = []
        var timerTimes: [Double] = []
        engine.addFrameSink { frames.append($0) }
        try engine.every(0.25) { timerTimes.append(engine.now) }  // keeps the run busy

        let report = try engine.runRealtime(duration: 1, fps: 60)

        #expect(report.reason == .timeLimit)
        #expect(report.endTime == 1)
        // 61 deadlines (0, 1/60, ..., 1) are either displayed or dropped.
        #expect(frames.count + report.droppedFrames == 61)
        #expect((58...62).contains(frames.count))
        #expect(report.frames == frames.count)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time && $0.number < $1.number })
        // Phase-locked: every frame is exactly on its deadline, so nothing accumulates.
        #expect(frames.allSatisfy { $0.time == Double($0.number) / 60 })
        #expect(frames.allSatisfy { $0.targetTime == Double($0.number + 1) / 60 })
        if let first = frames.first, let last = frames.last {
            #expect(abs((last.time - first.time) - Double(last.number - first.number) / 60) < 1e-12)
        }
        // Drops are reported on the frame after them (or at the end, if the last tick came late).
        #expect(frames.map(\.droppedFrames).reduce(0, +) <= report.droppedFrames)
        // Script time stays exact in real time: timers run at their deadlines.
        #expect(timerTimes == [0.25, 0.5, 0.75, 1])
    }

    /// About 0.2 s of real time; the stall is simulated by the clock, not by sleeping.
    @Test("A late tick runs at the latest deadline, skipping and counting the ones it missed, without a burst")
    func lateTickSkipsDeadlines() throws {
        let clock = JumpingClock()
        let link = try DispatchDisplayLink(queue: DispatchQueue(label: "test.link"), clock: clock, framesPerSecond: 60)
        var ticks: [DisplayLinkTick] = []
        link.start(origin: 100, firstFrame: 0) { tick in
            ticks.append(tick)
            if tick.frame == 3 { clock.skipped = 3.5 / 60 }  // a stall: the clock jumps to frame 6.5
            if ticks.count == 8 { link.invalidate() }
        }
        link.waitUntilInvalidated()

        #expect(ticks.count == 8)
        #expect(Array(ticks.prefix(4).map(\.frame)) == [0, 1, 2, 3])
        #expect(ticks[4].frame >= 6)  // 4 and 5 were missed (more only if the machine stalled too)
        #expect(ticks[4].droppedFrames == ticks[4].frame - 4)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1.frame == $0.frame + 1 + $1.droppedFrames })
        // CADisplayLink's fields: the frame is shown at the target; the timestamp is where the
        // previous one was shown, so after the stall the pair spans the skipped frames too.
        #expect(ticks.allSatisfy { $0.timestamp == 100 + Double($0.frame - $0.skippedFrames) / 60 })
        #expect(ticks.allSatisfy { $0.targetTimestamp == 100 + Double($0.frame + 1) / 60 })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1.timestamp == $0.targetTimestamp })
        #expect(link.droppedFrames == ticks.map(\.droppedFrames).reduce(0, +))
        #expect(link.timestamp == ticks.last?.timestamp)
        #expect(link.isInvalidated)
    }
}
