/// The bounds on script work that the instruction limit alone cannot see: each script callback
/// is a separate entry into Lua, so a callback that schedules another at the same instant (a
/// timer rescheduling itself with `after(0)`, a display link adding links, a delegate re-adding
/// its animation) could run forever with every single call well inside its budget.
///
///     engine.limits.maximumCallbacksPerTurn = 1_000      // a stricter host
///
/// A *turn* is one frame interval (1 / the engine's frame rate) of engine time, starting at the
/// first callback after the previous turn: every script callback that runs in it — timers,
/// display links, animation delegates, transaction, view-animation and animator completions —
/// counts against `maximumCallbacksPerTurn` and shares one instruction budget (`Engine.turnDidBegin`
/// re-arms it). Work that advances time is bounded by the run's time limit; work that does not
/// advance it is bounded here.
public struct EngineLimits: Sendable, Equatable {
    /// Script callbacks in one turn: 100,000 (a scene with thousands of timers or links due on
    /// the same frame stays well inside; an `after(0)` loop is stopped in well under a second).
    public var maximumCallbacksPerTurn = 100_000

    /// The shortest interval `every` accepts, in seconds: 1 ms (a 60 fps frame is 16.7 ms). A
    /// shorter one would fire thousands of times per frame without the scene ever seeing them.
    public static let minimumTimerInterval = 0.001

    public init(maximumCallbacksPerTurn: Int = 100_000) {
        self.maximumCallbacksPerTurn = maximumCallbacksPerTurn
    }
}
