import Testing
@testable import ChoreoCore

@Suite("Time model: edge cases")
struct MediaTimingTests {
    @Test("Fill modes decide what shows before the begin and after the end")
    func fillModes() {
        let cases: [(FillMode, Double?, Double?)] = [
            (.removed, nil, nil), (.forwards, nil, 1), (.backwards, 0, nil), (.both, 0, 1),
        ]
        for (mode, before, after) in cases {
            let timing = MediaTiming(beginTime: 1, duration: 1, fillMode: mode)
            #expect(timing.state(at: 0.5).progress == before, "\(mode) before")
            #expect(timing.state(at: 2).progress == after, "\(mode) at the end")
            #expect(timing.state(at: 7).progress == after, "\(mode) long after")
            #expect(timing.state(at: 1.5).progress == 0.5, "\(mode) active")
        }
    }

    @Test("A run that ends on a cycle boundary holds the end of the last cycle")
    func endOnCycleBoundary() {
        let timing = MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards)
        let end = timing.state(at: 2)
        #expect(end.progress == 1)
        #expect(end.iteration == 1)
        // ...while an interior boundary starts the next cycle.
        #expect(timing.state(at: 1).progress == 0)
        #expect(timing.state(at: 1).iteration == 1)

        let reversing = MediaTiming(duration: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        #expect(reversing.state(at: 2).progress == 0)
    }

    @Test("A fractional repeat count below one plays that fraction of the cycle")
    func fractionalRepeatBelowOne() {
        let timing = MediaTiming(duration: 2, repeatCount: 0.5, fillMode: .forwards)
        #expect(timing.activeDuration == 1)
        #expect(timing.state(at: 5).progress == 0.5)
    }

    @Test("A repeat count of zero means one cycle")
    func repeatCountZero() {
        #expect(MediaTiming(duration: 2).activeDuration == 2)
        #expect(MediaTiming(duration: 2, autoreverses: true).activeDuration == 4)
    }

    @Test("Infinite repeat counts, spelled as infinity or Float's greatest magnitude, never end")
    func infiniteRepeat() {
        for count in [Double.infinity, Double(Float.greatestFiniteMagnitude)] {
            let timing = MediaTiming(duration: 0.5, repeatCount: count)
            #expect(timing.activeDuration == .infinity)
            #expect(timing.activeEndTime == nil)
            let state = timing.state(at: 1_000_000.25)
            #expect(state.progress == 0.5)
            #expect(state.iteration == 2_000_000)
        }
        #expect(MediaTiming(duration: 1, repeatDuration: .infinity).state(at: 1e9 + 0.5).progress == 0.5)
    }

    @Test("Speed 0 holds an animation at its start, or at its timeOffset")
    func speedZero() {
        let timing = MediaTiming(duration: 2, speed: 0)
        #expect(timing.state(at: 100).progress == 0)
        #expect(timing.activeEndTime == nil)
        let offset = MediaTiming(duration: 2, speed: 0, timeOffset: 0.5)
        #expect(offset.state(at: 100).progress == 0.25)
    }

    @Test("Negative speed plays the active interval backwards from its end")
    func negativeSpeed() {
        let timing = MediaTiming(duration: 1, speed: -1)
        #expect(timing.state(at: 0).progress == 1)
        #expect(timing.state(at: 0.25).progress == 0.75)
        #expect(timing.state(at: 1).progress == nil)
        #expect(timing.state(at: 1).phase == .before)
        #expect(timing.state(at: -0.5).phase == .after)
        #expect(timing.activeEndTime == 1)

        let filled = MediaTiming(duration: 2, speed: -2, fillMode: .both)
        #expect(filled.state(at: 0.5).progress == 0.5)
        #expect(filled.state(at: 3).progress == 0)      // done: shows the start (backwards fill)
        #expect(filled.state(at: -3).progress == 1)     // not begun: shows the end (forwards fill)
    }

    @Test("A zero duration makes an instantaneous object that ends at its begin")
    func zeroDuration() {
        let timing = MediaTiming(beginTime: 1, fillMode: .both)
        #expect(timing.activeDuration == 0)
        #expect(timing.state(at: 0.5).progress == 0)
        #expect(timing.state(at: 1).progress == 1)
        #expect(MediaTiming(beginTime: 1).state(at: 1).progress == nil)
    }

    @Test("A top-level animation with duration 0 gets the default 0.25 s")
    func defaultDuration() {
        #expect(MediaTiming().resolvingDefaultDuration().duration == 0.25)
        #expect(MediaTiming(duration: 2).resolvingDefaultDuration().duration == 2)
        #expect(MediaTiming().resolvingDefaultDuration(0.8).duration == 0.8)
        #expect(MediaTiming().resolvingDefaultDuration().state(at: 0.125).progress == 0.5)
    }

    @Test("Negative and oversized time offsets wrap into the active duration")
    func offsetWrapping() {
        #expect(nearly(MediaTiming(duration: 3, timeOffset: -1).state(at: 0).progress, 2.0 / 3))
        #expect(nearly(MediaTiming(duration: 3, timeOffset: 7).state(at: 0).progress, 1.0 / 3))
        let repeating = MediaTiming(duration: 1, timeOffset: 1.5, repeatCount: 2)
        #expect(repeating.state(at: 0).progress == 0.5)
        #expect(repeating.state(at: 0).iteration == 1)
        #expect(repeating.state(at: 1).progress == 0.5)
        #expect(repeating.state(at: 1).iteration == 0)
    }

    @Test("Children of a group see its iteration time and are clipped to its duration")
    func groupClipping() {
        let group = MediaTiming(duration: 5)
        let child = MediaTiming(duration: 10)
        #expect(child.state(at: group.state(at: 4).childParentTime!).progress == 0.4)
        #expect(group.state(at: 5).childParentTime == nil)

        let repeatingGroup = MediaTiming(duration: 2, repeatCount: 2)
        let late = MediaTiming(beginTime: 1, duration: 1)
        #expect(late.state(at: repeatingGroup.state(at: 3.5).childParentTime!).progress == 0.5)
        #expect(late.state(at: repeatingGroup.state(at: 2.5).childParentTime!).progress == nil)
    }

    @Test("A NaN time is never in effect and never yields NaN")
    func nanTime() {
        let timing = MediaTiming(duration: 1, fillMode: .both)
        #expect(timing.state(at: MediaTime(.nan)).progress == nil)
        #expect(MediaTiming(duration: 1, speed: .nan).state(at: 1).progress == nil)
    }

    @Test("Validation names the bad property and its value")
    func validation() {
        func message(_ timing: MediaTiming) -> String? {
            do { try timing.validate(); return nil } catch { return error.description }
        }
        #expect(message(MediaTiming(duration: 1)) == nil)
        #expect(message(MediaTiming(repeatCount: .infinity)) == nil)
        #expect(message(MediaTiming(duration: MediaDuration(.nan))) == "duration must be a finite number ≥ 0 (got nan)")
        #expect(message(MediaTiming(duration: -1)) == "duration must be a finite number ≥ 0 (got -1)")
        #expect(message(MediaTiming(duration: .infinity)) == "duration must be a finite number ≥ 0 (got inf)")
        #expect(message(MediaTiming(speed: .infinity)) == "speed must be a finite number (got inf)")
        #expect(message(MediaTiming(beginTime: MediaTime(.nan))) == "beginTime must be a finite number (got nan)")
        #expect(message(MediaTiming(repeatCount: -2)) == "repeatCount must be a number ≥ 0 (or infinity) (got -2)")
        #expect(message(MediaTiming(repeatDuration: -0.5)) == "repeatDuration must be a number ≥ 0 (or infinity) (got -0.5)")
    }

    @Test("Fill modes parse from their names and reject others with the list")
    func fillModeParsing() throws {
        #expect(try FillMode(parsing: "both") == .both)
        #expect(throws: ArgumentError(
            parameter: "fillMode", requirement: "must be one of \"removed\", \"forwards\", \"backwards\", \"both\"",
            value: "\"sideways\"")
        ) { try FillMode(parsing: "sideways") }
    }
}
