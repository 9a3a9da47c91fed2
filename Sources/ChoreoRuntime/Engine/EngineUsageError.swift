/// A call the engine cannot honour in its current state: programmer misuse, reported with the
/// call and the state it was made in (CONVENTIONS §16).
///
///     try engine.after(1) { try engine.advance(by: 1) }
///     // advance(to:) cannot be called while the engine is running (from inside a timer or
///     // display-link callback)
public struct EngineUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call, as `name(label:)`.
    public var call: String
    /// The state it was made in.
    public var state: String

    public init(call: String, state: String) {
        self.call = call
        self.state = state
    }

    public var description: String { "\(call) cannot be called while \(state)" }
}
