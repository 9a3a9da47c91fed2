/// An instant on a timeline, in seconds from that timeline's origin.
///
/// Every timing space (the root, a layer, a group, an animation) has its own timeline; a
/// `MediaTime` means nothing without knowing whose. `CACurrentMediaTime()` is a `MediaTime` on the
/// root timeline. Instants and lengths of time are different types (`MediaDuration`), so the
/// compiler keeps `beginTime` (an instant in the parent's time) apart from `duration`:
///
///     let begin: MediaTime = 1.0
///     let end = begin + MediaDuration(1.5)    // MediaTime 2.5
///     end - begin                             // MediaDuration 1.5
public struct MediaTime: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var seconds: Double

    @inlinable public init(_ seconds: Double) { self.seconds = seconds }
    @inlinable public init(seconds: Double) { self.seconds = seconds }
    public init(floatLiteral value: Double) { seconds = value }
    public init(integerLiteral value: Int) { seconds = Double(value) }

    public static let zero = MediaTime(0)

    public var description: String { formatNumber(seconds) }

    @inlinable public static func < (a: MediaTime, b: MediaTime) -> Bool { a.seconds < b.seconds }
    @inlinable public static func - (a: MediaTime, b: MediaTime) -> MediaDuration { MediaDuration(a.seconds - b.seconds) }
    @inlinable public static func + (a: MediaTime, b: MediaDuration) -> MediaTime { MediaTime(a.seconds + b.seconds) }
    @inlinable public static func - (a: MediaTime, b: MediaDuration) -> MediaTime { MediaTime(a.seconds - b.seconds) }
    @inlinable public static func += (a: inout MediaTime, b: MediaDuration) { a.seconds += b.seconds }
}

/// A length of time in seconds: a duration, an offset, an interval between instants.
public struct MediaDuration: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var seconds: Double

    @inlinable public init(_ seconds: Double) { self.seconds = seconds }
    @inlinable public init(seconds: Double) { self.seconds = seconds }
    public init(floatLiteral value: Double) { seconds = value }
    public init(integerLiteral value: Int) { seconds = Double(value) }

    public static let zero = MediaDuration(0)
    public static let infinity = MediaDuration(.infinity)
    /// The duration an animation gets when it is added with a duration of 0 and no transaction
    /// says otherwise: 0.25 s (CATransaction's default `animationDuration`).
    public static let defaultAnimationDuration = MediaDuration(0.25)

    public var description: String { formatNumber(seconds) }
    public var isFinite: Bool { seconds.isFinite }

    @inlinable public static func < (a: MediaDuration, b: MediaDuration) -> Bool { a.seconds < b.seconds }
    @inlinable public static func + (a: MediaDuration, b: MediaDuration) -> MediaDuration { MediaDuration(a.seconds + b.seconds) }
    @inlinable public static func - (a: MediaDuration, b: MediaDuration) -> MediaDuration { MediaDuration(a.seconds - b.seconds) }
    @inlinable public static func * (a: MediaDuration, k: Double) -> MediaDuration { MediaDuration(a.seconds * k) }
    @inlinable public static func / (a: MediaDuration, b: MediaDuration) -> Double { a.seconds / b.seconds }
    @inlinable public static prefix func - (a: MediaDuration) -> MediaDuration { MediaDuration(-a.seconds) }
}
