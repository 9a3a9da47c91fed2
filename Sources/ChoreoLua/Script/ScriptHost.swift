import ChoreoCore
import ChoreoRuntime

/// Everything a scene script runs with: a sandboxed Lua VM, the engine that drives its scene,
/// and the timing registry — with the whole script API of DESIGN §5 installed.
///
///     let host = try ScriptHost(scriptDirectory: "Scripts/Examples")
///     let scene = try host.run(source: source, chunkName: "media-timing.lua")
///     let report = try host.engine.run(until: .idle)
///
/// Scripts read files only inside `scriptDirectory` and `allowedRoots` (`FileSandbox`).
/// `plugins` (none by default) adds timing providers: the catalog's native ones, and its Lua
/// plugins run in this host's Lua state (ScriptHost+Plugins.swift); `pluginFailures` lists the
/// refused ones. The CLI passes the plugin path's catalog (`PluginCatalog(path: .standard())`).
///
/// Script code runs only on the engine's turns: the top level, timers, display links, animation
/// delegates, completions. Errors raised in Lua carry `file:line` and a traceback; errors in
/// callbacks the engine does not call itself (delegates, curves) are kept in `deferredError`
/// and reported when control returns to the host.
public final class ScriptHost {
    public let vm: LuaVM
    public let engine: Engine
    public var registry = TimingRegistry() {
        didSet { namedCurves = LuaStringMemo() }  // a name may now mean another curve
    }
    /// The curves Lua strings named (`View.animate`'s `curve = "easeOut"`), by the string's
    /// address: a name seen before costs no `String`, hashing or parsing. A provider's name maps
    /// to nil (its provider makes a curve each time it is asked). Emptied when `registry` changes.
    var namedCurves = LuaStringMemo<(any TimingCurve)?>()
    /// Where `require` finds modules and relative paths (traits specs, images) resolve.
    public let scriptDirectory: String?
    /// The files the script may read: inside `scriptDirectory` or an allowed root (`FileSandbox`).
    public var files: FileSandbox { vm.files }
    /// The scenes the script made with `Scene.new` that are still alive, in order; the first is
    /// the engine's. Held weakly: a scene the script drops (one per frame, say) is freed once Lua
    /// collects it, instead of being kept for the whole run.
    public var createdScenes: [Scene] { sceneRecords.compactMap(\.scene) }
    /// Every `Scene.new` so far, weakly, pruned of freed scenes as it doubles.
    var sceneRecords: [WeakScene] = []
    /// Whether `Scene.new` has run (its first call sets up the engine's scene).
    public internal(set) var hasMadeScene = false
    /// How many times `Scene.new` has run: a scene's `serial` in `sceneRecords`, and the mark by
    /// which `require` and `loadScene` find the scene a file made (SceneBindings.swift).
    var scenesMade = 0
    /// The first error raised by script code outside an engine callback (a delegate, a curve).
    public internal(set) var deferredError: LuaError? {
        get { deferredErrorSlot.error }
        set { deferredErrorSlot.error = newValue }
    }
    /// Where `deferredError` lives: shared with Lua curves, which check it on every sample and so
    /// hold the slot strongly rather than the host weakly (a weak load costs more than the call).
    let deferredErrorSlot = DeferredErrorSlot()
    /// The first error raised by an animator's animation block during the current animator call
    /// (the blocks run inside it; AnimatorBindings raises it from that call).
    var animatorBlockError: (any Error)?
    /// The innermost script callback running, if any (ScriptHost+Callbacks.swift), and how many
    /// are nested.
    public internal(set) var runningCallback: ScriptCallbackKind?
    var callbackNesting = 0
    /// The Lua side of sequences (ScriptHost+Sequences.swift): the driver chunk's functions, the
    /// sequences whose bodies are running (innermost last), and the one being made.
    var sequenceDriver: SequenceDriver?
    var runningSequences: [ScriptSequence] = []
    var adoptingSequence: ScriptSequence?
    /// The plugins loaded (DESIGN §6), native and Lua, in the order of the plugin path.
    public internal(set) var loadedPlugins: [LoadedPlugin] = []
    /// The plugins refused, each with the reason; the others still load.
    public internal(set) var pluginFailures: [PluginLoadError] = []

    public init(
        scriptDirectory: String? = nil, allowedRoots: [String] = [], memoryLimit: Int = LuaVM.defaultMemoryLimit,
        instructionLimit: Int = LuaVM.defaultInstructionLimit, framesPerSecond: Double = 60,
        plugins: PluginCatalog = .empty
    ) throws {
        vm = LuaVM(memoryLimit: memoryLimit, instructionLimit: instructionLimit)
        vm.files = FileSandbox(sceneDirectory: scriptDirectory, allowedRoots: allowedRoots)
        engine = try Engine(framesPerSecond: framesPerSecond)
        self.scriptDirectory = scriptDirectory
        installBindings()
        installTurns()
        loadPlugins(plugins)
    }

    deinit {
        engine.turnDidBegin = nil
        vm.close()
    }

    /// Runs a script's top level (at engine time 0, like `viewDidAppear`), commits, and returns
    /// the scene it set up: the one it returns, else the first it created, else the engine's.
    @discardableResult
    public func run(source: String, chunkName: String) throws -> Scene {
        defer { engine.endTurn() }  // the top level is a turn of its own
        let results = try engine.perform { () throws(LuaError) in try vm.run(chunk: source, name: chunkName) }
        try throwDeferredError()
        if let returned = results.first?.objectValue as? Scene, returned !== engine.scene {
            engine.scene = returned
        }
        return engine.scene
    }

    /// Reads and runs a script file.
    @discardableResult
    public func run(fileAt path: String) throws -> Scene {
        let source = try ScriptFile.read(path)
        return try run(source: source, chunkName: path)  // errors name the path as given
    }

    /// Throws the kept error, once.
    public func throwDeferredError() throws(LuaError) {
        if let error = deferredError {
            deferredError = nil
            deferredErrorSlot.endsRun = false
            throw error
        }
    }

    /// Installs every binding of the script API.
    private func installBindings() {
        installValueTypes()
        installEngineGlobals()
        installTransactions()
        installViews()
        installTiming()
        installAnimations()
        installAnimators()
        installMotion()
        installStagger()
        installTimelines()
        installSequences()
        installSceneAccess()
        vm.addMethods(layerAnimationMethods(), to: Layer.self)
    }
}

/// A scene `ScriptHost.createdScenes` lists without keeping it alive (nor weakly referencing
/// the scene itself: see `Scene.lifetime`).
struct WeakScene {
    private weak var lifetime: Scene.Lifetime?
    var scene: Scene? { lifetime?.scene }
    /// `scenesMade` before this scene was made: 0 for the first.
    var serial = 0

    init(scene: Scene, serial: Int) {
        lifetime = scene.lifetime
        self.serial = serial
    }
}

/// A host's deferred error, in a box that hot paths can hold without holding the host.
final class DeferredErrorSlot {
    var error: LuaError?
    /// Whether `error` is a runaway that must end the engine's run at once.
    var endsRun = false
}
