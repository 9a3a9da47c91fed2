/// JUnit XML, as CI servers read it: a `testsuite` per file, a `testcase` per test named by its
/// full name (`describe › it`) with the file as `classname`, `failure` for an expectation that
/// did not hold and `error` for a Lua error (message and traceback), printed lines in
/// `system-out`. A file that failed to load is a suite with one erroring case, "failed to load".
/// No times are written: reports of equal runs are byte-identical.
///
///     <testsuites name="choreo test" tests="2" failures="1" errors="0">
///       <testsuite name="Tests/Scenes/fade_test.lua" tests="2" failures="1" errors="0" skipped="0">
///         <testcase name="fade › starts opaque" classname="Tests/Scenes/fade_test.lua"/>
///         ...
public struct JUnitReporter: SceneTestReporter {
    public init() {}

    public mutating func begin() -> String { "" }

    public mutating func report(_ file: TestFileResult) -> String { "" }

    public mutating func end(_ report: SceneTestReport) -> String {
        let cases = report.files.map(Self.cases)
        let all = cases.flatMap { $0 }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"choreo test\"" + Self.counts(all) + ">\n"
        for (file, cases) in zip(report.files, cases) {
            xml += "  <testsuite name=\"\(Self.escape(file.file.path))\"" + Self.counts(cases) + " skipped=\"0\">\n"
            for (name, failure, output) in cases {
                xml += "    <testcase name=\"\(Self.escape(name))\" classname=\"\(Self.escape(file.file.path))\""
                guard failure != nil || !output.isEmpty else {
                    xml += "/>\n"
                    continue
                }
                xml += ">\n"
                if let failure {
                    let element = failure.kind == .expectation ? "failure" : "error"
                    let summary = String(failure.message.prefix { $0 != "\n" })
                    xml += "      <\(element) message=\"\(Self.escape(summary))\" type=\"\(failure.kind.rawValue)\">"
                        + Self.escape(failure.text, inAttribute: false) + "</\(element)>\n"
                }
                if !output.isEmpty {
                    xml += "      <system-out>" + Self.escape(output.joined(separator: "\n"), inAttribute: false) + "</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            if !file.output.isEmpty {
                xml += "    <system-out>" + Self.escape(file.output.joined(separator: "\n"), inAttribute: false) + "</system-out>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private typealias Case = (name: String, failure: TestFailure?, output: [String])

    private static func cases(_ file: TestFileResult) -> [Case] {
        if let failure = file.loadFailure { return [("failed to load", failure, [])] }
        return file.tests.map { ($0.fullName, $0.failure, $0.output) }
    }

    private static func counts(_ cases: [Case]) -> String {
        let failures = cases.count { $0.failure?.kind == .expectation }
        let errors = cases.count { $0.failure?.kind == .error }
        return " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    }

    /// Text for an attribute or element: markup characters as entities, line breaks and tabs in
    /// attributes as character references (so they survive), and characters XML 1.0 forbids as
    /// `\u{…}`.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\r": out += "&#13;"
            case "\t": out += inAttribute ? "&#9;" : "\t"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += "\\u{\(String(v, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
