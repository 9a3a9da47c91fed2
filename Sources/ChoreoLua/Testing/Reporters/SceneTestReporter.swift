/// Turns results into text as they come: `begin`, then `report` for each file in file order,
/// then `end`. The command line prints each piece as soon as it has it.
///
///     var reporter = SceneTestReporterKind.tap.makeReporter(colors: false)
///     print(reporter.render(report), terminator: "")
public protocol SceneTestReporter {
    /// What comes before any result ("" for none).
    mutating func begin() -> String
    /// The results of one file.
    mutating func report(_ file: TestFileResult) -> String
    /// What comes after the last file: the summary, or the whole document.
    mutating func end(_ report: SceneTestReport) -> String
}

extension SceneTestReporter {
    /// The whole output for a finished run.
    public mutating func render(_ report: SceneTestReport) -> String {
        var text = begin()
        for file in report.files { text += self.report(file) }
        return text + end(report)
    }
}

/// The reporters `--reporter` names.
public enum SceneTestReporterKind: String, CaseIterable, Sendable {
    /// For people: PASS/FAIL per file, ✓/✗ per test, failures in full, `N passed, N failed`.
    case pretty
    /// Test Anything Protocol, version 13: one test point per test, YAML diagnostics.
    case tap
    /// JUnit XML, the report format CI servers read.
    case junit

    /// `colors` (ANSI) applies to `pretty` only; give it when standard output is a terminal.
    public func makeReporter(colors: Bool = false) -> any SceneTestReporter {
        switch self {
        case .pretty: PrettyReporter(colors: colors)
        case .tap: TAPReporter()
        case .junit: JUnitReporter()
        }
    }
}

/// `text` with every line indented by `spaces` and tabs shown as two spaces.
func indented(_ text: String, by spaces: Int) -> String {
    let prefix = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : prefix + $0.replacing("\t", with: "  ") }
        .joined(separator: "\n")
}
