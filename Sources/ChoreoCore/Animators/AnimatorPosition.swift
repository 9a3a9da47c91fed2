/// Where an animator's properties end up (UIViewAnimatingPosition).
public enum AnimatorPosition: String, Sendable, CaseIterable {
    /// The values assigned in the animation blocks.
    case end
    /// The values the properties had before the animations were applied.
    case start
    /// The values the animator last produced.
    case current
}

/// An animator's state (UIViewAnimatingState).
public enum AnimatorState: String, Sendable, CaseIterable {
    /// Not started, or finished: its animations have not been applied (or were discarded).
    case inactive
    /// Running or paused.
    case active
    /// Stopped with `stopAnimation(false)`: values frozen, waiting for `finishAnimation(at:)`.
    case stopped
}

/// An illegal call on an animator (UIKit raises NSInternalInconsistencyException): the call, the
/// state it was made in, and what to do instead.
///
///     "finishAnimation: animator is active; call stopAnimation(false) first"
public struct AnimatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call as written in the API (`finishAnimation`, `fractionComplete`).
    public var call: String
    /// The animator's state when the call was made.
    public var state: AnimatorState
    /// Why the call is illegal there, or what to call first.
    public var remedy: String

    public init(call: String, state: AnimatorState, remedy: String) {
        self.call = call
        self.state = state
        self.remedy = remedy
    }

    public var description: String { "\(call): animator is \(state.rawValue); \(remedy)" }
}
