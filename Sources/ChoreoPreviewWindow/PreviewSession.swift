import ChoreoCore
import ChoreoRender
import ChoreoRuntime

/// The preview's frame loop: paces vsyncs, reads the keys and the mouse, reloads on a save, ticks
/// the model, draws the scene with the renderer `choreo render` uses, draws the HUD over it, and
/// presents the canvas in the window.
///
///     let session = try PreviewSession(model: controller, options: options)
///     try session.run()             // until Esc, Q, the window closing or --frames
///
/// Each frame, in this order: wait for the vsync (`FramePacer`); apply the actions queued since
/// the last frame (so a key acts in the very next frame presented); reload if the watcher reports
/// a quiet save; tick the model at the vsync; draw and present. The canvas keeps the size of the
/// first frame (`Scene.screenSize`, else the root's bounds) for the whole session, as a render's
/// frames do, so a reload that resizes the scene is drawn in the window it has.
///
/// A screenshot session (`options.screenshot`) pauses the model at the time asked, draws that
/// frame without the HUD, writes it as PNG and ends: the file is what `choreo render` writes for
/// that time.
public final class PreviewSession {
    /// What a session does beyond showing the scene.
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

    /// Why a session ended early.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let model: any PreviewModel
    private let options: Options
    private let renderer: SceneRenderer
    private let size: Size
    private let pixelSize: (width: Int, height: Int)
    private let window: PreviewWindow
    private let clock = MonotonicClock()
    private var showsHUD: Bool
    /// Why the last frame could not be drawn, if it could not.
    private var renderError: String?

    /// Opens the window for the model's scene.
    /// - Throws: `Failure` when the scene has no size to draw or the window cannot open (with
    ///   what to do: `SDL_VIDEODRIVER=dummy`, Xvfb).
    public init(model: any PreviewModel, options: Options) throws(Failure) {
        self.model = model
        self.options = options
        showsHUD = options.showsHUD
        let scene = model.scene
        size = scene.screenSize ?? scene.rootLayer.presentation.bounds.size
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

    /// The SDL video driver the window runs on ("x11", "dummy", ...).
    public var videoDriver: String { window.videoDriver }

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
        var pacer = FramePacer(rate: window.refreshRate ?? options.fallbackRefreshRate, clock: clock)
        var presented = 0
        while options.frameLimit.map({ presented < $0 }) ?? true {
            let vsync = pacer.waitForNextVsync()
            guard handleActions() else { break }
            if options.watcher?.poll(now: clock.now) == true { model.reload() }
            model.tick(vsync: vsync)
            let content = model.hudContent
            window.present(draw(content, hud: true))
            log?.record(frame: presented, vsync: vsync, content: content, showsHUD: showsHUD)
            presented += 1
        }
    }

    /// Applies the queued actions; false when one of them is `.quit`.
    private func handleActions() -> Bool {
        for action in window.pollActions() {
            switch action {
            case .quit:
                return false
            case .toggleHUD:
                showsHUD.toggle()
            case .scrub(let x):
                model.setPaused(true)
                model.seek(to: PreviewHUD.time(atX: x, width: pixelSize.width, height: pixelSize.height,
                                               scale: options.scale, end: model.hudContent.end))
            case .endScrub:
                break
            default:
                model.perform(action)
            }
        }
        return true
    }

    /// The scene drawn as `choreo render` draws it, and the HUD over it when `hud` (a script
    /// error shows even with the panel hidden). A frame that cannot be drawn (a value that is not
    /// finite) is a blank canvas with the reason in the HUD's error panel.
    private func draw(_ content: PreviewHUD.Content, hud: Bool) -> Canvas {
        var content = content
        let canvas: Canvas
        do {
            canvas = try renderer.render(model.scene.rootLayer, size: size)
            renderError = nil
        } catch {
            renderError = "cannot draw the frame at \(formatNumber(content.time)) s: \(error)"
            content.error = content.error ?? renderError
            // The size was checked when the session opened: a blank canvas of it cannot fail.
            canvas = try! Canvas(width: pixelSize.width, height: pixelSize.height)
        }
        if hud { PreviewHUD.draw(content, on: canvas, scale: options.scale, showsPanel: showsHUD) }
        return canvas
    }

    private func takeScreenshot(at time: Double, path: String) throws(Failure) {
        model.setPaused(true)
        model.seek(to: time)
        model.tick(vsync: clock.now)
        let canvas = draw(model.hudContent, hud: false)
        if let renderError { throw Failure(description: renderError) }
        if let error = model.hudContent.error { throw Failure(description: error) }
        window.present(canvas)
        do { try canvas.writePNG(to: path) } catch { throw Failure(description: "\(error)") }
    }
}
