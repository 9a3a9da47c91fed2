import ChoreoCore

/// The frame rates a display link asks for (CAFrameRateRange): a minimum, a maximum and the rate
/// it prefers, in frames per second. The link runs at a factor of the display's refresh rate
/// (`refreshRate / k`), as Apple's links do.
///
///     var link = try VirtualDisplayLink(framesPerSecond: 60)
///     link.preferredFrameRateRange = FrameRateRange(minimum: 20, maximum: 60, preferred: 30)
///     // callbacks on every second vsync
///
/// 0 means "no bound" for `minimum` and `maximum` and "none" for `preferred`; `.default` (all 0)
/// is the display's own rate. Setting a link's `preferredFramesPerSecond` to `p` sets its range
/// to `(0, 0, p)`.
public struct FrameRateRange: Hashable, Sendable, CustomStringConvertible {
    public var minimum: Double
    public var maximum: Double
    /// The rate wanted; nil or 0: the fastest rate within the range.
    public var preferred: Double?

    /// The display's rate: no bound and no preference (CAFrameRateRange.default).
    public static let `default` = FrameRateRange(minimum: 0, maximum: 0, preferred: nil)

    public init(minimum: Double, maximum: Double, preferred: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// The range a link's `preferredFramesPerSecond = rate` sets: `(0, 0, rate)`, `rate` finite
    /// and ≥ 0 (0: the display's rate).
    public static func preferring(_ rate: Double) throws(ArgumentError) -> FrameRateRange {
        FrameRateRange(minimum: 0, maximum: 0, preferred: try requireNonNegative(rate, "preferredFramesPerSecond"))
    }

    /// The range itself, checked: every rate finite and ≥ 0, and when `maximum` is set,
    /// `minimum ≤ preferred ≤ maximum`.
    public func validated() throws(ArgumentError) -> FrameRateRange {
        _ = try requireNonNegative(minimum, "preferredFrameRateRange.minimum")
        _ = try requireNonNegative(maximum, "preferredFrameRateRange.maximum")
        if let preferred { _ = try requireNonNegative(preferred, "preferredFrameRateRange.preferred") }
        guard maximum == 0 || minimum <= maximum else {
            throw ArgumentError(
                parameter: "preferredFrameRateRange.minimum", requirement: "must be at most the maximum (\(formatNumber(maximum)))",
                value: minimum)
        }
        if let preferred, preferred > 0, maximum > 0, !(minimum...maximum).contains(preferred) {
            throw ArgumentError(
                parameter: "preferredFrameRateRange.preferred",
                requirement: "must be within minimum...maximum (\(formatNumber(minimum))...\(formatNumber(maximum)))",
                value: preferred)
        }
        return self
    }

    /// How many vsyncs of a display at `refreshRate` apart the callbacks come: the factor of the
    /// refresh rate nearest the preferred rate (the maximum when none is preferred), chosen as
    /// `preferredFramesPerSecond` is (`frameInterval(preferred:refreshRate:)`), then moved into
    /// `minimum...maximum` when it falls outside. At 60 Hz, (0, 0, 30) gives 2 (30 Hz),
    /// (0, 40, nil) gives 2 (30 Hz: 60 is above 40) and `.default` gives 1.
    public func frameInterval(refreshRate: Double) -> Int {
        let wanted = (preferred ?? 0) > 0 ? preferred! : maximum
        var interval = Self.frameInterval(preferred: wanted, refreshRate: refreshRate)
        if maximum > 0, refreshRate / Double(interval) > maximum * (1 + 1e-9) {
            interval = Self.clampedInterval((refreshRate / maximum * (1 - 1e-9)).rounded(.up))
        }
        if minimum > 0, refreshRate / Double(interval) < minimum * (1 - 1e-9) {
            interval = Self.clampedInterval((refreshRate / minimum * (1 + 1e-9)).rounded(.down))
        }
        return interval
    }

    /// How many vsyncs apart a link at `preferred` frames per second fires on a display at
    /// `refreshRate`.
    ///
    /// Apple's rule for `preferredFramesPerSecond`: the rate used is a factor of the refresh
    /// rate, `refreshRate / k`. Here `k = (refreshRate / preferred).rounded()`, at least 1, so at
    /// 60 Hz 60, 30, 20 and 15 are kept, 26 and 35 become 30, anything above 60 becomes 60, and 0
    /// means 60.
    ///
    ///     FrameRateRange.frameInterval(preferred: 26, refreshRate: 60)   // 2 (30 Hz)
    public static func frameInterval(preferred: Double, refreshRate: Double) -> Int {
        guard preferred > 0, preferred < refreshRate else { return 1 }
        return clampedInterval((refreshRate / preferred).rounded())
    }

    private static func clampedInterval(_ ratio: Double) -> Int {
        ratio >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(ratio))
    }

    public var description: String {
        "{minimum = \(formatNumber(minimum)), maximum = \(formatNumber(maximum)), preferred = \(formatNumber(preferred ?? 0))}"
    }
}
