import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A plugin file found on the plugin path, before it is loaded.
public struct PluginCandidate: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `NAME.lua`, or `NAME/plugin.lua`.
        case lua
        /// `libNAME.so`.
        case native
    }

    /// The name its file gives it (`material` for `material.lua`, `penner` for `libpenner.so`).
    public var name: String
    public var kind: Kind
    /// The file to load.
    public var path: String
    /// Whether it was found among the built products (see `PluginPath.Entry.isBuiltProducts`).
    public var isBuiltProduct: Bool

    public init(name: String, kind: Kind, path: String, isBuiltProduct: Bool = false) {
        self.name = name
        self.kind = kind
        self.path = path
        self.isBuiltProduct = isBuiltProduct
    }

    /// The plugin a path names, for `choreo plugins check PATH`: a `.lua` file, a directory with
    /// a `plugin.lua`, or a shared library. Nil when it is none of these.
    public static func at(path: String) -> PluginCandidate? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        if isDirectory {
            let script = path + "/plugin.lua"
            guard FileManager.default.fileExists(atPath: script) else { return nil }
            return PluginCandidate(name: file, kind: .lua, path: script)
        }
        if file.hasSuffix(".lua") { return PluginCandidate(name: String(file.dropLast(4)), kind: .lua, path: path) }
        if file.hasSuffix(".so") || file.contains(".so.") {
            var name = String(file.prefix { $0 != "." })
            if name.hasPrefix("lib") { name.removeFirst(3) }
            return PluginCandidate(name: name, kind: .native, path: path)
        }
        return nil
    }
}

/// What the plugin path holds: the plugins to load, and those shadowed by a later one.
public struct PluginDiscovery: Sendable {
    /// The plugins to load, one per name, in the order they were first found.
    public private(set) var plugins: [PluginCandidate] = []
    /// Each shadowed plugin, with the one that shadows it.
    public private(set) var shadowed: [(plugin: PluginCandidate, by: PluginCandidate)] = []
    /// Files that look like plugins but have names no provider could be named after.
    public private(set) var failures: [PluginLoadError] = []

    /// Searches each directory of `path`, applying "later wins" (see `PluginPath`).
    public init(path: PluginPath) {
        for entry in path.entries {
            for candidate in Self.candidates(in: entry) { add(candidate) }
        }
    }

    private mutating func add(_ candidate: PluginCandidate) {
        guard Self.isValidName(candidate.name) else {
            failures.append(PluginLoadError(
                path: candidate.path, name: candidate.name,
                reason: "'\(candidate.name)' is not a plugin name (use letters, digits, '_' and '-', starting with a letter)"))
            return
        }
        if let index = plugins.firstIndex(where: { $0.name == candidate.name }) {
            shadowed.append((plugins[index], candidate))
            plugins[index] = candidate
        } else {
            plugins.append(candidate)
        }
    }

    /// A plugin or provider name: a letter, then letters, digits, `_` or `-`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    /// The plugins in one directory, in sorted order of their file names.
    static func candidates(in entry: PluginPath.Entry) -> [PluginCandidate] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: entry.directory) else { return [] }
        let prefix = entry.directory.hasSuffix("/") ? entry.directory : entry.directory + "/"
        var found: [PluginCandidate] = []
        for file in names.sorted() where !file.hasPrefix(".") {
            let path = prefix + file
            if entry.isBuiltProducts {
                guard file.hasPrefix("lib"), file.hasSuffix(".so") else { continue }
                found.append(PluginCandidate(name: String(file.dropFirst(3).dropLast(3)), kind: .native, path: path,
                                             isBuiltProduct: true))
                continue
            }
            var isDirectory = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory {
                // A folder is a plugin only with a plugin.lua inside (Plugins/penner holds sources).
                if manager.fileExists(atPath: path + "/plugin.lua") {
                    found.append(PluginCandidate(name: file, kind: .lua, path: path + "/plugin.lua"))
                }
            } else if file.hasSuffix(".lua") {
                found.append(PluginCandidate(name: String(file.dropLast(4)), kind: .lua, path: path))
            } else if file.hasPrefix("lib"), file.hasSuffix(".so") {
                found.append(PluginCandidate(name: String(file.dropFirst(3).dropLast(3)), kind: .native, path: path))
            }
        }
        return found
    }
}
