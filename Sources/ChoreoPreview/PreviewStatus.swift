/// What the HUD says about the script: running fine, or the error to show with `file:line`.
public enum PreviewStatus: Equatable, Sendable {
    /// The script loaded and runs.
    case ok
    /// The last load or reload failed (a syntax or runtime error before the playhead, a missing file):
    /// the last good scene stays on screen. A later good reload clears it.
    case loadFailed(PreviewScriptError)
    /// The running script failed in a callback at the playhead; playback paused there.
    case scriptError(PreviewScriptError)

    /// The error's `file:line: message`, if there is one.
    public var message: String? {
        switch self {
        case .ok: nil
        case .loadFailed(let error), .scriptError(let error): error.message
        }
    }
}

/// Everything the HUD shows, as one value: the window draws it; tests compare it.
public struct PreviewHUDState: Equatable, Sendable {
    /// The playhead: the scene time presented, in seconds.
    public var time: Double
    /// The grid frame the playhead is on (`time × fps`), or nil between frames.
    public var frame: Int?
    /// The timeline's length in seconds (see `PreviewOptions`).
    public var end: Double
    /// The `--fps` grid steps move on.
    public var framesPerSecond: Double
    /// The playback speed (0.1, 0.25, 0.5, 1, 2, or another set by `setSpeed`).
    public var speed: Double
    /// The global slow-motion factor (1 when off).
    public var slowAnimations: Double
    /// The in and out points (nil: the timeline's start and end).
    public var inPoint: Double?
    public var outPoint: Double?
    public var isLooping: Bool
    public var isPaused: Bool
    /// Display-link frames skipped since the preview started (late frames).
    public var skippedFrames: Int
    /// Good reloads so far.
    public var reloads: Int
    public var status: PreviewStatus

    /// A state of one's own: a HUD's tests draw one without a controller.
    public init(
        time: Double, frame: Int? = nil, end: Double, framesPerSecond: Double = 60, speed: Double = 1,
        slowAnimations: Double = 1, inPoint: Double? = nil, outPoint: Double? = nil, isLooping: Bool = false,
        isPaused: Bool = false, skippedFrames: Int = 0, reloads: Int = 0, status: PreviewStatus = .ok
    ) {
        self.time = time
        self.frame = frame
        self.end = end
        self.framesPerSecond = framesPerSecond
        self.speed = speed
        self.slowAnimations = slowAnimations
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.isLooping = isLooping
        self.isPaused = isPaused
        self.skippedFrames = skippedFrames
        self.reloads = reloads
        self.status = status
    }
}
