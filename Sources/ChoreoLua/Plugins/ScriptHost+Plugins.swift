import ChoreoCore
import ChoreoRuntime
import Synchronization

/// Loading plugins into a script host (DESIGN §6): native providers are registered as they are;
/// Lua plugins run in this host's Lua state — the same sandbox, memory and instruction limits as
/// the scene — each in an environment of its own.
///
/// A Lua plugin is `NAME.lua` or `NAME/plugin.lua`, returning
///
///     return { name = "material", version = "1.0.0", providers = {
///       linearish = function(t) return t end,                       -- a function of t
///       standard = { progress = function(t, p) ... end,             -- or a table:
///                    velocity = function(t, p) ... end,             --   optional, d progress / d t
///                    duration = 0.5,                                --   optional: seconds, or function(p)
///                    params = { overshoot = 1.70158 },              --   names and defaults
///                    exactEndpoints = true,                         --   false: progress(0), (1) are free
///                    bake = 256 },                                  --   optional: sample once per use
///       smooth = { params = { duration = 0.5, bounce = 0 },         -- or a curve factory:
///                  curve = function(p) return SpringTimingParameters.new{ duration = p.duration,
///                                                                         bounce = p.bounce } end },
///     } }
///
/// The environment has the safe standard library (`math`, `string`, `table`, `utf8`, `pairs`,
/// `ipairs`, `type`, `error`, `pcall`, ...) and copies of the timing globals (`Timing`,
/// `TimingFunction`, `CubicTimingParameters`, `SpringTimingParameters`); not the scene API, not
/// `require`. Provider functions get `params` (a table of every parameter's value) after t.
///
/// A plugin is refused, with a message naming its file, when it does not compile, raises, runs
/// out of instructions or memory, returns the wrong shape, or when a provider does not give a
/// finite progress at its defaults (t = 0, 0.1, ..., 1). The other plugins still load.
extension ScriptHost {
    /// Registers the catalog's native providers and runs its Lua plugins.
    func loadPlugins(_ catalog: PluginCatalog) {
        pluginFailures = catalog.failures
        for plugin in catalog.natives {
            for provider in plugin.providers { registry.register(provider: provider) }
            loadedPlugins.append(LoadedPlugin(
                name: plugin.name, version: plugin.version, kind: .native, path: plugin.path, providers: plugin.providers))
        }
        if !catalog.luaSources.isEmpty {
            let loader: LuaFunctionRef
            do {
                guard let function = try vm.run(chunk: Self.pluginLoaderSource, name: "=plugin loader").first?.functionValue else {
                    preconditionFailure("the plugin loader chunk returns a function")
                }
                loader = function
            } catch {
                preconditionFailure("the plugin loader chunk does not run: \(error)")
            }
            for source in catalog.luaSources {
                do {
                    let plugin = try loadLuaPlugin(source, loader: loader)
                    for provider in plugin.providers { registry.register(provider: provider) }
                    loadedPlugins.append(plugin)
                } catch {
                    pluginFailures.append(error)
                }
            }
        }
        registry.pluginFailures = pluginFailures
    }

    /// Runs one Lua plugin and checks what it returns.
    private func loadLuaPlugin(_ source: PluginCatalog.LuaSource, loader: LuaFunctionRef) throws(PluginLoadError) -> LoadedPlugin {
        let refuse = { (reason: String) in PluginLoadError(path: source.path, name: source.name, reason: reason) }
        let results: [LuaValue]
        do {
            results = try vm.call(loader, [.string(source.source), .string("@" + source.path)])
        } catch {
            throw refuse(error.message)
        }
        let shape = "must return a table { name = \"\(source.name)\", version = \"1.0.0\", providers = { ... } }"
        guard let table = results.first?.tableValue else {
            throw refuse(shape + " (got \(results.first.map(ScriptValues.luaTypeName) ?? "nothing"))")
        }
        do {
            try table.checkKeys(allowed: ["name", "version", "providers"], of: "field of the plugin table")
        } catch {
            throw refuse(error.description)
        }
        guard let name = table["name"].stringValue else { throw refuse(shape + Self.missing("name", table["name"])) }
        guard name == source.name else {
            throw refuse("the plugin is named '\(PluginLimits.quoted(name))' but its file is named for '\(source.name)'")
        }
        guard let version = table["version"].stringValue, !version.isEmpty else {
            throw refuse(shape + Self.missing("version", table["version"]))
        }
        guard let providers = table["providers"].tableValue, !providers.keys.isEmpty else {
            throw refuse(shape + " (providers is missing or empty)")
        }
        guard providers.keys.count <= PluginLimits.providers else {
            throw refuse("too many providers: \(providers.keys.count) (at most \(PluginLimits.providers))")
        }
        // Sampling every provider is deterministic: once a source passed, later hosts (every test
        // of `choreo test` has its own) only check its shape.
        let validated = Self.validatedSources.withLock { $0.contains(source.path + "\u{0}" + source.source) }
        var made: [LuaTimingProvider] = []
        let keys = providers.keys.compactMap { key -> String? in if case .name(let n) = key { n } else { nil } }
        guard keys.count == providers.keys.count else { throw refuse("providers must be named (providers = { standard = ... })") }
        for key in keys.sorted() {
            guard PluginDiscovery.isValidName(key) else { throw refuse("'\(key)' is not a provider name") }
            let provider: LuaTimingProvider
            do {
                provider = try LuaTimingProvider(
                    name: "\(name).\(key)", value: providers[key], source: source.path, host: self)
                if !validated { try provider.validate() }
            } catch {
                throw refuse(Self.reason(error))
            }
            made.append(provider)
        }
        if !validated { _ = Self.validatedSources.withLock { $0.insert(source.path + "\u{0}" + source.source) } }
        return LoadedPlugin(name: name, version: version, kind: .lua, path: source.path, providers: made)
    }

    /// Lua plugin sources (path and text) whose providers passed sampling in this process.
    private static let validatedSources = Mutex<Set<String>>([])

    /// " (name is missing)", or " (name must be a string, got a number)" for a field of another type.
    private static func missing(_ field: String, _ value: LuaValue) -> String {
        value.isNil ? " (\(field) is missing)" : " (\(field) must be a string, got \(ScriptValues.luaTypeName(value)))"
    }

    static func reason(_ error: any Error) -> String {
        (error as? LuaError)?.message ?? "\(error)"
    }

    /// Runs a plugin's source in an environment of its own, with copies of the safe globals
    /// taken now (before any scene code runs), and returns what it returns.
    static let pluginLoaderSource = """
        local G = _G
        local names = { "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
          "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring", "type", "xpcall" }
        local libraries = { "math", "string", "table", "utf8", "Timing", "TimingFunction",
          "CubicTimingParameters", "SpringTimingParameters" }
        local base = {}
        for _, name in ipairs(names) do base[name] = G[name] end
        local load = load
        return function(source, chunkname)
          local env = {}
          for name, value in pairs(base) do env[name] = value end
          for _, name in ipairs(libraries) do
            if type(G[name]) == "table" then
              local copy = {}
              for k, v in pairs(G[name]) do copy[k] = v end
              env[name] = copy
            end
          end
          env._G = env
          local chunk, message = load(source, chunkname, "t", env)
          if not chunk then error(message, 0) end
          return chunk()
        end
        """
}
