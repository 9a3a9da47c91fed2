import ChoreoCore
import ChoreoRuntime

/// A `sequence(function(wait, await) ... end)` as scripts hold it: a Lua coroutine driven by
/// the engine's time (ScriptHost+Sequences.swift drives it; SequenceBindings.swift binds it).
///
/// Its lifecycle is a small state machine:
///
///     running ──wait/await──► waiting ──timer / awaited finish──► running
///     running ──body returns──► finished        waiting ──cancel()──► cancelled
///     running ──error──► failed (the run ends with it)
///
/// `request` numbers each wait and await; a resume carrying an older number (a cancelled
/// timer's, an `any` member that finished late) is ignored, so a body is resumed exactly once
/// per wait. The body keeps its own clock, `bodyTime`: `wait(s)` resumes at exactly
/// `bodyTime + s`, so waits never drift onto the frame grid.
public final class ScriptSequence: Awaitable {
    enum State { case running, waiting, finished, cancelled, failed }

    var state = State.running
    /// Resumes the coroutine (`step(...)` → ok, done | traceback, yielded values...) and closes
    /// it (`close()`): closures of the driver chunk, released once the sequence ends.
    var step: LuaFunctionRef?
    var close: LuaFunctionRef?
    /// The coroutine's Lua state: a `wait` from any other thread is not this body's.
    var thread: OpaquePointer?
    /// Engine seconds: where the body is in time (its start, a wait's due time, the instant an
    /// awaited object finished).
    var bodyTime: Double
    /// The number of the current wait or await (see the type's comment).
    var request = 0
    /// Whether the body yielded through `wait`/`await` (a bare `coroutine.yield` did not).
    var hasPendingRequest = false
    /// The timer of the current `wait`.
    var timer: TimerHandle?
    /// Sequences started while this body ran: cancelled with it.
    var children: [ScriptSequence] = []
    /// Script completions, called with `finished`; and the awaiters (other sequences, groups).
    var completions: [LuaFunctionRef] = []
    private var awaiters: [(AwaitResult) -> Void] = []
    /// Where the script started it (`scene.lua:4`), for runaway and error reports.
    let origin: String?
    /// Host memory charged for it, given back when it ends.
    var charge: AnyObject?

    init(bodyTime: Double, origin: String?) {
        self.bodyTime = bodyTime
        self.origin = origin
    }

    public var isFinished: Bool { state == .finished || state == .cancelled || state == .failed }
    public var isCancelled: Bool { state == .cancelled }

    public var awaitResult: AwaitResult? {
        switch state {
        case .finished: .finished(true)
        case .cancelled: .finished(false)
        case .running, .waiting, .failed: nil
        }
    }

    public func whenFinished(_ handler: @escaping (AwaitResult) -> Void) {
        awaiters.append(handler)
    }

    /// Ends the sequence in `state`: drops the coroutine and the timer, and hands back the
    /// awaiters to call (after the completions, which the host calls).
    func end(_ final: State) -> [(AwaitResult) -> Void] {
        state = final
        request += 1
        timer?.cancel()
        timer = nil
        step = nil
        close = nil
        thread = nil
        charge = nil
        hasPendingRequest = false
        let waiting = awaiters
        awaiters = []
        return waiting
    }
}
