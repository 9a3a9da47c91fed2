#if canImport(Glibc)
import Glibc
#endif

/// A file written line by line (traces).
final class OutputFile {
    private var handle: UnsafeMutablePointer<FILE>?

    struct OpenError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    init(path: String) throws {
        guard let handle = fopen(path, "w") else {
            throw OpenError(path: path, reason: String(cString: strerror(errno)))
        }
        self.handle = handle
    }

    func writeLine(_ line: String) {
        guard let handle else { return }
        fputs(line, handle)
        fputc(10, handle)
    }

    func close() {
        if let handle { fclose(handle) }
        handle = nil
    }

    deinit { close() }
}
