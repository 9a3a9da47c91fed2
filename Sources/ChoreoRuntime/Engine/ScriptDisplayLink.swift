import ChoreoCore

/// A display link for script code (CADisplayLink): a callback on the engine's frames, at the
/// engine's rate or a factor of it.
///
///     let link = try engine.addDisplayLink(preferredFramesPerSecond: 30) { link in
///         box.layer.setValue(.scalar(link.targetTimestamp), forKeyPath: "position.x")
///     }
///     link.invalidate()
///
/// The callback runs on frames, after the timers due by the frame's time (a timer and a link
/// due at the same instant run in the order they were scheduled), with the scene already at the
/// frame's time. The fields are CADisplayLink's (see `FramePacer`): `timestamp` is the frame the
/// previous callback's work was shown at (on time: this frame's time), `targetTimestamp` the time
/// of the link's next frame, when this callback's work is shown, and `duration` the engine's
/// frame interval (the maximum rate); all three are 0 before the first callback. When the engine
/// skipped frames (a late real-time frame), the callback runs once, at the frame the engine
/// produces, and `skippedFrames` counts the callbacks the link missed: `targetTimestamp −
/// timestamp` is then a whole number of frame intervals larger than the link's own. A link first
/// fires on the next frame; one added by a display-link callback waits for the frame after. A
/// paused link does not fire and does not keep a run alive; after a pause its next callback
/// starts afresh (`timestamp` is that frame's time, nothing skipped). The engine holds a link
/// until it is invalidated.
public final class ScriptDisplayLink {
    /// The rates asked for (CAFrameRateRange): the link fires every
    /// `preferredFrameRateRange.frameInterval(refreshRate:)` engine frames.
    public private(set) var preferredFrameRateRange: FrameRateRange
    /// While true the callback is not called; the first callback after a pause starts afresh.
    public var isPaused = false {
        didSet { if isPaused { restarts = true } }
    }
    /// Callbacks the link missed just before the latest one (the engine skipped frames).
    public internal(set) var skippedFrames = 0
    /// Whether `invalidate()` was called.
    public private(set) var isInvalidated = false
    /// The time of the frame of the latest callback.
    public internal(set) var timestamp = 0.0
    /// The time of the frame of the next callback.
    public internal(set) var targetTimestamp = 0.0
    /// The engine's frame interval, 1 / its frames per second.
    public internal(set) var duration = 0.0
    /// Where the script created the link (`scene.lua:4`), named when it runs away.
    public var origin: String?

    var callback: ((ScriptDisplayLink) throws -> Void)?
    /// The engine frame number the link fires on next.
    var nextFrame: Int
    /// Orders the link against timers and links due at the same instant.
    var sequence: Int
    /// Whether the link fired in the frame in progress (the engine reorders its links after it).
    var firedInFrame = false
    /// Whether the next callback starts afresh: the first, and the first after a pause or a
    /// change of the engine's grid.
    var restarts = true

    /// The engine's count of live display links.
    private let liveCount: LiveObjectCount

    init(preferredFramesPerSecond: Double, nextFrame: Int, sequence: Int, liveCount: LiveObjectCount,
         callback: @escaping (ScriptDisplayLink) throws -> Void)
    {
        self.liveCount = liveCount
        liveCount.increment()
        preferredFrameRateRange = FrameRateRange(minimum: 0, maximum: 0, preferred: preferredFramesPerSecond)
        self.nextFrame = nextFrame
        self.sequence = sequence
        self.callback = callback
    }

    deinit { liveCount.decrement() }

    /// Whether the link would fire on a frame now: neither paused nor invalidated.
    public var isRunning: Bool { !isPaused && !isInvalidated }

    /// The rate asked for (`preferredFrameRateRange.preferred`); 0 means the engine's rate.
    public var preferredFramesPerSecond: Double { preferredFrameRateRange.preferred ?? 0 }

    /// Sets the rate asked for (0 = the engine's rate): the range `(0, 0, rate)`. The rate used
    /// is a factor of the engine's (see `FrameRateRange.frameInterval(preferred:refreshRate:)`).
    public func setPreferredFramesPerSecond(_ rate: Double) throws(ArgumentError) {
        preferredFrameRateRange = try .preferring(rate)
    }

    /// Sets the rates asked for (checked by `FrameRateRange.validated()`).
    public func setPreferredFrameRateRange(_ range: FrameRateRange) throws(ArgumentError) {
        preferredFrameRateRange = try range.validated()
    }

    /// Removes the link from the engine for good.
    public func invalidate() {
        isInvalidated = true
        callback = nil
    }

    /// The rate the link fires at when the engine runs at `maximum` frames per second.
    public func framesPerSecond(maximum: Double) -> Double {
        maximum / Double(preferredFrameRateRange.frameInterval(refreshRate: maximum))
    }

    /// How many engine frames apart a link at `preferred` frames per second fires
    /// (`FrameRateRange.frameInterval(preferred:refreshRate:)`, Apple's rounding).
    ///
    ///     ScriptDisplayLink.frameInterval(preferred: 26, maximum: 60)   // 2 (30 Hz)
    public static func frameInterval(preferred: Double, maximum: Double) -> Int {
        FrameRateRange.frameInterval(preferred: preferred, refreshRate: maximum)
    }
}
