import ChoreoCore
import ChoreoRender

/// What the window's loop needs of the preview's state machine (the window-free
/// `PreviewController` of ChoreoPreview conforms in `PreviewController+Model.swift`).
///
/// Why a protocol: the loop (`PreviewSession`) is the thin part that touches SDL, the clock and
/// inotify; everything it asks of the model is a plain call, so the model is tested without a
/// window and the loop is tested against the real model under Xvfb.
public protocol PreviewModel: AnyObject {
    /// The scene to draw now (after a failed reload, the last good one).
    var scene: Scene { get }
    /// What the HUD shows now (also the frame log's values).
    var hudContent: PreviewHUD.Content { get }
    /// One display-link tick: the vsync at `time`, seconds of the session's monotonic clock.
    func tick(vsync time: Double)
    /// A key's action: everything but `.toggleHUD`, `.quit`, `.scrub` and `.endScrub`, which the
    /// window's loop handles itself.
    func perform(_ action: PreviewAction)
    /// Moves the playhead to `time` (scene seconds), as a drag on the timeline bar does.
    func seek(to time: Double)
    /// Pauses (true) or plays.
    func setPaused(_ paused: Bool)
    /// Loads the script again and swaps it in at the playhead (hot reload); on a script error the
    /// last good scene stays and `hudContent.error` says why.
    func reload()
}
