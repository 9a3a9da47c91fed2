import ChoreoCore
import Testing
@testable import ChoreoRuntime

/// A display link the test owns: it delivers a frame only when the test calls `tick()`, on the
/// test's thread, so nothing depends on wall-clock time. `waitUntilInvalidated()` plays the
/// vsync thread for blocking runs: it ticks until the link is invalidated, or invalidates it
/// itself after `invalidateAfter` ticks (the owner closing a window).
final class SteppedDisplayLink: DisplayLink {
    let framesPerSecond: Double
    let isRealTime: Bool
    var invalidateAfter: Int?
    private(set) var timestamp = 0.0
    private(set) var targetTimestamp = 0.0
    var duration: Double { 1 / framesPerSecond }
    var isPaused = false
    var droppedFrames: Int { 0 }
    private(set) var isInvalidated = false
    /// What `start` was called with.
    private(set) var started: (origin: Double, firstFrame: Int)?
    private(set) var ticks = 0
    private var handler: ((DisplayLinkTick) -> Void)?
    private var nextFrame = 0

    init(framesPerSecond: Double = 60, isRealTime: Bool = false, invalidateAfter: Int? = nil) {
        self.framesPerSecond = framesPerSecond
        self.isRealTime = isRealTime
        self.invalidateAfter = invalidateAfter
    }

    func start(origin: Double, firstFrame: Int, handler: @escaping (DisplayLinkTick) -> Void) {
        started = (origin, firstFrame)
        nextFrame = firstFrame
        self.handler = handler
    }

    /// Delivers the next frame of the grid, as a vsync would.
    func tick() {
        guard let started, let handler, !isInvalidated else {
            Issue.record("tick() on a link that is not running")
            return
        }
        timestamp = started.origin + Double(nextFrame) / framesPerSecond
        targetTimestamp = started.origin + Double(nextFrame + 1) / framesPerSecond
        let tick = DisplayLinkTick(frame: nextFrame, timestamp: timestamp, targetTimestamp: targetTimestamp)
        nextFrame += 1
        ticks += 1
        handler(tick)
    }

    func invalidate() { isInvalidated = true }

    func waitUntilInvalidated() {
        while !isInvalidated {
            if let limit = invalidateAfter, ticks >= limit {
                invalidate()
            } else {
                tick()
            }
        }
    }
}

/// A clock that fails the test when anything reads it: proof that a run reads no time.
final class UnimplementedClock: MediaClock {
    var now: Double {
        Issue.record("the clock was read: a virtual run must not read wall time")
        return 0
    }
}

/// An engine with a bit of everything a run does, recording all of it in one log: a fade with
/// a delegate, a repeating timer, a timer between frames that adds an animation, a display link
/// at half the engine's rate, and the trace recorder as a frame sink.
final class RecordedRun {
    let engine: Engine
    let log = EventLog()

    /// With `forever`, a repeating animation keeps the run busy until its time limit.
    init(forever: Bool = false) throws {
        let (engine, box) = try makeEngine()
        self.engine = engine
        let log = log
        let recorder = TraceRecorder { log.append($0) }
        engine.addFrameSink { frame in
            log.append("frame \(frame.number) at \(frame.time) → \(frame.targetTime), dropped \(frame.droppedFrames)")
            try recorder.record(frame: frame.number, scene: frame.scene)
        }
        try engine.perform {
            try box.layer.add(fade("fade", duration: 0.5, log: log), forKey: "fade")
            if forever { try box.layer.add(fade("forever", repeatForever: true, log: log), forKey: "forever") }
        }
        try engine.every(0.25) { log.append("every at \(engine.now)") }
        try engine.after(0.505) {
            log.append("after at \(engine.now)")
            try box.layer.add(fade("late", duration: 0.3, log: log), forKey: "late")
        }
        try engine.addDisplayLink(preferredFramesPerSecond: 30) { link in
            log.append("link at \(link.timestamp) → \(link.targetTimestamp)")
            if link.timestamp >= 0.9 { link.invalidate() }
        }
    }

    /// Everything that happened and the report, as text to compare whole.
    func transcript(_ report: RunReport) -> [String] {
        log.entries + [describe(report)]
    }
}

/// A report as one line: every field, the error by its kind, time and message.
func describe(_ report: RunReport) -> String {
    let error = report.error.map { "\($0.callback) at \($0.time): \($0.error)" } ?? "none"
    return "\(report.reason) \(report.startTime)…\(report.endTime) frames \(report.frames) dropped "
        + "\(report.droppedFrames) timers \(report.timersFired) links \(report.displayLinkCallbacks) "
        + "pending \(report.pending) error \(error)"
}

/// Steps `driver` with `step()` until its run ends; the final report.
func stepToEnd(_ driver: FrameDriver, maximumSteps: Int = 100_000) throws -> RunReport {
    var steps = 0
    while !driver.isFinished && steps < maximumSteps {
        try driver.step()
        steps += 1
    }
    #expect(driver.isFinished, "the run did not end within \(maximumSteps) steps")
    return driver.report
}
