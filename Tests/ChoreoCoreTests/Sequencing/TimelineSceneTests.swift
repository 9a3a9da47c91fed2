import Testing
@testable import ChoreoCore

/// A timeline in a scene without an engine (driven by `advance(to:)` alone): its callbacks are
/// the scene's own timed work (`Scene.schedule(at:)`), run at the first advance at or after their
/// time, at that advance's time (an engine's timers run them at their exact times).
@Suite("Timeline in a bare scene")
struct TimelineSceneTests {
    @Test("Callbacks run at the first advance at or after their time; the completion leaves the final values")
    func bareScene() throws {
        let scene = Scene()
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.rootView.addSubview(box)
        scene.commit()
        let tl = try Timeline(scene: scene, speed: 2)
        var log: [String] = []
        tl.completion = { log.append("done \($0.rawValue) \(scene.currentTime.seconds)") }
        try tl.animate(duration: 1, curve: CubicBezierCurve.linear) { box.alpha = 0 }
        try tl.call(at: .seconds(0.5)) { log.append("half \(scene.currentTime.seconds) \(box.layer.presentation.opacity)") }
        try tl.startAnimation()
        scene.advance(to: MediaTime(0.1))
        #expect(box.layer.presentation.opacity == 0.8)
        scene.advance(to: MediaTime(0.3))
        #expect(log == ["half 0.3 0.4"])  // local 0.6 at 0.3 s
        scene.advance(to: MediaTime(0.6))
        #expect(log == ["half 0.3 0.4", "done end 0.6"])
        #expect(box.layer.presentation.opacity == 0)
        #expect(box.layer.animationKeys().isEmpty)
        #expect(tl.awaitResult == .position(.end))
    }

    @Test("A timeline's key on its layers is timeline#N, N its place among its scene's timelines: the same in a new scene whatever ran before")
    func keysNumberedPerScene() throws {
        func keys() throws -> [String] {
            let scene = Scene()
            let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            scene.rootView.addSubview(box)
            scene.commit()
            var keys: [String] = []
            for _ in 0..<2 {
                let tl = try Timeline(scene: scene)
                try tl.animate(duration: 1, curve: CubicBezierCurve.linear) { box.alpha = 0.5 }
                try tl.startAnimation()
                keys.append(tl.key)
            }
            scene.advance(to: MediaTime(0.1))
            #expect(box.layer.animationKeys() == keys)
            return keys
        }
        #expect(try keys() == ["timeline#1", "timeline#2"])
        #expect(try keys() == ["timeline#1", "timeline#2"])
    }
}
