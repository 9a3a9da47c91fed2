/// The timeline bar's geometry: where on the bar a time is and which time a point of it means.
/// The window draws the bar and forwards mouse x; this does the arithmetic, so it is tested
/// without a window.
///
///     let bar = TimelineBar(x: 20, width: 335, duration: 2.5)
///     bar.time(atX: 187.5)       // 1.25
///     bar.x(at: 2.5)             // 355
///
/// Points left of the bar mean 0 and right of it the end (a drag may leave the bar).
public struct TimelineBar: Hashable, Sendable {
    /// The bar's left edge and width, in the window's units (pixels).
    public var x: Double
    public var width: Double
    /// The timeline's length in seconds.
    public var duration: Double

    public init(x: Double, width: Double, duration: Double) {
        self.x = x
        self.width = width
        self.duration = duration
    }

    /// The fraction of the timeline at `pointX`, within 0...1 (0 for a bar of no width).
    public func fraction(atX pointX: Double) -> Double {
        guard width > 0, pointX.isFinite else { return pointX == .infinity ? 1 : 0 }
        return min(max((pointX - x) / width, 0), 1)
    }

    /// The scene time at `pointX`.
    public func time(atX pointX: Double) -> Double { fraction(atX: pointX) * max(duration, 0) }

    /// Where `time` is on the bar (clamped to the bar).
    public func x(at time: Double) -> Double {
        guard duration > 0, time.isFinite else { return x }
        return x + width * min(max(time / duration, 0), 1)
    }
}
