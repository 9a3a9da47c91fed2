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
/// frame's time. `timestamp` is the frame's time, `targetTimestamp` the time of the link's next
/// frame and `duration` the engine's frame interval (the maximum rate), as on Apple platforms; all
/// three are 0 before the first callback. A link first fires on the next frame; one added by a
/// display-link callback waits for the frame after. A paused link does not fire and does not keep
/// a run alive; the engine holds a link until it is invalidated.
public final class ScriptDisplayLink {
    /// The rate asked for; 0 means the engine's rate.
    public private(set) var preferredFramesPerSecond: Double
    /// While true the callback is not called.
    public var isPaused = false
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

    /// The engine's count of live display links.
    private let liveCount: LiveObjectCount

    init(preferredFramesPerSecond: Double, nextFrame: Int, sequence: Int, liveCount: LiveObjectCount,
         callback: @escaping (ScriptDisplayLink) throws -> Void)
    {
        self.liveCount = liveCount
        liveCount.increment()
        self.preferredFramesPerSecond = preferredFramesPerSecond
        self.nextFrame = nextFrame
        self.sequence = sequence
        self.callback = callback
    }

    deinit { liveCount.decrement() }

    /// Whether the link would fire on a frame now: neither paused nor invalidated.
    public var isRunning: Bool { !isPaused && !isInvalidated }

    /// Sets the rate asked for (0 = the engine's rate); the rate used is a factor of the engine's
    /// (see `frameInterval(preferred:maximum:)`).
    public func setPreferredFramesPerSecond(_ rate: Double) throws(ArgumentError) {
        preferredFramesPerSecond = try requireNonNegative(rate, "preferredFramesPerSecond")
    }

    /// Removes the link from the engine for good.
    public func invalidate() {
        isInvalidated = true
        callback = nil
    }

    /// The rate the link fires at when the engine runs at `maximum` frames per second.
    public func framesPerSecond(maximum: Double) -> Double {
        maximum / Double(Self.frameInterval(preferred: preferredFramesPerSecond, maximum: maximum))
    }

    /// How many engine frames apart a link at `preferred` frames per second fires.
    ///
    /// Apple's rule for `preferredFramesPerSecond`: the rate used is a factor of the maximum,
    /// `maximum / k`. Here `k = (maximum / preferred).rounded()`, at least 1, so at 60 Hz 60, 30,
    /// 20 and 15 are kept, 26 and 35 become 30, anything above 60 becomes 60, and 0 means 60.
    ///
    ///     ScriptDisplayLink.frameInterval(preferred: 26, maximum: 60)   // 2 (30 Hz)
    public static func frameInterval(preferred: Double, maximum: Double) -> Int {
        guard preferred > 0, preferred < maximum else { return 1 }
        let ratio = (maximum / preferred).rounded()
        return ratio >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(ratio))
    }
}
