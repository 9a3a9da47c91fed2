/// How a preview starts and where its timeline ends.
public struct PreviewOptions: Sendable {
    /// The timeline's length when `duration` is not given: the scene runs until it has nothing
    /// left to do, at the latest this long (`choreo render`'s default, 10 s).
    public static let defaultLimit = 10.0

    /// The timeline's length in seconds (`--duration`); nil: until the scene is idle, at most
    /// `defaultLimit`.
    public var duration: Double?
    /// Global slow motion (`--slow-animations N`, `CHOREO_SLOW_ANIMATIONS`; read both with
    /// `SlowAnimations.factor(option:)`): scene time runs N times slower than the display's, on
    /// top of the speed. Within `SlowAnimations.range` (1...100).
    public var slowAnimations: Double
    /// Whether playback starts paused (a screenshot, a test).
    public var startsPaused: Bool
    /// Whether playback starts looping.
    public var loops: Bool

    public init(duration: Double? = nil, slowAnimations: Double = 1, startsPaused: Bool = false, loops: Bool = false) {
        self.duration = duration
        self.slowAnimations = slowAnimations
        self.startsPaused = startsPaused
        self.loops = loops
    }
}
