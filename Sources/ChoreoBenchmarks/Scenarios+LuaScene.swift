import ChoreoCore
import ChoreoLua
import ChoreoRuntime

extension Scenario {
    /// `lua-scene-10k`: the frame-10k scene built by a Lua script with `View.animate`, run the
    /// way `choreo run` runs a scene (a `ScriptHost` with choreo's default limits, the script's
    /// top level through `ScriptHost.run(source:chunkName:)`, then `engine.run` headless at 60 fps
    /// for 10 s, then the deferred-error check); ns per property-frame over the whole run, the
    /// script and the frames included (making the host is reported apart, `host_s`), with a frame
    /// sink that reads every animated presentation value of every view each frame (position x and
    /// y, opacity, the transform's scale) as `choreo render` and `choreo trace` do: walking the
    /// layer tree from the scene's root layer, every frame, and reading each layer by key path.
    /// `bare_ns` is the same run with nothing read (a bare `choreo run`). Every run is timed in
    /// the thread's CPU time; the scene and the tweener run in turn, three times each (once with
    /// `--quick`), and each side's fastest counts.
    ///
    /// Two baselines are measured in the same invocation, each in a `ScriptHost` of the same
    /// limits (the same sandboxed Lua state, allocator cap and instruction hook):
    /// - `lua_tweener_ns`: a hand-written pure-Lua tweener of the same scene
    ///   (`luaTweenerScript`): one record per object, the four values computed each frame by a
    ///   display link from the record's own start time, its curve solved in Lua (Newton, then
    ///   bisection), every value read. `ratio_vs_lua_tweener` is its whole run over Choreo's;
    ///   `ratio_frames_vs_lua_tweener` compares the 600 frames alone.
    /// - `tables_setup_s`: the scene script with plain Lua tables in place of views, layers and
    ///   `View.animate` (`luaTablesScript`). `setup_ratio` is Choreo's script (`script_s`: the top
    ///   level and its commit) over it, measured as `setupTimes(views:runs:)` does: the two sides in
    ///   turn, five runs each, each side's fastest, in the thread's CPU time. `script_wall_s` is
    ///   the script's wall-clock time in the two scene runs (the faster). The script's parts, run
    ///   alone (CPU time): `setup_views_s` makes and adds the views, `setup_values_s` sets their
    ///   values as well (`luaSceneScript(views:through:)`); the rest of `script_s` is
    ///   `View.animate`.
    static let luaScene10k = Scenario(
        name: "lua-scene-10k",
        summary: "frame-10k built by a Lua script with View.animate, every value read, vs a pure-Lua tweener; ns per property-frame",
        unit: "ns/property-frame"
    ) { size in
        let views = size.scaled(10_000), frames = size.isQuick ? 6 : 600
        let propertyFrames = Double(views * 4 * frames)
        _ = benchHost()  // the process's first host pays one-time costs (metadata, pages): not either side's
        // The set-up first, in a process whose heap the long runs below have not yet fragmented.
        let (choreoSetup, tables) = setupTimes(views: views, runs: size.isQuick ? 1 : 5)
        // The two sides in turn, each's fastest of `rounds`, in the thread's CPU time (the frames
        // run on this thread): a busy spell of the machine falls on both, and other jobs' time
        // slices count for neither (one run each, by the wall clock, measured a ratio of 9 when
        // another job took the processor during Choreo's run).
        var tweener = runLuaTweener(objects: views, frames: frames)
        var full = runLuaScene(views: views, frames: frames, reading: true)
        for _ in 1..<(size.isQuick ? 1 : 3) {
            let nextTweener = runLuaTweener(objects: views, frames: frames)
            if nextTweener.total < tweener.total { tweener = nextTweener }
            let nextFull = runLuaScene(views: views, frames: frames, reading: true)
            if nextFull.total < full.total { full = nextFull }
        }
        let bare = runLuaScene(views: views, frames: frames, reading: false)
        let viewsOnly = topLevelSeconds(luaSceneScript(views: views, through: .views))
        let withValues = topLevelSeconds(luaSceneScript(views: views, through: .values))
        let perPropertyFrame = { (seconds: Double) in seconds / propertyFrames * 1e9 }
        return (perPropertyFrame(full.total), [
            ("bare_ns", perPropertyFrame(bare.total)), ("frames_ns", perPropertyFrame(full.frames)),
            ("lua_tweener_ns", perPropertyFrame(tweener.total)), ("lua_tweener_frames_ns", perPropertyFrame(tweener.frames)),
            ("ratio_vs_lua_tweener", tweener.total / full.total),
            ("ratio_frames_vs_lua_tweener", tweener.frames / full.frames),
            ("host_s", full.host), ("script_s", choreoSetup), ("tables_setup_s", tables),
            ("setup_ratio", choreoSetup / tables), ("script_wall_s", min(full.scriptWall, bare.scriptWall)),
            ("setup_views_s", viewsOnly), ("setup_values_s", withValues),
        ])
    }

    /// Seconds of one run in the thread's CPU time (the frames run on the calling thread): making
    /// the host, the script's top level (with its commit), the frames, and the script and frames
    /// together (`total`: the host is the same for every side).
    struct LuaRunTimes {
        var host = 0.0, script = 0.0, frames = 0.0, total = 0.0
        /// The script's wall-clock seconds (the rest is CPU time).
        var scriptWall = 0.0
    }

    /// A `ScriptHost` as `choreo run` makes one (its default limits).
    static func benchHost() -> ScriptHost {
        try! ScriptHost(memoryLimit: 256 << 20, instructionLimit: 200_000_000, framesPerSecond: 60)
    }

    /// Runs `luaSceneScript(views:)` for `frames` frames; `reading`: a frame sink reads every
    /// view's animated presentation values each frame (`presentedValues(of:_:)`).
    static func runLuaScene(views: Int, frames: Int, reading: Bool) -> LuaRunTimes {
        var times = LuaRunTimes()
        let start = threadCPUSeconds()
        let host = benchHost()
        let hostMade = threadCPUSeconds(), wallStart = monotonicSeconds()
        try! host.run(source: luaSceneScript(views: views), chunkName: "lua-scene-10k.lua")
        let scriptDone = threadCPUSeconds()
        times.scriptWall = monotonicSeconds() - wallStart
        var sink = 0.0
        if reading {
            let scene = host.engine.scene
            let paths = readPaths  // resolved once, held by the reader (not a global's lazy access per read)
            host.engine.addFrameSink { _ in
                for layer in scene.rootLayer.sublayers { sink += presentedValues(of: layer, paths) }
            }
        }
        let report = try! host.engine.run(until: .time(Double(frames) / 60), fps: 60)
        precondition(report.error == nil && report.frames >= frames, "lua-scene-10k: the run stopped early")
        try! host.throwDeferredError()
        let end = threadCPUSeconds()
        blackHole(sink)
        times.host = hostMade - start
        times.script = scriptDone - hostMade
        times.frames = end - scriptDone
        times.total = end - hostMade
        return times
    }

    /// The sum of the four animated presentation values of `layer` — position x and y, opacity
    /// and the transform's scale (m11) — read as a renderer or a trace reads them.
    ///
    /// Reads by key path (`Layer.presentationValue(at:)`, lookups in the evaluator's columns), as
    /// the trace recorder does.
    @inline(__always)
    static func presentedValues(of layer: Layer, _ paths: ReadPaths) -> Double {
        var sum = 0.0
        if case let .point(p) = layer.presentationValue(at: paths.position) { sum += p.x + p.y }
        if case let .scalar(o) = layer.presentationValue(at: paths.opacity) { sum += o }
        if case let .transform(t) = layer.presentationValue(at: paths.transform) { sum += t.m11 }
        return sum
    }

    typealias ReadPaths = (position: PropertyPath, opacity: PropertyPath, transform: PropertyPath)

    /// The key paths `presentedValues(of:)` reads, resolved once.
    static let readPaths: ReadPaths = (
        position: PropertyPath(.position), opacity: PropertyPath(.opacity), transform: PropertyPath(.transform))

    /// Runs `luaTweenerScript(objects:)` for `frames` frames in a host of choreo's limits.
    static func runLuaTweener(objects: Int, frames: Int) -> LuaRunTimes {
        var times = LuaRunTimes()
        let start = threadCPUSeconds()
        let host = benchHost()
        let hostMade = threadCPUSeconds(), wallStart = monotonicSeconds()
        try! host.run(source: luaTweenerScript(objects: objects), chunkName: "lua-tweener.lua")
        let scriptDone = threadCPUSeconds()
        times.scriptWall = monotonicSeconds() - wallStart
        let report = try! host.engine.run(until: .time(Double(frames) / 60), fps: 60)
        precondition(report.error == nil && report.displayLinkCallbacks >= frames, "lua-tweener: the run stopped early")
        try! host.throwDeferredError()
        let end = threadCPUSeconds()
        // The last frame's values, checked against ChoreoCore's solver: the tweener did the work.
        let progress = min(1, host.engine.now / 10)
        let even = CubicBezierCurve.easeInOut.progress(at: progress)
        let odd = try! CubicBezierCurve(0.57, -0.4, 0.96, 0.87).progress(at: progress)
        let checked = try! host.vm.run(chunk: "return tweenerCheck(\(even), \(odd))", name: "lua-tweener-check.lua")
        precondition(checked.first?.doubleValue == Double(objects), "lua-tweener: wrong values")
        times.host = hostMade - start
        times.script = scriptDone - hostMade
        times.frames = end - scriptDone
        times.total = end - hostMade
        return times
    }

    /// The set-up of `views` views from Lua (`luaSceneScript`) and of the same objects as plain
    /// Lua tables (`luaTablesScript`): each side's fastest of `runs` runs of its top level, in
    /// the thread's CPU time, the sides run in turn (tables, scene, tables, scene, ...). In turn,
    /// so that a quiet or a busy spell of a shared machine falls on both sides alike; in CPU
    /// time, so that another job's time slices count for neither; the fastest, as the time
    /// nothing else slowed. The same number of runs a side: the fastest of more runs is faster.
    static func setupTimes(views: Int, runs: Int) -> (scene: Double, tables: Double) {
        let scene = luaSceneScript(views: views), tables = luaTablesScript(objects: views)
        var best = (scene: Double.infinity, tables: Double.infinity)
        for _ in 0..<runs {
            best.tables = min(best.tables, topLevelSeconds(tables))
            best.scene = min(best.scene, topLevelSeconds(scene))
        }
        return best
    }

    /// Seconds of a script's top level (with its commit) in a host of choreo's limits, in the
    /// thread's CPU time.
    static func topLevelSeconds(_ source: String) -> Double {
        let host = benchHost()
        let start = threadCPUSeconds()
        try! host.run(source: source, chunkName: "lua-scene-setup.lua")
        return threadCPUSeconds() - start
    }
}

extension Scenario {
    /// `lua-setup-10k`: `lua-scene-10k`'s set-up alone, stage by stage (µs per view). Each stage
    /// is `luaSceneScript` cut after one more step of the loop's body (`LuaSceneStage`), its top
    /// level timed in a fresh host (the fastest of five, in the thread's CPU time: on a shared
    /// machine the wall clock also counts other jobs' time slices); a stage's figure is its script's time
    /// less the previous one's, over the views: `new_us` (`View.new`), `add_us` (`addSubview`),
    /// `layer_us` (`view.layer`), `values_us` (four `setValue`), `block_us` (a `View.animate`
    /// with an empty block), `block_values_us` (the four `setValue` inside it). The value is the
    /// whole script per view; `setup_ratio` is the whole script over `luaTablesScript`, as in
    /// `lua-scene-10k`.
    static let luaSetup10k = Scenario(
        name: "lua-setup-10k",
        summary: "lua-scene-10k's script top level, stage by stage: µs per view, and vs plain Lua tables",
        unit: "µs/view"
    ) { size in
        let views = size.scaled(10_000), tries = size.isQuick ? 1 : 5
        _ = benchHost()  // the process's first host pays one-time costs
        let fastest = { (source: String) in (0..<tries).map { _ in topLevelSeconds(source) }.min()! }
        let tables = fastest(luaTablesScript(objects: views))
        let stages = LuaSceneStage.allCases.map { fastest(luaSceneScript(views: views, through: $0)) }
        let perView = { (seconds: Double) in seconds / Double(views) * 1e6 }
        let names = ["new_us", "add_us", "layer_us", "values_us", "block_us", "block_values_us"]
        var extra = zip(names, stages.indices).map { name, index in
            (name, perView(stages[index] - (index == 0 ? 0 : stages[index - 1])))
        }
        extra += [("tables_us", perView(tables)), ("setup_ratio", stages.last! / tables)]
        return (perView(stages.last!), extra)
    }
}
