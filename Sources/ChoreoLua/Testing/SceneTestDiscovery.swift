import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A scene test file found by discovery.
public struct SceneTestFile: Hashable, Sendable {
    /// Joins the names of a test's describe blocks and its own: `timers › after › fires once`.
    public static let nameSeparator = " › "

    /// The path as reported and as Lua names the chunk (`Tests/Scenes/timers_test.lua`): the
    /// root as given, then the path below it.
    public var path: String
    /// The path below the root it was found under (`timers_test.lua`, `ca/basic_test.lua`): the
    /// key of `--shard`, the same from any working directory.
    public var relativePath: String

    public init(path: String, relativePath: String) {
        self.path = path
        self.relativePath = relativePath
    }

    /// The file's name without folders (`timers_test.lua`).
    public var name: String { String(path.split(separator: "/").last ?? Substring(path)) }
}

/// A problem with how the runner was asked to run: a path that does not exist, a bad `--shard`
/// or `--filter`. The command line reports it as a usage error (exit status 2).
public struct SceneTestUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Finds scene test files: `*_test.lua` under each path, recursively, sorted.
///
///     try SceneTestDiscovery.files(in: ["Tests/Scenes"])
///     // [Tests/Scenes/ca/basic_test.lua, Tests/Scenes/timers_test.lua]
///
/// A path that is a file is taken as it is, whatever its name. Folders whose names start with a
/// dot, `__snapshots__` folders and symbolic links to folders are not searched (no cycles).
/// Results are sorted by path (byte order) and each file appears once.
public enum SceneTestDiscovery {
    /// How test file names end.
    public static let suffix = "_test.lua"

    /// The default place to look.
    public static let defaultPath = "Tests/Scenes"

    /// - Throws: `SceneTestUsageError` for a path that does not exist.
    public static func files(in paths: [String]) throws(SceneTestUsageError) -> [SceneTestFile] {
        var found: [String: SceneTestFile] = [:]
        for given in paths.isEmpty ? [defaultPath] : paths {
            let root = normalized(given)
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw SceneTestUsageError("no such file or directory: \(given)")
            }
            if isDirectory {
                for relative in search(root, below: "") {
                    let file = SceneTestFile(path: root == "." ? relative : "\(root)/\(relative)", relativePath: relative)
                    found[file.path] = found[file.path] ?? file
                }
            } else {
                let file = SceneTestFile(path: root, relativePath: String(root.split(separator: "/").last ?? ""))
                found[file.path] = found[file.path] ?? file
            }
        }
        return found.values.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The test files below `root/below`, as paths relative to `root`.
    private static func search(_ root: String, below relative: String) -> [String] {
        let folder = relative.isEmpty ? root : "\(root)/\(relative)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var result: [String] = []
        for name in names where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : "\(relative)/\(name)"
            let type = (try? FileManager.default.attributesOfItem(atPath: "\(root)/\(child)"))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?:
                if name != "__snapshots__" { result += search(root, below: child) }
            case .typeRegular?, .typeSymbolicLink?:
                var isDirectory = false
                if name.hasSuffix(suffix), FileManager.default.fileExists(atPath: "\(root)/\(child)", isDirectory: &isDirectory),
                   !isDirectory {
                    result.append(child)
                }
            default:
                break
            }
        }
        return result
    }

    /// `Tests/Scenes/` and `Tests/Scenes` are the same root; so are `./x` and `x`.
    static func normalized(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        while path.hasPrefix("./") && path.count > 2 { path.removeFirst(2) }
        return path.isEmpty ? "." : path
    }
}
