/// What a timed object shows outside its active interval (CAMediaTimingFillMode).
///
/// - `removed`: nothing; the model value shows (the default).
/// - `forwards`: after the end, the final state is held.
/// - `backwards`: before the start, the initial state is shown.
/// - `both`: both of the above.
///
/// A forwards fill of an animation that is removed on completion is invisible: the animation is
/// gone before the fill could show (that is the layer's business, not the time model's).
public enum FillMode: String, CaseIterable, Sendable {
    case removed, forwards, backwards, both

    /// Whether the object shows its initial state before it starts.
    @inlinable public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the object holds its final state after it ends.
    @inlinable public var fillsForwards: Bool { self == .forwards || self == .both }

    /// Parses a fill mode name; an unknown name lists the valid ones.
    public init(parsing name: String) throws(ArgumentError) {
        try self.init(parsing: name, parameter: "fillMode")
    }
}
