import ArgumentParser
import ChoreoLua
import ChoreoRuntime
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `--plugins DIR`: every command that runs scripts or uses curves takes it (DESIGN §6, §7).
///
/// The plugin path is the built products (beside `choreo`), `./Plugins`, `CHOREO_PLUGIN_PATH`,
/// then each `--plugins DIR` in order; a later plugin of the same name shadows an earlier one.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp(
        "Also load timing-provider plugins from this directory (repeatable; later directories win).",
        valueName: "dir"))
    var directories: [String] = []

    func validate() throws {
        for directory in directories {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
                throw ValidationError("--plugins: no such directory: \(directory)")
            }
        }
    }

    var path: PluginPath { .standard(extra: directories) }

    /// The plugins of the path, loaded once for the whole command.
    func catalog() -> PluginCatalog { PluginCatalog(path: path) }
}

/// Reports refused plugins on standard error; the command goes on with the others.
func warnAboutPlugins(_ failures: [PluginLoadError]) {
    for failure in failures { writeToStandardError("choreo: warning: \(failure)\n") }
}
