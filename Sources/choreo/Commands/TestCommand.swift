import ArgumentParser
import ChoreoLua
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `choreo test [PATH...]`: runs Lua scene tests headless (DESIGN §5 "Scene tests", §7).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run Lua scene tests (*_test.lua) headless.",
        discussion: """
            Finds *_test.lua files under each PATH (default: Tests/Scenes) and runs every it() in \
            a fresh engine at time 0. Exit status: 0 when all tests pass, 1 when any fails or a \
            write fails, 2 on a usage error.
            """)

    @Argument(help: ArgumentHelp("Test files or folders to search (default: Tests/Scenes).", valueName: "path"))
    var paths: [String] = []
    @Option(help: "Output format: pretty, tap or junit.") var reporter: String = "pretty"
    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file")) var junit: String?
    @Option(help: ArgumentHelp(
        "Run only tests whose full name (describe › … › it) matches this regular expression (ignoring case).",
        valueName: "pattern"))
    var filter: String?
    @Option(help: ArgumentHelp(
        "Run only shard I of N (1-based), such as 2/4.",
        discussion: "A file's shard is a hash of its path below PATH modulo N: stable, and adding a file never moves another.",
        valueName: "i/n"))
    var shard: String?
    @Option(help: ArgumentHelp("Test files to run in parallel (output is the same as with 1).", valueName: "n"))
    var jobs: Int = 1
    @Flag(help: "Write golden traces that are missing or differ, instead of failing.") var updateSnapshots = false
    @Option(help: "Memory limit of each test's script, in MiB.") var memoryLimit: Int = 256
    @Option(help: "Instruction limit per turn of test code (top level, hook, test), in millions.") var instructionLimit: Int = 200
    @Option(help: ArgumentHelp(
        "A folder the tests may also read files from (repeatable; by default only each test file's folder).",
        valueName: "dir"))
    var allowRoot: [String] = []
    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        try validateAllowedRoots(allowRoot)
        guard SceneTestReporterKind(rawValue: reporter) != nil else {
            throw ValidationError("--reporter must be one of: "
                + SceneTestReporterKind.allCases.map(\.rawValue).joined(separator: ", ") + " (got \(reporter))")
        }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be within 1...256 (got \(jobs))") }
        guard (1...16384).contains(memoryLimit) else { throw ValidationError("--memory-limit must be within 1...16384 (MiB)") }
        guard (1...100_000).contains(instructionLimit) else {
            throw ValidationError("--instruction-limit must be within 1...100000 (millions)")
        }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no such file or directory: \(path)")
        }
        _ = try makeConfiguration()
    }

    func run() throws {
        var configuration = try makeConfiguration()
        configuration.plugins = plugins.catalog()
        // Every test gets a fresh host with the same plugins: report refusals once, from a probe.
        warnAboutPlugins(try ScriptHost(plugins: configuration.plugins).pluginFailures)
        let runner = SceneTestRunner(configuration: configuration)
        let files: [SceneTestFile]
        do { files = try runner.files() } catch { throw ValidationError(error.message) }
        if files.isEmpty && runner.configuration.shard == nil {
            let searched = paths.isEmpty ? SceneTestDiscovery.defaultPath : paths.joined(separator: ", ")
            writeToStandardError("choreo test: no test files (*\(SceneTestDiscovery.suffix)) in \(searched)\n")
            throw ExitCode(1)
        }
        let kind = SceneTestReporterKind(rawValue: reporter)!
        var output = kind.makeReporter(colors: kind == .pretty && isatty(STDOUT_FILENO) != 0)
        emit(output.begin())
        let report = runner.run(files) { emit(output.report($0)) }
        emit(output.end(report))
        if kind == .junit { writeToStandardError(report.summary + "\n") }
        if let junit {
            var xml = JUnitReporter()
            let file = try OutputFile(path: junit)
            file.write(xml.render(report))
            try file.finish()
        }
        if !report.succeeded { throw ExitCode(1) }
    }

    private func makeConfiguration() throws -> SceneTestRunner.Configuration {
        do {
            var configuration = SceneTestRunner.Configuration(
                paths: paths, filter: try filter.map { try TestNameFilter($0) }, shard: try shard.map { try TestShard(parsing: $0) })
            configuration.jobs = jobs
            configuration.updateSnapshots = updateSnapshots
            configuration.memoryLimit = memoryLimit * 1024 * 1024
            configuration.instructionLimit = instructionLimit * 1_000_000
            configuration.imageMatcher = .rendered
            configuration.allowedRoots = allowRoot
            return configuration
        } catch let error as SceneTestUsageError {
            throw ValidationError(error.message)
        }
    }

    /// Prints a piece of the report at once (files stream as they finish).
    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        print(text, terminator: "")
        fflush(nil)  // every output stream (naming stdout is not concurrency-safe in Swift 6)
    }
}
