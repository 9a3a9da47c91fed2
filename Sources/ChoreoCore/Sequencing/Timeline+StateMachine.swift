/// The timeline's states and legal calls, as one table (as `Animator+StateMachine.swift` is).
///
/// The states are the animator's: inactive (not started, or completed, or stopped), active
/// (running — also during a start delay — or paused). `step(for:in:isNested:)` gives, for each
/// (call, phase), the action to perform or the error to throw; the actions are in
/// `Timeline+Playback.swift`. Choices where GSAP and UIKit differ:
/// - `startAnimation` while running does nothing; on a paused timeline it resumes.
/// - `stopAnimation` (UIKit's `stopAnimation(true)`): the values shown become the model, the
///   animations go, the timeline is inactive and no completion runs. On an inactive timeline it
///   is an error.
/// - `seek` and `fractionComplete` work in every state: on an inactive timeline they make it
///   active and paused there (as setting an animator's fractionComplete does); on a running one
///   the playhead jumps and runs on (GSAP's seek), unlike an animator's no-op.
/// - A nested timeline is driven by its parent: every control throws.
/// - Adding children is legal in every state (`Timeline+Children.swift`), so it is not a row.
extension Timeline {
    /// The calls whose legality depends on the phase.
    enum Call: String {
        case startAnimation, pauseAnimation, stopAnimation, seek
        case setFractionComplete = "fractionComplete"
    }

    /// What a legal call does.
    enum Step: Equatable {
        /// Nothing (legal, no effect in this phase).
        case none
        /// Start from 0 (from the end when reversed).
        case start
        /// Run on from where the playhead rests.
        case resume
        /// Become active, paused at 0.
        case activateAndPause
        /// Pause where the playhead is.
        case pause
        /// Keep the values shown, remove the animations, become inactive.
        case stop
        /// Move the playhead (an inactive timeline becomes active and paused).
        case move
    }

    /// The table: (call, phase, nested) → step, or the error naming the call and the state.
    static func step(for call: Call, in phase: Phase, isNested: Bool) throws(TimelineError) -> Step {
        guard !isNested else {
            throw TimelineError(call: call.rawValue, problem: "timeline is nested in another timeline",
                                remedy: "control the outer timeline")
        }
        switch (call, phase) {
        case (.startAnimation, .inactive): return .start
        case (.startAnimation, .running): return .none
        case (.startAnimation, .paused): return .resume

        case (.pauseAnimation, .inactive): return .activateAndPause
        case (.pauseAnimation, .running): return .pause
        case (.pauseAnimation, .paused): return .none

        case (.stopAnimation, .inactive):
            throw TimelineError(call: call.rawValue, problem: "timeline is inactive", remedy: "there is nothing to stop")
        case (.stopAnimation, .running), (.stopAnimation, .paused): return .stop

        case (.seek, _), (.setFractionComplete, _): return .move
        }
    }
}
