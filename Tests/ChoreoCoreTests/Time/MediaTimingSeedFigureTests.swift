import Testing
@testable import ChoreoCore

/// The figures of seed 001 ("controlling animation timing", after ronnqvi.st): an orange → blue
/// animation on a white layer, drawn on a one-second grid. `progress` nil means the layer shows its
/// model value (white): the animation is not in effect.
@Suite("Time model: the seed's figures")
struct MediaTimingSeedFigureTests {
    @Test("Figure 1: a 1.5 s animation runs from 0 to 1.5 s and is then removed")
    func duration() {
        let timing = MediaTiming(duration: 1.5)
        #expect(timing.state(at: 0).progress == 0)
        #expect(nearly(timing.state(at: 0.75).progress, 0.5))
        #expect(nearly(timing.state(at: 1.4999).progress, 1.4999 / 1.5))
        #expect(timing.state(at: 1.5).progress == nil)
        #expect(timing.state(at: 1.5).phase == .after)
        #expect(timing.state(at: 4).progress == nil)
    }

    @Test("Figure 2: beginTime 1 delays the animation, which then ends at 2.5 s")
    func beginTime() {
        let timing = MediaTiming(beginTime: 1, duration: 1.5)
        #expect(timing.state(at: 0.5).progress == nil)
        #expect(timing.state(at: 0.5).phase == .before)
        #expect(timing.state(at: 1).progress == 0)
        #expect(nearly(timing.state(at: 1.75).progress, 0.5))
        #expect(timing.state(at: 2.5).progress == nil)
        #expect(timing.activeEndTime == 2.5)
    }

    @Test("Figure 3: fill backwards shows the from-value during the delay")
    func fillBackwards() {
        let timing = MediaTiming(beginTime: 1, duration: 1.5, fillMode: .backwards)
        #expect(timing.state(at: 0).progress == 0)
        #expect(timing.state(at: 0.99).progress == 0)
        #expect(timing.state(at: 0.99).phase == .before)
        #expect(nearly(timing.state(at: 1.75).progress, 0.5))
        #expect(timing.state(at: 2.5).progress == nil)
    }

    @Test("Figure 4: autoreverses plays forwards, then backwards, doubling the time")
    func autoreverses() {
        let timing = MediaTiming(duration: 1.5, autoreverses: true)
        #expect(timing.activeDuration == 3)
        #expect(nearly(timing.state(at: 0.75).progress, 0.5))
        #expect(timing.state(at: 1.5).progress == 1)
        #expect(timing.state(at: 1.5).isReversing == false)
        #expect(nearly(timing.state(at: 2.25).progress, 0.5))
        #expect(timing.state(at: 2.25).isReversing)
        #expect(nearly(timing.state(at: 2.9).progress, 0.1 / 1.5, 1e-12))
        #expect(timing.state(at: 3).progress == nil)
    }

    @Test("Figure 5: repeatCount 1.5 plays once, then jumps back and plays half again")
    func repeatCount() {
        let timing = MediaTiming(duration: 1.5, repeatCount: 1.5)
        #expect(timing.activeDuration == 2.25)
        #expect(nearly(timing.state(at: 1.4).progress, 1.4 / 1.5))
        let restart = timing.state(at: 1.5)
        #expect(restart.progress == 0)
        #expect(restart.iteration == 1)
        #expect(nearly(timing.state(at: 1.875).progress, 0.25))
        #expect(timing.state(at: 2.25).progress == nil)

        var held = timing
        held.fillMode = .forwards
        let end = held.state(at: 10)
        #expect(end.phase == .after)
        #expect(nearly(end.progress, 0.5))
        #expect(end.iteration == 1)
    }

    @Test("Figure 6: repeatDuration 2 repeats a 1.5 s animation until 2 s")
    func repeatDuration() {
        let timing = MediaTiming(duration: 1.5, repeatDuration: 2, fillMode: .forwards)
        #expect(timing.activeDuration == 2)
        #expect(nearly(timing.state(at: 1.75).progress, 0.25 / 1.5))
        #expect(timing.state(at: 1.75).iteration == 1)
        #expect(nearly(timing.state(at: 2).progress, 0.5 / 1.5))
        #expect(timing.state(at: 2).phase == .after)

        let short = MediaTiming(duration: 1.5, repeatDuration: 1)
        #expect(short.activeDuration == 1)
        #expect(short.state(at: 1).progress == nil)
    }

    @Test("Figure 7: autoreverses with repeats: each repeat is a full forwards-and-back cycle")
    func combination() {
        // The reference's example: repeatCount 2.5, duration 0.5, autoreverses ⇒ 2.5 s.
        let counted = MediaTiming(duration: 0.5, repeatCount: 2.5, autoreverses: true, fillMode: .forwards)
        #expect(counted.activeDuration == 2.5)
        #expect(nearly(counted.state(at: 1.25).progress, 0.5))
        #expect(counted.state(at: 1.25).isReversing == false)
        #expect(counted.state(at: 1.25).iteration == 1)
        #expect(nearly(counted.state(at: 1.75).progress, 0.5))
        #expect(counted.state(at: 1.75).isReversing)
        #expect(counted.state(at: 2.5).progress == 1)  // half a cycle: ends at the far end

        // Reversing within a repeat duration: 1.5 s forwards, back, forwards again until 4 s.
        let timed = MediaTiming(duration: 1.5, repeatDuration: 4, autoreverses: true, fillMode: .forwards)
        #expect(nearly(timed.state(at: 2.25).progress, 0.5))
        #expect(timed.state(at: 2.25).isReversing)
        #expect(nearly(timed.state(at: 3.75).progress, 0.5))
        #expect(nearly(timed.state(at: 4).progress, 1 / 1.5))
    }

    @Test("Figure 8: speed 2 plays a 3 s animation in 1.5 s")
    func speed() {
        let timing = MediaTiming(duration: 3, speed: 2)
        #expect(nearly(timing.state(at: 0.75).progress, 0.5))
        #expect(timing.state(at: 1.5).progress == nil)
        #expect(timing.activeEndTime == 1.5)
    }

    @Test("Speeds multiply down the tree: 1.5 in a group of 2 runs at 3, and 3 on a layer of 0.5 at 1.5")
    func hierarchicalSpeed() {
        let group = MediaTiming(duration: 10, speed: 2)
        let child = MediaTiming(duration: 3, speed: 1.5)
        for t in [0.1, 0.25, 0.5, 0.9] {
            let parentTime = group.state(at: MediaTime(t)).childParentTime!
            #expect(nearly(child.state(at: parentTime).progress, 3 * t / 3))
        }

        let layer = TimeMapping(MediaTiming(speed: 0.5))
        let animation = MediaTiming(duration: 3, speed: 3)
        for t in [0.2, 1, 1.9] {
            let local = layer.localTime(from: MediaTime(t))
            #expect(nearly(animation.state(at: local).progress, 1.5 * t / 3))
        }
    }

    @Test("Figure 9: timeOffset 1 on a 3 s animation plays 1→3, then jumps back and plays 0→1")
    func timeOffset() {
        let timing = MediaTiming(duration: 3, timeOffset: 1)
        #expect(nearly(timing.state(at: 0).progress, 1.0 / 3))
        #expect(nearly(timing.state(at: 1).progress, 2.0 / 3))
        #expect(timing.state(at: 2).progress == 1)
        #expect(nearly(timing.state(at: 2.5).progress, 0.5 / 3))
        #expect(nearly(timing.state(at: 2.999).progress, 0.999 / 3, 1e-12))
        #expect(timing.state(at: 3).progress == nil)

        var held = timing
        held.fillMode = .both
        #expect(nearly(held.state(at: 5).progress, 1.0 / 3))
        #expect(nearly(held.state(at: -1).progress, 1.0 / 3))
    }

    @Test("The slider: a layer with speed 0 shows its animation at the layer's timeOffset")
    func pausedLayerScrubbedByTimeOffset() {
        let animation = MediaTiming(duration: 1)
        for slider in [0.0, 0.1, 0.5, 0.75, 0.999] {
            let layer = TimeMapping(MediaTiming(speed: 0, timeOffset: MediaDuration(slider)))
            for now in [0.0, 3.0, 1234.5] {
                #expect(nearly(animation.state(at: layer.localTime(from: MediaTime(now))).progress, slider))
            }
        }
        // The seed's example: (0,0) → (100,100) in 1 s, paused at timeOffset 0.5, stands at (50,50).
        let layer = TimeMapping(MediaTiming(speed: 0, timeOffset: 0.5))
        let progress = animation.state(at: layer.localTime(from: 9)).progress!
        #expect(100 * progress == 50)
    }
}
