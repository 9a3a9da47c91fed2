/// The reporter for people (the default): each file as `PASS` or `FAIL` with its path, each
/// test with ✓ or ✗ and its full name, failures and printed lines beneath, then the summary:
///
///     PASS Tests/Scenes/timers_test.lua
///       ✓ after › fires at its exact deadline
///     FAIL Tests/Scenes/fade_test.lua
///       ✗ fade › is half done at 0.5 s
///           Tests/Scenes/fade_test.lua:12: expect(received).toBeCloseTo(expected, tolerance)
///             Expected: 0.5 ± 1e-09
///             Received: 0.25
///
///     1 passed, 1 failed
///
/// Colors (ANSI) only when asked for; the summary line is never colored, so CI can read it.
public struct PrettyReporter: SceneTestReporter {
    public var colors: Bool

    public init(colors: Bool = false) { self.colors = colors }

    public mutating func begin() -> String { "" }

    public mutating func report(_ file: TestFileResult) -> String {
        var lines = [(file.passed ? paint("PASS", 32) : paint("FAIL", 31)) + " " + file.file.path]
        lines += file.output.map { "    " + paint("> " + $0, 2) }
        if let failure = file.loadFailure {
            lines.append("  " + paint("✗", 31) + " failed to load")
            lines.append(indented(failure.text, by: 6))
        }
        for test in file.tests {
            lines.append("  " + (test.passed ? paint("✓", 32) : paint("✗", 31)) + " " + test.fullName)
            lines += test.output.map { "      " + paint("> " + $0, 2) }
            if let failure = test.failure { lines.append(paint(indented(failure.text, by: 6), 31)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public mutating func end(_ report: SceneTestReport) -> String {
        var text = "\n"
        if report.snapshotsWritten > 0 {
            text += "Snapshots: \(report.snapshotsWritten) written\n"
        }
        return text + report.summary + "\n"
    }

    /// `text` in an SGR color (32 green, 31 red, 2 dim) when colors are on.
    private func paint(_ text: String, _ code: Int) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
