import ChoreoCore
import Testing
@testable import ChoreoRuntime

/// The engine rule of issue 20 (DESIGN §8): anything due at a time is due in the first frame
/// whose time ≥ due − 1 ns, runs with the clock at its exact due time, and comes before the
/// animation events due by that frame's time.
@Suite("Engine: what is due at a time runs in the first frame at or after it, less 1 ns")
struct EngineRuleTests {
    @Test("after(0.1) chained three times runs in frame 18 at 60 fps, at 0.1 + 0.1 + 0.1 exactly")
    func chainedTimersLandOnTheirFrame() throws {
        let (engine, _) = try makeEngine()
        var frames: [Int] = []
        var times: [Double] = []
        engine.addFrameSink { frame in frames.append(frame.number) }
        try engine.after(0.1) {
            try engine.after(0.1) {
                try engine.after(0.1) {
                    times.append(engine.now)
                    frames.append(-1)  // marks where the callback ran among the frames
                }
            }
        }
        try engine.run()
        // 0.1 + 0.1 + 0.1 = 0.30000000000000004 > 0.3 = 18/60, by less than 1 ns.
        #expect(times == [0.1 + 0.1 + 0.1])
        #expect(times[0] > 18.0 / 60)
        let marker = try #require(frames.firstIndex(of: -1))
        #expect(frames[marker + 1] == 18)
        #expect(frames[marker - 1] == 17)
    }

    @Test("A timer due more than 1 ns after a frame waits for the next one")
    func beyondTheToleranceWaits() throws {
        let (engine, _) = try makeEngine()
        var log: [String] = []
        engine.addFrameSink { frame in if frame.number >= 29 { log.append("frame \(frame.number)") } }
        try engine.schedule(at: 0.5 + 2e-9) { log.append("timer") }
        try engine.schedule(at: 0.5 + 0.5e-9) { log.append("timer within 1 ns") }
        try engine.run()
        #expect(log == ["frame 29", "timer within 1 ns", "frame 30", "timer", "frame 31"])
    }

    @Test("Scene.schedule(at:) is a timer: exact time inside, ties with after in scheduling order")
    func sceneTimedWorkIsATimer() throws {
        let (engine, _) = try makeEngine()
        var log: [String] = []
        try engine.after(0.25) { log.append("after \(engine.now)") }
        engine.scene.schedule(at: MediaTime(0.25)) { log.append("scene \(engine.now)") }
        let cancelled = engine.scene.schedule(at: MediaTime(0.1)) { log.append("cancelled") }
        cancelled.cancel()
        try engine.run()
        #expect(log == ["after 0.25", "scene 0.25"])
        #expect(!cancelled.isScheduled)
    }

    @Test("A completion due at a timer's deadline, or earlier in the same frame, runs after the timer")
    func completionsAfterTheFramesTimers() throws {
        let (engine, box) = try makeEngine()
        var log: [String] = []
        // A view animation ending at 0.29 and a timer at 0.295: both due in frame 18 (0.3).
        try engine.perform {
            try View.animate(in: engine.scene, withDuration: 0.29, animations: { box.alpha = 0 }) { _ in
                log.append("completion \(engine.now)")
            }
        }
        try engine.after(0.295) { log.append("timer \(engine.now)") }
        try engine.run()
        #expect(log == ["timer 0.295", "completion 0.3"])
    }

    @Test("The frame after: inside frame n it is n + 1; at a frame's instant, the next; between frames, the next")
    func followingFrame() throws {
        let (engine, _) = try makeEngine()
        #expect(engine.followingFrameTime == 1.0 / 60)  // the top level is frame 0
        var inside: Double?
        try engine.after(0.3) { inside = engine.followingFrameTime }
        try engine.advance(to: 0.31)
        #expect(inside == 19.0 / 60)
        #expect(engine.followingFrameTime == 19.0 / 60)  // between frames 18 and 19
        try engine.advance(to: 19.0 / 60)
        #expect(engine.followingFrameTime == 20.0 / 60)
    }
}
