import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import ChoreoRuntime

/// Runs Lua scene tests headless: the library behind `choreo test` (DESIGN §5, "Scene tests").
///
///     var configuration = SceneTestRunner.Configuration(paths: ["Tests/Scenes"])
///     configuration.jobs = 4
///     let runner = SceneTestRunner(configuration: configuration)
///     let report = try runner.run { file in print(file.file.path, file.passed) }
///     print(report.summary)                    // 12 passed, 0 failed
///
/// Each `*_test.lua` file is loaded once to collect its tests (`describe` bodies run then), and
/// then once more for every test, each time in a fresh `ScriptHost` (a new Lua state and a new
/// engine at time 0): the test's `beforeEach` hooks run outermost first, then the test, then its
/// `afterEach` hooks innermost first. Nothing is shared between tests but the file's golden
/// traces. A file that cannot be loaded fails as a whole; the other files still run.
///
/// Files run on `jobs` threads, each file on one thread. Results come back, and
/// `onFileFinished` is called on the caller's thread, in file order whatever the number of jobs,
/// so reports are byte-identical to a run with one job. Nothing in a report depends on the wall
/// clock.
public struct SceneTestRunner: Sendable {
    public struct Configuration: Sendable {
        /// Test files and folders to search (`SceneTestDiscovery`); empty means `Tests/Scenes`.
        public var paths: [String]
        /// Only tests whose full name matches run.
        public var filter: TestNameFilter?
        /// Only the files of this shard run.
        public var shard: TestShard?
        /// Files run in parallel (≥ 1).
        public var jobs = 1
        /// `expectTrace` writes golden traces that are missing or differ, instead of failing.
        public var updateSnapshots = false
        /// Bytes each test's Lua state may hold.
        public var memoryLimit = LuaVM.defaultMemoryLimit
        /// Instructions each turn of test code may run (the top level, a hook, a test).
        public var instructionLimit = LuaVM.defaultInstructionLimit
        /// The engine's frame rate (frames happen on its grid as time advances).
        public var framesPerSecond = 60.0
        /// The most scene time `runUntilIdle()` waits, in seconds, before it fails.
        public var idleLimit = 600.0
        /// What `expectImage` renders and compares with (nil: `expectImage` fails, saying so).
        public var imageMatcher: SceneImageMatcher?
        /// Folders besides each test file's own that its scripts may read files from (`FileSandbox`).
        public var allowedRoots: [String] = []
        /// The plugins every test's host loads (none by default; `choreo test` gives the plugin path's).
        public var plugins = PluginCatalog.empty

        public init(paths: [String] = [], filter: TestNameFilter? = nil, shard: TestShard? = nil) {
            self.paths = paths
            self.filter = filter
            self.shard = shard
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The test files to run: discovered, sorted, and cut to the shard.
    /// - Throws: `SceneTestUsageError` for a path that does not exist.
    public func files() throws(SceneTestUsageError) -> [SceneTestFile] {
        let all = try SceneTestDiscovery.files(in: configuration.paths)
        guard let shard = configuration.shard else { return all }
        return all.filter(shard.contains)
    }

    /// Discovers the files and runs them.
    public func run(onFileFinished: (TestFileResult) -> Void = { _ in }) throws(SceneTestUsageError) -> SceneTestReport {
        run(try files(), onFileFinished: onFileFinished)
    }

    /// Runs `files`, calling `onFileFinished` with each file's result in file order.
    public func run(_ files: [SceneTestFile], onFileFinished: (TestFileResult) -> Void = { _ in }) -> SceneTestReport {
        let runner = TestFileRunner(configuration: configuration)
        let jobs = min(max(configuration.jobs, 1), files.count)
        guard jobs > 1 else {
            return SceneTestReport(files: files.map { file in
                let result = runner.run(file)
                onFileFinished(result)
                return result
            })
        }
        let slots = ResultSlots(count: files.count)
        for _ in 0..<jobs {
            TestWorkers.start {
                while let index = slots.nextIndex() { slots.store(runner.run(files[index]), at: index) }
            }
        }
        return SceneTestReport(files: files.indices.map { index in
            let result = slots.wait(for: index)
            onFileFinished(result)
            return result
        })
    }
}

/// Selects tests by their full name (`describe › … › it`): a regular expression, matched
/// anywhere in the name, ignoring case (as Jest's `-t`).
public struct TestNameFilter: Sendable {
    public let pattern: String

    /// - Throws: `SceneTestUsageError` when `pattern` is not a valid regular expression.
    public init(_ pattern: String) throws(SceneTestUsageError) {
        do { _ = try Regex(pattern) } catch {
            throw SceneTestUsageError("--filter is not a valid regular expression: \(pattern) (\(error))")
        }
        self.pattern = pattern
    }

    /// The test of a compiled filter (compiled once per file, on the thread that runs it).
    func matcher() -> (String) -> Bool {
        guard let regex = try? Regex(pattern).ignoresCase() else { return { _ in false } }
        return { $0.contains(regex) }
    }
}

/// The results of a parallel run, filled by the workers and read in order by the caller.
private final class ResultSlots: @unchecked Sendable {
    private let condition = TestCondition()
    private var results: [TestFileResult?]
    private var next = 0

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next file for a worker to run, or nil when all are taken.
    func nextIndex() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: TestFileResult, at index: Int) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> TestFileResult {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        return results[index]!
    }
}
