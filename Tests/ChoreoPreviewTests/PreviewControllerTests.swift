import ChoreoCore
import ChoreoLua
import ChoreoRuntime
import Testing
@testable import ChoreoPreview

@Suite("Preview controller: loading, playing, the timeline")
struct PreviewControllerTests {
    @Test("A scene loads paused at 0 with its timeline ending when it is idle")
    func loads() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        #expect(preview.status == .ok)
        #expect(preview.time == 0)
        #expect(preview.end == 2)  // the move ends at 2 s, the timer at 8 × 0.25 s
        #expect(preview.boxX == 0)
        #expect(preview.canvasSize == Size(width: 200, height: 100))
        let hud = preview.hudState
        #expect(hud.isPaused && !hud.isLooping && hud.speed == 1 && hud.frame == 0 && hud.framesPerSecond == 60)
    }

    @Test("A scene that never ends has a 10 s timeline; --duration sets it")
    func endOfTimeline() throws {
        let spinner = """
            local scene = Scene.new{ width = 50, height = 50 }
            local v = View.new{ name = "box", frame = {0, 0, 10, 10} }
            scene.view:addSubview(v)
            local spin = BasicAnimation.new("transform.rotation.z")
            spin.fromValue, spin.toValue, spin.duration, spin.repeatCount = 0, 6.28, 1, math.huge
            v.layer:addAnimation(spin, "spin")
            """
        let (preview, folder) = try makePreview(spinner)
        defer { removeFolder(folder) }
        #expect(preview.end == 10)
        let (fixed, other) = try makePreview(spinner, options: PreviewOptions(duration: 3.5, startsPaused: true))
        defer { removeFolder(other) }
        #expect(fixed.end == 3.5)
    }

    @Test("Playing at 1× on a 60 Hz display presents the scene at each tick's target time, on the grid")
    func playsOnTheGrid() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        defer { removeFolder(folder) }
        var times: [Double] = []
        try displayTicks(30) { tick in
            #expect(preview.tick(tick))
            times.append(preview.time)
            #expect(preview.time == tick.targetTimestamp)
        }
        #expect(times == (1...30).map { Double($0) / 60 })
        #expect(preview.boxX == 50)  // 100 × 0.5 s
        #expect(preview.count == 2)  // the timer at 0.25 and 0.5
    }

    @Test("Without a loop playback stops at the end; playing again starts over")
    func stopsAtTheEnd() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        defer { removeFolder(folder) }
        var presented: [Double] = []
        try displayTicks(200) { tick in
            if preview.tick(tick) { presented.append(preview.time) }
        }
        #expect(presented.last == 2)
        #expect(presented.allSatisfy { $0 <= 2 })
        #expect(preview.isPaused)
        preview.play()
        #expect(preview.time == 0)
        #expect(preview.boxX == 0)
        #expect(!preview.isPaused)
    }

    @Test("The speed changes without a jump in scene time; [ and ] step through 0.1, 0.25, 0.5, 1, 2")
    func speedWithoutJump() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        defer { removeFolder(folder) }
        var times: [Double] = []
        try displayTicks(40) { tick in
            if tick.frame == 10 { try? preview.perform(.slower) }   // 0.5
            if tick.frame == 20 { try? preview.perform(.slower) }   // 0.25
            if tick.frame == 30 { try? preview.perform(.faster) }   // 0.5
            preview.tick(tick)
            times.append(preview.time)
        }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        let period = 1.0 / 60
        for (i, step) in steps.enumerated() {
            let frame = i + 1
            let speed = frame < 10 ? 1 : frame < 20 ? 0.5 : frame < 30 ? 0.25 : 0.5
            #expect(abs(step - period * speed) < 1e-9, "tick \(frame): \(step)")
        }
        #expect(preview.speed == 0.5)
        try preview.setSpeed(0.1)
        try preview.perform(.slower)
        #expect(preview.speed == 0.1)
        try preview.setSpeed(2)
        try preview.perform(.faster)
        #expect(preview.speed == 2)
        #expect(throws: ArgumentError.self) { try preview.setSpeed(.nan) }
        #expect(throws: ArgumentError.self) { try preview.setSpeed(0) }
    }

    @Test("Slow animations divide the rate: scene time runs N times slower than the display")
    func slowAnimations() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions(slowAnimations: 10))
        defer { removeFolder(folder) }
        try displayTicks(60) { preview.tick($0) }
        #expect(abs(preview.time - 0.1) < 1e-9)
        #expect(preview.hudState.slowAnimations == 10)
        #expect(throws: ArgumentError.self) {
            _ = try PreviewController(configuration: preview.configuration, options: PreviewOptions(slowAnimations: 0))
        }
    }

    @Test("Looping an in/out range keeps every presented time inside it")
    func loopsInsideTheRange() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 0.5)
        preview.setInPoint()
        try preview.seek(to: 0.8)
        preview.setOutPoint()
        try preview.perform(.toggleLoop)
        try preview.perform(.seek(to: 0.1))  // outside: playing starts at the in point
        preview.play()
        #expect(preview.time == 0.5)
        var presented: [Double] = []
        try displayTicks(300) { tick in
            if tick.frame == 100 { try? preview.setSpeed(0.25) }
            if tick.frame == 200 { try? preview.setSpeed(2) }
            preview.tick(tick)
            presented.append(preview.time)
        }
        #expect(presented.allSatisfy { (0.5...0.8).contains($0) })
        #expect(Set(presented.map { ($0 * 100).rounded() }).count > 20)  // it did play
        #expect(preview.hudState.inPoint == 0.5 && preview.hudState.outPoint == 0.8 && preview.hudState.isLooping)
        // The state at a wrapped time is a fresh run's at that time.
        let x = try #require(preview.boxX)
        #expect(abs(x - 100 * preview.time) < 1e-9)
    }

    @Test("A loop wraps without replaying the script: a standby session waits at the in point")
    func loopUsesStandby() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1.2)
        preview.setInPoint()
        try preview.seek(to: 1.5)
        preview.setOutPoint()
        try preview.perform(.toggleLoop)
        try preview.seek(to: 1.2)  // back: a replay
        let replays = preview.replays
        preview.play()
        var wraps = 0
        var last = preview.time
        try displayTicks(200) { tick in
            preview.tick(tick)
            if preview.time < last { wraps += 1 }
            last = preview.time
            let x = preview.boxX ?? .nan
            #expect(abs(x - 100 * preview.time) < 1e-9 && (1.2...1.5).contains(preview.time))
        }
        #expect(wraps >= 5)
        #expect(preview.replays == replays)
        #expect(preview.count == (preview.time < 1.25 ? 4 : 5))  // the timer replayed to the in point
        try preview.perform(.toggleLoop)
        try displayTicks(1) { preview.tick($0) }
        #expect(preview.standby == nil)
    }

    @Test("Without a loop, playback from the in point stops at the out point")
    func stopsAtTheOutPoint() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1)
        preview.setOutPoint()
        try preview.seek(to: 0.5)
        preview.setInPoint()
        preview.play()
        try displayTicks(120) { preview.tick($0) }
        #expect(preview.time == 1)
        #expect(preview.isPaused)
        preview.play()  // at the out point: from the in point again
        #expect(preview.time == 0.5)
        preview.clearRange()
        #expect(preview.range == 0...2)
    }

    @Test("Setting the in point after the out point clears the out point, and the reverse")
    func rangeOrder() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1)
        preview.setOutPoint()
        try preview.seek(to: 1.5)
        preview.setInPoint()
        #expect(preview.inPoint == 1.5 && preview.outPoint == nil)
        try preview.seek(to: 0.5)
        preview.setOutPoint()
        #expect(preview.inPoint == nil && preview.outPoint == 0.5)
    }

    @Test("A stalled frame moves the playhead by the whole time it covered and counts the skipped frames")
    func stallSkipsFrames() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        defer { removeFolder(folder) }
        let link = try VirtualDisplayLink(framesPerSecond: 60)
        var times: [Double] = []
        link.start(origin: 0, firstFrame: 0) { tick in
            preview.tick(tick)
            times.append(preview.time)
            if times.count == 3 { link.clock.advance(by: 0.05) }  // drawing this frame took 50 ms
            if times.count == 5 { link.invalidate() }
        }
        #expect(times == [1, 2, 3, 6, 7].map { Double($0) / 60 })
        #expect(preview.hudState.skippedFrames == 2)
    }

    @Test("Pausing the display link stops the playhead; resuming goes on without a jump")
    func linkPauseDoesNotJump() throws {
        let (preview, folder) = try makePreview(options: PreviewOptions())
        defer { removeFolder(folder) }
        let link = try VirtualDisplayLink(framesPerSecond: 60)
        var ticks = 0
        link.start(origin: 0, firstFrame: 0) { tick in
            preview.tick(tick)
            ticks += 1
            if ticks == 10 { link.isPaused = true }
            if ticks == 20 { link.invalidate() }
        }
        #expect(preview.time == 10.0 / 60)
        link.clock.advance(by: 5)  // the window was hidden for 5 s
        link.resume()
        #expect(preview.time == 20.0 / 60)
        #expect(preview.hudState.skippedFrames == 0)
    }
}
