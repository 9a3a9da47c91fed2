import ChoreoRuntime
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The golden traces of one test file: `__snapshots__/<test file name>/<name>.jsonl`, in the
/// folder of the test file.
///
///     Tests/Scenes/fade_test.lua
///     Tests/Scenes/__snapshots__/fade_test.lua/fade.jsonl
///
/// Comparing: lines must have the same structure byte for byte, and numbers may differ by
/// `TraceComparison.tolerance`. Updating (`--update-snapshots`): a golden that is missing or
/// differs is written; one that matches is left alone, so re-recording causes no churn.
/// Within a file each name belongs to one test (tests run one at a time, so no locking).
final class SnapshotBook {
    /// The folder of this file's goldens.
    let directory: String
    /// The same folder relative to the test file's folder (how `files` takes it).
    let relativeDirectory: String
    /// Goldens are read through the test file's sandbox: a golden that is a symlink out of the
    /// folder, a FIFO or a device is refused, never read (and never quoted in a failure).
    let files: FileSandbox
    let isUpdating: Bool
    /// Goldens written or rewritten.
    private(set) var written = 0
    /// Which test used each name.
    private var owners: [String: String] = [:]
    /// The golden images `expectImage` used (SnapshotBook+Images.swift).
    var usedImages: Set<String> = []

    init(file: SceneTestFile, updating: Bool, files: FileSandbox) {
        relativeDirectory = "__snapshots__/" + file.name
        directory = ScriptFile.directory(of: file.path) + "/" + relativeDirectory
        self.files = files
        isUpdating = updating
    }

    func path(of name: String) -> String { "\(directory)/\(name).jsonl" }

    /// Checks `lines` against the golden `name`; returns the failure text, or nil when it
    /// matches (or was written).
    /// - Throws: `LuaCallError` for a bad or reused name, or a golden that cannot be read or written.
    func check(_ name: String, lines: [String], test: String) throws -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        guard !name.isEmpty, name.count <= 100, name.allSatisfy(allowed.contains), !name.hasPrefix(".") else {
            throw LuaCallError("expectTrace: bad trace name \(TestValueFormat.quoted(name)) (use letters, digits, "
                + "'_', '-' and '.', not starting with '.')")
        }
        if let owner = owners[name] {
            throw LuaCallError("expectTrace: the trace name \(TestValueFormat.quoted(name)) is already used by the test '\(owner)' "
                + "in this file (give each trace its own name)")
        }
        owners[name] = test
        let path = path(of: name)
        let golden = try read(path, relative: "\(relativeDirectory)/\(name).jsonl")
        let difference = golden.map { TraceComparison.firstDifference(expected: $0, received: lines) }
        if let difference, difference == nil { return nil }  // a golden that matches
        if isUpdating {
            try write(lines, to: path)
            written += 1
            return nil
        }
        let call = "expectTrace(\(TestValueFormat.quoted(name)))"
        guard let golden, let line = difference ?? nil else {
            return "\(call): no golden trace at \(path) (run choreo test --update-snapshots to record it)"
        }
        let expected = line < golden.count ? golden[line] : "(no line: the golden ends after \(golden.count) lines)"
        let received = line < lines.count ? lines[line] : "(no line: the trace ends after \(lines.count) lines)"
        return "\(call) differs from \(path) at line \(line + 1)\n  Expected: \(expected)\n  Received: \(received)"
    }

    /// The golden's lines, or nil when there is none.
    private func read(_ path: String, relative: String) throws -> [String]? {
        let data: [UInt8]
        do { data = try files.read(relative) } catch {
            if error.isMissing { return nil }
            throw LuaCallError("expectTrace: cannot read \(path): \(error.reason)")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Refuses to record into a snapshot folder that resolves outside the test file's sandbox
    /// (a `__snapshots__` symlink to elsewhere): recording writes only below the test's folder.
    func checkFolderInsideSandbox() throws {
        // The folders that exist on the way (`__snapshots__`, then the file's own) must stay inside.
        let snapshotsFolder = String(directory.dropLast(relativeDirectory.count)) + "__snapshots__"
        for folder in [snapshotsFolder, directory] {
            guard let real = ScriptFile.realPath(folder) else { return }  // created when recording
            guard files.contains(real) else {
                throw LuaCallError("cannot record into \(directory): it resolves outside the test file's folder and the allowed roots")
            }
        }
    }

    private func write(_ lines: [String], to path: String) throws {
        try checkFolderInsideSandbox()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw LuaCallError("expectTrace: cannot write \(path): \(Self.reason(error))")
        }
    }

    /// Why a write failed, in the system's words (`No such file or directory`) when the error
    /// carries an errno.
    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }
}

/// Compares trace lines: structure (everything but numbers) exactly, numbers within a tolerance.
enum TraceComparison {
    /// Numbers match when |a − b| ≤ 1e-9 + 1e-9 × max(|a|, |b|).
    static let tolerance = 1e-9

    /// The index of the first line that differs (or that one side lacks), or nil if none does.
    static func firstDifference(expected: [String], received: [String]) -> Int? {
        for index in 0..<max(expected.count, received.count) {
            guard index < expected.count, index < received.count, linesMatch(expected[index], received[index]) else {
                return index
            }
        }
        return nil
    }

    static func linesMatch(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let x = tokens(a), y = tokens(b)
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { pair in
            switch pair {
            case let (.number(p), .number(q)):
                p == q || abs(p - q) <= tolerance + tolerance * max(abs(p), abs(q))
            case let (.text(p), .text(q)): p == q
            default: false
            }
        }
    }

    enum Token: Equatable {
        case number(Double)
        case text(String)
    }

    /// A JSON line cut into numbers and the text between them (strings kept whole, so digits
    /// inside a view's name are text).
    static func tokens(_ line: String) -> [Token] {
        var result: [Token] = []
        var text = ""
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\"" {
                var j = i + 1
                while j < scalars.count && scalars[j] != "\"" { j += scalars[j] == "\\" ? 2 : 1 }
                let end = min(j + 1, scalars.count)
                text.unicodeScalars.append(contentsOf: scalars[i..<end])
                i = end
            } else if c == "-" || ("0"..."9").contains(c) {
                var j = i + 1
                while j < scalars.count, "0123456789+-.eE".unicodeScalars.contains(scalars[j]) { j += 1 }
                let literal = String(String.UnicodeScalarView(scalars[i..<j]))
                if let number = Double(literal) {
                    if !text.isEmpty { result.append(.text(text)) }
                    text = ""
                    result.append(.number(number))
                } else {
                    text += literal
                }
                i = j
            } else {
                text.unicodeScalars.append(c)
                i += 1
            }
        }
        if !text.isEmpty { result.append(.text(text)) }
        return result
    }
}
