import Testing
@testable import ChoreoRuntime

/// Whether `a` and `b` are within a picosecond.
private func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

/// Feeds `(time, count)` samples, each received 1 ms after its time.
private func feed(_ estimator: inout VsyncGridEstimator, _ samples: [(Double, Int)]) {
    for (time, count) in samples { estimator.add(.init(time: time, count: count), receivedAt: time + 0.001) }
}

@Suite("Vsync grid estimator: (ust, msc) samples to a vblank grid, and when to ask for the next")
struct VsyncGridEstimatorTests {
    @Test("Exact samples give the nominal period until two are 30 vblanks apart, then the measured one")
    func nominalThenMeasured() throws {
        // The display runs at 16.8 ms (59.52 Hz) with vblank 0 at 3 ms; SDL said 60 Hz.
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        feed(&estimator, [100, 101, 102].map { (0.003 + Double($0) * 0.0168, $0) })
        // Offsets from the 1/60 grid: 3 ms + c × (16.8 − 16.666…) µs; their median is count 101's.
        let early = try #require(estimator.grid)
        #expect(early.period == 1.0 / 60)
        #expect(same(early.origin, 0.003 + 101 * (0.0168 - 1.0 / 60)))

        feed(&estimator, [(0.003 + 130 * 0.0168, 130)])
        let measured = try #require(estimator.grid)
        #expect(same(measured.period, 0.0168))
        #expect(same(measured.origin, 0.003))
    }

    @Test("Jitter of ±0.5 ms leaves the period exact and puts the phase at the median offset")
    func jitter() throws {
        // 60 Hz from 2 ms, sampled once a second, alternately 0.5 ms late and early. The ten
        // slopes are 1/60 s plus −1/60, −1/60, −1/180, 0, 0, 0, 0, 1/180, 1/60, 1/60 ms per
        // vblank: the median is exact. The offsets are 2.5, 1.5, 2.5, 1.5, 2.5 ms: the median 2.5.
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        let jitter = [0.0005, -0.0005, 0.0005, -0.0005, 0.0005]
        feed(&estimator, jitter.enumerated().map { i, error in (0.002 + Double(i) + error, 60 * i) })
        let grid = try #require(estimator.grid)
        #expect(same(grid.period, 1.0 / 60))
        #expect(same(grid.origin, 0.0025))
    }

    @Test("A sample 6 ms late is set aside and moves nothing; the next one on the grid clears it")
    func lateSample() throws {
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        feed(&estimator, (0..<8).map { (0.001 + Double($0) / 60, $0) })
        let before = try #require(estimator.grid)
        // 6 ms is more than a quarter period (4.17 ms) off.
        let moved = estimator.add(.init(time: 0.001 + 8.0 / 60 + 0.006, count: 8), receivedAt: 1)
        #expect(!moved && estimator.grid == before && estimator.offGridSamples.count == 1)
        feed(&estimator, [(0.001 + 9.0 / 60, 9)])
        #expect(estimator.offGridSamples.isEmpty && estimator.samples.count == 9)
        let after = try #require(estimator.grid)
        #expect(same(after.origin, 0.001))
    }

    @Test("A vblank never reported (counts 0, 1, 3, 4, 40) changes nothing: the samples lie on one grid")
    func skippedCount() throws {
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        feed(&estimator, [0, 1, 3, 4].map { (0.004 + Double($0) / 60, $0) })
        let early = try #require(estimator.grid)
        #expect(same(early.origin, 0.004))
        feed(&estimator, [(0.004 + 40.0 / 60, 40)])
        let grid = try #require(estimator.grid)
        #expect(same(grid.period, 1.0 / 60) && same(grid.origin, 0.004))
        #expect(estimator.offGridSamples.isEmpty)
    }

    @Test("When the display switches from 60 to 75 Hz, three samples off the grid restart the fit at the period they measure")
    func changedPeriod() throws {
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        feed(&estimator, (0...7).map { (0.002 + Double($0) / 60, $0) })
        // From vblank 7 on, one every 1/75 s. Vblank 8 is 3.3 ms early: within the tolerance.
        func at75(_ count: Int) -> Double { 0.002 + 7.0 / 60 + Double(count - 7) / 75 }
        feed(&estimator, [(at75(8), 8), (at75(9), 9), (at75(10), 10)])
        #expect(estimator.offGridSamples.count == 2)  // 9 and 10: 6.7 and 10 ms early
        feed(&estimator, [(at75(11), 11)])
        // Restarted from 9, 10 and 11, which lie on no 1/60 s grid: their slopes say 1/75 s.
        let grid = try #require(estimator.grid)
        #expect(estimator.samples.map(\.count) == [9, 10, 11] && estimator.offGridSamples.isEmpty)
        #expect(same(grid.period, 1.0 / 75))
        #expect(same(grid.time(of: 20), at75(20)))
        feed(&estimator, (12...20).map { (at75($0), $0) })
        let later = try #require(estimator.grid)
        #expect(estimator.offGridSamples.isEmpty && same(later.time(of: 100), at75(100)))
    }

    @Test("A phase jump at the same rate restarts the fit and keeps the period")
    func phaseJump() throws {
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        feed(&estimator, [(0.001, 0), (0.001 + 1, 60)])
        // The window moved to a monitor whose vblanks are 8 ms later (Present keeps the count going).
        feed(&estimator, (61...63).map { (0.009 + Double($0) / 60, $0) })
        let grid = try #require(estimator.grid)
        #expect(same(grid.period, 1.0 / 60) && same(grid.origin, 0.009))
    }

    @Test("A count that goes backwards starts the fit again from that sample")
    func countBackwards() throws {
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        feed(&estimator, (500...503).map { (0.001 + Double($0) / 60, $0) })
        feed(&estimator, [(0.001 + 504.0 / 60, 3)])
        #expect(estimator.samples.map(\.count) == [3])
        let grid = try #require(estimator.grid)
        #expect(same(grid.time(of: 3), 0.001 + 504.0 / 60))
    }

    @Test("A sample from another clock (later than its reception, or over a second before it) is ignored")
    func otherClock() {
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
        let future = estimator.add(.init(time: 5000, count: 1), receivedAt: 12)
        let old = estimator.add(.init(time: 10, count: 1), receivedAt: 12)
        #expect(!future && !old && estimator.grid == nil && estimator.samples.isEmpty)
    }

    @Test("It asks at every vblank until 8 samples, one request at a time, then once a second; an unanswered request is dropped after a second")
    func samplingPolicy() {
        // 64 Hz, so that frame times are exact in binary.
        var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 64)
        var now = 0.0
        var requests: [Double] = []
        // About 2 s of frames; each answer comes at the vblank after the request.
        var pending: Int?
        for frame in 0..<120 {
            now = Double(frame) / 64
            if let count = pending, Double(count) / 64 <= now {
                estimator.add(.init(time: Double(count) / 64, count: count), receivedAt: now)
                pending = nil
            }
            if estimator.wantsSample(at: now) {
                #expect(pending == nil)
                requests.append(now)
                estimator.didRequestSample(at: now)
                pending = frame + 1
            }
        }
        // Requests at frames 0, 1, ..., 7 (answered at 1...8), then 1 s after frame 7's.
        #expect(requests.map { Int($0 * 64) } == [0, 1, 2, 3, 4, 5, 6, 7, 71])
        #expect(estimator.samples.count == 9)

        // A request never answered: another after the timeout.
        #expect(!estimator.wantsSample(at: now))
        estimator.didRequestSample(at: 10)
        #expect(!estimator.wantsSample(at: 10.5))
        #expect(estimator.wantsSample(at: 11))
    }
}
