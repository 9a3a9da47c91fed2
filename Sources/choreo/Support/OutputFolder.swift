#if canImport(Glibc)
import Glibc
#endif

/// A folder that a command writes files into: created (with its parents) when missing, and
/// checked for writing up front, so a bad `--out` fails before any work is done.
struct OutputFolder {
    struct Unwritable: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write into the output folder \(path): \(reason)" }
    }

    let path: String

    init(path: String) throws {
        self.path = path
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw Unwritable(path: path, reason: String(cString: strerror(errno)))
            }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Unwritable(path: path, reason: "it is not a folder")
        }
        guard access(path, W_OK) == 0 else { throw Unwritable(path: path, reason: String(cString: strerror(errno))) }
    }

    /// The path of a file in the folder.
    func file(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }
}
