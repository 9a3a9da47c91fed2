#if canImport(Glibc)
import Glibc
#endif

/// Reading script files, with errors that name the file.
public enum ScriptFile {
    struct ReadError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot read \(path): \(reason)" }
    }

    /// The whole file as UTF-8 text.
    static func read(_ path: String) throws(ReadError) -> String {
        guard let file = fopen(path, "rb") else {
            throw ReadError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count { break }
        }
        if ferror(file) != 0 { throw ReadError(path: path, reason: "read error") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The directory part of a path ("." when none): where a script's modules and images are.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
