/// What went wrong in a test, or in loading a test file.
public struct TestFailure: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// An `expect(...)` matcher or an `expectTrace` did not hold.
        case expectation
        /// Lua raised an error: in the test, a hook, a callback it ran, or the file's top level
        /// (a syntax error, the instruction or memory limit, `error(...)`).
        case error
    }

    public var kind: Kind
    /// What went wrong, with `file:line:` in front where Lua gives one; may span lines.
    public var message: String
    /// `stack traceback:` and its lines, or "" (expectation failures carry none).
    public var traceback: String

    public init(kind: Kind, message: String, traceback: String = "") {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// The message, then the traceback if there is one.
    public var text: String { traceback.isEmpty ? message : message + "\n" + traceback }
}

/// The outcome of one `it`.
public struct TestCaseResult: Equatable, Sendable {
    /// The names of the `describe` blocks around the test, outermost first, then the test's own.
    public var path: [String]
    /// Why it failed; nil when it passed.
    public var failure: TestFailure?
    /// The lines the test printed (its hooks and callbacks included), in order.
    public var output: [String]

    public init(path: [String], failure: TestFailure? = nil, output: [String] = []) {
        self.path = path
        self.failure = failure
        self.output = output
    }

    public var passed: Bool { failure == nil }

    /// `describe › describe › it`, the name `--filter` matches.
    public var fullName: String { path.joined(separator: SceneTestFile.nameSeparator) }
}

/// The outcome of one test file: its tests in declaration order, or why it could not load.
public struct TestFileResult: Equatable, Sendable {
    public var file: SceneTestFile
    /// The tests that ran (those `--filter` selected), in the order the file declares them.
    public var tests: [TestCaseResult]
    /// Set when the file could not be loaded (a syntax error, a limit or an error at its top
    /// level, no tests at all); then no test of it ran, and the file counts as one failure.
    public var loadFailure: TestFailure?
    /// The lines the file's top level printed while its tests were collected.
    public var output: [String]
    /// Golden traces written or rewritten (`--update-snapshots`).
    public var snapshotsWritten: Int

    public init(file: SceneTestFile, tests: [TestCaseResult] = [], loadFailure: TestFailure? = nil,
                output: [String] = [], snapshotsWritten: Int = 0) {
        self.file = file
        self.tests = tests
        self.loadFailure = loadFailure
        self.output = output
        self.snapshotsWritten = snapshotsWritten
    }

    public var passedCount: Int { tests.count { $0.passed } }
    /// Failed tests, plus one when the file failed to load.
    public var failedCount: Int { tests.count { !$0.passed } + (loadFailure == nil ? 0 : 1) }
    public var passed: Bool { failedCount == 0 }
}

/// The outcome of a whole run, file by file in path order.
public struct SceneTestReport: Equatable, Sendable {
    public var files: [TestFileResult]

    public init(files: [TestFileResult]) { self.files = files }

    public var passedCount: Int { files.reduce(0) { $0 + $1.passedCount } }
    public var failedCount: Int { files.reduce(0) { $0 + $1.failedCount } }
    public var snapshotsWritten: Int { files.reduce(0) { $0 + $1.snapshotsWritten } }
    public var succeeded: Bool { failedCount == 0 }

    /// `12 passed, 1 failed`: the line CI reads, in exactly this form.
    public var summary: String { "\(passedCount) passed, \(failedCount) failed" }
}
