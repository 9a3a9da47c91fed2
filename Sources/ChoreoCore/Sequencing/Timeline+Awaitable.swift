/// A timeline is awaitable (`await(tl)` in a sequence): it finishes with its completion
/// position, "end" or "start", at the exact time it completes, after its own completion handlers.
extension Timeline: Awaitable {
    /// The last completion's position while the timeline stays finished; nil before it has
    /// completed, and again once it starts.
    public var awaitResult: AwaitResult? { lastCompletion.map(AwaitResult.position) }

    /// Calls `handler` once, at the next completion, after `completion` and the handlers added
    /// before it.
    public func whenFinished(_ handler: @escaping (AwaitResult) -> Void) {
        addCompletion { handler(.position($0)) }
    }
}
