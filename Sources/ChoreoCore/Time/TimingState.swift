/// Where a timed object is at one instant of its parent's time: the output of the time model.
///
/// `progress` is what a timing curve receives; `iterationTime` is what the object's children
/// receive as their parent time. Both are nil when the object has no effect (outside its active
/// interval without a fill), and then nothing of it shows.
public struct TimingState: Hashable, Sendable {
    /// Before the active interval, inside it, or after it.
    public enum Phase: Hashable, Sendable { case before, active, after }

    public var phase: Phase
    /// The cycle index (0-based) the state is in; cumulative animations add this many cycles.
    public var iteration: Int
    /// Seconds into the simple duration (0...duration), after wrapping and autoreverse folding.
    public var iterationTime: MediaDuration?
    /// `iterationTime / duration`, in 0...1; the input of the timing curve.
    public var progress: Double?
    /// Whether the state is in the backward half of an autoreversing cycle.
    public var isReversing: Bool

    /// Whether the object contributes at this instant (active, or filling).
    @inlinable public var isInEffect: Bool { progress != nil }

    /// The parent time the object's children see: the iteration time as an instant.
    @inlinable public var childParentTime: MediaTime? { iterationTime.map { MediaTime($0.seconds) } }

    /// The state of an object that shows nothing.
    public static func notInEffect(_ phase: Phase) -> TimingState {
        TimingState(phase: phase, iteration: 0, iterationTime: nil, progress: nil, isReversing: false)
    }
}
