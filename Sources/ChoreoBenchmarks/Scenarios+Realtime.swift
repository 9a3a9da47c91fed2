import ChoreoCore
import ChoreoLua
import ChoreoRender
import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

extension Scenario {
    /// `realtime-60hz`: `Engine.runRealtime` (a `DispatchDisplayLink` at 60 Hz) for 5 s on a
    /// 100-view animated scene; each frame's arrival is read from CLOCK_MONOTONIC in a frame sink.
    /// The value is the 99th percentile of |arrival interval − 1/60 s| in ms (`p99_jitter_ms`);
    /// `drift_ms` is the last arrival − the first − (last frame number − first) / 60 s. Frame 0 is
    /// due the moment the link starts, so it carries the wake-up of the link's queue (a one-off,
    /// reported as `first_frame_latency_ms`): jitter and drift are measured from frame 1 on.
    /// `sleep_*` is the same-run baseline: a thread sleeping to absolute deadlines.
    static let realtime60Hz = Scenario(
        name: "realtime-60hz",
        summary: "the Dispatch display link at 60 Hz for 5 s; p99 |interval − 1/60 s| in ms, drift",
        unit: "ms p99 jitter"
    ) { size in
        let (scene, _) = animatedScene(views: 100)
        let engine = try! Engine(scene: scene, framesPerSecond: 60)
        let arrivals = ArrivalLog()
        engine.addFrameSink { frame in arrivals.record(frame: frame.number, at: monotonicSeconds()) }
        let started = monotonicSeconds()
        let report = try! engine.runRealtime(duration: size.isQuick ? 0.1 : 5)
        let firstLatency = ((arrivals.frames.first?.seconds ?? .nan) - started) * 1e3
        arrivals.dropFirst()
        let jitter = arrivals.jitterMilliseconds(framesPerSecond: 60)
        let p99 = percentile(jitter, 0.99), p50 = percentile(jitter, 0.5)
        let sleeper = absoluteSleepArrivals(frames: arrivals.frames.count + 1, framesPerSecond: 60)
        sleeper.dropFirst()
        let sleeperP99 = percentile(sleeper.jitterMilliseconds(framesPerSecond: 60), 0.99)
        return (p99, [
            ("p99_jitter_ms", p99), ("p50_jitter_ms", p50), ("max_jitter_ms", jitter.max() ?? .nan),
            ("drift_ms", arrivals.driftMilliseconds(framesPerSecond: 60)),
            ("frames", Double(arrivals.frames.count)), ("dropped_frames", Double(report.droppedFrames)),
            ("first_frame_latency_ms", firstLatency),
            ("sleep_p99_jitter_ms", sleeperP99), ("sleep_drift_ms", sleeper.driftMilliseconds(framesPerSecond: 60)),
            ("ratio_p99_vs_sleep", p99 / sleeperP99),
        ])
    }

    /// The same-run baseline of `realtime-60hz`: what the machine allows a thread that sleeps to
    /// absolute CLOCK_MONOTONIC deadlines (`clock_nanosleep(TIMER_ABSTIME)`) at the same rate.
    static func absoluteSleepArrivals(frames: Int, framesPerSecond: Double) -> ArrivalLog {
        let log = ArrivalLog()
        let start = monotonicSeconds()
        for frame in 0..<frames {
            let deadline = start + Double(frame) / framesPerSecond
            var spec = timespec(tv_sec: Int(deadline), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
            log.record(frame: frame, at: monotonicSeconds())
        }
        return log
    }

    /// `render-frame`: Scripts/Examples/flight-info.lua at 0.3 s (the crossfade, the cube
    /// transitions and the take-off running), rendered at scale 2 (750 × 1334 pixels) by
    /// `SceneRenderer` and written as PNG, as `choreo render` does each frame; ms per frame, with
    /// the drawing and the PNG encoding apart.
    static let renderFrame = Scenario(
        name: "render-frame",
        summary: "flight-info.lua (375×667) rendered at scale 2 and written as PNG; ms/frame",
        unit: "ms/frame"
    ) { size in
        guard let script = exampleScript("flight-info.lua") else { return (.nan, []) }
        let host = try! ScriptHost(scriptDirectory: ScriptFile.directory(of: script))
        try! host.run(fileAt: script)
        try! host.engine.run(until: .time(0.3), fps: 60)
        let renderer = try! SceneRenderer(scale: 2)
        let output = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/choreo-bench-render-frame.png"
        let count = size.isQuick ? 1 : 20
        var drawing = 0.0, encoding = 0.0
        for _ in 0..<count {
            let start = monotonicSeconds()
            let canvas = try! renderer.render(host.engine.scene)
            let drawn = monotonicSeconds()
            try! canvas.writePNG(to: output)
            encoding += monotonicSeconds() - drawn
            drawing += drawn - start
        }
        unlink(output)
        let perFrame = (drawing + encoding) / Double(count) * 1e3
        return (perFrame, [("draw_ms", drawing / Double(count) * 1e3), ("png_ms", encoding / Double(count) * 1e3)])
    }

    /// Scripts/Examples/NAME from the working directory (a clone's root), else from the clone
    /// that holds this executable (.build/<config>/choreo-bench).
    static func exampleScript(_ name: String) -> String? {
        let executable = PluginPath.executableDirectory()
        let candidates = ["Scripts/Examples/" + name] + (executable.map { [$0 + "/../../Scripts/Examples/" + name, $0 + "/../../../Scripts/Examples/" + name] } ?? [])
        return candidates.first { access($0, R_OK) == 0 }
    }
}

/// The monotonic arrival time of each frame of a real-time run (written on the engine's queue,
/// read after `runRealtime` returns).
final class ArrivalLog: @unchecked Sendable {
    private(set) var frames: [(number: Int, seconds: Double)] = []

    func record(frame: Int, at seconds: Double) { frames.append((frame, seconds)) }

    /// Forgets the first frame (a warm-up).
    func dropFirst() { if !frames.isEmpty { frames.removeFirst() } }

    /// |interval − 1/fps| of each pair of consecutive frames, in ms.
    func jitterMilliseconds(framesPerSecond: Double) -> [Double] {
        zip(frames, frames.dropFirst()).map { abs($1.seconds - $0.seconds - 1 / framesPerSecond) * 1e3 }
    }

    /// Last arrival − first − the grid time between their frame numbers, in ms.
    func driftMilliseconds(framesPerSecond: Double) -> Double {
        guard let first = frames.first, let last = frames.last else { return .nan }
        return (last.seconds - first.seconds - Double(last.number - first.number) / framesPerSecond) * 1e3
    }
}

/// The `p` quantile (nearest rank) of `values`; NaN when empty.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
}
