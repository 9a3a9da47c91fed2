import ArgumentParser
import ChoreoCore
import ChoreoLua
import ChoreoRuntime

/// `choreo plugins list | check PATH` (DESIGN §6, §7).
struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the timing-provider plugins on the plugin path, or check one plugin.",
        discussion: """
            The plugin path: the built products beside choreo (native plugins of the package), \
            ./Plugins, each directory of CHOREO_PLUGIN_PATH, then each --plugins DIR. A plugin \
            found again later shadows the earlier one of the same name. See Plugins/README.md.
            """,
        subcommands: [List.self, Check.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the plugins with their providers, parameters and defaults, and those shadowed or refused.")

        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let catalog = plugins.catalog()
            let host = try ScriptHost(plugins: catalog)
            for plugin in host.loadedPlugins {
                print("\(plugin.name) \(plugin.version) (\(plugin.kind.rawValue)) \(plugin.path)")
                for provider in plugin.providers {
                    var traits: [String] = []
                    if provider.hasVelocity { traits.append("velocity") }
                    if provider.hasDuration { traits.append("own duration") }
                    if !provider.hasExactEndpoints { traits.append("free endpoints") }
                    print("  " + provider.signature + (traits.isEmpty ? "" : "  [" + traits.joined(separator: ", ") + "]"))
                }
            }
            for (plugin, by) in catalog.shadowed {
                print("shadowed: \(plugin.path) by \(by.path)")
            }
            for failure in host.pluginFailures { print("refused: \(failure.path): \(failure.reason)") }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load one plugin and test every provider.",
            discussion: """
                PATH is a NAME.lua file, a folder with a plugin.lua, or a libNAME.so. Each provider is \
                sampled at its defaults: finite values at t = 0, 0.01, ..., 1; progress(0) = 0 and \
                progress(1) = 1 unless it declares free endpoints; a velocity it gives matches the \
                slope of its progress; a duration it defines is finite and > 0. \
                Exit status: 0 when every provider passes, 1 when the plugin is refused or a provider fails.
                """)

        @Argument(help: "The plugin to check.") var path: String

        func validate() throws {
            guard PluginCandidate.at(path: path) != nil else {
                throw ValidationError("not a plugin: \(path) (expected NAME.lua, a folder with plugin.lua, or libNAME.so)")
            }
        }

        func run() throws {
            let candidate = PluginCandidate.at(path: path)!
            let host = try ScriptHost(plugins: PluginCatalog(candidates: [candidate]))
            if let failure = host.pluginFailures.first {
                print("FAIL  \(failure)")
                throw ExitCode(1)
            }
            guard let plugin = host.loadedPlugins.first else { throw ExitCode(1) }
            print("\(plugin.name) \(plugin.version) (\(plugin.kind.rawValue)) \(plugin.path): \(plugin.providers.count) providers")
            var failed = 0
            for provider in plugin.providers {
                let problems = host.checkProvider(provider)
                if problems.isEmpty {
                    print("ok    \(provider.name)")
                } else {
                    failed += 1
                    print("FAIL  \(provider.name): " + problems.joined(separator: "; "))
                }
            }
            print("\(plugin.providers.count - failed) passed, \(failed) failed")
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
