import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The directories plugins are found in, lowest precedence first (DESIGN §6):
///
///     1. the built-products directory: where `swift build` puts the package's native plugins
///        (`.build/debug/libpenner.so`, beside the `choreo` executable) — native plugins only;
///     2. `./Plugins` (relative to the working directory);
///     3. each directory of `CHOREO_PLUGIN_PATH` (separated by `:`), in order;
///     4. each `--plugins DIR`, in order.
///
/// **Later wins**: a plugin found again in a later directory shadows the earlier one of the same
/// name as a whole (its providers are not merged), so `--plugins DIR` can replace a shipped
/// plugin, and a plugin in `./Plugins` can replace a built one. Within a directory, names are
/// taken in sorted order of the file names, with the same rule. `choreo plugins list` shows what
/// was shadowed by what.
///
/// Directories that do not exist are skipped, except `--plugins` ones, which the CLI checks.
public struct PluginPath: Sendable, Equatable {
    /// One directory of the path.
    public struct Entry: Sendable, Equatable {
        public var directory: String
        /// The built-products directory: only `lib*.so` files are looked at, and a library
        /// there that is not a plugin (no entry symbol) is skipped silently.
        public var isBuiltProducts: Bool

        public init(directory: String, isBuiltProducts: Bool = false) {
            self.directory = directory
            self.isBuiltProducts = isBuiltProducts
        }
    }

    /// Lowest precedence first.
    public var entries: [Entry]

    public init(_ entries: [Entry]) { self.entries = entries }

    /// No plugins at all (the default of a `ScriptHost`).
    public static let none = PluginPath([])

    /// The standard path: built products, `./Plugins`, `CHOREO_PLUGIN_PATH`, then `extra` (the
    /// `--plugins` directories).
    public static func standard(
        extra: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        builtProducts: String? = PluginPath.executableDirectory()
    ) -> PluginPath {
        var entries: [Entry] = []
        if let builtProducts { entries.append(Entry(directory: builtProducts, isBuiltProducts: true)) }
        entries.append(Entry(directory: "Plugins"))
        let fromEnvironment = environment["CHOREO_PLUGIN_PATH"]?.split(separator: ":").map(String.init) ?? []
        for directory in fromEnvironment + extra { entries.append(Entry(directory: directory)) }
        return PluginPath(entries)
    }

    /// The directory of the running executable (`/proc/self/exe`), where SwiftPM also puts the
    /// package's dynamic libraries; nil when it cannot be told.
    public static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
