/// An animator as something a sequence awaits: its completion position.
///
/// Awaiting an animator resumes in the frame its completion is delivered, after its own
/// completion handlers, with the position it finished at. An animator stopped without
/// finishing (`stopAnimation(true)`, which calls no completion) resumes its awaiters with
/// `.current`, where it left the properties, so a sequence never waits forever on it. Once it
/// has finished (or been stopped so), `awaitResult` holds that position until it starts again.
extension Animator: Awaitable {
    public var awaitResult: AwaitResult? { lastPosition.map(AwaitResult.position) }

    public func whenFinished(_ handler: @escaping (AwaitResult) -> Void) {
        awaiters.append(handler)
    }

    /// Records the end of a run at `position` and calls the awaiters (after the completions).
    func notifyAwaiters(_ position: AnimatorPosition) {
        lastPosition = position
        let waiting = awaiters
        awaiters = []
        for handler in waiting { handler(.position(position)) }
    }
}
