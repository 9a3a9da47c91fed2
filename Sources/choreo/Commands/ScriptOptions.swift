import ArgumentParser
import ChoreoLua
import ChoreoCore
import ChoreoRuntime

/// The options every command that runs a scene shares.
struct ScriptOptions: ParsableArguments {
    @Argument(help: "The scene script (a .lua file).") var scene: String
    // `.unconditional`: `--fps -5` takes -5 as the value (to be refused by name), not as an option.
    @Option(parsing: .unconditional, help: "Frames per second of the headless run, within (0, 1000].") var fps: Double = 60
    @Option(
        parsing: .unconditional,
        help: "Stop the run at this many seconds, at most 86400 (default: when nothing is left to do, at the latest at 3600 for run, 10 for trace and render).")
    var duration: Double?
    @Option(help: "Memory limit of the script, in MiB.") var memoryLimit: Int = 256
    @Option(help: "Instruction limit per turn (the top level; the callbacks of one frame together), in millions.") var instructionLimit: Int = 200
    @Option(help: ArgumentHelp(
        "A folder the script may also read files from (repeatable; by default only the scene's folder).",
        valueName: "dir"))
    var allowRoot: [String] = []
    @OptionGroup var plugins: PluginOptions

    /// The longest `--duration` (and `render --to`), in seconds: a day.
    static let maximumDuration = 86_400.0
    /// The highest `--fps`: a frame a millisecond (the display-link period's lower bound).
    static let maximumFramesPerSecond = 1000.0
    /// The longest headless `run` without `--duration`, in seconds (trace and render stop sooner:
    /// `TraceCommand.defaultLimit`, `RenderCommand.defaultLimit`).
    static let runDefaultLimit = 3600.0

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= Self.maximumFramesPerSecond else {
            throw ValidationError("--fps must be a number of frames per second within (0, \(formatNumber(Self.maximumFramesPerSecond))] (got \(formatNumber(fps)))")
        }
        if let duration, !(duration.isFinite && duration >= 0 && duration <= Self.maximumDuration) {
            throw ValidationError("--duration must be a number of seconds within 0...\(formatNumber(Self.maximumDuration)) (got \(formatNumber(duration)))")
        }
        try validateInputFile(scene, what: "the scene")
        try validateAllowedRoots(allowRoot)
        guard (1...16384).contains(memoryLimit) else { throw ValidationError("--memory-limit must be within 1...16384 (MiB)") }
        guard (1...100_000).contains(instructionLimit) else {
            throw ValidationError("--instruction-limit must be within 1...100000 (millions)")
        }
    }

    /// What the scene runs with (the library's form of these options, shared with `choreo
    /// preview`'s `PreviewController`), with the plugins of the plugin path loaded once.
    func configuration(plugins catalog: PluginCatalog? = nil) -> ScriptConfiguration {
        ScriptConfiguration(
            scenePath: scene, framesPerSecond: fps, memoryLimit: memoryLimit * 1024 * 1024,
            instructionLimit: instructionLimit * 1_000_000, allowedRoots: allowRoot,
            plugins: catalog ?? plugins.catalog())
    }

    /// A host for the scene, with the plugins of the plugin path (refused ones are reported on
    /// standard error), its prints going to standard output — or to standard error when
    /// `printsToStandardError` (the trace is on standard output: prints must not forge its lines).
    func makeHost(printsToStandardError: Bool = false, warnsAboutPlugins: Bool = true) throws -> ScriptHost {
        let host = try configuration().makeHost(
            printHandler: printsToStandardError ? { writeToStandardError($0 + "\n") } : { print($0) })
        if warnsAboutPlugins { warnAboutPlugins(host.pluginFailures) }
        return host
    }

    /// Runs the scene's top level and then the engine, headless, until `--duration`, else until
    /// the scene is idle or `defaultLimit` seconds; script errors become `ScriptFailure`.
    func runHeadless(_ host: ScriptHost, defaultLimit: Double = runDefaultLimit) throws -> RunReport {
        try runTopLevel(host)
        let report = try host.engine.run(until: .time(duration ?? defaultLimit), fps: fps)
        try check(report, host)
        return report
    }

    func runTopLevel(_ host: ScriptHost) throws {
        do {
            try host.run(fileAt: scene)
        } catch let error as LuaError {
            throw ScriptFailure(message: error.description)
        } catch {
            throw ScriptFailure(message: "\(error)")
        }
    }

    /// Turns a callback's error, or one kept by the host, into a `ScriptFailure`.
    func check(_ report: RunReport, _ host: ScriptHost) throws {
        if let failure = report.error {
            throw ScriptFailure(message: "\(failure.error)")
        }
        do { try host.throwDeferredError() } catch { throw ScriptFailure(message: error.description) }
    }
}

/// A script error: reported on standard error, exit status 1.
struct ScriptFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
