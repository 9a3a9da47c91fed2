import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Engine: order of work within a frame")
struct FrameOrderTests {
    @Test("Timers run in time order, and the animation events due by a frame after all its timers")
    func timersAndEventsInTimeOrder() throws {
        let (engine, box) = try makeEngine()
        let log = EventLog()
        try engine.perform { try box.layer.add(fade("a", duration: 0.505, log: log), forKey: "a") }
        try engine.after(0.5) { log.append("timer 0.5") }
        try engine.after(0.51) { log.append("timer 0.51") }
        engine.addFrameSink { frame in
            if frame.number >= 29 { log.append("frame \(frame.number)") }
        }
        try engine.run()
        // a stops at 0.505 and the second timer is due at 0.51: both in frame 31 (0.5167), where
        // the engine rule runs the timer first and the stop after it.
        #expect(log.entries == [
            "start a", "frame 29", "timer 0.5", "frame 30", "timer 0.51", "stop a", "frame 31",
        ])
    }

    @Test("An animation that ends at a timer's instant reports its stop after the timer runs (the engine rule)")
    func eventsBeforeTimerAtSameInstant() throws {
        let (engine, box) = try makeEngine()
        let log = EventLog()
        try engine.perform { try box.layer.add(fade("a", duration: 0.5, log: log), forKey: "a") }
        try engine.after(0.5) { log.append("timer, keys \(box.layer.animationKeys())") }
        try engine.run()
        // The animation has ended and is removed when the timer runs; its stop is delivered
        // after the frame's timers.
        #expect(log.entries == ["start a", "timer, keys []", "stop a"])
    }

    @Test("Display-link callbacks run after the timers due by the frame, with the scene at the frame's time")
    func displayLinksAfterTimers() throws {
        let (engine, box) = try makeEngine()
        let log = EventLog()
        try engine.perform { try box.layer.add(fade("a", duration: 0.04), forKey: "a") }
        try engine.after(0.02) { log.append("timer \(engine.now)") }
        let link = try engine.addDisplayLink { link in
            let opacity = box.layer.presentation.opacity
            let verdict = abs(opacity - link.timestamp / 0.04) < 1e-12 ? "ok" : "\(opacity)"
            log.append("link \(link.timestamp) at \(engine.now), opacity \(verdict)")
        }
        try engine.run(until: .time(0.04))
        link.invalidate()
        #expect(log.entries == [
            "link 0.0 at 0.0, opacity ok",
            "link \(1.0 / 60) at \(1.0 / 60), opacity ok",
            "timer 0.02",
            "link \(2.0 / 60) at \(2.0 / 60), opacity ok",
        ])
    }

    @Test("A timer and a display link due at the same instant run in scheduling order")
    func timerAndLinkTie() throws {
        let (engine, _) = try makeEngine()
        let log = EventLog()
        try engine.after(0.5) { log.append("early timer") }
        let link = try engine.addDisplayLink { link in
            if link.timestamp == 0.5 { log.append("link") }
        }
        try engine.after(0.5) { log.append("late timer") }
        try engine.advance(to: 0.5)
        link.invalidate()
        // The link's firing at 0.5 was scheduled when it fired at 29/60, after both timers.
        #expect(log.entries == ["early timer", "late timer", "link"])
    }

    @Test("Sinks see the frame after its callbacks and events, with the scene at the frame's time")
    func sinksSeeTheFrame() throws {
        let (engine, box) = try makeEngine()
        try engine.perform { try box.layer.add(fade("a"), forKey: "a") }
        var samples: [(Double, Double)] = []
        engine.addFrameSink { frame in
            samples.append((frame.time, frame.scene.rootLayer.sublayers[0].presentation.opacity))
        }
        try engine.run()
        #expect(samples.count == 61)
        #expect(samples.dropLast().allSatisfy { abs($0.0 - $0.1) < 1e-12 })
        #expect(samples.last?.1 == 1)  // removed at its end: the model value
    }
}
