/// Test Anything Protocol version 13: a test point per test (a file that failed to load is one
/// `not ok` point), YAML diagnostics under failures, printed lines as `#` comments, and the plan
/// last (TAP allows it at the end, so points stream as files finish):
///
///     TAP version 13
///     ok 1 - Tests/Scenes/timers_test.lua › after › fires at its exact deadline
///     not ok 2 - Tests/Scenes/fade_test.lua › fade › is half done at 0.5 s
///       ---
///       severity: fail
///       message: |-
///         Tests/Scenes/fade_test.lua:12: expect(received).toBe(expected)
///           Expected: 0.5
///           Received: 0.25
///       ...
///     1..2
///     # 1 passed, 1 failed
///
/// `severity` is `fail` for an expectation that did not hold and `error` for a Lua error, which
/// also has its traceback under `stack`. `#` and `\` in descriptions are escaped.
public struct TAPReporter: SceneTestReporter {
    private var count = 0

    public init() {}

    public mutating func begin() -> String { "TAP version 13\n" }

    public mutating func report(_ file: TestFileResult) -> String {
        var text = file.output.map { "# " + $0 + "\n" }.joined()
        if let failure = file.loadFailure {
            text += point(description: file.file.path + " (failed to load)", failure: failure, output: [])
        }
        for test in file.tests {
            text += point(description: file.file.path + SceneTestFile.nameSeparator + test.fullName,
                          failure: test.failure, output: test.output)
        }
        return text
    }

    public mutating func end(_ report: SceneTestReport) -> String {
        var text = "1..\(count)\n"
        if report.snapshotsWritten > 0 { text += "# Snapshots: \(report.snapshotsWritten) written\n" }
        return text + "# " + report.summary + "\n"
    }

    private mutating func point(description: String, failure: TestFailure?, output: [String]) -> String {
        count += 1
        var text = (failure == nil ? "ok" : "not ok") + " \(count) - " + escaped(description) + "\n"
        if let failure {
            text += "  ---\n  severity: " + (failure.kind == .expectation ? "fail" : "error") + "\n"
            text += block("message", failure.message)
            if !failure.traceback.isEmpty { text += block("stack", failure.traceback) }
            text += "  ...\n"
        }
        return text + output.map { "# " + $0 + "\n" }.joined()
    }

    /// A YAML literal block (`|-`: kept as is, without a final newline).
    private func block(_ key: String, _ value: String) -> String {
        "  \(key): |-\n" + indented(value, by: 4) + "\n"
    }

    private func escaped(_ description: String) -> String {
        description.replacing("\\", with: "\\\\").replacing("#", with: "\\#")
            .replacing("\n", with: " ")
    }
}
