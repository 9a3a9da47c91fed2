import ChoreoCore
import ChoreoPreview
import ChoreoRender
import ChoreoRuntime

/// The preview's frame loop: paces vsyncs, reads the keys and the mouse, reloads on a save, ticks
/// the `PreviewController`, draws its scene with the renderer `choreo render` uses, draws the HUD
/// over it, and presents the canvas in the window.
///
///     let loop = try PreviewWindowLoop(controller: controller, options: options)
///     try loop.run()             // until Esc, Q, the window closing or --frames
///
/// Each frame, in this order: read the X server's vblanks that came and re-align the vsync grid
/// to them (`PresentPacing`, where the server has Present); wait for the vsync (`VsyncTimer`);
/// apply the inputs queued since the last frame (so a key acts in the very next frame presented);
/// reload if the watcher reports a quiet save; tick the controller; draw and present. The canvas keeps the size of the first
/// frame (`controller.canvasSize`) for the whole preview, as a render's frames do, so a reload
/// that resizes the scene is drawn in the window it has.
///
/// A screenshot (`options.screenshot`) pauses at the time asked, draws that frame without the HUD,
/// writes it as PNG and ends: the file is what `choreo render` writes for that time.
public final class PreviewWindowLoop {
    /// What a preview does beyond showing the scene.
    public struct Options {
        /// Device pixels per point, as `choreo render --scale`.
        public var scale: Double = 1
        public var title = "choreo preview"
        /// Whether the HUD's panel shows at the start (H toggles it).
        public var showsHUD = true
        /// End after this many presented frames (tests, benchmarks); nil: until the user quits.
        public var frameLimit: Int?
        /// Write a JSON line per presented frame to this file (`FrameLog`).
        public var frameLogPath: String?
        /// Take one frame at `time` (scene seconds), write it to `path` as PNG and end.
        public var screenshot: (time: Double, path: String)?
        /// The scene's folder, watched for saves when set (hot reload).
        public var watcher: FileWatcher?
        /// The display's rate when SDL does not know it (Xvfb, the dummy driver), in Hz.
        public var fallbackRefreshRate = 60.0

        public init() {}
    }

    /// Why a preview ended early.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let controller: PreviewController
    private let options: Options
    private let renderer: SceneRenderer
    private let size: Size
    private let pixelSize: (width: Int, height: Int)
    private let window: PreviewWindow
    private let clock = MonotonicClock()
    private var showsHUD: Bool
    /// Why the last frame could not be drawn, if it could not.
    private var renderError: String?

    /// Opens the window for the controller's scene.
    /// - Throws: `Failure` when no scene loaded (the script's error), the scene has no size to
    ///   draw, or the window cannot open (with what to do: `SDL_VIDEODRIVER=dummy`, Xvfb).
    public init(controller: PreviewController, options: Options) throws(Failure) {
        self.controller = controller
        self.options = options
        showsHUD = options.showsHUD
        guard let size = controller.canvasSize else {
            throw Failure(description: controller.status.message ?? "the scene did not load")
        }
        self.size = size
        do {
            renderer = try SceneRenderer(scale: options.scale)
            pixelSize = try renderer.pixelSize(of: size)
        } catch {
            throw Failure(description: "\(error)")
        }
        do {
            window = try PreviewWindow(title: options.title, width: pixelSize.width, height: pixelSize.height)
        } catch {
            throw Failure(description: error.description)
        }
        let (width, height, scale) = (pixelSize.width, pixelSize.height, options.scale)
        window.timelineBar = { [unowned self] x, y in
            self.showsHUD && PreviewHUD.isOnTimelineBar(x: x, y: y, width: width, height: height, scale: scale)
        }
    }

    /// Runs until the user quits (Esc, Q, closing the window), `frameLimit`, or the screenshot.
    /// - Throws: `Failure` when the frame log or the screenshot cannot be written.
    public func run() throws(Failure) {
        if let shot = options.screenshot {
            try takeScreenshot(at: shot.time, path: shot.path)
            return
        }
        let log = try options.frameLogPath.map { path throws(Failure) in
            do { return try FrameLog(path: path) } catch { throw Failure(description: "\(error)") }
        }
        let rate = window.refreshRate ?? options.fallbackRefreshRate
        // Present's vblanks where they can be had; else the timer alone, and why (`present.source`
        // says so too if the connection fails later).
        let (present, startSource): (PresentPacing?, PacingSource) =
            switch PresentPacing.start(window: window, clock: clock, nominalPeriod: 1 / rate) {
            case .success(let pacing): (pacing, .present)
            case .failure(let reason): (nil, .timer(note: reason.description))
            }
        var vsync = VsyncTimer(rate: rate, clock: clock)
        present?.align(&vsync)
        var presented = 0
        while options.frameLimit.map({ presented < $0 }) ?? true {
            present?.update(&vsync)
            let tick = vsync.waitForNextTick()
            guard handleInputs() else { break }
            if options.watcher?.poll(now: clock.now) == true { controller.reload() }
            controller.tick(tick)
            let state = controller.hudState
            window.present(draw(state, hud: true))
            log?.record(frame: presented, tick: tick, clockOrigin: clock.systemOrigin, pacing: present?.source ?? startSource,
                        state: state, showsHUD: showsHUD)
            presented += 1
        }
    }

    /// Applies the queued inputs; false when one of them is `.quit`.
    private func handleInputs() -> Bool {
        for input in window.pollInputs() {
            switch input {
            case .quit:
                return false
            case .toggleHUD:
                showsHUD.toggle()
            case .command(let command):
                try? controller.perform(command)  // keys send only valid commands
            case .scrub(let x):
                let bar = PreviewHUD.timelineBar(width: pixelSize.width, height: pixelSize.height, scale: options.scale)
                let timeline = TimelineBar(x: bar.origin.x, width: bar.size.width, duration: controller.end)
                controller.pause()
                try? controller.seek(to: timeline.time(atX: x))  // a finite time within the timeline
            case .endScrub:
                break
            }
        }
        return true
    }

    /// The scene drawn as `choreo render` draws it, and the HUD over it when `hud` (a script
    /// error shows even with the panel hidden). A frame that cannot be drawn (a value that is not
    /// finite) is a blank canvas with the reason in the HUD's error panel.
    private func draw(_ state: PreviewHUDState, hud: Bool) -> Canvas {
        var content = PreviewHUD.Content(state)
        let canvas: Canvas
        do {
            guard let scene = controller.scene else { throw Failure(description: "no scene") }
            canvas = try renderer.render(scene.rootLayer, size: size)
            renderError = nil
        } catch {
            renderError = "cannot draw the frame at \(formatNumber(state.time)) s: \(error)"
            content.error = content.error ?? renderError
            // The size was checked when the window opened: a blank canvas of it cannot fail.
            canvas = try! Canvas(width: pixelSize.width, height: pixelSize.height)
        }
        if hud { PreviewHUD.draw(content, on: canvas, scale: options.scale, showsPanel: showsHUD) }
        return canvas
    }

    private func takeScreenshot(at time: Double, path: String) throws(Failure) {
        controller.pause()
        do { try controller.seek(to: time, snapsToFrame: false) } catch { throw Failure(description: "\(error)") }
        if let error = controller.status.message { throw Failure(description: error) }
        let canvas = draw(controller.hudState, hud: false)
        if let renderError { throw Failure(description: renderError) }
        window.present(canvas)
        do { try canvas.writePNG(to: path) } catch { throw Failure(description: "\(error)") }
    }
}

extension PreviewHUD.Content {
    /// The HUD's values from the controller's state.
    init(_ state: PreviewHUDState) {
        self.init(time: state.time, end: state.end)
        speed = state.speed
        slowAnimations = state.slowAnimations
        inPoint = state.inPoint
        outPoint = state.outPoint
        isLooping = state.isLooping
        isPaused = state.isPaused
        skippedFrames = state.skippedFrames
        reloadStatus = state.reloads > 0 ? "reloaded ×\(state.reloads)" : nil
        error = state.status.message
    }
}
