import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The live preview's speed bars (issue 19), measured on the built `choreo preview` (beside
/// `choreo-bench`) through its `--frame-log`: a JSON line per presented frame with the tick's
/// timestamps and `presented`, CLOCK_MONOTONIC when the frame went to the window. Under Xvfb
/// (`xvfb-run -a`) where it is installed, else with SDL's dummy driver (`xvfb` = 0 in the result).
extension Scenario {
    /// `preview-pacing`: flight-info.lua previewed for 600 frames; the value is the median
    /// interval between presented frames minus the 60 Hz period, in ms (`p99_jitter_ms`: the 99th
    /// percentile of |interval − median|; `skipped_pct`: skipped vsyncs over frames). Which clock
    /// paced them: `present_pct`, the frames paced by the X server's vblanks (Present; 0: the
    /// timer), and `vsync_period_ms`, the period of the grid they were on (Xvfb's vblanks:
    /// 16.666 ms). Run it beside `realtime-60hz` for the same machine's display-link jitter.
    static let previewPacing = Scenario(
        name: "preview-pacing",
        summary: "choreo preview of flight-info.lua for 600 frames: median interval − 1/60 s in ms, p99 jitter, skipped %, paced by Present %",
        unit: "ms", defaultRuns: 1
    ) { size in
        guard let script = exampleScript("flight-info.lua") else { return (.nan, []) }
        let frames = size.isQuick ? 10 : 600
        guard let log = PreviewRun.frames(scene: script, ["--frames", "\(frames)", "--duration", "30"]) else { return (.nan, []) }
        let pacing = PreviewRun.pacing(log)
        return (pacing.median - 1e3 / 60, [
            ("median_interval_ms", pacing.median), ("p99_jitter_ms", pacing.p99Jitter), ("skipped_pct", pacing.skippedPercent),
            ("present_pct", pacing.presentPercent), ("vsync_period_ms", pacing.vsyncPeriod),
            ("frames", Double(log.count)), ("xvfb", PreviewRun.hasXvfb ? 1 : 0),
        ])
    }

    /// `preview-10k`: a 10,000-view animated scene previewed at scale 1 for 300 frames (drawing,
    /// reading and presenting each): the value is the median frame interval in ms against the
    /// 16.667 ms period (`ratio_vs_period`), with the skipped vsyncs.
    static let preview10k = Scenario(
        name: "preview-10k",
        summary: "a 10,000-view scene previewed at scale 1: median frame interval in ms vs the 60 Hz period",
        unit: "ms/frame", defaultRuns: 1
    ) { size in
        let scene = PreviewRun.write(PreviewRun.grid(views: size.isQuick ? 100 : 10_000, side: 100), name: "10k")
        defer { unlink(scene) }
        guard let log = PreviewRun.frames(scene: scene, ["--frames", size.isQuick ? "5" : "300", "--duration", "60"]) else { return (.nan, []) }
        let pacing = PreviewRun.pacing(log)
        return (pacing.median, [
            ("ratio_vs_period", pacing.median / (1e3 / 60)), ("skipped_pct", pacing.skippedPercent),
            ("p99_jitter_ms", pacing.p99Jitter), ("xvfb", PreviewRun.hasXvfb ? 1 : 0),
        ])
    }

    /// `preview-reload`: a 200-layer scene played to 10 s, then saved 20 times (a new file renamed
    /// over it, as editors save): the value is the 95th percentile of save → first presented
    /// frame of the reloaded scene, in ms (the watcher's 50 ms debounce included). Runs with
    /// SDL's dummy driver: no key is needed, and the window does not change the reload's work.
    static let previewReload = Scenario(
        name: "preview-reload",
        summary: "save → first frame of the reloaded 200-layer scene at ~10 s; p95 over 20 edits, ms",
        unit: "ms p95", defaultRuns: 1
    ) { size in
        let edits = size.isQuick ? 2 : 20, playhead = size.isQuick ? 0.5 : 10.0
        let source = PreviewRun.grid(views: 200, side: 20)
        let scene = PreviewRun.write(source, name: "reload")
        let log = scene + ".jsonl"
        defer { unlink(scene); unlink(log) }
        guard let pid = PreviewRun.start(scene: scene, log: log) else { return (.nan, []) }
        defer { kill(pid, SIGKILL); var status: Int32 = 0; waitpid(pid, &status, 0) }
        guard PreviewRun.wait(for: log, timeout: 120, { ($0.time ?? 0) >= playhead }) != nil else { return (.nan, []) }
        var latencies: [Double] = []
        for edit in 1...edits {
            let saved = monotonicSeconds()
            PreviewRun.saveByRename(source + "-- edit \(edit)\n", to: scene)
            guard let frame = PreviewRun.wait(for: log, timeout: 60, { $0.reloads == edit && $0.presented >= saved }) else { break }
            latencies.append((frame.presented - saved) * 1e3)
            usleep(200_000)
        }
        guard latencies.count == edits else { return (.nan, []) }
        return (percentile(latencies, 0.95), [("median_ms", percentile(latencies, 0.5)), ("max_ms", latencies.max() ?? .nan)])
    }
}
