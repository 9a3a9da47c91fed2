/// An illegal call on a timeline: the call, what makes it illegal, and what to do instead.
///
///     "add: the animator is active; add an inactive animator (before startAnimation)"
///     "startAnimation: timeline is nested in another timeline; control the outer timeline"
public struct TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call as written in the API (`add`, `fractionComplete`).
    public var call: String
    /// Why the call is illegal (names the state of what it acts on).
    public var problem: String
    /// What to do instead.
    public var remedy: String

    public init(call: String, problem: String, remedy: String) {
        self.call = call
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String { "\(call): \(problem); \(remedy)" }
}
