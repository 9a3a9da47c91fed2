/// What a preview can be told to do: the window maps keys and the mouse to these
/// (`init?(key:shift:)`), tests send them directly.
///
/// | Key | Command |
/// |---|---|
/// | Space | `togglePlay` |
/// | → / ← | `step(frames: 1)` / `step(frames: -1)`: one frame of the `--fps` grid |
/// | Shift+→ / Shift+← | `stepSeconds(1)` / `stepSeconds(-1)` |
/// | Home / End | `goToStart` / `goToEnd` |
/// | `]` / `[` | `faster` / `slower`: the next speed of 0.1, 0.25, 0.5, 1, 2 |
/// | I / O / X | `setInPoint` / `setOutPoint` / `clearRange` |
/// | L | `toggleLoop` |
/// | R | `reload` |
///
/// Dragging on the timeline bar is `seekToFraction` (see `TimelineBar`), or `seek(to:)` with
/// `TimelineBar.time(atX:)`.
public enum PreviewAction: Hashable, Sendable {
    case togglePlay
    case play
    case pause
    /// Moves `frames` grid frames (negative: back) and pauses.
    case step(frames: Int)
    /// Moves `seconds` whole seconds on the grid (negative: back) and pauses.
    case stepSeconds(Int)
    case goToStart
    case goToEnd
    case slower
    case faster
    case setSpeed(Double)
    case setInPoint
    case setOutPoint
    case clearRange
    case toggleLoop
    /// Moves the playhead to a scene time (seconds), snapped to the nearest grid frame.
    case seek(to: Double)
    /// Moves the playhead to a fraction (0...1) of the timeline, snapped to the nearest grid frame.
    case seekToFraction(Double)
    case reload

    /// The command for a key, by its name as SDL's `SDL_GetKeyName` spells it ("Space", "Left",
    /// "Right", "Home", "End", "[", "]", "I", "O", "X", "L", "R"; any case; X11 keysym names such
    /// as "bracketleft" and "space" too), with or without Shift. Nil for a key the preview does
    /// not use.
    public init?(key: String, shift: Bool = false) {
        switch key.lowercased() {
        case "space", " ": self = .togglePlay
        case "right": self = shift ? .stepSeconds(1) : .step(frames: 1)
        case "left": self = shift ? .stepSeconds(-1) : .step(frames: -1)
        case "home": self = .goToStart
        case "end": self = .goToEnd
        case "[", "bracketleft": self = .slower
        case "]", "bracketright": self = .faster
        case "i": self = .setInPoint
        case "o": self = .setOutPoint
        case "x": self = .clearRange
        case "l": self = .toggleLoop
        case "r": self = .reload
        default: return nil
        }
    }
}
