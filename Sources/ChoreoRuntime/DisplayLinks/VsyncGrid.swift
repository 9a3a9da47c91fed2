/// A display's vsync grid as the display counts it: vblank `count` (the display's vblank
/// counter, the X Present extension's MSC) is at `origin + count × period`, in seconds of a
/// monotonic clock.
///
///     let grid = VsyncGrid(origin: 0.004, period: 1.0 / 60)
///     grid.time(of: 120)              // 2.004
///     grid.nearestCount(to: 2.01)     // 120
///
/// `VsyncGridEstimator` fits one to the display's vblank samples; the preview window's
/// `VsyncTimer` sleeps to it. Times are computed from the origin, never accumulated.
public struct VsyncGrid: Hashable, Sendable {
    /// The time of vblank 0 (far in the past for a counter that has run since boot).
    public var origin: Double
    /// Seconds between vblanks (> 0).
    public var period: Double

    public init(origin: Double, period: Double) {
        self.origin = origin
        self.period = period
    }

    /// The time of vblank `count`.
    public func time(of count: Int) -> Double { origin + Double(count) * period }

    /// The vblank nearest to `time`.
    public func nearestCount(to time: Double) -> Int { Int(((time - origin) / period).rounded()) }

    /// How far `time` is from the nearest vblank, in seconds (negative: before it).
    public func offset(of time: Double) -> Double { time - self.time(of: nearestCount(to: time)) }
}
