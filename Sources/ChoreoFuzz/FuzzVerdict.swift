/// How one run of a fuzz script ended, worst first.
public enum FuzzVerdict: String, CaseIterable, Sendable, Comparable {
    /// Killed by a signal (a segfault, a Swift trap, an abort).
    case crash
    /// Still running at the wall-clock timeout.
    case hang
    /// NaN or an infinity reached the trace (written `null`, `nan` or `inf`).
    case nan
    /// Failed with a message that gives no `file:line`, names no call (`'?'`), or is a Swift
    /// runtime message (fatalError, precondition); or a `pcall` in the script caught such an error.
    case unclearError = "unclear-error"
    /// Failed with a script error that starts with `file:line:`.
    case clearError = "clear-error"
    case ok

    /// Crashes, hangs and NaN fail a batch (issue 15's "done when"); unclear errors are reported.
    public var isFailure: Bool { self == .crash || self == .hang || self == .nan }

    public static func < (a: FuzzVerdict, b: FuzzVerdict) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The verdict of one process run and the line that explains it.
public struct FuzzOutcome: Sendable, Equatable {
    public var verdict: FuzzVerdict
    /// The command (`run`, `trace`, `render`, `test`) whose run gave the verdict.
    public var step: String
    /// The message, signal or trace line behind the verdict (one line).
    public var detail: String

    public init(verdict: FuzzVerdict, step: String, detail: String) {
        (self.verdict, self.step, self.detail) = (verdict, step, detail)
    }
}

/// What a finished process left: how it ended and what it wrote.
public struct FuzzProcessResult: Sendable {
    public var status: Int32
    /// The signal that killed it, if one did (the timeout's SIGKILL included).
    public var signal: Int32?
    public var timedOut: Bool
    public var standardError: String
    /// Standard output: the scene's prints, and `choreo test`'s report.
    public var standardOutput: String
    /// The trace file it wrote, for `trace`.
    public var trace: String

    public init(status: Int32, signal: Int32?, timedOut: Bool, standardError: String, standardOutput: String = "", trace: String = "") {
        (self.status, self.signal, self.timedOut, self.standardError) = (status, signal, timedOut, standardError)
        (self.standardOutput, self.trace) = (standardOutput, trace)
    }
}

/// Turns a process result into a verdict. Pure, so its rules are tested on their own.
public enum FuzzClassifier {
    public static func classify(_ result: FuzzProcessResult, step: String) -> FuzzOutcome {
        // `choreo test` reports failures on standard output; other commands print the scene's own
        // lines there, which must not count as messages.
        let errors = step == "test" ? result.standardOutput + "\n" + result.standardError : result.standardError
        func outcome(_ verdict: FuzzVerdict, _ detail: String) -> FuzzOutcome {
            FuzzOutcome(verdict: verdict, step: step, detail: String(detail.prefix(300)))
        }
        if result.timedOut { return outcome(.hang, "no exit within the timeout") }
        if let signal = result.signal {
            let swiftMessage = runtimeMessage(in: errors).map { ": " + $0 } ?? ""
            return outcome(.crash, "signal \(signal)\(swiftMessage)")
        }
        // A sanitizer's report (Scripts/sanitize.sh) is memory or undefined behaviour: a crash.
        if let report = errors.split(separator: "\n").first(where: { $0.contains("Sanitizer") || $0.contains(": runtime error: ") }) {
            return outcome(.crash, String(report))
        }
        if let line = nonFiniteLine(in: result.trace) { return outcome(.nan, line) }
        if let line = errors.split(separator: "\n").first(where: { $0.contains("FUZZ-UNCLEAR") }) {
            return outcome(.unclearError, String(line))
        }
        if let message = runtimeMessage(in: errors) { return outcome(.unclearError, message) }
        if result.status == 0 { return outcome(.ok, "") }
        let messages = step == "test" ? failureMessages(in: errors) : [firstLine(of: errors)]
        if let unclear = messages.first(where: { !isClear($0) }) { return outcome(.unclearError, unclear) }
        return outcome(.clearError, messages.first ?? "")
    }

    /// A message is clear when it starts with `file:line:` and names its call.
    public static func isClear(_ message: String) -> Bool {
        guard !message.contains("to '?'") else { return false }
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[0].contains(" "), !parts[1].isEmpty,
              parts[1].allSatisfy(\.isNumber), parts[2].hasPrefix(" ")
        else { return false }
        return true
    }

    /// A Swift runtime trap's message (`Fatal error: …`, `Precondition failed`, …), if any.
    static func runtimeMessage(in errors: String) -> String? {
        let markers = ["Fatal error", "Precondition failed", "Assertion failed", "fatalError", "Illegal instruction", "Segmentation fault"]
        return errors.split(separator: "\n").first { line in markers.contains { line.contains($0) } }.map(String.init)
    }

    static func firstLine(of text: String) -> String {
        text.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }.map { String($0) } ?? ""
    }

    /// The message of each failed test in `choreo test`'s pretty output: the lines after `✗ name`
    /// up to the next test or the totals (prints, which may span lines, come first); the first
    /// clear line if there is one, else the last line that is not a traceback's.
    static func failureMessages(in errors: String) -> [String] {
        let lines = errors.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingLeadingSpaces() }
        var messages: [String] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("✗") else { index += 1; continue }
            index += 1
            var block: [String] = []
            while index < lines.count, !lines[index].hasPrefix("✗"), !lines[index].hasPrefix("✓"),
                  !lines[index].contains(" passed, ") {
                if !lines[index].hasPrefix(">") && !lines[index].isEmpty { block.append(lines[index]) }
                index += 1
            }
            let message = block.first(where: isClear)
                ?? block.prefix { !$0.hasPrefix("stack traceback") }.last ?? block.first ?? ""
            messages.append(message)
        }
        if messages.isEmpty { messages.append(firstLine(of: errors)) }
        return messages
    }

    /// The first trace line holding a non-finite number: a bare `null`, `nan` or `inf` value
    /// (JSON strings, such as view names, are skipped).
    public static func nonFiniteLine(in trace: String) -> String? {
        for line in trace.split(separator: "\n") where hasNonFiniteValue(line) { return String(line.prefix(300)) }
        return nil
    }

    static func hasNonFiniteValue(_ line: Substring) -> Bool {
        var token = ""
        var inString = false, escaped = false
        func check() -> Bool {
            let word = token.lowercased().trimmingCharacters(in: "+").trimmingCharacters(in: "-")
            token = ""
            return ["null", "nan", "inf", "infinity"].contains(word)
        }
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true; token = ""
            case ",", ":", "[", "]", "{", "}", " ": if check() { return true }
            default: token.append(character)
            }
        }
        return check()
    }
}

extension String {
    func trimmingLeadingSpaces() -> String { String(drop { $0 == " " || $0 == "\t" }) }
}
