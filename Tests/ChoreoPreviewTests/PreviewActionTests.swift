import ChoreoCore
import ChoreoLua
import ChoreoRender
import ChoreoRuntime
import Testing
@testable import ChoreoPreview

/// The box's x and the timer's count in a fresh host of `source` advanced straight to `time`:
/// what the headless run has there.
private func freshRun(_ source: String = movingBox, at time: Double) throws -> (x: Double, count: Double) {
    let host = try ScriptHost()
    try host.run(source: source, chunkName: "scene.lua")
    try host.engine.advance(to: time)
    let box = try #require(host.engine.scene.rootLayer.layer(named: "box"))
    guard case .scalar(let count) = box.presentation.value(at: try PropertyPath(parsing: "count")) else {
        throw ArgumentError(parameter: "count", requirement: "must be a number", value: "?")
    }
    return (box.presentation.position.x, count)
}

@Suite("Preview controller: keys, steps and seeks")
struct PreviewActionTests {
    @Test("Every key maps to its command, Shift making the arrows one-second steps")
    func keyMap() {
        let expected: [(String, Bool, PreviewAction?)] = [
            ("Space", false, .togglePlay), ("space", false, .togglePlay),
            ("Right", false, .step(frames: 1)), ("Left", false, .step(frames: -1)),
            ("Right", true, .stepSeconds(1)), ("Left", true, .stepSeconds(-1)),
            ("Home", false, .goToStart), ("End", false, .goToEnd),
            ("[", false, .slower), ("]", false, .faster), ("bracketleft", false, .slower), ("bracketright", false, .faster),
            ("I", false, .setInPoint), ("o", false, .setOutPoint), ("X", false, .clearRange), ("L", false, .toggleLoop),
            ("R", false, .reload), ("Q", false, nil), ("Escape", false, nil), ("", false, nil),
        ]
        for (key, shift, command) in expected {
            #expect(PreviewAction(key: key, shift: shift) == command, "\(key) shift \(shift)")
        }
    }

    @Test("Space toggles play; a step pauses and moves one frame of the grid, Shift one second")
    func playAndSteps() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.perform(.togglePlay)
        #expect(!preview.isPaused)
        try preview.perform(.togglePlay)
        #expect(preview.isPaused)
        try preview.perform(.step(frames: 1))
        #expect(preview.time == 1.0 / 60 && preview.boxX == 100.0 / 60)
        try preview.perform(.play)
        try preview.perform(.stepSeconds(1))
        #expect(preview.isPaused)
        #expect(preview.time == 61.0 / 60)
        try preview.perform(.step(frames: -1))
        #expect(preview.time == 1)
        try preview.perform(.stepSeconds(-1))
        #expect(preview.time == 0)
        try preview.perform(.step(frames: -1))  // not before 0
        #expect(preview.time == 0)
        try preview.perform(.goToEnd)
        #expect(preview.time == 2)
        try preview.perform(.step(frames: 1))  // not past the end
        #expect(preview.time == 2)
        try preview.perform(.goToStart)
        #expect(preview.time == 0 && preview.boxX == 0)
    }

    @Test("N steps advance scene time by N frames exactly, whatever the display did before")
    func stepsAreFrameExact() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        try preview.setSpeed(0.25)
        defer { removeFolder(folder) }
        try displayTicks(7) { preview.tick($0) }  // 7 / 240 s: between frames
        #expect(preview.hudState.frame == nil)
        try preview.perform(.step(frames: 1))   // the next frame: 2
        #expect(preview.time == 2.0 / 60)
        for _ in 0..<73 { try preview.perform(.step(frames: 1)) }
        #expect(preview.time == 75.0 / 60)
        #expect(preview.hudState.frame == 75)
        let fresh = try freshRun(at: 1.25)
        #expect(preview.boxX == fresh.x && preview.count == fresh.count)
    }

    @Test("Going back (a step, Home, a seek) gives a fresh run's values at that time")
    func backwardsEqualsFreshRun() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1.6)
        #expect(preview.count == 6)
        for target in [1.55, 1.0, 0.3, 0.75] {
            try preview.seek(to: target)
            let fresh = try freshRun(at: target)
            #expect(preview.time == target)
            #expect(preview.boxX == fresh.x && preview.count == fresh.count, "at \(target)")
        }
        try preview.perform(.step(frames: -3))
        let fresh = try freshRun(at: 42.0 / 60)
        #expect(preview.time == 42.0 / 60 && preview.boxX == fresh.x && preview.count == fresh.count)
    }

    @Test("Seeks snap to the nearest grid frame and stay on the timeline; the bar maps x to time")
    func seeksAndTheBar() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 0.5004)
        #expect(preview.time == 0.5)
        try preview.seek(to: 99)
        #expect(preview.time == 2)
        try preview.seek(to: -1)
        #expect(preview.time == 0)
        try preview.perform(.seekToFraction(0.25))
        #expect(preview.time == 0.5)
        #expect(throws: ArgumentError.self) { try preview.seek(to: .nan) }
        let bar = TimelineBar(x: 20, width: 200, duration: preview.end)
        #expect(bar.time(atX: 120) == 1)
        #expect(bar.time(atX: -50) == 0 && bar.time(atX: 1000) == 2)
        #expect(bar.x(at: 0.5) == 70)
        #expect(TimelineBar(x: 0, width: 0, duration: 2).time(atX: 5) == 0)
        try preview.seek(to: bar.time(atX: 170))
        #expect(preview.time == 1.5)
        try preview.seek(to: 1.2345, snapsToFrame: false)
        let fresh = try freshRun(at: 1.2345)
        #expect(preview.time == 1.2345 && preview.boxX == fresh.x && preview.count == fresh.count)
    }

    @Test("A paused frame at 1.25 s is render's frame at 1.25 s, pixel for pixel, however it was reached")
    func pausedFrameEqualsRender() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        defer { removeFolder(folder) }
        let renderer = try SceneRenderer()
        // render's way: a headless run, frame 75 drawn by a sink.
        let host = try preview.configuration.makeHost()
        try host.run(fileAt: preview.configuration.scenePath)
        var rendered: Canvas?
        host.engine.addFrameSink { frame in
            if frame.number == 75 { rendered = try renderer.render(frame.scene.rootLayer, size: Size(width: 200, height: 100)) }
        }
        try host.engine.run(until: .time(2), fps: 60)
        let expected = try #require(rendered)
        // Played at 0.5× (stopping between frames), then stepped to frame 75.
        try preview.setSpeed(0.5)
        try displayTicks(101) { preview.tick($0) }
        preview.pause()
        try preview.seek(to: 1.25)
        let canvas = try renderer.render(try #require(preview.scene).rootLayer, size: try #require(preview.canvasSize))
        #expect(ImageComparison(tolerance: 0).difference(expected, canvas) == nil)
    }
}
