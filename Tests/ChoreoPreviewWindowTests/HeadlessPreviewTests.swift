import ChoreoTestSupport
import Foundation
import Testing
import CSDL2
@testable import ChoreoPreviewWindow
import ChoreoPreview
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
    let data = errors.fileHandleForReading.readAllRetryingInterrupts()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// `choreo render`'s frame of `scene` at `time`, read back.
func renderFrame(of scene: String, at time: Double, scale: Double = 1) throws -> Canvas {
    let folder = try ScratchDirectory.path("choreo-render")
    let (status, errors) = try choreo(["render", scene, "--from", "\(time)", "--to", "\(time)", "--format", "png",
                                       "--scale", "\(scale)", "--out", folder])
    #expect(status == 0, "\(errors)")
    return try Canvas.load(png: folder + "/frame-0000.png")
}

/// A copy of a scene (and its folder's files) in a fresh folder, so a watcher or a log beside it
/// never touches the repository.
func sceneCopy(of path: String) throws -> String {
    let source = URL(fileURLWithPath: path).deletingLastPathComponent()
    let folder = URL(fileURLWithPath: try ScratchDirectory.path("choreo-preview"))
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
    func input(_ code: SDL_KeyCode, shift: Bool = false) -> PreviewInput? {
        PreviewInput(keycode: Int32(bitPattern: code.rawValue), shift: shift)
    }

    @Test("Every key of the table maps to its input, Shift turning frame steps into seconds")
    func keys() {
        #expect(input(SDLK_SPACE) == .command(.togglePlay))
        #expect(input(SDLK_LEFT) == .command(.step(frames: -1)))
        #expect(input(SDLK_RIGHT) == .command(.step(frames: 1)))
        #expect(input(SDLK_LEFT, shift: true) == .command(.stepSeconds(-1)))
        #expect(input(SDLK_RIGHT, shift: true) == .command(.stepSeconds(1)))
        #expect(input(SDLK_HOME) == .command(.goToStart))
        #expect(input(SDLK_END) == .command(.goToEnd))
        #expect(input(SDLK_LEFTBRACKET) == .command(.slower))
        #expect(input(SDLK_RIGHTBRACKET) == .command(.faster))
        #expect(input(SDLK_i) == .command(.setInPoint))
        #expect(input(SDLK_o) == .command(.setOutPoint))
        #expect(input(SDLK_x) == .command(.clearRange))
        #expect(input(SDLK_l) == .command(.toggleLoop))
        #expect(input(SDLK_r) == .command(.reload))
        #expect(input(SDLK_h) == .toggleHUD)
        #expect(input(SDLK_ESCAPE) == .quit)
        #expect(input(SDLK_q) == .quit)
        #expect(input(SDLK_a) == nil)
    }

    @Test("The vsync timer's ticks lie on the grid; a 50 ms stall at 60 Hz is one tick spanning 3 periods with 2 skipped")
    func vsyncTimer() {
        let clock = VirtualClock(now: 10)
        var timer = VsyncTimer(rate: 60, clock: clock)
        let first = timer.waitForNextTick()
        #expect(first.frame == 0 && first.timestamp == 10 && first.droppedFrames == 0)
        clock.advance(to: 10 + 3.0 / 60 + 0.001)   // the frame took 50 ms: vsync 3 has passed
        let late = timer.waitForNextTick()
        #expect(late.frame == 3 && late.droppedFrames == 2)
        #expect(abs((late.targetTimestamp - late.timestamp) - 3.0 / 60) < 1e-9)
        #expect(late.targetTimestamp == 10 + 4.0 / 60)
    }

    @Test("A frame-log line carries the tick and the HUD's state, null where a point is not set")
    func frameLogLine() {
        var state = PreviewHUDState(time: 1.25, frame: 75, end: 3, framesPerSecond: 60, speed: 0.5, slowAnimations: 1,
                                    inPoint: 1, outPoint: nil, isLooping: false, isPaused: false, skippedFrames: 2,
                                    reloads: 1, status: .ok)
        let tick = DisplayLinkTick(frame: 3, timestamp: 0.125, targetTimestamp: 0.25, droppedFrames: 0)
        #expect(FrameLog.line(frame: 7, tick: tick, vsync: 1000.25, presented: 100.5, pacing: .present, state: state, showsHUD: false) == """
            {"frame":7,"timestamp":0.125,"targetTimestamp":0.25,"vsync":1000.25,"presented":100.5,"pacing":"present",\
            "pacingNote":null,"time":1.25,"speed":0.5,"paused":false,"in":1,"out":null,"loop":false,"skipped":2,"hud":false,\
            "reloads":1,"error":null}
            """)
        state.isPaused = true
        let timer = PacingSource.timer(note: "SDL's video driver is dummy, not x11")
        let line = FrameLog.line(frame: 7, tick: tick, vsync: 1000.25, presented: 100.5, pacing: timer, state: state, showsHUD: true)
        #expect(line.contains("\"paused\":true,"))
        #expect(line.contains("\"pacing\":\"timer\",\"pacingNote\":\"SDL's video driver is dummy, not x11\","))
    }

    @Test("Aligned to a vblank grid, the vsync timer's next tick is the grid's vblank nearest the one due, and ticks go on at its period")
    func vsyncTimerAlignment() {
        let clock = VirtualClock(now: 10)
        var timer = VsyncTimer(rate: 60, clock: clock)
        _ = timer.waitForNextTick()                                    // frame 0 at 10 s; frame 1 due at 10 + 1/60
        // The display's vblanks: every 16.666 ms (Xvfb's period) from 2 ms.
        timer.align(to: VsyncGrid(origin: 0.002, period: 0.016666))
        let nearest = 0.002 + ((10 + 1.0 / 60 - 0.002) / 0.016666).rounded() * 0.016666
        clock.advance(to: nearest)
        let next = timer.waitForNextTick()
        #expect(next.frame == 1 && next.droppedFrames == 0)
        #expect(abs(next.timestamp - nearest) < 1e-9 && abs(next.targetTimestamp - (nearest + 0.016666)) < 1e-9)
        #expect(abs(timer.period - 0.016666) < 1e-12)
    }
}
