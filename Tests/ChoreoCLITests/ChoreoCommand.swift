import ChoreoTestSupport
import Foundation

/// Runs the `choreo` binary built beside the test runner and captures what it printed.
struct ChoreoCommand {
    var status: Int32
    var output: String
    var errors: String

    /// The package's root folder (for example scenes).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(
        _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]
    ) throws -> ChoreoCommand {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readAllRetryingInterrupts()
        let errData = err.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return ChoreoCommand(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `source` to a fresh temporary .lua file and returns its path.
    static func script(_ source: String, name: String = "scene.lua") throws -> String {
        let folder = try ScratchDirectory.make("choreo-cli")
        let file = folder.appendingPathComponent(name)
        try source.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
