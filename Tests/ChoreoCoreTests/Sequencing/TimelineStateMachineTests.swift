import Testing
@testable import ChoreoCore

/// The table of `Timeline+StateMachine.swift`, row by row, from the choices its doc comment states.
@Suite("Timeline's state table")
struct TimelineStateMachineTests {
    typealias Row = (call: Timeline.Call, phase: Timeline.Phase, step: Timeline.Step?)

    static let rows: [Row] = [
        (.startAnimation, .inactive, .start), (.startAnimation, .running, Timeline.Step.none), (.startAnimation, .paused, .resume),
        (.pauseAnimation, .inactive, .activateAndPause), (.pauseAnimation, .running, .pause), (.pauseAnimation, .paused, Timeline.Step.none),
        (.stopAnimation, .inactive, nil), (.stopAnimation, .running, .stop), (.stopAnimation, .paused, .stop),
        (.seek, .inactive, .move), (.seek, .running, .move), (.seek, .paused, .move),
        (.setFractionComplete, .inactive, .move), (.setFractionComplete, .running, .move), (.setFractionComplete, .paused, .move),
    ]

    @Test("Each call in each phase: its step, or the error naming the state", arguments: 0..<rows.count)
    func table(index: Int) throws {
        let row = Self.rows[index]
        if let step = row.step {
            #expect(try Timeline.step(for: row.call, in: row.phase, isNested: false) == step)
        } else {
            #expect(throws: TimelineError(call: "stopAnimation", problem: "timeline is inactive", remedy: "there is nothing to stop")) {
                try Timeline.step(for: row.call, in: row.phase, isNested: false)
            }
        }
    }

    @Test("Every call on a nested timeline is refused, naming the call")
    func nested() {
        for call in [Timeline.Call.startAnimation, .pauseAnimation, .stopAnimation, .seek, .setFractionComplete] {
            #expect(throws: TimelineError(call: call.rawValue, problem: "timeline is nested in another timeline",
                                          remedy: "control the outer timeline")) {
                try Timeline.step(for: call, in: .paused, isNested: true)
            }
        }
    }
}
