#if canImport(Glibc)
import Glibc
#endif

/// Reading script files, with errors that name the file: the one place where Choreo opens a file
/// that a scene, a test or the command line names for reading (scene and test files, modules,
/// traits specs, images, golden traces) and the Lua plugins on the plugin path. It lives in
/// ChoreoRuntime so that the plugin catalog shares it.
///
/// A file is read only when it is a regular file of at most `maximumSize` bytes: it is opened
/// with `O_NONBLOCK` and checked with `fstat` before any byte is read, so a FIFO, a device
/// (`/dev/zero`, `/dev/stdin`) or a folder is refused at once and never blocks or streams for
/// ever. `FileSandbox` adds where a script's files may be.
public enum ScriptFile {
    /// The largest file a scene may name or be: 16 MiB.
    public static let maximumSize = 16 * 1024 * 1024

    /// Why a file cannot be read; the reason never quotes the file's contents.
    public struct ReadError: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String
        public var description: String { "cannot read \(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
        /// Whether the file does not exist (ENOENT's reason).
        public var isMissing: Bool { reason == String(cString: strerror(ENOENT)) }
    }

    /// The whole file as UTF-8 text (invalid bytes become U+FFFD).
    public static func read(_ path: String) throws(ReadError) -> String {
        String(decoding: try bytes(of: path), as: UTF8.self)
    }

    /// The whole file's bytes, or only its first `prefix` bytes (a header) when given.
    /// - Throws: `ReadError` when the file is missing, not a regular file, larger than
    ///   `maximumSize`, or fails to read.
    public static func bytes(of path: String, prefix: Int? = nil) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        if let kind = irregularKind(info.st_mode) {
            throw ReadError(path: path, reason: "it is \(kind), not a regular file")
        }
        guard Int(info.st_size) <= maximumSize else { throw tooLarge(path) }
        // Read to the end (the size may change while reading), never past the cap.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size) + 1, prefix ?? .max))
        var count = 0
        while true {
            if let prefix, count >= prefix { break }
            if count == bytes.count {
                guard bytes.count <= maximumSize else { throw tooLarge(path) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, maximumSize + 1 - bytes.count)))
            }
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if read == 0 { break }
            count += read
        }
        guard count <= maximumSize else { throw tooLarge(path) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Checks that `path` is an existing regular file of at most `maximumSize` bytes, without
    /// reading it (for files that another library opens: PNG images for cairo).
    public static func checkRegularFile(_ path: String) throws(ReadError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        if let kind = irregularKind(info.st_mode) {
            throw ReadError(path: path, reason: "it is \(kind), not a regular file")
        }
        guard Int(info.st_size) <= maximumSize else { throw tooLarge(path) }
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    public static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    private static func tooLarge(_ path: String) -> ReadError {
        ReadError(path: path, reason: "it is larger than \(maximumSize / 1024 / 1024) MiB")
    }

    /// The directory part of a path ("." when none): where a script's modules and images are.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The canonical path (symlinks, `.` and `..` resolved), or nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
