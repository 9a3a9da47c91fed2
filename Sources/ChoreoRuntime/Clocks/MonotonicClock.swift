#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real time from the system's monotonic clock, with its origin at the clock's creation.
public final class MonotonicClock: MediaClock {
    private let origin: Double

    public init() { origin = MonotonicClock.systemSeconds() }

    /// The seconds of CLOCK_MONOTONIC at this clock's 0: what turns another process's readings
    /// of the system clock (an X server's vblank times) into this clock's, and back.
    public var systemOrigin: Double { origin }

    public var now: Double { MonotonicClock.systemSeconds() - origin }

    /// Seconds of CLOCK_MONOTONIC: not affected by changes of the wall clock.
    static func systemSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
