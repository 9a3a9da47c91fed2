import Foundation
import Testing
import CSDL2
@testable import ChoreoPreviewWindow
import ChoreoRender
import ChoreoRuntime

enum ChoreoPreviewPaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Runs the built `choreo` to the end; (status, standard error).
func choreo(_ arguments: [String], environment: [String: String] = [:], removing: [String] = []) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = PreviewProcess.binary
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    for name in removing { merged[name] = nil }
    process.environment = merged
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// `choreo render`'s frame of `scene` at `time`, read back.
func renderFrame(of scene: String, at time: Double, scale: Double = 1) throws -> Canvas {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-render-\(UUID().uuidString)").path
    let (status, errors) = try choreo(["render", scene, "--from", "\(time)", "--to", "\(time)", "--format", "png",
                                       "--scale", "\(scale)", "--out", folder])
    #expect(status == 0, "\(errors)")
    return try Canvas.load(png: folder + "/frame-0000.png")
}

/// A copy of a scene (and its folder's files) in a fresh folder, so a watcher or a log beside it
/// never touches the repository.
func sceneCopy(of path: String) throws -> String {
    let source = URL(fileURLWithPath: path).deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-preview-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: source, to: folder)
    return folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
}

@Suite("choreo preview without a display")
struct HeadlessPreviewTests {
    @Test("With SDL's dummy driver, --screenshot-at writes choreo render's frame at that time, pixel for pixel")
    func dummyScreenshot() throws {
        let scene = try sceneCopy(of: XvfbPreviewTests.flightInfo)
        let out = scene + ".png"
        let (status, errors) = try choreo(["preview", scene, "--screenshot-at", "1.25", "--out", out, "--scale", "2"],
                                          environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(status == 0, "\(errors)")
        let shot = try Canvas.load(png: out), rendered = try renderFrame(of: scene, at: 1.25, scale: 2)
        #expect(shot.width == 750 && shot.height == 1334)
        #expect(shot.premultipliedPixels == rendered.premultipliedPixels)
    }

    @Test("With no display and no driver chosen, the preview says to set SDL_VIDEODRIVER=dummy or use Xvfb")
    func noDisplay() throws {
        let scene = try sceneCopy(of: XvfbPreviewTests.flightInfo)
        let (status, errors) = try choreo(["preview", scene], removing: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"])
        #expect(status == 1)
        #expect(errors.contains("preview: cannot open a window"))
        #expect(errors.contains("Set SDL_VIDEODRIVER=dummy to run headless (e.g. with --screenshot-at), or run under Xvfb: xvfb-run -a choreo preview SCENE.lua"))
    }

    @Test("A script error at the start is reported with file:line and status 1, before any window")
    func errorAtStart() throws {
        let scene = try sceneFile("local scene = Scene.new{ width = 10, height = 10 }\nView.animate(42)\n")
        let (status, errors) = try choreo(["preview", scene, "--screenshot-at", "0", "--out", scene + ".png"],
                                          environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(status == 1)
        #expect(errors.contains("scene.lua:2:"))
    }
}

@Suite("Preview keys and pacing")
struct PreviewKeysTests {
    func action(_ code: SDL_KeyCode, shift: Bool = false) -> PreviewAction? {
        PreviewAction(keycode: Int32(bitPattern: code.rawValue), shift: shift)
    }

    @Test("Every key of the table maps to its action, Shift turning frame steps into seconds")
    func keys() {
        #expect(action(SDLK_SPACE) == .togglePlay)
        #expect(action(SDLK_LEFT) == .stepFrames(-1))
        #expect(action(SDLK_RIGHT) == .stepFrames(1))
        #expect(action(SDLK_LEFT, shift: true) == .stepSeconds(-1))
        #expect(action(SDLK_RIGHT, shift: true) == .stepSeconds(1))
        #expect(action(SDLK_HOME) == .toStart)
        #expect(action(SDLK_END) == .toEnd)
        #expect(action(SDLK_LEFTBRACKET) == .slower)
        #expect(action(SDLK_RIGHTBRACKET) == .faster)
        #expect(action(SDLK_i) == .setIn)
        #expect(action(SDLK_o) == .setOut)
        #expect(action(SDLK_x) == .clearRange)
        #expect(action(SDLK_l) == .toggleLoop)
        #expect(action(SDLK_h) == .toggleHUD)
        #expect(action(SDLK_ESCAPE) == .quit)
        #expect(action(SDLK_q) == .quit)
        #expect(action(SDLK_a) == nil)
    }

    @Test("The pacer's vsyncs lie on the grid origin + n × period, the next one strictly after now")
    func pacerGrid() {
        let clock = VirtualClock(now: 10)
        let pacer = FramePacer(rate: 60, clock: clock)
        #expect(pacer.period == 1.0 / 60)
        #expect(pacer.vsync(after: 10) == 10 + 1.0 / 60)
        #expect(pacer.vsync(after: 10.001) == 10 + 1.0 / 60)
        // A 50 ms stall: the next vsync is the 4th grid point, not the 2nd (no catch-up burst).
        #expect(pacer.vsync(after: 10.05) == 10 + 4.0 / 60)
    }

    @Test("A frame-log line carries the HUD's values, null where a point is not set")
    func frameLogLine() {
        var content = PreviewHUD.Content(time: 1.25, end: 3)
        content.speed = 0.5
        content.inPoint = 1
        content.error = "scene.lua:5: \"bad\""
        #expect(FrameLog.line(frame: 7, vsync: 0.125, presented: 100.5, content: content, showsHUD: false) == """
            {"frame":7,"vsync":0.125,"presented":100.5,"time":1.25,"speed":0.5,"paused":false,"in":1,"out":null,"loop":false,\
            "skipped":0,"hud":false,"reload":null,"error":"scene.lua:5: \\"bad\\""}
            """)
    }
}
