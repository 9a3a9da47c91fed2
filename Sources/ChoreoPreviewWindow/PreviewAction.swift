import CSDL2

/// What a key or the mouse asks of the preview, before it reaches the controller.
///
/// The keys follow Remotion Studio and GSDevTools (docs/preview.md has the table):
///
///     Space        play / pause          ←/→   one frame back / on (Shift: one second)
///     Home / End   to the start / end    [ ]   slower / faster (0.1, 0.25, 0.5, 1, 2)
///     I / O        in / out point here   X     clear the range     L   loop the range
///     H            hide / show the HUD   Esc, Q  quit
public enum PreviewAction: Equatable, Sendable {
    case togglePlay
    /// Step by whole frames (−1, +1), paused.
    case stepFrames(Int)
    /// Step by seconds (−1, +1), paused.
    case stepSeconds(Double)
    case toStart, toEnd
    case slower, faster
    case setIn, setOut, clearRange, toggleLoop
    case toggleHUD
    case quit
    /// The mouse is on the timeline bar at window pixel column `x` (button held).
    case scrub(x: Double)
    /// The mouse button came up after a scrub.
    case endScrub

    /// The action of a key (an SDL keycode: the character the layout puts on the key), or nil.
    public init?(keycode: Int32, shift: Bool) {
        func key(_ code: SDL_KeyCode) -> Int32 { Int32(bitPattern: code.rawValue) }
        switch keycode {
        case key(SDLK_SPACE): self = .togglePlay
        case key(SDLK_LEFT): self = shift ? .stepSeconds(-1) : .stepFrames(-1)
        case key(SDLK_RIGHT): self = shift ? .stepSeconds(1) : .stepFrames(1)
        case key(SDLK_HOME): self = .toStart
        case key(SDLK_END): self = .toEnd
        case key(SDLK_LEFTBRACKET): self = .slower
        case key(SDLK_RIGHTBRACKET): self = .faster
        case key(SDLK_i): self = .setIn
        case key(SDLK_o): self = .setOut
        case key(SDLK_x): self = .clearRange
        case key(SDLK_l): self = .toggleLoop
        case key(SDLK_h): self = .toggleHUD
        case key(SDLK_ESCAPE), key(SDLK_q): self = .quit
        default: return nil
        }
    }
}
