import ChoreoCore
import ChoreoLua
import ChoreoRuntime

extension Scenario {
    /// `plugin-curves`: the per-evaluation cost of a Lua function curve, the same function baked
    /// (`Timing.register(name, fn, { bake = 256 })`), and a native plugin provider
    /// (`penner.easeOutCubic`, from the built products beside choreo-bench); ns per evaluation of
    /// the baked curve, with the others and the ratios as extra fields. The baked curve should
    /// cost about what the native one does; the Lua function, far more.
    static let pluginCurves = Scenario(
        name: "plugin-curves",
        summary: "Lua function vs baked Lua vs native plugin curve; ns/evaluation of the baked one",
        unit: "ns/evaluation"
    ) { size in
        let host = try! ScriptHost(plugins: PluginCatalog(path: .standard(builtProducts: PluginPath.executableDirectory())))
        _ = try! host.vm.run(chunk: """
            local f = function(t) local u = 1 - t return 1 - u * u * u end
            Timing.register("lua.easeOutCubic", f)
            Timing.register("baked.easeOutCubic", f, { bake = 256 })
            """, name: "bench.lua")
        var random = SplitMix64(state: 7)
        var inputs = [Double](repeating: 0, count: 1 << 16)
        for i in inputs.indices { inputs[i] = random.nextUnit() }
        func nanoseconds(_ name: String, count: Int) -> Double {
            guard let curve = try? host.registry.curve(named: name) else { return .nan }
            var sink = 0.0
            let start = monotonicSeconds()
            for i in 0..<count { sink += curve.progress(at: inputs[i & 0xFFFF]) }
            let elapsed = monotonicSeconds() - start
            blackHole(sink)
            return elapsed / Double(count) * 1e9
        }
        let baked = nanoseconds("baked.easeOutCubic", count: size.scaled(2_000_000))
        let native = nanoseconds("penner.easeOutCubic", count: size.scaled(2_000_000))
        let lua = nanoseconds("lua.easeOutCubic", count: size.scaled(200_000))
        return (baked, [("native_ns", native), ("lua_ns", lua), ("baked_to_native", baked / native),
                        ("lua_to_baked", lua / baked)])
    }
}
