import Testing
@testable import ChoreoRuntime

@Suite("Virtual clock")
struct VirtualClockTests {
    @Test("A virtual clock starts at zero and moves only when advanced")
    func startsAtZero() {
        let clock = VirtualClock()
        #expect(clock.now == 0)
        clock.advance(by: 0.25)
        #expect(clock.now == 0.25)
        clock.advance(to: 1.5)
        #expect(clock.now == 1.5)
    }

    @Test("A virtual clock never goes backwards")
    func neverBackwards() {
        let clock = VirtualClock(now: 2)
        clock.advance(to: 1)
        clock.advance(by: -1)
        #expect(clock.now == 2)
    }

    @Test("The monotonic clock does not decrease")
    func monotonic() {
        let clock = MonotonicClock()
        let a = clock.now
        let b = clock.now
        #expect(a >= 0)
        #expect(b >= a)
    }
}
