/// Turns: the unit the runaway bounds count in (`EngineLimits`).
extension Engine {
    /// Counts one script callback about to run at `now`, beginning a new turn when the current
    /// one is a frame interval old (or none has begun). Every script callback passes here: the
    /// engine's timers and display links, and the Lua layer's delegates and completions.
    ///
    ///     try engine.admitCallback(.animationEvent, origin: "scene.lua:3")
    ///
    /// - Throws: `RunawayError` when the turn already ran `limits.maximumCallbacksPerTurn`
    ///   callbacks; the callback must not run.
    public func admitCallback(_ source: RunawayError.Source, origin: String?) throws(RunawayError) {
        beginTurnIfDue()
        turnCallbacks += 1
        guard turnCallbacks <= limits.maximumCallbacksPerTurn else {
            throw RunawayError(
                source: source, origin: origin, limit: limits.maximumCallbacksPerTurn, turnStart: turnStart, time: now)
        }
    }

    /// Ends the current turn: the next callback begins a new one (with a fresh budget). The Lua
    /// layer calls it after a turn of its own, such as a script's top level.
    public func endTurn() {
        turnStart = -.infinity
        turnCallbacks = 0
    }

    /// Begins a new turn when the current one started a frame interval ago or earlier.
    func beginTurnIfDue() {
        guard !(now < turnStart + 1 / framesPerSecond) else { return }
        turnStart = now
        turnCallbacks = 0
        turnDidBegin?()
    }

    /// Ends the run at a failure a delegate or completion left (see `takeEventFailure`); false
    /// when there was one (it is in the report).
    func checkEventFailure() -> Bool {
        guard let error = takeEventFailure?() else { return true }
        report.error = CallbackFailure(error: error, time: now, callback: .animationEvent)
        return false
    }
}
