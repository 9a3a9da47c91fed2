import CSDL2
import ChoreoRender
#if canImport(Glibc)
import Glibc
#endif

/// The preview's window: an SDL2 window the size of the canvas, one streaming texture filled
/// from the cairo canvas each frame, and the keyboard and mouse turned into `PreviewInput`s.
///
///     let window = try PreviewWindow(title: "flight-info.lua", width: 750, height: 1334)
///     window.present(canvas)                       // the same pixels `choreo render` writes
///     for action in window.pollActions() { ... }
///
/// Why a streaming texture and no conversion: cairo's ARGB32 (premultiplied, native-endian) and
/// SDL's ARGB8888 are the same 32-bit layout, so each frame is a row copy into the locked texture
/// and a 1:1 copy to the window — the window's pixels are the canvas's. Blending is off: the
/// texture replaces what was there, as the PNG would.
///
/// Why the software renderer: it needs no GPU or GL (Xvfb, CI, SSH), copies 1:1 exactly, and a
/// 2-D blit per frame is well within its reach. SDL's vsync is not used: it sleeps whole
/// milliseconds where there is no real vsync (16 ms, 62.5 Hz at "60"); `VsyncTimer` paces, on the
/// X server's vblanks where Present gives them (`PresentPacing`).
///
/// Contract: create, use and drop the window on the main thread (SDL's rule). One window at a
/// time (SDL video is initialised and quit with it).
public final class PreviewWindow {
    public let width: Int
    public let height: Int
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let texture: OpaquePointer
    /// Whether the left button went down on the timeline bar and has not come up (a scrub).
    private var isScrubbing = false
    /// Where the timeline bar is, for the mouse: set by the owner (window pixels).
    public var timelineBar: ((Double, Double) -> Bool)?

    /// Why a window cannot open.
    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens a window of `width`×`height` pixels.
    /// - Throws: `OpenError` naming what to do when there is no display (set
    ///   `SDL_VIDEODRIVER=dummy`, or run under Xvfb).
    public init(title: String, width: Int, height: Int) throws(OpenError) {
        self.width = width
        self.height = height
        guard choreo_sdl_load() != 0 else {
            let reason = choreo_sdl_load_error().map { String(cString: $0) } ?? "unknown"
            throw OpenError(description: "choreo preview: cannot load SDL2 (\(reason)); install it: apt-get install libsdl2-2.0-0")
        }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")  // Ctrl-C keeps its default meaning
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw OpenError(description: """
                cannot open a window (SDL: \(Self.lastError())). With no display, set \
                SDL_VIDEODRIVER=dummy to run headless (e.g. with --screenshot-at), or run under Xvfb: \
                xvfb-run -a choreo preview SCENE.lua
                """)
        }
        // With no display SDL falls back to its offscreen driver: a window nobody sees, which is
        // only what the user wants when they chose a driver (SDL_VIDEODRIVER=dummy, offscreen).
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if getenv("SDL_VIDEODRIVER") == nil, driver == "offscreen" || driver == "dummy" {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw OpenError(description: """
                cannot open a window: SDL found no display to open (is DISPLAY set, and its X server \
                running?). Set SDL_VIDEODRIVER=dummy to run headless (e.g. with --screenshot-at), or run \
                under Xvfb: xvfb-run -a choreo preview SCENE.lua
                """)
        }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), SDL_WINDOW_SHOWN.rawValue) else {
            let reason = Self.lastError()
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw OpenError(description: "cannot open a \(width)×\(height) window (SDL: \(reason))")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue),
              let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            let reason = Self.lastError()
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw OpenError(description: "cannot draw into the window (SDL: \(reason))")
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        self.window = window
        self.renderer = renderer
        self.texture = texture
    }

    deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
    }

    /// The name of SDL's video driver in use ("x11", "dummy", "offscreen", "wayland").
    public var videoDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none" }

    /// The window's X11 id (for Present's vblank times), nil when the driver is not x11.
    public var x11WindowID: UInt32? {
        let id = choreo_sdl_x11_window(window)
        return id == 0 ? nil : id
    }

    /// The display's refresh rate in Hz, or nil when SDL does not know it (Xvfb, dummy).
    public var refreshRate: Double? {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }

    /// Shows the canvas (of the window's size): copies its rows into the texture and presents.
    public func present(_ canvas: Canvas) {
        precondition(canvas.width == width && canvas.height == height, "a \(canvas.width)×\(canvas.height) canvas in a \(width)×\(height) window")
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return }
        canvas.withPixels { source, bytesPerRow in
            let rowBytes = width * 4
            for row in 0..<height {
                (pixels + row * Int(pitch)).copyMemory(from: source + row * bytesPerRow, byteCount: rowBytes)
            }
        }
        SDL_UnlockTexture(texture)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }

    /// What the user asked for since the last call (keys, the timeline bar, closing).
    public func pollInputs() -> [PreviewInput] {
        var actions: [PreviewInput] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                actions.append(.quit)
            case SDL_KEYDOWN:
                let shift = (UInt32(event.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
                if let action = PreviewInput(keycode: event.key.keysym.sym, shift: shift) { actions.append(action) }
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
                let (x, y) = (Double(event.button.x), Double(event.button.y))
                if timelineBar?(x, y) ?? false {
                    isScrubbing = true
                    actions.append(.scrub(x: x))
                }
            case SDL_MOUSEMOTION where isScrubbing:
                actions.append(.scrub(x: Double(event.motion.x)))
            case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && isScrubbing:
                isScrubbing = false
                actions.append(.endScrub)
            default:
                break
            }
        }
        return actions
    }

    static func lastError() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "unknown error" : message
    }
}
