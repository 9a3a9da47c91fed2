import Testing
@testable import ChoreoCore

@Suite("Time model: layer time spaces")
struct TimeMappingTests {
    @Test("A layer's local time is (parent − beginTime) × speed + timeOffset")
    func layerFormula() {
        let mapping = TimeMapping(MediaTiming(beginTime: 2, speed: 3, timeOffset: 0.5))
        #expect(mapping.localTime(from: 5) == MediaTime((5 - 2) * 3 + 0.5))
    }

    @Test("Maps compose down the tree and invert back up")
    func composeAndInvert() {
        let parent = TimeMapping(MediaTiming(beginTime: 1, speed: 2))
        let child = TimeMapping(MediaTiming(speed: 0.5, timeOffset: 3))
        let both = parent.followed(by: child)
        for t in [0.0, 1.5, 10] {
            #expect(both.localTime(from: MediaTime(t)) == child.localTime(from: parent.localTime(from: MediaTime(t))))
            #expect(nearly(both.inverse!.localTime(from: both.localTime(from: MediaTime(t))).seconds, t))
        }
        #expect(TimeMapping(MediaTiming(speed: 0)).inverse == nil)
    }

    @Test("Apple's pause and resume recipe (QA1673) continues from where the layer paused")
    func pauseAndResume() {
        // Pause at global time 4: p = convertTime(now); speed = 0; timeOffset = p.
        var layer = MediaTiming()
        let pausedAt = TimeMapping(layer).localTime(from: 4)
        layer.speed = 0
        layer.timeOffset = pausedAt - .zero
        #expect(TimeMapping(layer).localTime(from: 9) == pausedAt)
        // Resume at global time 10: speed = 1; timeOffset = 0; beginTime = 0;
        // beginTime = convertTime(now) − p.
        let p = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = .zero
        layer.beginTime = .zero
        layer.beginTime = TimeMapping(layer).localTime(from: 10) - p
        #expect(TimeMapping(layer).localTime(from: 10) == pausedAt)
        #expect(TimeMapping(layer).localTime(from: 11) == pausedAt + MediaDuration(1))
    }
}
