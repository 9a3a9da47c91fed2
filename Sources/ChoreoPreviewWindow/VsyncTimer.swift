#if canImport(Glibc)
import Glibc
#endif
import ChoreoRuntime

/// The preview window's display link: sleeps to each vsync on absolute deadlines and turns the
/// wake-up into a `DisplayLinkTick` with the runtime's `FramePacer` (CADisplayLink's timestamps,
/// Choreographer's drops).
///
///     var vsync = VsyncTimer(rate: window.refreshRate ?? 60, clock: MonotonicClock())
///     while running {
///         let tick = vsync.waitForNextTick()     // sleeps to the next vsync
///         controller.tick(tick)                  // samples the scene at tick.targetTimestamp
///         window.present(frame)
///     }
///
/// Why Choreo paces and not SDL: SDL2 has no vblank timestamps, and where there is no real vsync
/// (Xvfb, the dummy driver, most software paths) its "vsync" is an `SDL_Delay` of whole
/// milliseconds: 16 ms, 62.5 Hz at "60". Vsync `k` is at `origin + k × period` (computed, never
/// accumulated), and the sleep is `clock_nanosleep(TIMER_ABSTIME)` to it, so wake-up errors do not
/// add up. A frame that overran wakes at once, and `FramePacer` snaps it to the latest vsync
/// passed and counts the skipped ones: never a burst of catch-up frames.
///
/// The grid starts when the window opens, at the display's nominal rate
/// (`SDL_GetCurrentDisplayMode`, else 60 Hz). Where the X server has the Present extension,
/// `PresentPacing` moves it onto the server's vblanks (`align(to:)`): their phase and their
/// measured period, re-synced every second.
public struct VsyncTimer {
    private var pacer: FramePacer
    private let clock: any MediaClock

    /// A display link whose vsync 0 is the clock's now.
    public init(rate: Double, clock: any MediaClock) {
        self.clock = clock
        pacer = FramePacer(origin: clock.now, firstFrame: 0, framesPerSecond: rate)
    }

    /// Seconds between vsyncs.
    public var period: Double { 1 / pacer.framesPerSecond }
    /// The clock's time of vsync 0.
    public var origin: Double { pacer.origin }

    /// Moves the grid onto `grid` (the display's vblanks, in the clock's seconds), from the next
    /// vsync on: the vsync due becomes the grid's vblank nearest to it, so the next tick's
    /// `timestamp` may differ from the last tick's `targetTimestamp` by the phase correction (at
    /// most half a period; a few µs once in step). Frame numbers and skipped counts go on.
    public mutating func align(to grid: VsyncGrid) {
        let due = pacer.scheduledFrame
        let vblank = grid.time(of: grid.nearestCount(to: pacer.time(of: due)))
        pacer = FramePacer(origin: vblank - Double(due) * grid.period, firstFrame: due, framesPerSecond: 1 / grid.period)
    }

    /// Sleeps until the next vsync due (at once when it has passed) and returns its tick.
    public mutating func waitForNextTick() -> DisplayLinkTick {
        Self.sleep(for: pacer.time(of: pacer.scheduledFrame) - clock.now)
        return pacer.nextTick(latestVsync: pacer.latestVsync(at: clock.now))
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
