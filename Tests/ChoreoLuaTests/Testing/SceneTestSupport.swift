import Foundation
@testable import ChoreoLua
import ChoreoTestSupport

/// A temporary folder of scene test files, removed when the value goes. Its path is short, so
/// Lua's chunk names (at most 60 characters) are never abbreviated in messages.
final class SceneTestFolder {
    let path: String

    init(_ files: [String: String] = [:]) throws {
        path = try ScratchDirectory.make("cst").path
        for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` (folders are created).
    func write(_ name: String, _ text: String) throws {
        let file = "\(path)/\(name)"
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: "\(path)/\(name)").map { String(decoding: $0, as: UTF8.self) }
    }

    /// The configuration the tests run with: this folder, small limits so that runaway scripts
    /// stop fast, and whatever `configure` changes.
    func configuration(_ configure: (inout SceneTestRunner.Configuration) -> Void = { _ in }) -> SceneTestRunner.Configuration {
        var configuration = SceneTestRunner.Configuration(paths: [path])
        configuration.memoryLimit = 16 << 20
        configuration.instructionLimit = 2_000_000
        configure(&configuration)
        return configuration
    }

    /// Runs the tests in this folder.
    func run(_ configure: (inout SceneTestRunner.Configuration) -> Void = { _ in }) throws -> SceneTestReport {
        try SceneTestRunner(configuration: configuration(configure)).run()
    }
}

extension SceneTestReport {
    /// The result of the test with this full name (describe › it), in any file.
    func test(_ fullName: String) -> TestCaseResult? {
        files.lazy.flatMap(\.tests).first { $0.fullName == fullName }
    }

    /// The result of the file with this name.
    func file(_ name: String) -> TestFileResult? {
        files.first { $0.file.name == name }
    }

    /// Everything each reporter prints for this report.
    func rendered(_ kind: SceneTestReporterKind) -> String {
        var reporter = kind.makeReporter(colors: false)
        return reporter.render(self)
    }
}
