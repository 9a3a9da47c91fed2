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

extension RealtimeTests {
    /// About 0.2 s of real time; a pause is simulated by the clock jumping while paused.
    @Test("The Dispatch link at 30 preferred on 60 Hz calls back on even vsyncs, spans whole periods, and resumes afresh")
    func dispatchPreferredRateAndPause() throws {
        let clock = JumpingClock()
        let queue = DispatchQueue(label: "test.rate")
        let link = try DispatchDisplayLink(queue: queue, clock: clock, framesPerSecond: 60)
        try link.setPreferredFrameRateRange(FrameRateRange(minimum: 0, maximum: 0, preferred: 30))
        nonisolated(unsafe) let unpaused = link  // isPaused is safe from any thread
        var ticks: [DisplayLinkTick] = []
        link.start(origin: 0, firstFrame: 0) { tick in
            ticks.append(tick)
            if ticks.count == 3 {
                link.isPaused = true
                clock.skipped = 1  // a second passes while paused
                queue.asyncAfter(deadline: .now() + 0.05) { unpaused.isPaused = false }
            }
            if ticks.count == 6 { link.invalidate() }
        }
        link.waitUntilInvalidated()
        let before = ticks.prefix(3), after = ticks.dropFirst(3)
        #expect(before.allSatisfy { $0.frame % 2 == 0 })
        // The first callback after the pause starts afresh: nothing skipped, its own vsync.
        #expect(after.first.map { $0.skippedFrames == 0 && $0.timestamp == Double($0.frame) / 60 } == true)
        for tick in ticks {
            let periods = ((tick.targetTimestamp - tick.timestamp) * 60).rounded()
            #expect(abs((tick.targetTimestamp - tick.timestamp) * 60 - periods) < 1e-6)
            #expect(periods == Double(2 * (tick.skippedFrames + 1)))
        }
        #expect(after.allSatisfy { $0.frame >= 60 })  // the jump is not delivered as callbacks
    }
}

@Suite("Engine: slow animations in real time")
struct SlowAnimationsTests {
    /// About 0.2 s of real time; asserts on the recorded frames only.
    @Test("At 4× slow motion frames come at 60 Hz of wall time on a scene grid of 1/240 s; timers keep scene time")
    func slowMotionGrid() throws {
        let (engine, _) = try makeEngine()
        var frames: [EngineFrame] = []
        var timerTimes: [Double] = []
        var linkDurations: Set<Double> = []
        engine.addFrameSink { frames.append($0) }
        try engine.after(0.025) { timerTimes.append(engine.now) }
        let link = try engine.addDisplayLink { linkDurations.insert($0.duration) }
        let report = try engine.runRealtime(duration: 0.05, fps: 60, slowAnimations: 4)
        link.invalidate()
        #expect(report.endTime == 0.05)
        #expect(frames.allSatisfy { $0.time == Double($0.number) / 240 })
        #expect(frames.count + report.droppedFrames == 13)  // 0, 1/240, ..., 12/240 = 0.05
        #expect(timerTimes == [0.025])
        #expect(linkDurations == [1.0 / 240])
    }

    @Test("The factor comes from the option, else CHOREO_SLOW_ANIMATIONS, within 1...100")
    func factor() throws {
        #expect(try SlowAnimations.factor(option: nil, environment: [:]) == 1)
        #expect(try SlowAnimations.factor(option: nil, environment: ["CHOREO_SLOW_ANIMATIONS": "10"]) == 10)
        #expect(try SlowAnimations.factor(option: 2.5, environment: ["CHOREO_SLOW_ANIMATIONS": "10"]) == 2.5)
        #expect(try SlowAnimations.factor(option: nil, environment: ["CHOREO_SLOW_ANIMATIONS": ""]) == 1)
        #expect(argumentError { _ = try SlowAnimations.factor(option: nil, environment: ["CHOREO_SLOW_ANIMATIONS": "fast"]) }?
            .description == "CHOREO_SLOW_ANIMATIONS must be a number within 1...100 (got fast)")
        #expect(argumentError { _ = try SlowAnimations.factor(option: 0.5, environment: [:]) }?.description
            == "--slow-animations must be a number within 1...100 (got 0.5)")
        let (engine, _) = try makeEngine()
        #expect(argumentError { try engine.runRealtime(duration: 1, slowAnimations: .nan) }?.parameter == "slowAnimations")
    }
}
