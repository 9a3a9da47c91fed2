#if canImport(Glibc)
import Glibc
#endif
import ChoreoRuntime

/// Paces the preview's frames on absolute vsync deadlines: `origin + n × period`, never drifting.
///
///     var pacer = FramePacer(rate: window.refreshRate ?? 60, clock: clock)
///     while running {
///         let vsync = pacer.waitForNextVsync()     // sleeps to the next grid point
///         controller.tick(vsync)                   // the display link's timestamp
///         window.present(frame)
///     }
///
/// Why Choreo paces and not SDL: SDL2 has no vblank timestamps, and where there is no real vsync
/// (Xvfb, the dummy driver, most software paths) its "vsync" is an `SDL_Delay` of whole
/// milliseconds: 16 ms, 62.5 Hz, at "60". Sleeping with `clock_nanosleep(TIMER_ABSTIME)` to
/// deadlines on a grid keeps the mean period exact and the error of each wake-up from adding up.
/// A frame that overruns wakes at the next grid point after now, never at one already past: the
/// display link then sees the gap as skipped vsyncs (Choreographer's way), never a catch-up burst.
///
/// The X Present extension's vblank times are not used: the grid starts at the window's opening,
/// at the display's nominal rate (`SDL_GetCurrentDisplayMode`, else 60 Hz).
public struct FramePacer {
    /// Seconds between vsyncs.
    public let period: Double
    /// The clock's time of vsync 0.
    public let origin: Double
    private let clock: any MediaClock
    /// The last vsync handed out (never handed out twice).
    private var last: Double

    /// A pacer whose vsync 0 is the clock's now.
    public init(rate: Double, clock: any MediaClock) {
        period = 1 / rate
        self.clock = clock
        origin = clock.now
        last = origin
    }

    /// The first grid point strictly after `now` and after the last one handed out.
    public func vsync(after now: Double) -> Double {
        let index = ((max(now, last) - origin) / period).rounded(.down) + 1
        return origin + index * period
    }

    /// Sleeps until the next vsync and returns its time (the clock's seconds).
    public mutating func waitForNextVsync() -> Double {
        let deadline = vsync(after: clock.now)
        Self.sleep(for: deadline - clock.now)
        last = deadline
        return deadline
    }

    /// Sleeps `remaining` seconds (if positive) to an absolute point of CLOCK_MONOTONIC, so a
    /// signal that interrupts the sleep does not lengthen it.
    private static func sleep(for remaining: Double) {
        guard remaining > 0 else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let target = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9 + remaining
        var spec = timespec(tv_sec: Int(target.rounded(.down)), tv_nsec: Int((target - target.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
    }
}
