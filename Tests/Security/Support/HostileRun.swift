import ChoreoTestSupport
import Foundation

/// One run of the built `choreo` binary on a hostile scene: what it printed, how it ended, and how
/// long it took. A run that outlives its time bound is killed and reported as hung, so a test that
/// expects a clear error fails clearly instead of hanging the suite.
struct HostileRun {
    /// The process's exit status, or 128 + signal when a signal ended it (a crash).
    var status: Int32
    var output: String
    var errors: String
    /// Whether the run was killed for outliving its bound.
    var hung: Bool
    /// Whether a signal ended the process (SIGSEGV, SIGABRT, SIGILL, SIGTRAP: a crash).
    var crashed: Bool
    var seconds: Double

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `choreo` binary built beside the test runner.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo")
    }

    /// Runs `choreo` with `arguments` in `directory`, killing it after `timeout` seconds (generous:
    /// the bound says "does not hang", not "is fast"; tests must pass on a loaded 2-core machine).
    static func choreo(
        _ arguments: [String], in directory: URL = packageRoot, timeout: Double = 60,
        standardInput: FileHandle? = nil, standardOutput: FileHandle? = nil
    ) throws -> HostileRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = standardOutput ?? out  // given: not captured (`output` stays empty)
        process.standardError = err
        process.standardInput = standardInput ?? FileHandle.nullDevice
        let start = Date()
        try process.run()
        // Drain both pipes on their own threads, so a chatty process cannot block on a full pipe.
        let outData = Drain(out.fileHandleForReading), errData = Drain(err.fileHandleForReading)
        let deadline = start.addingTimeInterval(timeout)
        var hung = false
        while process.isRunning {
            if Date() > deadline {
                hung = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        if standardOutput != nil { try out.fileHandleForWriting.close() }  // nothing wrote to it: end its drain
        let crashed = !hung && process.terminationReason == .uncaughtSignal
        return HostileRun(
            status: crashed ? 128 + process.terminationStatus : process.terminationStatus,
            output: String(decoding: outData.wait(), as: UTF8.self),
            errors: String(decoding: errData.wait(), as: UTF8.self),
            hung: hung, crashed: crashed, seconds: Date().timeIntervalSince(start))
    }

    /// Writes `source` as `name` in a fresh folder of its own (the scene's sandbox root) and returns
    /// the file's path. `files` adds other files beside it (relative path → contents).
    static func scene(_ source: String, name: String = "scene.lua", files: [String: String] = [:]) throws -> String {
        let folder = try ScratchDirectory.make("choreo-security")
        for (path, contents) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
        let file = folder.appendingPathComponent(name)
        try source.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

/// Reads a file handle to its end on a thread of its own.
private final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readAllRetryingInterrupts()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
