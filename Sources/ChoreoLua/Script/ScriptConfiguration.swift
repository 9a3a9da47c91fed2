import ChoreoRuntime

/// What a scene script runs with, as `choreo run`, `render`, `trace` and `preview` take it from
/// the command line: the file, the frame rate, the sandbox limits and the plugins. One value
/// makes as many hosts as a command needs (render's counting run, a preview's replays), all alike.
///
///     let configuration = ScriptConfiguration(scenePath: "Scripts/Examples/flight-info.lua")
///     let host = try configuration.makeHost()
///     try host.run(fileAt: configuration.scenePath)
///
/// The plugin catalog is loaded once, by whoever makes the configuration, and shared by every
/// host (`PluginCatalog` is immutable); each host runs the Lua plugins in its own state.
public struct ScriptConfiguration: Sendable {
    /// The scene script, as given (errors name it so: `scene.lua:3: ...`).
    public var scenePath: String
    /// The frame rate of headless runs: the grid frames are taken on (`--fps`).
    public var framesPerSecond: Double
    /// The script's memory limit in bytes (`--memory-limit`, given in MiB).
    public var memoryLimit: Int
    /// The instruction limit per turn (`--instruction-limit`, given in millions).
    public var instructionLimit: Int
    /// Folders the script may read besides its own (`--allow-root`).
    public var allowedRoots: [String]
    /// The timing-provider plugins (`--plugins`, the plugin path).
    public var plugins: PluginCatalog

    public init(
        scenePath: String, framesPerSecond: Double = 60, memoryLimit: Int = LuaVM.defaultMemoryLimit,
        instructionLimit: Int = LuaVM.defaultInstructionLimit, allowedRoots: [String] = [],
        plugins: PluginCatalog = .empty
    ) {
        self.scenePath = scenePath
        self.framesPerSecond = framesPerSecond
        self.memoryLimit = memoryLimit
        self.instructionLimit = instructionLimit
        self.allowedRoots = allowedRoots
        self.plugins = plugins
    }

    /// The folder relative paths of the script resolve in: the scene file's own.
    public var scriptDirectory: String { ScriptFile.directory(of: scenePath) }

    /// A fresh host for the script (nothing run yet), its prints going to `printHandler`.
    public func makeHost(printHandler: ((String) -> Void)? = nil) throws -> ScriptHost {
        let host = try ScriptHost(
            scriptDirectory: scriptDirectory, allowedRoots: allowedRoots, memoryLimit: memoryLimit,
            instructionLimit: instructionLimit, framesPerSecond: framesPerSecond, plugins: plugins)
        if let printHandler { host.vm.printHandler = printHandler }
        return host
    }
}
