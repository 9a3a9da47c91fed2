import ChoreoTestSupport
import Foundation

/// `choreo preview` running in the background with `--frame-log`, read as it is written.
final class PreviewProcess {
    let process = Process()
    let logPath: String
    let errors = Pipe()

    /// The built `choreo` beside the test runner.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo")

    init(scene: String, arguments: [String] = [], environment: [String: String]) throws {
        logPath = URL(fileURLWithPath: scene).deletingLastPathComponent().appendingPathComponent("frames-\(UUID().uuidString).jsonl").path
        process.executableURL = Self.binary
        process.arguments = ["preview", scene, "--frame-log", logPath] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // SIGTERM may be blocked (see VirtualDisplay)
            process.waitUntilExit()
        }
    }

    private var parsed: [[String: Any]] = []
    private var pending = Data()
    private var reader: FileHandle?

    /// The frames logged so far, read incrementally (a partly written last line waits for the
    /// next read).
    func frames() -> [[String: Any]] {
        if reader == nil { reader = FileHandle(forReadingAtPath: logPath) }
        guard let reader else { return parsed }
        pending.append(reader.readAllRetryingInterrupts())
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[pending.startIndex..<newline]
            if let frame = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] { parsed.append(frame) }
            pending = Data(pending[(newline + 1)...])
        }
        return parsed
    }

    /// The first frame logged that satisfies `condition`, waiting up to `timeout` seconds
    /// (generous: CI is a loaded 2-core machine).
    func waitForFrame(timeout: Double = 60, where condition: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let frame = frames().first(where: condition) { return frame }
            if !process.isRunning { return frames().first(where: condition) }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return nil
    }

    /// The number of the latest frame logged, waiting for a first one.
    func latestFrame() -> Int { (frames().last?["frame"] as? Int) ?? -1 }

    /// The process's resident memory in KiB (VmRSS).
    func residentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    /// Waits for the process to end (up to `timeout`); its exit status, or nil if still running.
    func waitForExit(timeout: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// CLOCK_MONOTONIC now, in seconds: the clock of the frame log's `presented`.
func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Writes `text` to `path` the way editors save: a temporary file beside it, renamed over it.
func saveByRename(_ text: String, to path: String) throws {
    let temporary = path + ".tmp-\(UUID().uuidString)"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary, path) == 0 else { throw VirtualDisplay.Failure("rename failed") }
}

/// A scene in a fresh folder of its own; its path.
func sceneFile(_ source: String) throws -> String {
    let folder = try ScratchDirectory.make("choreo-preview")
    let path = folder.appendingPathComponent("scene.lua").path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
