import ChoreoLua
import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

extension Scenario {
    /// `soak`: Scripts/Examples/soak.lua in real time (`Engine.runRealtime` at 60 Hz) for an
    /// hour, or `--seconds`. The scene never ends: a timer every second makes and drops a label,
    /// a one-shot timer, a display link, an animation and a transaction, so anything the runtime
    /// keeps after it is done shows as growing RSS, and anything that slows it as growing lateness.
    ///
    /// The timer prints its deadline (engine seconds); the print handler compares it with the
    /// monotonic clock: lateness = (now − wall start) − (deadline − engine start). A timer runs in
    /// the first frame at or after its deadline, so lateness is up to a frame plus the frame's
    /// jitter; drift is the change of lateness over the run (mean of the last tenth of the timers
    /// − mean of the first tenth), which is what a clock that slips would show. RSS is read from
    /// /proc/self/statm once a second; `rss_start_mb` is the first sample (a second into the run),
    /// so the scene's own set-up is in it. A progress line goes to standard error every minute (a
    /// tenth of the run when shorter). The value is the largest lateness, in ms.
    static let soak = Scenario(
        name: "soak",
        summary: "Scripts/Examples/soak.lua in real time for 1 h (--seconds); RSS and timer lateness",
        unit: "ms max timer lateness", defaultRuns: 1
    ) { size in
        guard let script = exampleScript("soak.lua") else { return (.nan, []) }
        let seconds = size.seconds ?? (size.isQuick ? 2.5 : 3600)
        let host = try! ScriptHost(scriptDirectory: ScriptFile.directory(of: script))
        let probe = SoakProbe(reportEvery: min(60, max(1, seconds / 10)))
        host.vm.printHandler = { probe.timerLine($0) }
        try! host.run(fileAt: script)
        host.engine.addFrameSink { _ in probe.frame() }
        probe.start(engineTime: host.engine.now)
        let report = try! host.engine.runRealtime(duration: seconds, fps: 60)
        probe.sampleRSS()
        let late = probe.lateness
        let tenth = max(1, late.count / 10)
        let drift = late.count < 2 ? Double.nan
            : (late.suffix(tenth).reduce(0, +) - late.prefix(tenth).reduce(0, +)) / Double(tenth)
        let rss = probe.rss
        return (late.max() ?? .nan, [
            ("seconds", seconds), ("timers", Double(late.count)),
            ("timer_late_p50_ms", percentile(late, 0.5)), ("timer_late_p99_ms", percentile(late, 0.99)),
            ("timer_drift_ms", drift),
            ("rss_start_mb", rss.first ?? .nan), ("rss_end_mb", rss.last ?? .nan), ("rss_peak_mb", rss.max() ?? .nan),
            ("frames", Double(report.frames)), ("dropped_frames", Double(report.droppedFrames)),
            ("error", report.error == nil ? 0 : 1),
        ])
    }
}

/// What the soak measures, written on the engine's queue (frames and callbacks run there) and read
/// after `runRealtime` returns.
final class SoakProbe: @unchecked Sendable {
    /// Lateness of each timer, in ms, in firing order.
    private(set) var lateness: [Double] = []
    /// RSS samples, in MiB, one a second.
    private(set) var rss: [Double] = []
    private var wallStart = 0.0, engineStart = 0.0, nextSample = 0.0, nextReport = 0.0
    private let reportEvery: Double

    init(reportEvery: Double) { self.reportEvery = reportEvery }

    func start(engineTime: Double) {
        engineStart = engineTime
        wallStart = monotonicSeconds()
        nextSample = 1
        nextReport = reportEvery
    }

    /// A line the scene printed: `tick N deadline D`.
    func timerLine(_ line: String) {
        let now = monotonicSeconds()
        let fields = line.split(separator: " ")
        guard fields.count == 4, fields[0] == "tick", let deadline = Double(fields[3]) else { return }
        lateness.append(((now - wallStart) - (deadline - engineStart)) * 1e3)
    }

    func frame() {
        let elapsed = monotonicSeconds() - wallStart
        if elapsed >= nextSample {
            sampleRSS()
            nextSample += 1
        }
        if elapsed >= nextReport {
            nextReport += reportEvery
            let last = lateness.suffix(60)
            let mean = last.isEmpty ? Double.nan : last.reduce(0, +) / Double(last.count)
            let line = "soak \(Int(elapsed)) s: rss \(Self.fixed(rss.last ?? .nan)) MiB (peak \(Self.fixed(rss.max() ?? .nan)))"
                + ", timers \(lateness.count), mean lateness of the last 60 \(Self.fixed(mean)) ms\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
    }

    func sampleRSS() { rss.append(Self.residentMiB()) }

    /// The resident set of this process, from /proc/self/statm (pages).
    static func residentMiB() -> Double {
        guard let file = fopen("/proc/self/statm", "r") else { return .nan }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { s in
            withUnsafeMutablePointer(to: &resident) { r in withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) } }
        }) == 2 else { return .nan }
        return Double(resident * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
    }

    static func fixed(_ value: Double) -> String {
        value.isFinite ? String(Double(Int((value * 100).rounded())) / 100) : "nan"
    }
}
