import ChoreoCore
import ChoreoPluginABI
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A native plugin: a shared library exporting `choreo_plugin_entry` (choreo_plugin.h), loaded
/// with `dlopen` and checked once; its providers call the library's C functions directly.
///
///     let penner = try NativePlugin.load(path: ".build/debug/libpenner.so")
///     penner.providers.map(\.name)   // ["penner.easeInQuad", ...]
///
/// A library is loaded at most once per process and never unloaded (curves made from it may
/// live anywhere); loading the same path again returns the same plugin, or the same refusal.
/// Refusals (`PluginLoadError`) say what is wrong: the library cannot be opened, it does not
/// export the entry point, it was built for another ABI version, or its descriptor is invalid.
public final class NativePlugin: Sendable {
    public let name: String
    public let version: String
    public let path: String
    public let providers: [NativeTimingProvider]

    private init(name: String, version: String, path: String, providers: [NativeTimingProvider]) {
        self.name = name
        self.version = version
        self.path = path
        self.providers = providers
    }

    private static let loaded = Mutex<[String: Result<NativePlugin, PluginLoadError>]>([:])

    /// Loads (once) the library at `path`, expecting the plugin `name` (its file's name; nil:
    /// whatever the descriptor says).
    public static func load(path: String, name expected: String? = nil) throws(PluginLoadError) -> NativePlugin {
        let key = (ScriptFile.realPath(path) ?? path) + "\u{0}" + (expected ?? "")
        let result = loaded.withLock { cache in
            if let known = cache[key] { return known }
            let result = Result { () throws(PluginLoadError) in try open(path: path, expected: expected) }
            cache[key] = result
            return result
        }
        return try result.get()
    }

    private static func open(path: String, expected: String?) throws(PluginLoadError) -> NativePlugin {
        let refuse = { (reason: String) in PluginLoadError(path: path, name: expected ?? path, reason: reason) }
        // A relative path without a slash would make dlopen search the library path instead.
        let file = path.contains("/") ? path : "./" + path
        // dlopen reads what it is given: a FIFO or a device named lib*.so would block it.
        do throws(ScriptFile.ReadError) {
            try ScriptFile.checkRegularFile(file)
        } catch {
            throw refuse("cannot be opened: \(error.reason)")
        }
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            throw refuse("cannot be opened: " + (dlerror().map { String(cString: $0) } ?? "unknown error"))
        }
        do throws(PluginLoadError) {
            guard let symbol = dlsym(handle, CHOREO_PLUGIN_ENTRY_SYMBOL) else {
                throw refuse("does not export \(CHOREO_PLUGIN_ENTRY_SYMBOL) (not a Choreo plugin? see choreo_plugin.h)")
            }
            let entry = unsafeBitCast(symbol, to: choreo_plugin_entry_fn.self)
            guard let descriptor = entry() else { throw refuse("\(CHOREO_PLUGIN_ENTRY_SYMBOL)() returned NULL") }
            let abi = descriptor.pointee.abi_version
            guard abi == CHOREO_PLUGIN_ABI_VERSION else {
                throw refuse("built for plugin ABI version \(abi); this choreo loads version \(CHOREO_PLUGIN_ABI_VERSION)")
            }
            let plugin = try read(descriptor.pointee, path: path, expected: expected)
            return plugin
        } catch {
            dlclose(handle)
            throw error
        }
    }

    /// Checks a descriptor and copies what it says (the function pointers stay in the library).
    private static func read(
        _ descriptor: choreo_plugin_descriptor, path: String, expected: String?
    ) throws(PluginLoadError) -> NativePlugin {
        let refuse = { (reason: String) in PluginLoadError(path: path, name: expected ?? path, reason: reason) }
        guard let namePointer = descriptor.name, case let name = String(cString: namePointer), !name.isEmpty else {
            throw refuse("invalid descriptor: no plugin name")
        }
        guard PluginDiscovery.isValidName(name) else {
            throw refuse("invalid descriptor: '\(PluginLimits.quoted(name))' is not a plugin name")
        }
        if let expected, expected != name {
            throw refuse("invalid descriptor: the plugin is named '\(PluginLimits.quoted(name))' but its file is named for '\(expected)'")
        }
        guard let versionPointer = descriptor.version, case let version = String(cString: versionPointer), !version.isEmpty else {
            throw refuse("invalid descriptor: plugin '\(name)' has no version")
        }
        guard descriptor.provider_count > 0, let list = descriptor.providers else {
            throw refuse("invalid descriptor: plugin '\(name)' has no providers")
        }
        // Counts this large are garbage (an uninitialised field), not plugins: refuse before reading.
        guard descriptor.provider_count <= PluginLimits.providers else {
            throw refuse("invalid descriptor: plugin '\(name)' claims \(descriptor.provider_count) providers (at most \(PluginLimits.providers))")
        }
        var providers: [NativeTimingProvider] = []
        for index in 0..<Int(descriptor.provider_count) {
            let entry = list[index]
            guard let providerName = entry.name.map({ String(cString: $0) }), PluginDiscovery.isValidName(providerName) else {
                throw refuse("invalid descriptor: provider \(index + 1) has no valid name")
            }
            let qualified = "\(name).\(providerName)"
            guard !providers.contains(where: { $0.name == qualified }) else {
                throw refuse("invalid descriptor: two providers are named '\(providerName)'")
            }
            guard let progress = entry.progress else { throw refuse("invalid descriptor: \(qualified) has no progress function") }
            guard entry.param_count <= PluginLimits.parameters else {
                throw refuse("invalid descriptor: \(qualified) claims \(entry.param_count) parameters (at most \(PluginLimits.parameters))")
            }
            guard entry.param_count >= 0, entry.param_count == 0 || (entry.param_names != nil && entry.param_defaults != nil) else {
                throw refuse("invalid descriptor: \(qualified) declares \(entry.param_count) parameters without names or defaults")
            }
            var parameters: [ProviderParameter] = []
            for p in 0..<Int(entry.param_count) {
                guard let parameterName = entry.param_names[p].map({ String(cString: $0) }), !parameterName.isEmpty else {
                    throw refuse("invalid descriptor: parameter \(p + 1) of \(qualified) has no name")
                }
                guard !parameters.contains(where: { $0.name == parameterName }) else {
                    throw refuse("invalid descriptor: \(qualified) has two parameters named '\(parameterName)'")
                }
                let value = entry.param_defaults[p]
                guard value.isFinite else {
                    throw refuse("invalid descriptor: the default of \(qualified).\(parameterName) is \(formatNumber(value)), not a finite number")
                }
                parameters.append(ProviderParameter(name: parameterName, defaultValue: value))
            }
            let provider = NativeTimingProvider(
                name: qualified, parameters: parameters, source: path, progressFunction: progress,
                velocityFunction: entry.velocity, durationFunction: entry.duration, checkFunction: entry.check,
                hasExactEndpoints: entry.flags & CHOREO_PROVIDER_FREE_ENDPOINTS == 0)
            do { _ = try provider.curve() } catch {
                throw refuse("invalid descriptor: \(qualified) fails at its defaults: \(error)")
            }
            providers.append(provider)
        }
        return NativePlugin(name: name, version: version, path: path, providers: providers)
    }
}

