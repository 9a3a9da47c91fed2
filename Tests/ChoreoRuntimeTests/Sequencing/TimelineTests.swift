import ChoreoCore
import Testing
@testable import ChoreoRuntime

/// Timelines on a real engine with virtual time. Expected values follow the rules worked
/// out by hand: a block at local [s, s + d] with a linear curve shows from + (u − s)/d × (to − from)
/// at iteration time u; the playhead p runs at speed × seconds; iteration time folds p.
@Suite("Timeline: sequencing, timing and values")
struct TimelineTests {
    let linear = CubicBezierCurve.linear

    @Test("Blocks chain at the end by default; each property animates from the previous block's end; the model is final at once")
    func chaining() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0.5 }
            try tl.animate(duration: 2, curve: linear) { box.alpha = 0 }
            try tl.animate(duration: 1, curve: linear, at: .text("<")) { box.center = Point(x: 150, y: 50) }
        }
        #expect(tl.duration == 3)
        #expect(box.alpha == 0)
        #expect(box.layer.presentation.opacity == 1)  // an inactive timeline shows its local time 0
        try engine.perform { try tl.startAnimation() }
        try engine.advance(to: 0.5)
        #expect(box.layer.presentation.opacity == 0.75)
        #expect(box.layer.presentation.position.x == 50)  // before its start: its from-value
        try engine.advance(to: 1.5)
        #expect(box.layer.presentation.opacity == 0.375)
        #expect(box.layer.presentation.position.x == 100)
        try engine.advance(to: 2.5)
        #expect(box.layer.presentation.opacity == 0.125)
        #expect(box.layer.presentation.position.x == 150)
        #expect(tl.fractionComplete == 2.5 / 3)
        #expect(tl.currentTime == 2.5)
    }

    @Test("Speed scales the whole timeline; the completion runs at the exact end with the final values as model")
    func speedAndCompletion() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, speed: 2)
        var ended: [(AnimatorPosition, Double)] = []
        tl.completion = { ended.append(($0, engine.now)) }
        try engine.perform {
            try tl.animate(duration: 0.3, curve: linear) { box.alpha = 0 }
            try tl.animate(duration: 0.4, curve: linear) { box.center = Point(x: 90, y: 50) }
            try tl.startAnimation()
        }
        try engine.advance(to: 0.25)
        #expect(abs(box.layer.presentation.position.x - 70) < 1e-9)  // local 0.5: 0.2 of 0.4 into the move
        let report = try engine.run()
        #expect(ended.count == 1)
        #expect(ended.first?.0 == .end)
        #expect(ended.first?.1 == 0.35)
        #expect(box.layer.animationKeys().isEmpty)
        #expect(box.alpha == 0 && box.center.x == 90)
        #expect(box.layer.presentation.opacity == 0)
        #expect(report.endTime >= 0.35)
    }

    @Test("Callbacks run at the exact engine time the playhead reaches them, before the frame's events; ties in scheduling order")
    func exactCallbackTimes() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, speed: 2)
        var log: [String] = []
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.3)) { log.append("a \(engine.now) \((box.layer.presentation.opacity * 1000).rounded())") }
            try tl.call(at: .seconds(0.3)) { log.append("b \(engine.now)") }
            try tl.call(at: .seconds(0.7)) { log.append("c \(engine.now)") }
            try engine.after(0.15) { log.append("timer before") }
            try tl.startAnimation()
            try engine.after(0.15) { log.append("timer after") }
        }
        try engine.run()
        #expect(log == ["timer before", "a 0.15 700.0", "b 0.15", "timer after", "c 0.35"])
    }

    @Test("A callback at 0 runs in the first frame; one at the end runs before the completion")
    func callbacksAtTheEnds() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        var log: [String] = []
        tl.completion = { log.append("completion \($0.rawValue) \(engine.now)") }
        try engine.perform {
            try tl.call { log.append("zero \(engine.now)") }
            try tl.animate(duration: 0.5) { box.alpha = 0 }
            try tl.call { log.append("end \(engine.now)") }
            try tl.startAnimation()
        }
        #expect(log.isEmpty)
        try engine.run()
        #expect(log == ["zero 0.0", "end 0.5", "completion end 0.5"])
    }

    @Test("Repeats: a step across an iteration boundary runs the rest of the old iteration first")
    func repeatBoundaries() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, repeatCount: 2)
        var log: [String] = []
        tl.completion = { log.append("done \($0.rawValue) \(engine.now)") }
        try engine.perform {
            try tl.call { log.append("start \(engine.now)") }
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.5)) { log.append("half \(engine.now)") }
            try tl.call { log.append("end \(engine.now)") }
            try tl.startAnimation()
        }
        try engine.advance(to: 1.25)
        #expect(box.layer.presentation.opacity == 0.75)
        #expect(tl.currentTime == 0.25)
        #expect(tl.fractionComplete == 0.625)
        try engine.run()
        #expect(log == ["start 0.0", "half 0.5", "end 1.0", "start 1.0", "half 1.5", "end 2.0", "done end 2.0"])
        #expect(box.alpha == 0)
    }

    @Test("Autoreverses: a turning point runs once, currentTime mirrors, and it ends at local 0 with the start values")
    func autoreverse() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, repeatCount: 2, autoreverses: true)
        var log: [String] = []
        tl.completion = { log.append("done \($0.rawValue) \(engine.now)") }
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0)) { log.append("0@\(engine.now)") }
            try tl.call(at: .seconds(0.5)) { log.append("0.5@\(engine.now)") }
            try tl.call(at: .seconds(1)) { log.append("1@\(engine.now)") }
            try tl.startAnimation()
        }
        #expect(tl.activeDuration == 4)
        try engine.advance(to: 1.25)
        #expect(tl.currentTime == 0.75)
        #expect(box.layer.presentation.opacity == 0.25)
        try engine.run()
        #expect(log == ["0@0.0", "0.5@0.5", "1@1.0", "0.5@1.5", "0@2.0", "0.5@2.5", "1@3.0", "0.5@3.5", "0@4.0", "done end 4.0"])
        #expect(box.alpha == 1)
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("isReversed turns the playhead around where it is; callbacks run backwards; the completion is at start with start values")
    func reversal() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        var log: [String] = []
        var finished: AnimatorPosition?
        tl.addCompletion { finished = $0; log.append("done \(engine.now)") }
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.25)) { log.append("a \(engine.now)") }
            try tl.call(at: .seconds(0.5)) { log.append("b \(engine.now)") }
            try tl.startAnimation()
            try engine.after(0.75) { tl.isReversed = true }
        }
        try engine.advance(to: 1)
        #expect(box.layer.presentation.opacity == 0.5)
        try engine.run()
        #expect(log == ["a 0.25", "b 0.5", "b 1.0", "a 1.25", "done 1.5"])
        #expect(finished == .start)
        #expect(box.alpha == 1)
    }

    @Test("seek without callbacks runs none; the callback where it rests runs when playback moves from there")
    func seekWithoutCallbacks() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        var log: [String] = []
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.25)) { log.append("a \(engine.now)") }
            try tl.addLabel("middle", at: .seconds(0.5))
            try tl.call(at: .text("middle")) { log.append("b \(engine.now)") }
            try tl.call(at: .seconds(0.75)) { log.append("c \(engine.now)") }
            try tl.seek(.text("middle"))
        }
        #expect(tl.state == .active && !tl.isRunning)
        #expect(log.isEmpty)
        #expect(box.layer.presentation.opacity == 0.5)
        try engine.advance(to: 0.5)
        try engine.perform { try tl.startAnimation() }
        try engine.run()
        #expect(log == ["b 0.5", "c 0.75"])
    }

    @Test("seek with callbacks runs every callback it crosses, in order, inside the call")
    func seekWithCallbacks() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, repeatCount: 2)
        var log: [String] = []
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.25)) { log.append("a") }
            try tl.call(at: .seconds(0.75)) { log.append("b") }
            try tl.seek(.seconds(1.5), callbacks: true)
            log.append("|")
            try tl.seek(.seconds(0.5), callbacks: true)
        }
        #expect(log == ["a", "b", "a", "|", "a", "b"])
        #expect(tl.currentTime == 0.5)
        #expect(box.layer.presentation.opacity == 0.5)
    }

    @Test("fractionComplete is over the whole active duration, runs no callbacks, and seeks")
    func fractionComplete() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, repeatCount: 2, autoreverses: true)
        var calls = 0
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.5)) { calls += 1 }
            try tl.setFractionComplete(0.375)
        }
        #expect(tl.playhead == 1.5)
        #expect(tl.currentTime == 0.5)
        #expect(box.layer.presentation.opacity == 0.5)
        #expect(calls == 0)
        try engine.perform { try tl.setFractionComplete(1) }
        #expect(tl.currentTime == 0)
        #expect(box.layer.presentation.opacity == 1)
    }

    @Test("Adding a running animator or timeline is an error naming its state; nested timelines refuse controls")
    func illegalAdds() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        let animator = try Animator(scene: engine.scene, duration: 1, curve: linear) { box.alpha = 0 }
        try engine.perform { try animator.startAnimation() }
        #expect(throws: TimelineError(call: "add", problem: "the animator is active (running)",
                                      remedy: "add an inactive animator (before startAnimation)")) {
            try tl.add(animator)
        }
        let running = try Timeline(scene: engine.scene)
        try running.startAnimation()
        #expect(throws: TimelineError.self) { try tl.add(running) }
        let inner = try Timeline(scene: engine.scene)
        try tl.add(inner)
        #expect(throws: TimelineError(call: "startAnimation", problem: "timeline is nested in another timeline",
                                      remedy: "control the outer timeline")) { try inner.startAnimation() }
        #expect(throws: TimelineError.self) { try inner.add(tl) }
        #expect(throws: TimelineError(call: "stopAnimation", problem: "timeline is inactive", remedy: "there is nothing to stop")) {
            try tl.stopAnimation()
        }
    }

    @Test("An unknown label as a position is created at the end and stays there")
    func unknownLabel() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        try engine.perform {
            try tl.animate(duration: 1) { box.alpha = 0 }
            try tl.animate(duration: 0.5, at: .text("later+=0.25")) { box.center = Point(x: 0, y: 0) }
            try tl.animate(duration: 0.5) { box.alpha = 1 }
        }
        #expect(tl.labels == ["later": 1])
        #expect(tl.duration == 2.25)
    }
}
