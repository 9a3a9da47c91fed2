import CBenchBaseline
import ChoreoCore
import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

extension Scenario {
    /// `memory-10k`: the peak resident set of the real `choreo run` process (the `choreo` built
    /// beside this executable: `swift build -c release --product choreo`) on generated scenes,
    /// from `wait4`'s resource usage of each child (ru_maxrss, MiB). The value is the scene of
    /// the memory bar: 10,000 views, each animated by one `View.animate` block changing its
    /// position and alpha (two animations), run to its end (601 frames). The same-run baselines
    /// are the same process on an empty scene (`empty_rss_mb`), 10,000 views that do not animate
    /// (`views_rss_mb`) and 20,000 animated views: `bytes_per_view` and `bytes_per_animation` are
    /// differences between them (the process's whole growth, Lua heap and garbage included),
    /// `bytes_per_animated_view` the growth from 10,000 to 20,000 animated views.
    ///
    /// One run per process (the default): Linux carries the spawning process's resident peak
    /// into a child's `ru_maxrss`, so once this process has grown (a second run, or the Lua
    /// measures below) a child reports at least that.
    ///
    /// `lua_*bytes_per_animated_view`: the Lua heap of the same scene run in this process.
    /// `object_*_bytes` are the heap blocks of one object of each kind made in this process
    /// (glibc's `malloc_usable_size`): what a view, its layer, an animation and a memory charge cost
    /// before any of them is animated; `*_layout_bytes` are value types' strides.
    static let memory10k = Scenario(
        name: "memory-10k",
        summary: "peak RSS of choreo run with 10,000 views animated by View.animate (position, alpha); MiB, bytes per view",
        unit: "MiB peak RSS", defaultRuns: 1
    ) { size in
        let views = size.scaled(10_000)
        guard let choreo = PluginPath.executableDirectory().map({ $0 + "/choreo" }), access(choreo, X_OK) == 0 else {
            return (.nan, [])
        }
        let empty = peakResidentMiB(choreo, scene: memoryScript(views: 0, animated: false))
        let still = peakResidentMiB(choreo, scene: memoryScript(views: views, animated: false))
        let animated = peakResidentMiB(choreo, scene: memoryScript(views: views, animated: true))
        let doubled = peakResidentMiB(choreo, scene: memoryScript(views: 2 * views, animated: true))
        let bytes = { (mib: Double) in mib * 1_048_576 / Double(views) }
        return (animated, [
            ("peak_rss_mb", animated), ("empty_rss_mb", empty), ("views_rss_mb", still), ("animated_20k_rss_mb", doubled),
            ("bytes_per_view", bytes(still - empty)), ("bytes_per_animation", bytes(animated - still) / 2),
            ("bytes_per_animated_view", bytes(doubled - animated)),
        ] + objectSizes() + luaHeapPerView(views: views))
    }

    /// The Lua heap per animated view after the memory scene's top level, as a run holds it and
    /// after a full collection (what is live: the views' userdata, the object cache, references).
    static func luaHeapPerView(views: Int) -> [(String, Double)] {
        let host = benchHost()
        let empty = host.vm.memoryInUse
        try! host.run(source: memoryScript(views: views, animated: true), chunkName: "memory-10k.lua")
        let held = host.vm.memoryInUse
        host.vm.collectGarbage()
        let live = host.vm.memoryInUse
        return [
            ("lua_bytes_per_animated_view", Double(held - empty) / Double(views)),
            ("lua_live_bytes_per_animated_view", Double(live - empty) / Double(views)),
        ]
    }

    /// A scene script of `views` views in a grid; `animated`: each in its own `View.animate` block
    /// (10 s, the default curve) that moves its center and fades it out.
    static func memoryScript(views: Int, animated: Bool) -> String {
        let animation = animated
            ? "\n  View.animate{ duration = 10, animations = function() view.center = { x = 300, y = 500 }; view.alpha = 0 end }"
            : ""
        return """
            local scene = Scene.new{ width = 375, height = 667 }
            for i = 0, \(views) - 1 do
              local view = View.new{ frame = { i % 100, i // 100, 10, 10 } }
              scene.view:addSubview(view)\(animation)
            end

            """
    }

    /// The peak RSS in MiB of `choreo run` on `scene` (written to a temporary file), from the
    /// child's own resource usage; NaN if it could not run or did not exit 0.
    static func peakResidentMiB(_ choreo: String, scene: String) -> Double {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = directory + "/choreo-bench-memory-\(getpid()).lua"
        guard let file = fopen(path, "w") else { return .nan }
        fputs(scene, file)
        fclose(file)
        defer { unlink(path) }
        guard let (status, usage) = spawnAndWait(choreo, ["run", path]), status == 0 else { return .nan }
        return Double(usage.ru_maxrss) / 1024  // KiB on Linux
    }

    /// Runs `executable` with `arguments` (standard output and error to /dev/null) and waits for
    /// it: its exit status (−1 if a signal ended it) and its resource usage; nil if it did not start.
    static func spawnAndWait(_ executable: String, _ arguments: [String]) -> (status: Int32, usage: rusage)? {
        guard let pid = spawn(executable, arguments) else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { return nil }
        }
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -1, usage)
    }

    /// Starts `executable` with `arguments` (standard output and error to /dev/null) without
    /// waiting for it; its process id, nil if it did not start.
    static func spawn(_ executable: String, _ arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        return pid
    }

    /// The heap blocks of one object of each kind a scripted view costs, and value strides.
    static func objectSizes() -> [(String, Double)] {
        func heap(_ object: AnyObject) -> Double {
            Double(cbb_heap_block_size(Unmanaged.passUnretained(object).toOpaque()))
        }
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let animation = BasicAnimation(keyPath: "opacity")
        let account = HostMemoryAccount()
        let charge = account.charge(64)
        defer { withExtendedLifetime((view, animation, account, charge)) {} }
        return [
            ("object_view_bytes", heap(view)), ("object_layer_bytes", heap(view.layer)),
            ("object_basic_animation_bytes", heap(animation)), ("object_memory_charge_bytes", heap(charge)),
            ("layer_properties_layout_bytes", Double(MemoryLayout<LayerProperties>.stride)),
            ("animation_value_layout_bytes", Double(MemoryLayout<AnimationValue>.stride)),
            ("presentation_frame_layout_bytes", Double(MemoryLayout<PresentationFrame>.stride)),
            ("media_timing_layout_bytes", Double(MemoryLayout<MediaTiming>.stride)),
            ("time_mapping_layout_bytes", Double(MemoryLayout<TimeMapping>.stride)),
        ]
    }
}
