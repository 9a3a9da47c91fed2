/// The animator's states and legal calls, as one table (reference §1.4).
///
/// `Animator.Phase` refines `AnimatorState.active` into running and paused. `step(for:in:)` is
/// the table: for each (phase, call) it gives the action to perform or the error to throw. The
/// actions themselves are in `Animator+Controls.swift`; nothing else decides legality.
///
/// Choices where Apple's documentation is silent (reference §1.4 "?" cells):
/// - `addCompletion` is legal in every state (UIKit says so explicitly), so it is not a row.
/// - `startAnimation` while running is a no-op.
/// - `stopAnimation` on an inactive or stopped animator is an error.
/// - `fractionComplete` set while running is a no-op (UIKit's header); set while stopped is an
///   error.
/// - When `isInterruptible` is false, `pauseAnimation` and `stopAnimation` on an active animator
///   are errors (UIKit: "not possible"); pausing an inactive one is allowed.
/// - `continueAnimation` is legal only when paused and interruptible; on a stopped animator it is
///   an error (UIKit's docs require "active").
extension Animator {
    /// The animator's phase: `AnimatorState` with `active` split into running and paused.
    enum Phase: Equatable {
        case inactive, running, paused, stopped

        var state: AnimatorState {
            switch self {
            case .inactive: .inactive
            case .running, .paused: .active
            case .stopped: .stopped
            }
        }
    }

    /// The calls whose legality depends on the phase.
    enum Call: String {
        case startAnimation, pauseAnimation, stopAnimation, finishAnimation, addAnimations, continueAnimation
        case setFractionComplete = "fractionComplete"
        case setInterruptible = "isInterruptible"
    }

    /// What a legal call does.
    enum Step: Equatable {
        /// Nothing (the call is legal but has no effect in this phase).
        case none
        /// Apply the animation blocks (inactive → active), then run.
        case activateAndRun
        /// Run from the current fraction (paused → running).
        case resume
        /// Apply the animation blocks (inactive → active), then pause at fraction 0.
        case activateAndPause
        /// Pause at the current fraction (running → paused).
        case pause
        /// Remove the animations, keeping the current values (active → inactive or stopped).
        case stop
        /// Put the properties at a position and run the completions (stopped → inactive).
        case finish
        /// Apply the animation blocks (inactive → active, paused), then show a fraction.
        case activateAndScrub
        /// Show a fraction (paused).
        case scrub
        /// Apply an added block now, over the remaining time (active).
        case applyNow
        /// Store the value (an inactive animator's configuration or block).
        case store
        /// Run on from the current fraction with new timing (paused → running).
        case continueRunning
    }

    /// The table: (call, phase, interruptible) → step, or the error naming the call and state.
    static func step(for call: Call, in phase: Phase, isInterruptible: Bool) throws(AnimatorError) -> Step {
        func illegal(_ remedy: String) -> AnimatorError {
            AnimatorError(call: call.rawValue, state: phase.state, remedy: remedy)
        }
        let notInterruptible = "it is not interruptible (isInterruptible is false)"
        switch (call, phase) {
        case (.startAnimation, .inactive): return .activateAndRun
        case (.startAnimation, .running): return .none
        case (.startAnimation, .paused): return .resume
        case (.startAnimation, .stopped): throw illegal("call finishAnimation(at:) first")

        case (.pauseAnimation, .inactive): return .activateAndPause
        case (.pauseAnimation, .running): if isInterruptible { return .pause } else { throw illegal(notInterruptible) }
        case (.pauseAnimation, .paused): return .none
        case (.pauseAnimation, .stopped): throw illegal("call finishAnimation(at:) first")

        case (.stopAnimation, .inactive): throw illegal("there is nothing to stop")
        case (.stopAnimation, .running), (.stopAnimation, .paused):
            if isInterruptible { return .stop } else { throw illegal(notInterruptible) }
        case (.stopAnimation, .stopped): throw illegal("call finishAnimation(at:) instead")

        case (.finishAnimation, .inactive), (.finishAnimation, .running), (.finishAnimation, .paused):
            throw illegal("call stopAnimation(false) first")
        case (.finishAnimation, .stopped): return .finish

        case (.addAnimations, .inactive): return .store
        case (.addAnimations, .running), (.addAnimations, .paused): return .applyNow
        case (.addAnimations, .stopped): throw illegal("call finishAnimation(at:) first")

        case (.continueAnimation, .inactive): throw illegal("pause it first (continueAnimation resumes a paused animator)")
        case (.continueAnimation, .running): throw illegal("call pauseAnimation() first")
        case (.continueAnimation, .paused):
            if isInterruptible { return .continueRunning } else { throw illegal(notInterruptible) }
        case (.continueAnimation, .stopped): throw illegal("call finishAnimation(at:) first")

        case (.setFractionComplete, .inactive): return .activateAndScrub
        case (.setFractionComplete, .running): return .none
        case (.setFractionComplete, .paused): return .scrub
        case (.setFractionComplete, .stopped): throw illegal("call finishAnimation(at:) first")

        case (.setInterruptible, .inactive): return .store
        case (.setInterruptible, .running), (.setInterruptible, .paused), (.setInterruptible, .stopped):
            throw illegal("set it before starting the animator")
        }
    }
}
