import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with a wall-clock timeout, its output going to files (no pipe to fill up), and
/// kills it with SIGKILL when the timeout passes.
enum FuzzProcess {
    /// At most this much of standard error and of the trace is read back.
    static let readLimit = 4 << 20

    static func run(_ executable: String, _ arguments: [String], in directory: String, timeout: Double,
                    trace: String? = nil) throws -> FuzzProcessResult {
        let errorPath = directory + "/stderr.txt", outputPath = directory + "/stdout.txt"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        let outputFile = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? errorFile.close(); try? outputFile.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputFile
        process.standardError = errorFile
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        let signal: Int32? = process.terminationReason == .uncaughtSignal && !timedOut ? process.terminationStatus : nil
        return FuzzProcessResult(
            status: process.terminationReason == .exit ? process.terminationStatus : -1, signal: signal,
            timedOut: timedOut, standardError: read(errorPath), standardOutput: read(outputPath), trace: trace.map { read(directory + "/" + $0) } ?? "")
    }

    /// The start of a file as text (invalid UTF-8 repaired); "" when it does not exist.
    static func read(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: readLimit)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
