/// A linear map from one timeline to another: `local = parent × scale + offset`.
///
/// Layers are unbounded timing spaces: a layer's local time is
/// `(parent − beginTime) × speed + timeOffset`, which is this map with `scale = speed` and
/// `offset = timeOffset − beginTime × speed`. Maps compose down the layer tree, so the local time
/// of any layer is one multiply-add from the root's, and `CALayer.convertTime(_:from:)` between
/// any two layers is one map composed with the other's inverse.
///
///     let paused = TimeMapping(MediaTiming(speed: 0, timeOffset: 0.5))
///     paused.localTime(from: 1234)   // 0.5 — a paused layer stays at its timeOffset
///
/// A map with scale 0 (a paused layer) has no inverse: converting a time *into* its parent is
/// ambiguous, and `inverse` is nil.
public struct TimeMapping: Hashable, Sendable {
    public var scale: Double
    public var offset: Double

    public init(scale: Double, offset: Double) {
        self.scale = scale
        self.offset = offset
    }

    /// The map from parent time to local time of an unbounded timing space (a layer).
    public init(_ timing: MediaTiming) {
        scale = timing.speed
        offset = timing.timeOffset.seconds - timing.beginTime.seconds * timing.speed
    }

    public static let identity = TimeMapping(scale: 1, offset: 0)

    @inlinable
    public func localTime(from parentTime: MediaTime) -> MediaTime {
        MediaTime(parentTime.seconds * scale + offset)
    }

    /// The map that applies `self` first, then `inner` (parent → self → inner's local time).
    ///
    /// Scale and offset are kept within ±1e150 (`composedLimit`): each layer's speed is at most
    /// 1e6, but a chain of layers multiplies them (2 per layer overflows after 1,024 layers), and
    /// an infinite scale times a time of 0 is NaN. Clamped, every local time stays finite.
    public func followed(by inner: TimeMapping) -> TimeMapping {
        TimeMapping(scale: Self.clamped(scale * inner.scale), offset: Self.clamped(offset * inner.scale + inner.offset))
    }

    /// The largest scale or offset a composed map keeps: times up to 1e15 s times it stay finite.
    public static let composedLimit = 1e150

    private static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -composedLimit), composedLimit)
    }

    /// The map back from local to parent time; nil when time is frozen (scale 0).
    public var inverse: TimeMapping? {
        guard scale != 0 else { return nil }
        return TimeMapping(scale: 1 / scale, offset: -offset / scale)
    }
}
