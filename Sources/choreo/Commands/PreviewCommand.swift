import ArgumentParser
import ChoreoCore
import ChoreoLua
import ChoreoPreview
import ChoreoPreviewWindow
import ChoreoRender
import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `choreo preview SCENE.lua`: the scene live in a window, on the display link, with playback
/// controls and hot reload (docs/preview.md).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a scene live in a window, with playback controls and hot reload.",
        discussion: """
            The window shows the pixels choreo render draws (at --scale), at the display's \
            refresh rate. Keys: Space play/pause; Left/Right one frame back/on (Shift: one \
            second); Home/End the start/end; [ and ] slower/faster (0.1, 0.25, 0.5, 1, 2); I/O \
            the in/out point at the playhead; X clear them; L loop between them; H hide/show the \
            HUD; R reload; Esc or Q quit. Drag on the timeline bar to scrub.

            Saving the scene (or a .lua, .json or .png file beside it) reloads it and replays it \
            to the playhead, keeping the speed, the range and pause; a script error keeps the \
            last good scene running and shows the message with file:line.

            --fps is the frame grid steps, scrubbing and screenshots land on (as choreo \
            render's frames); --duration is the timeline's length (default: until the scene is \
            idle, at most 10 s).

            Without a display, set SDL_VIDEODRIVER=dummy (with --screenshot-at, or --frames) or \
            run under Xvfb: xvfb-run -a choreo preview SCENE.lua

            Exit status: 0 when the window is closed (or the screenshot written), 1 on a script \
            error at the start, a window that cannot open or a failed write, 2 on a usage error.
            """)

    @OptionGroup var script: ScriptOptions
    @Option(parsing: .unconditional, help: "Device pixels per point, within 0.01...16.") var scale: Double = 1
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run scene time n times slower than the display, on top of the speed, within 1...100 (default: CHOREO_SLOW_ANIMATIONS, else 1).",
        valueName: "n"))
    var slowAnimations: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Write the frame at this time (seconds) to --out, without the HUD, and exit.", valueName: "t"))
    var screenshotAt: Double?
    @Option(help: "The PNG file --screenshot-at writes.") var out: String?
    @Flag(help: "Start paused.") var paused = false
    @Flag(inversion: .prefixedNo, help: "Reload the scene when it is saved.") var reload = true
    @Option(help: "End after this many frames (tests, benchmarks).") var frames: Int?
    @Option(help: "Write a JSON line per presented frame (time, speed, range, skipped frames, reload status, pacing) to this file.")
    var frameLog: String?

    func validate() throws {
        guard scale.isFinite, SceneRenderer.scaleRange.contains(scale) else { throw ValidationError("--scale must be a number within 0.01...16 (got \(formatNumber(scale)))") }
        do { _ = try slowAnimationFactor() } catch { throw ValidationError("\(error)") }
        if let screenshotAt {
            guard screenshotAt.isFinite, screenshotAt >= 0, screenshotAt <= ScriptOptions.maximumDuration else {
                throw ValidationError("--screenshot-at must be a number of seconds within 0...\(formatNumber(ScriptOptions.maximumDuration)) (got \(formatNumber(screenshotAt)))")
            }
            guard let out, !out.isEmpty else { throw ValidationError("--screenshot-at needs --out FILE.png") }
        } else if out != nil {
            throw ValidationError("--out goes with --screenshot-at")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1 (got \(frames))") }
    }

    func run() throws {
        let controller = try makeController()
        var options = PreviewWindowLoop.Options()
        options.scale = scale
        options.title = "\(RenderCommand.baseName(of: script.scene)) - choreo preview"
        options.frameLimit = frames
        options.frameLogPath = frameLog
        if let screenshotAt, let out { options.screenshot = (screenshotAt, out) }
        if reload && screenshotAt == nil {
            let folder = ScriptFile.directory(of: script.scene)
            let name = script.scene.split(separator: "/").last.map(String.init) ?? script.scene
            do {
                options.watcher = try FileWatcher(directory: folder) { Self.reloads(onSaveOf: $0, scene: name) }
            } catch {
                writeToStandardError("choreo: warning: \(error); the preview will not reload\n")
            }
        }
        do {
            try PreviewWindowLoop(controller: controller, options: options).run()
        } catch {
            throw PreviewFailure(message: error.description)
        }
        if let out, screenshotAt != nil { print("screenshot: \(out)") }
    }

    /// Whether a save of `file` (a name in the scene's folder) reloads: the scene itself, and the
    /// modules, motion specs and images a scene reads beside it. Editors' swap and backup files
    /// (`.scene.lua.swp`, `scene.lua~`, `4913`) do not.
    static func reloads(onSaveOf file: String, scene: String) -> Bool {
        if file == scene { return true }
        guard !file.hasPrefix(".") else { return false }
        return [".lua", ".json", ".png"].contains { file.hasSuffix($0) }
    }
}

/// A preview that cannot go on (no window, an unwritable screenshot): standard error, status 1.
struct PreviewFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "preview: " + message }
}

extension PreviewCommand {
    /// `--slow-animations`, else CHOREO_SLOW_ANIMATIONS, else 1 (checked: within 1...100).
    func slowAnimationFactor() throws -> Double {
        try SlowAnimations.factor(option: slowAnimations, environmentValue: getenv(SlowAnimations.environmentVariable).map { String(cString: $0) })
    }

    /// The preview controller over the scene; a script error at the start is a `ScriptFailure`
    /// (there is no scene to size the window by).
    func makeController() throws -> PreviewController {
        let options = PreviewOptions(duration: script.duration, slowAnimations: try slowAnimationFactor(),
                                     startsPaused: paused || screenshotAt != nil)
        let controller = try PreviewController(configuration: script.configuration(), options: options, printHandler: { print($0) })
        warnAboutPlugins(controller.pluginFailures)
        if controller.scene == nil { throw ScriptFailure(message: controller.status.message ?? "\(script.scene) did not load") }
        return controller
    }
}
