import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The plugins of a plugin path, ready for script hosts: native plugins loaded and checked,
/// Lua plugins read (each `ScriptHost` runs them in its own Lua state, ChoreoLua), and every
/// refusal so far.
///
///     let catalog = PluginCatalog(path: .standard(extra: ["my-plugins"]))
///     let host = try ScriptHost(plugins: catalog)      // ChoreoLua
///     for failure in host.pluginFailures { print(failure) }
///
/// Built once per command and shared (it is immutable and `Sendable`): `choreo test` gives the
/// same catalog to every test's fresh host.
public struct PluginCatalog: Sendable {
    /// A Lua plugin's source.
    public struct LuaSource: Sendable {
        public var name: String
        public var path: String
        public var source: String
    }

    public private(set) var natives: [NativePlugin] = []
    public private(set) var luaSources: [LuaSource] = []
    /// Plugins refused so far (Lua plugins can still be refused when a host runs them).
    public private(set) var failures: [PluginLoadError] = []
    /// Plugins shadowed by a later one of the same name (see `PluginPath`).
    public private(set) var shadowed: [(plugin: PluginCandidate, by: PluginCandidate)] = []

    /// No plugins.
    public static let empty = PluginCatalog(candidates: [])

    /// Discovers and loads the plugins on `path`.
    public init(path: PluginPath) {
        let discovery = PluginDiscovery(path: path)
        self.init(candidates: discovery.plugins)
        failures.insert(contentsOf: discovery.failures, at: 0)
        shadowed = discovery.shadowed
    }

    /// Loads exactly these plugins.
    public init(candidates: [PluginCandidate]) {
        for candidate in candidates {
            switch candidate.kind {
            case .native:
                do {
                    natives.append(try NativePlugin.load(path: candidate.path, name: candidate.name))
                } catch {
                    // A library among the built products that is not a plugin is not an error.
                    if candidate.isBuiltProduct && error.reason.hasPrefix("does not export") { continue }
                    failures.append(error)
                }
            case .lua:
                // A FIFO or a device named *.lua on the path is refused, never read (it would block
                // or stream for ever), as is a file over ScriptFile's cap.
                do {
                    luaSources.append(LuaSource(name: candidate.name, path: candidate.path,
                                                source: try ScriptFile.read(candidate.path)))
                } catch {
                    failures.append(PluginLoadError(path: candidate.path, name: candidate.name, reason: "cannot be read: \(error.reason)"))
                }
            }
        }
    }
}
