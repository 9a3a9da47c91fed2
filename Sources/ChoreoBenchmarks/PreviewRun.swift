import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `choreo preview` for the preview scenarios and reads its `--frame-log`.
enum PreviewRun {
    /// One line of the frame log: the fields the scenarios use.
    struct Frame {
        var presented: Double
        var time: Double?
        var reloads: Int
        var skipped: Int
        /// The vsync the frame is shown at, CLOCK_MONOTONIC seconds.
        var vsync: Double?
        /// Whether the X server's vblanks paced it (`"pacing":"present"`), not the timer.
        var pacedByPresent: Bool
    }

    static var hasXvfb: Bool { access("/usr/bin/xvfb-run", X_OK) == 0 && access("/usr/bin/Xvfb", X_OK) == 0 }

    static var choreo: String { (PluginPath.executableDirectory() ?? ".") + "/choreo" }

    static var temporaryDirectory: String { getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp" }

    /// A scene of `views` small views on a grid `side` views wide, each pulsing its opacity for
    /// ever (so the scene never goes idle), at 4 points a view.
    static func grid(views: Int, side: Int) -> String {
        """
        local scene = Scene.new{ width = \(side * 4), height = \((views + side - 1) / side * 4), backgroundColor = "#102030" }
        for i = 0, \(views - 1) do
          local v = View.new{ frame = { (i % \(side)) * 4, (i // \(side)) * 4, 3, 3 }, backgroundColor = "orange" }
          scene.view:addSubview(v)
          local a = BasicAnimation.new("opacity")
          a.fromValue, a.toValue, a.duration = 1, 0.2, 1 + (i % 7) / 10
          a.repeatCount, a.autoreverses = 1000, true
          v.layer:addAnimation(a, "pulse")
        end

        """
    }

    /// Writes `source` to a scene file of its own folder-less name in TMPDIR; its path.
    static func write(_ source: String, name: String) -> String {
        let path = temporaryDirectory + "/choreo-bench-preview-\(name)-\(getpid()).lua"
        if let file = fopen(path, "w") {
            fputs(source, file)
            fclose(file)
        }
        return path
    }

    /// Saves as editors do: a temporary file renamed over the scene.
    static func saveByRename(_ source: String, to path: String) {
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else { return }
        fputs(source, file)
        fclose(file)
        rename(temporary, path)
    }

    /// Runs `choreo preview scene --frame-log … arguments` to its end (under `xvfb-run -a` where
    /// installed, else with SDL's dummy driver); the frames it logged, nil if it failed.
    static func frames(scene: String, _ arguments: [String]) -> [Frame]? {
        let log = scene + "-\(getpid()).jsonl"
        defer { unlink(log) }
        let preview = [choreo, "preview", scene, "--frame-log", log, "--no-reload"] + arguments
        let run: (status: Int32, usage: rusage)?
        if hasXvfb {
            run = Scenario.spawnAndWait("/usr/bin/xvfb-run", ["-a", "-s", "-screen 0 1024x900x24"] + preview)
        } else {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            run = Scenario.spawnAndWait(choreo, Array(preview.dropFirst()))
        }
        guard run?.status == 0 else { return nil }
        return read(log)
    }

    /// Starts `choreo preview scene` (SDL's dummy driver, reloading on saves) without waiting.
    static func start(scene: String, log: String) -> pid_t? {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        return Scenario.spawn(choreo, ["preview", scene, "--frame-log", log, "--duration", "60"])
    }

    /// The first logged frame satisfying `condition`, polling the log up to `timeout` seconds.
    static func wait(for log: String, timeout: Double, _ condition: (Frame) -> Bool) -> Frame? {
        let deadline = monotonicSeconds() + timeout
        while monotonicSeconds() < deadline {
            if let frame = read(log).first(where: condition) { return frame }
            usleep(10_000)
        }
        return nil
    }

    /// The frames of a frame log (complete lines only).
    static func read(_ path: String) -> [Frame] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var frames: [Frame] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            guard text.hasSuffix("\n"), let presented = number(text, "presented") else { continue }
            frames.append(Frame(presented: presented, time: number(text, "time"), reloads: Int(number(text, "reloads") ?? 0),
                                skipped: Int(number(text, "skipped") ?? 0), vsync: number(text, "vsync"),
                                pacedByPresent: text.contains("\"pacing\":\"present\"")))
        }
        free(line)
        return frames
    }

    /// The number after `"key":` in a JSON line.
    static func number(_ line: String, _ key: String) -> Double? {
        let marker = Array("\"\(key)\":".utf8), bytes = Array(line.utf8)
        guard bytes.count >= marker.count,
              let start = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { return nil }
        let digits = bytes[(start + marker.count)...].prefix { "0123456789.-e+".utf8.contains($0) }
        return Double(String(decoding: digits, as: UTF8.self))
    }

    /// Intervals between presented frames (after 5 warm-up frames): their median, the 99th
    /// percentile of |interval − median| (ms), skipped vsyncs per frame in %, the frames paced by
    /// the X server's vblanks in %, and the vsync grid's period (ms: the median step between the
    /// vsyncs of frames with none skipped between them).
    static func pacing(_ frames: [Frame]) -> (median: Double, p99Jitter: Double, skippedPercent: Double, presentPercent: Double, vsyncPeriod: Double) {
        let steady = Array(frames.dropFirst(min(5, max(frames.count - 2, 0))))
        let pairs = zip(steady, steady.dropFirst())
        let intervals = pairs.map { ($1.presented - $0.presented) * 1e3 }
        let median = percentile(intervals, 0.5)
        let jitter = intervals.map { abs($0 - median) }
        let skipped = Double((steady.last?.skipped ?? 0) - (steady.first?.skipped ?? 0))
        let count = Double(max(steady.count, 1))
        let present = Double(steady.filter(\.pacedByPresent).count) / count * 100
        let periods = pairs.compactMap { a, b in b.skipped == a.skipped ? b.vsync.flatMap { v in a.vsync.map { (v - $0) * 1e3 } } : nil }
        return (median, percentile(jitter, 0.99), skipped / count * 100, present, periods.isEmpty ? .nan : percentile(periods, 0.5))
    }
}
