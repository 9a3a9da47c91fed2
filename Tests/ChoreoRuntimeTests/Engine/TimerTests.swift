import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Engine: timers")
struct TimerTests {
    @Test("A cancelled timer never fires, and a repeating one can cancel itself from its callback")
    func cancellation() throws {
        let (engine, _) = try makeEngine()
        var once = 0
        var repeats: [Double] = []
        let cancelled = try engine.after(1) { once += 1 }
        var ticker: TimerHandle?
        ticker = try engine.every(0.25) {
            repeats.append(engine.now)
            if repeats.count == 3 { ticker?.cancel() }
        }
        cancelled.cancel()
        cancelled.cancel()  // twice is harmless
        #expect(engine.pendingWork.timers == 1)
        let report = try engine.run()
        #expect(once == 0)
        #expect(repeats == [0.25, 0.5, 0.75])
        #expect(cancelled.isCancelled)
        #expect(ticker?.isCancelled == true)
        #expect(ticker?.isScheduled == false)
        #expect(report.reason == .idle)
        #expect(report.endTime == 0.75)
    }

    @Test("A one-shot timer is finished, not cancelled, once it has fired")
    func firedTimerIsFinished() throws {
        let (engine, _) = try makeEngine()
        let timer = try engine.after(0.1) {}
        #expect(timer.isScheduled)
        #expect(timer.deadline == 0.1)
        try engine.advance(by: 1)
        #expect(!timer.isScheduled)
        timer.cancel()
        #expect(!timer.isCancelled)
    }

    @Test("Bad intervals and rates are argument errors that name the parameter")
    func badIntervals() throws {
        let (engine, _) = try makeEngine()
        #expect(argumentError { try engine.after(.nan) {} }?.parameter == "seconds")
        #expect(argumentError { try engine.after(-1) {} }?.description
            == "seconds must be a finite number ≥ 0 (got -1)")
        #expect(argumentError { try engine.every(0) {} }?.description == "seconds must be a finite number > 0 (got 0)")
        #expect(argumentError { try engine.every(-0.5) {} }?.parameter == "seconds")
        try engine.advance(to: 1e6)
        #expect(argumentError { try engine.every(1e-12) {} }?.parameter == "seconds")  // would not move time
        #expect(argumentError { try engine.every(.infinity) {} }?.parameter == "seconds")
        #expect(argumentError { try engine.schedule(at: .nan) {} }?.parameter == "time")
        #expect(argumentError { try engine.addDisplayLink(preferredFramesPerSecond: -1) { _ in } }?.parameter
            == "preferredFramesPerSecond")
        #expect(argumentError { try engine.advance(by: -1) }?.parameter == "seconds")
        #expect(argumentError { try engine.run(fps: 0) }?.parameter == "fps")
        #expect(argumentError { try engine.run(until: .time(.nan)) }?.parameter == "limit")
        #expect(argumentError { try engine.runRealtime(duration: -1) }?.parameter == "duration")
        #expect(argumentError { _ = try Engine(framesPerSecond: .nan) }?.parameter == "framesPerSecond")
        #expect(engine.pendingWork == PendingWork())
    }

    @Test("Timers queue in deadline order whatever order they were added in")
    func queueOrder() throws {
        let (engine, _) = try makeEngine()
        var order: [Double] = []
        let delays = [0.9, 0.1, 0.5, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.0]
        for delay in delays { try engine.after(delay) { order.append(engine.now) } }
        try engine.run()
        #expect(order == delays.sorted())
    }
}
