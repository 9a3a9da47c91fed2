@testable import ChoreoCore
import Testing
@testable import ChoreoRuntime

/// Timelines nested, repeating forever, paused, delayed, stopped and grown while running. The
/// expected times are worked out by hand from the rules (a nested timeline's local time
/// is (outer local − its start) × its speed, folded by its own repeats).
@Suite("Timeline: nesting and controls")
struct TimelineControlTests {
    let linear = CubicBezierCurve.linear

    @Test("A nested timeline plays in its parent's time with its own speed and repeats; its callbacks map through both")
    func nesting() throws {
        let (engine, box) = try makeEngine()
        let outer = try Timeline(scene: engine.scene)
        let inner = try Timeline(scene: engine.scene, speed: 2, repeatCount: 2)
        var log: [String] = []
        inner.completion = { log.append("inner \($0.rawValue) \(engine.now)") }
        outer.completion = { log.append("outer \($0.rawValue) \(engine.now)") }
        try engine.perform {
            try inner.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try inner.call(at: .seconds(0.5)) { log.append("inner half \(engine.now)") }
            try outer.animate(duration: 1, curve: linear) { box.center = Point(x: 150, y: 50) }
            try outer.add(inner)
            try outer.startAnimation()
        }
        #expect(outer.duration == 2)
        try engine.advance(to: 1.25)
        #expect(box.layer.presentation.opacity == 0.5)
        #expect(box.layer.presentation.position.x == 150)
        try engine.run()
        #expect(log == ["inner half 1.25", "inner half 1.75", "inner end 2.0", "outer end 2.0"])
    }

    @Test("A timeline repeating forever calls its callbacks every iteration and never completes")
    func forever() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene, repeatCount: .infinity)
        var times: [Double] = []
        tl.completion = { _ in times.append(-1) }
        try engine.perform {
            try tl.call { times.append(engine.now) }
            try tl.animate(duration: 0.5, curve: linear) { box.alpha = 0 }
            try tl.startAnimation()
        }
        try engine.advance(to: 2.2)
        #expect(times == [0, 0.5, 1, 1.5, 2])
        #expect(tl.fractionComplete == 0)
        #expect(abs(tl.currentTime - 0.2) < 1e-12)
        #expect(abs(box.layer.presentation.opacity - 0.6) < 1e-9)
        #expect(throws: TimelineError.self) { try tl.setFractionComplete(0.5) }
    }

    @Test("Pause holds the playhead; resuming takes a new place among timers for ties")
    func pauseAndResume() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        var log: [String] = []
        tl.completion = { log.append("done \($0.rawValue) \(engine.now)") }
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.call(at: .seconds(0.5)) { log.append("half \(engine.now)") }
            try tl.startAnimation()
            try engine.after(0.25) { try tl.pauseAnimation() }
            try engine.schedule(at: 1.25) { log.append("timer scheduled before the resume") }
            try engine.after(1) {
                try tl.startAnimation()
                try engine.schedule(at: 1.25) { log.append("timer scheduled after the resume") }
            }
        }
        try engine.advance(to: 0.75)
        #expect(tl.state == .active && !tl.isRunning)
        #expect(box.layer.presentation.opacity == 0.75)
        try engine.run()
        #expect(log == ["timer scheduled before the resume", "half 1.25", "timer scheduled after the resume", "done end 1.75"])
    }

    @Test("A start delay holds local time 0; the callback at 0 runs when it begins")
    func startDelay() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        var log: [Double] = []
        try engine.perform {
            try tl.call { log.append(engine.now) }
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.startAnimation(afterDelay: 0.5)
        }
        try engine.advance(to: 0.4)
        #expect(tl.isRunning)
        #expect(box.layer.presentation.opacity == 1)
        try engine.advance(to: 1)
        #expect(log == [0.5])
        #expect(box.layer.presentation.opacity == 0.5)
    }

    @Test("Children added to a running timeline extend it; stop keeps the values shown and runs no completion")
    func growAndStop() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        var log: [String] = []
        tl.completion = { _ in log.append("completion") }
        try engine.perform {
            try tl.animate(duration: 1, curve: linear) { box.alpha = 0 }
            try tl.startAnimation()
            try engine.after(0.5) { try tl.call(at: .text("+=0.5")) { log.append("late \(engine.now)") } }
        }
        try engine.advance(to: 0.6)
        #expect(tl.duration == 1.5)
        #expect(abs(tl.fractionComplete - 0.4) < 1e-12)
        try engine.perform { try tl.stopAnimation() }
        #expect(tl.state == .inactive)
        #expect(abs(box.alpha - 0.4) < 1e-12)
        #expect(box.layer.animationKeys().isEmpty)
        try engine.run()
        #expect(log.isEmpty)
    }

    @Test("A negative position is kept: the child is partway through at local 0")
    func negativePosition() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        try engine.perform { try tl.animate(duration: 1, curve: linear, at: .seconds(-0.5)) { box.alpha = 0 } }
        #expect(tl.duration == 0.5)
        #expect(box.layer.presentation.opacity == 0.5)
    }

    @Test("\">\" after a child repeating forever is the end of its first cycle, and so is the timeline's end")
    func foreverChild() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        try engine.perform {
            try tl.animate(duration: 0.5, options: [.repeat, .autoreverse]) { box.alpha = 0 }
            try tl.addLabel("after", at: .text(">"))
        }
        #expect(tl.labels["after"] == 1)
        #expect(tl.duration == 1)
        // With a child repeating forever, "the end" is the end of the most recent child's first
        // iteration: here the 0.25 s block at "<", so 0.25 (GSAP's clippedDuration), not 1.
        try engine.perform {
            try tl.animate(duration: 0.25, at: .text("<")) { box.center = Point(x: 0, y: 0) }
            try tl.addLabel("end")
            try tl.call(at: .text("+=0.5")) {}
        }
        #expect(tl.labels["end"] == 0.25)
        #expect(tl.duration == 1)
        #expect(try tl.place(.end, span: 0) == 0.75)  // now the recent child is the callback at 0.75
    }

    @Test("An added animator plays its blocks in the timeline's time and runs its completions at its end")
    func animatorChild() throws {
        let (engine, box) = try makeEngine()
        let tl = try Timeline(scene: engine.scene)
        let animator = try Animator(scene: engine.scene, duration: 1, curve: linear) { box.alpha = 0 }
        var ended: [String] = []
        animator.addCompletion { ended.append("\($0.rawValue) \(engine.now)") }
        try engine.perform {
            try tl.add(animator, at: .seconds(0.5))
            try tl.startAnimation()
        }
        #expect(animator.state == .inactive)
        try engine.advance(to: 1)
        #expect(box.layer.presentation.opacity == 0.5)
        try engine.run()
        #expect(ended == ["end 1.5"])
    }
}
