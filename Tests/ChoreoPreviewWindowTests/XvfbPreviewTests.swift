import Foundation
import Testing
import ChoreoRender

/// `choreo preview` in a real X window, under a virtual X server of the test's own: the window,
/// its pixels, keys sent with xdotool, and hot reload. Observed through `--frame-log` (a JSON
/// line per presented frame). Timeouts are generous (CI is a loaded 2-core machine); nothing
/// here asserts on wall-clock durations but the key latency, counted in presented frames.
@Suite("choreo preview under Xvfb", .serialized, .enabled(if: VirtualDisplay.isAvailable, VirtualDisplay.skipReason))
struct XvfbPreviewTests {
    static let flightInfo = ChoreoPreviewPaths.root.appendingPathComponent("Scripts/Examples/flight-info.lua").path

    /// A box sliding right for 3 s over a dark background.
    static let slide = """
        local scene = Scene.new{ width = 160, height = 120, backgroundColor = "#204060" }
        local box = View.new{ name = "box", frame = {10, 40, 30, 30}, backgroundColor = "orange" }
        scene.view:addSubview(box)
        View.animate{ duration = 3, options = {"curveLinear"}, animations = function() box.center.x = 140 end }

        """

    func key(_ display: VirtualDisplay, _ window: String, _ keys: String...) throws {
        try display.tool("xdotool", ["key", "--window", window] + keys)
    }

    @Test("The window opens, and paused at 1.25 s by keys with the HUD hidden it shows choreo render's frame pixel for pixel")
    func screenshotEqualsRender() throws {
        let display = try VirtualDisplay()
        let preview = try PreviewProcess(scene: try sceneCopy(of: Self.flightInfo), arguments: ["--paused", "--no-reload"],
                                         environment: ["DISPLAY": display.name])
        let window = try #require(try display.window(named: "flight-info - choreo preview"))
        #expect(preview.waitForFrame { _ in true } != nil)
        try key(display, window, "shift+Right")                      // 1 s
        for _ in 0..<15 { try key(display, window, "Right") }         // + 15 frames at 60 fps
        try key(display, window, "h")
        let frame = try #require(preview.waitForFrame { $0["time"] as? Double == 1.25 && $0["hud"] as? Bool == false })
        #expect(frame["paused"] as? Bool == true)
        _ = preview.waitForFrame { ($0["frame"] as? Int ?? 0) >= (frame["frame"] as? Int ?? 0) + 2 }  // presented since

        let shot = try display.screenshot(window: window)
        let rendered = try renderFrame(of: Self.flightInfo, at: 1.25)
        #expect(shot.width == 375 && shot.height == 667)
        #expect(shot.differences(from: rendered) == 0)
        try key(display, window, "Escape")
        #expect(preview.waitForExit() == 0)
    }

    @Test("Keys act within two frames: Space, ] and [, I, O, L, X, Home")
    func keysActWithinTwoFrames() throws {
        let display = try VirtualDisplay()
        let preview = try PreviewProcess(scene: try sceneFile(Self.slide), arguments: ["--no-reload"], environment: ["DISPLAY": display.name])
        let window = try #require(try display.window(named: "scene - choreo preview"))
        #expect(preview.waitForFrame { ($0["frame"] as? Int ?? 0) >= 3 } != nil)

        /// Sends `keys`, then finds the first frame showing `change`: it must be at most two
        /// frames after the last one presented before the key was sent. The key counts as sent
        /// when xdotool returns (it has given the event to the X server): starting the tool, which
        /// on a loaded machine takes longer than a frame, is not the preview's latency.
        func expectWithinTwoFrames(_ keys: String, _ what: Comment, change: @escaping ([String: Any]) -> Bool) throws {
            try key(display, window, keys)
            let sent = monotonicNow()
            let changed = try #require(preview.waitForFrame { ($0["presented"] as? Double ?? 0) > sent && change($0) }, what)
            let before = preview.frames().last { ($0["presented"] as? Double ?? .infinity) <= sent }
            let latency = (changed["frame"] as! Int) - (before?["frame"] as? Int ?? -1)
            #expect(latency <= 2, what)
        }
        try expectWithinTwoFrames("space", "Space pauses") { $0["paused"] as? Bool == true }
        try expectWithinTwoFrames("bracketright", "] doubles the speed") { $0["speed"] as? Double == 2 }
        try expectWithinTwoFrames("bracketleft", "[ goes back to 1") { $0["speed"] as? Double == 1 }
        try expectWithinTwoFrames("Home", "Home goes to the start") { $0["time"] as? Double == 0 }
        try expectWithinTwoFrames("shift+Right", "Shift+Right steps one second") { $0["time"] as? Double == 1 }
        try expectWithinTwoFrames("i", "I sets the in point") { $0["in"] as? Double == 1 }
        try expectWithinTwoFrames("shift+Right", "Shift+Right again") { $0["time"] as? Double == 2 }
        try expectWithinTwoFrames("o", "O sets the out point") { $0["out"] as? Double == 2 }
        try expectWithinTwoFrames("l", "L loops") { $0["loop"] as? Bool == true }
        try expectWithinTwoFrames("space", "Space plays") { $0["paused"] as? Bool == false }
        // Looping 1...2 s: every frame presented from now on stays in the range.
        let start = preview.latestFrame()
        _ = preview.waitForFrame { ($0["frame"] as? Int ?? 0) >= start + 90 }
        let times = preview.frames().filter { ($0["frame"] as? Int ?? 0) > start + 2 }.compactMap { $0["time"] as? Double }
        #expect(!times.isEmpty && times.allSatisfy { $0 >= 1 && $0 <= 2 })
        try expectWithinTwoFrames("x", "X clears the range") { $0["in"] is NSNull && $0["out"] is NSNull }
        try key(display, window, "q")
        #expect(preview.waitForExit() == 0)
    }

    @Test("A saved edit reloads at the playhead; a script error keeps the last scene and shows file:line; the fix resumes")
    func hotReload() throws {
        let display = try VirtualDisplay()
        let scene = try sceneFile(Self.slide)
        let preview = try PreviewProcess(scene: scene, arguments: ["--paused"], environment: ["DISPLAY": display.name])
        let window = try #require(try display.window(named: "scene - choreo preview"))
        try key(display, window, "shift+Right", "bracketleft")
        #expect(preview.waitForFrame { $0["time"] as? Double == 1 && $0["speed"] as? Double == 0.5 } != nil)

        try saveByRename(Self.slide.replacingOccurrences(of: "orange", with: "white"), to: scene)
        let reloaded = try #require(preview.waitForFrame { $0["reloads"] as? Int == 1 })
        #expect(reloaded["time"] as? Double == 1 && reloaded["speed"] as? Double == 0.5 && reloaded["paused"] as? Bool == true)
        #expect(reloaded["error"] is NSNull)

        try saveByRename(Self.slide + "View.animate(42)\n", to: scene)
        let failed = try #require(preview.waitForFrame { $0["error"] is String })
        #expect((failed["error"] as? String ?? "").contains("scene.lua:5:"))
        #expect(failed["time"] as? Double == 1)

        try saveByRename(Self.slide, to: scene)
        let fixed = try #require(preview.waitForFrame { $0["reloads"] as? Int == 2 })
        #expect(fixed["error"] is NSNull && fixed["time"] as? Double == 1 && fixed["speed"] as? Double == 0.5)
        try key(display, window, "q")
        #expect(preview.waitForExit() == 0)
    }

    @Test("100 saves in 5 s: no crash, and resident memory grows by less than 5 MB")
    func hundredSaves() throws {
        let display = try VirtualDisplay()
        let scene = try sceneFile(Self.slide)
        let preview = try PreviewProcess(scene: scene, environment: ["DISPLAY": display.name])
        let window = try #require(try display.window(named: "scene - choreo preview"))
        // Warm up: a few reloads first, so the allocator has its working set.
        for i in 0..<5 {
            try saveByRename(Self.slide + "-- warm-up \(i)\n", to: scene)
            _ = preview.waitForFrame { $0["reloads"] as? Int == i + 1 }
        }
        let before = try #require(preview.residentKiB())
        for i in 0..<100 {
            try saveByRename(Self.slide + "-- save \(i)\n", to: scene)
            Thread.sleep(forTimeInterval: 0.05)
        }
        let settled = preview.latestFrame()
        #expect(preview.waitForFrame { ($0["frame"] as? Int ?? 0) > settled + 30 } != nil)
        #expect(preview.process.isRunning)
        let after = try #require(preview.residentKiB())
        #expect(after - before < 5 * 1024, "resident memory grew from \(before) KiB to \(after) KiB")
        try key(display, window, "q")
        #expect(preview.waitForExit() == 0)
    }
}
