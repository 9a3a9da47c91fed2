import CSDL2
import ChoreoPreview

/// What a key or the mouse asks of the preview: a controller command, or one of the window's own.
///
/// The controller's keys are `PreviewAction(key:shift:)`'s (Space, ←/→ with or without Shift,
/// Home, End, `[`, `]`, I, O, X, L, R); the window adds H (hide or show the HUD) and Esc or Q
/// (quit), and the drag on the timeline bar.
public enum PreviewInput: Equatable, Sendable {
    case command(PreviewAction)
    case toggleHUD
    case quit
    /// The mouse is on the timeline bar at window pixel column `x` (button held).
    case scrub(x: Double)
    /// The mouse button came up after a scrub.
    case endScrub

    /// The input of a key (an SDL keycode: the character the layout puts on the key), or nil.
    public init?(keycode: Int32, shift: Bool) {
        func key(_ code: SDL_KeyCode) -> Int32 { Int32(bitPattern: code.rawValue) }
        switch keycode {
        case key(SDLK_h): self = .toggleHUD
        case key(SDLK_ESCAPE), key(SDLK_q): self = .quit
        default:
            // SDL_GetKeyName spells keys as PreviewAction(key:) reads them ("Space", "Left", "[").
            let name = String(cString: SDL_GetKeyName(keycode))
            guard let command = PreviewAction(key: name, shift: shift) else { return nil }
            self = .command(command)
        }
    }
}
