/// A script error: a timer or display-link callback threw (or a delegate or completion failed,
/// or script callbacks ran away: `RunawayError`), and the engine stopped the run.
///
///     let report = try engine.run(until: .time(5))
///     if let failure = report.error {
///         print("\(failure.callback) at \(failure.time) s: \(failure.error)")
///     }
///
/// The error thrown is kept as is (the Lua layer's error, with its message and traceback). The
/// engine stops at the failing callback: time stays at that callback's time, the callbacks due
/// after it in the same frame do not run, and that frame is not handed to sinks. The scene is
/// committed, so what the callback did before throwing stands. The engine stays usable.
public struct CallbackFailure: Error, CustomStringConvertible {
    /// What kind of callback failed.
    public enum Callback: String, Sendable {
        case timer
        case displayLink
        /// An animation delegate or a completion (they run while the scene delivers events).
        case animationEvent
        /// A frame sink (the trace recorder, the renderer) refused the frame.
        case frameSink
    }

    /// The error the callback threw.
    public var error: any Error
    /// The engine time the callback ran at, in seconds.
    public var time: Double
    public var callback: Callback

    public init(error: any Error, time: Double, callback: Callback) {
        self.error = error
        self.time = time
        self.callback = callback
    }

    public var description: String { "\(error)" }
}
