#if canImport(Glibc)
@preconcurrency import Glibc  // `stdout` is a C global: Swift 6 refuses to name it otherwise
#endif

/// A file written line by line (traces), or standard output, that remembers the first failed
/// write: `finish()` flushes and throws it, so a full disk, `/dev/full` or a closed pipe ends the
/// command with an error and exit status 1 instead of losing data silently.
final class OutputFile {
    private var handle: UnsafeMutablePointer<FILE>?
    private let ownsHandle: Bool
    /// What the file is called in messages (its path, or "standard output").
    let name: String
    /// The first write error's reason (`strerror`), if any.
    private(set) var failure: String?

    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    init(path: String) throws(WriteError) {
        guard let handle = fopen(path, "w") else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        self.handle = handle
        ownsHandle = true
        name = path
    }

    private init(standard handle: UnsafeMutablePointer<FILE>) {
        self.handle = handle
        ownsHandle = false
        name = "standard output"
    }

    /// Whether this writes where standard output goes (`--trace /dev/stdout`, or standard output
    /// itself): then a script's prints must go elsewhere, or they could forge the file's lines.
    var sharesStandardOutput: Bool {
        guard let handle else { return false }
        var mine = stat(), standard = stat()
        guard fstat(fileno(handle), &mine) == 0, fstat(STDOUT_FILENO, &standard) == 0 else { return false }
        return mine.st_dev == standard.st_dev && mine.st_ino == standard.st_ino
    }

    /// Standard output, checked the same way (the process's `stdout` stream).
    static func standardOutput() -> OutputFile { OutputFile(standard: stdout) }

    func writeLine(_ line: String) { write(line + "\n") }

    /// Writes `text` as is; a failure is kept for `finish()`.
    func write(_ text: String) {
        guard let handle, failure == nil else { return }
        var text = text
        let count = text.utf8.count
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, count, handle) }
        if written != count { failure = String(cString: strerror(errno)) }
    }

    /// Flushes (and closes a file); throws the first write error.
    func finish() throws(WriteError) {
        if let handle {
            if fflush(handle) != 0, failure == nil { failure = String(cString: strerror(errno)) }
            if ferror(handle) != 0, failure == nil { failure = "write error" }
            if ownsHandle, fclose(handle) != 0, failure == nil { failure = String(cString: strerror(errno)) }
            self.handle = nil
        }
        if let failure { throw WriteError(path: name, reason: failure) }
    }

    deinit { if ownsHandle, let handle { fclose(handle) } }
}
