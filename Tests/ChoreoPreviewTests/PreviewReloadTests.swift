import ChoreoCore
import ChoreoLua
import ChoreoRuntime
import Testing
@testable import ChoreoPreview

/// `movingBox` with the box going twice as far (x = 200 t).
private let fasterBox = movingBox.replacingOccurrences(of: "0, 200, 2", with: "0, 400, 2")

@Suite("Preview controller: hot reload")
struct PreviewReloadTests {
    @Test("A reload replays the new script to the playhead and keeps playhead, speed, loop, range and paused state")
    func reloadKeepsState() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 0.5)
        preview.setInPoint()
        try preview.seek(to: 1.5)
        preview.setOutPoint()
        try preview.seek(to: 1.25)
        try preview.perform(.toggleLoop)
        try preview.perform(.slower)
        let before = preview.hudState
        let revision = preview.revision
        try save(fasterBox, in: folder)
        preview.reload()
        var after = preview.hudState
        #expect(after.reloads == 1)
        after.reloads = before.reloads
        #expect(after == before)
        #expect(preview.boxX == 250)  // the new script's box at 1.25 s
        #expect(preview.count == 5)   // its timer replayed: 0.25 ... 1.25
        #expect(preview.revision != revision)
        // And while playing.
        preview.play()
        try save(movingBox, in: folder)
        preview.reload()
        #expect(!preview.isPaused && preview.time == 1.25 && preview.boxX == 125)
    }

    @Test("A script error keeps the last good scene and reports file:line; a good save clears it")
    func reloadErrorKeepsScene() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1)
        let scene = preview.scene
        try save("local scene = Scene.new{}\nlocal x = nil\nprint(x.y)\n", in: folder)
        preview.reload()
        let message = try #require(preview.status.message)
        #expect(message.contains("scene.lua:3: "), "\(message)")  // Lua shortens long paths from the left
        #expect(message.contains("attempt to index a nil value"))
        #expect(preview.scene === scene && preview.time == 1 && preview.boxX == 100)
        #expect(preview.hudState.reloads == 0)
        // A syntax error, then a runtime error before the playhead, are reported the same way.
        try save("local scene = Scene.new{\n", in: folder)
        preview.reload()
        #expect(preview.status.message?.contains("/scene.lua:") == true)
        try save(movingBox + "\nafter(0.5, function() error('late failure') end)\n", in: folder)
        preview.reload()
        #expect(preview.status.message?.contains("late failure") == true)
        #expect(preview.status.message?.contains("/scene.lua:") == true)
        #expect(preview.scene === scene)
        // Stepping and going back still work on the last good scene.
        try preview.seek(to: 0.5)
        #expect(preview.boxX == 50)
        try save(fasterBox, in: folder)
        preview.reload()
        #expect(preview.status == .ok && preview.boxX == 100 && preview.reloads == 1)
    }

    @Test("A reload that makes the scene shorter brings the playhead to the new end; a longer one keeps it")
    func reloadChangesTheEnd() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1.5)
        try save("""
            local scene = Scene.new{ width = 200, height = 100 }
            local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
            scene.view:addSubview(box)
            View.animate{ duration = 1, options = {"curveLinear"}, animations = function() box.center.x = 105 end }
            """, in: folder)
        preview.reload()
        #expect(preview.status == .ok)
        #expect(preview.end == 1 && preview.time == 1 && preview.boxX == 105)
        try save(movingBox.replacingOccurrences(of: "0, 200, 2", with: "0, 300, 3"), in: folder)
        preview.reload()
        #expect(preview.end == 3 && preview.time == 1 && preview.boxX == 100)
    }

    @Test("A missing file or a first load that fails is reported; fixing the file loads it")
    func failedFirstLoad() throws {
        let (preview, folder) = try makePreview("error('not yet')")
        defer { removeFolder(folder) }
        #expect(preview.scene == nil)
        #expect(preview.status.message?.contains("not yet") == true)
        preview.play()
        try displayTicks(5) { #expect(!preview.tick($0)) }
        try save(movingBox, in: folder)
        preview.reload()
        #expect(preview.status == .ok && preview.scene != nil)
        let (empty, other) = try makePreview("local x = 1")
        defer { removeFolder(other) }
        #expect(empty.status.message?.contains("made no Scene") == true)
        removeFolder(other)
        empty.reload()
        #expect(empty.status.message?.contains("cannot read") == true)
    }

    @Test("A runtime error during playback pauses at it and shows it; the scene stays")
    func runtimeErrorWhilePlaying() throws {
        let (preview, folder) = try makePreview(movingBox + "\nafter(0.5, function() error('boom') end)\n",
                                                options: PreviewOptions())
        defer { removeFolder(folder) }
        try displayTicks(60) { preview.tick($0) }
        #expect(preview.isPaused)
        #expect(preview.time == 0.5)
        #expect(preview.status.message?.contains("boom") == true)
        #expect(preview.status.message?.contains("/scene.lua:") == true)
        #expect(preview.scene != nil)
    }

    @Test("A hundred reloads release every old scene, engine and Lua state")
    func reloadsReleaseOldScenes() throws {
        let (preview, folder) = try makePreview()
        defer { removeFolder(folder) }
        try preview.seek(to: 1)
        weak var firstScene: Scene?
        weak var firstHost: ScriptHost?
        var released: [() -> Bool] = []
        firstScene = preview.scene
        firstHost = preview.session?.host
        for i in 0..<100 {
            try save(i % 2 == 0 ? fasterBox : movingBox, in: folder)
            preview.reload()
            weak let scene = preview.scene
            weak let engine = preview.session?.engine
            released.append { scene == nil && engine == nil }
            try preview.seek(to: 0.5)  // a replay too
        }
        #expect(preview.reloads == 100)
        #expect(firstScene == nil && firstHost == nil)
        #expect(released.dropLast().allSatisfy { $0() })
        #expect(preview.status == .ok)
    }
}
