import CBenchBaseline
import ChoreoCore
import ChoreoLua
import ChoreoRuntime

extension Scenario {
    /// `lua-scene-10k`: the frame-10k scene built by a Lua script with `View.animate`, run the
    /// way `choreo run` runs a scene (a `ScriptHost` with choreo's default limits, the script's
    /// top level through `ScriptHost.run(source:chunkName:)`, then `engine.run` headless at 60 fps
    /// for 10 s, then the deferred-error check); ns per property-frame over the whole run, setup
    /// and the script included.
    ///
    /// Each frame computes every animated number (the scene's batch); a layer's whole
    /// presentation is assembled when something reads it, and a bare `choreo run` reads none: so
    /// the value is measured with a frame sink that reads every view's presentation each frame, as
    /// `choreo run --trace` or `choreo render` do (and as frame-10k's `with_reads_ns` does), and
    /// `bare_ns` is the bare run.
    static let luaScene10k = Scenario(
        name: "lua-scene-10k",
        summary: "frame-10k built by a Lua script with View.animate, run as choreo run does; ns per property-frame",
        unit: "ns/property-frame"
    ) { size in
        let views = size.scaled(10_000), frames = size.isQuick ? 6 : 600
        func run(readingPresentation: Bool) -> (seconds: Double, script: Double) {
            let start = monotonicSeconds()
            let host = try! ScriptHost(memoryLimit: 256 << 20, instructionLimit: 200_000_000, framesPerSecond: 60)
            try! host.run(source: luaSceneScript(views: views), chunkName: "lua-scene-10k.lua")
            let script = monotonicSeconds() - start
            var sink = 0.0
            if readingPresentation {
                let animated = host.engine.scene.rootView.subviews
                host.engine.addFrameSink { _ in
                    for view in animated { sink += view.layer.presentation.opacity }
                }
            }
            let report = try! host.engine.run(until: .time(Double(frames) / 60), fps: 60)
            precondition(report.error == nil && report.frames >= frames, "lua-scene-10k: the run stopped early")
            try! host.throwDeferredError()
            blackHole(sink)
            return (monotonicSeconds() - start, script)
        }
        let propertyFrames = Double(views * 4 * frames)
        let bare = run(readingPresentation: false)
        let full = run(readingPresentation: true)
        return (full.seconds / propertyFrames * 1e9, [
            ("bare_ns", bare.seconds / propertyFrames * 1e9), ("script_s", full.script),
        ])
    }

    /// The scene of `lua-scene-10k`: each view changes position.x, position.y, opacity and
    /// transform.scale in one 10 s `View.animate` block, even views along easeInOut, odd ones
    /// along (0.57, −0.4, 0.96, 0.87), between the values of `animatedScene(views:)`. As in
    /// UIKit, the block records animations per animatable property: `position` (x and y in one
    /// point animation), `opacity` and `transform`, so the four animated values ride on three
    /// additive animations where frame-10k has four basic ones; the unit still counts four.
    static func luaSceneScript(views: Int) -> String {
        """
        local scene = Scene.new{ width = 375, height = 667 }
        local overshoot = "cubic-bezier(0.57,-0.4,0.96,0.87)"
        for i = 0, \(views - 1) do
          local view = View.new{ frame = { i % 100, i // 100, 10, 10 } }
          scene.view:addSubview(view)
          local layer = view.layer
          layer:setValue(0, "position.x"); layer:setValue(0, "position.y")
          layer:setValue(0, "opacity"); layer:setValue(0.5, "transform.scale")
          View.animate{ duration = 10, curve = i % 2 == 0 and "easeInOut" or overshoot, animations = function()
            layer:setValue(300, "position.x"); layer:setValue(500, "position.y")
            layer:setValue(1, "opacity"); layer:setValue(1.5, "transform.scale")
          end }
        end
        """
    }

    /// `lua-curve`: a `Timing.register` Lua curve (smoothstep) sampled by animations, plain and
    /// baked (`{ bake = 256 }`), against a native `CubicBezierCurve` in the same scene shape, and
    /// the bare curve call paths against their own baselines measured in the same run: a raw
    /// `lua_pcall` of the same function from C (on a state made as ChoreoLua makes its own:
    /// capped allocator, instruction-count hook armed), and the native curve's `progress(at:)`.
    /// The median is ns per sample of the plain Lua curve in the animation run (frame loop
    /// included); `ratio_plain_vs_pcall` and `ratio_baked_vs_native` compare the bare calls
    /// (each the fastest of 5 interleaved batches). `shim_call_ns`: the C calls ChoreoLua makes
    /// per call (re-arming the budget, `lsx_pcall` with its traceback handler), without Swift.
    static let luaCurve = Scenario(
        name: "lua-curve",
        summary: "a Timing.register Lua curve, plain and baked, vs raw lua_pcall and a native curve; ns/sample",
        unit: "ns/sample"
    ) { size in
        let source = "return function(t) return t * t * (3 - 2 * t) end"
        let host = try! ScriptHost()
        _ = try! host.vm.run(chunk: """
            local smoothstep = (function() \(source) end)()
            Timing.register("smoothstep", smoothstep)
            Timing.register("smoothstep.baked", smoothstep, { bake = 256 })
            """, name: "lua-curve.lua")
        let plain = try! host.registry.curve(named: "smoothstep")
        let baked = try! host.registry.curve(named: "smoothstep.baked")
        let native: any TimingCurve = CubicBezierCurve.easeInOut
        var random = SplitMix64(state: 7)
        var inputs = [Double](repeating: 0, count: 1 << 16)
        for i in inputs.indices { inputs[i] = random.nextUnit() }

        // The bare call paths, in interleaved batches, each kind's fastest batch kept: on a
        // shared machine the minimum is the measure least disturbed by other processes.
        let calls = size.scaled(400_000), batches = 5
        func direct(_ curve: any TimingCurve) -> Double {
            nanosecondsPerIteration(calls) {
                var sink = 0.0
                for i in 0..<calls { sink += curve.progress(at: inputs[i & 0xFFFF]) }
                return sink
            }
        }
        var best = [Double](repeating: .infinity, count: 6)
        for _ in 0..<batches {
            let batch = [
                direct(plain), direct(baked), direct(native),
                cbb_lua_pcall_ns(source, 1, inputs, 0xFFFF, calls), cbb_lua_pcall_ns(source, 0, inputs, 0xFFFF, calls),
                cbb_lua_pcall_ns(source, 2, inputs, 0xFFFF, calls),
            ]
            best = zip(best, batch).map { min($0, $1) }
        }
        let (plainCall, bakedCall, nativeCall) = (best[0], best[1], best[2])
        let (pcall, pcallPlainState, pcallAsChoreo) = (best[3], best[4], best[5])
        try! host.throwDeferredError()

        // Sampled by animations: 1,000 layers × 1 opacity animation × 600 frames.
        let layers = size.scaled(1_000), frames = size.isQuick ? 6 : 600
        func sampled(_ curve: any TimingCurve) -> Double {
            let (scene, views) = curveScene(layers: layers, curve: curve)
            return nanosecondsPerIteration(layers * frames) {
                var sink = 0.0
                for frame in 1...frames {
                    scene.advance(to: MediaTime(Double(frame) / 60))
                    for view in views { sink += view.layer.presentation.opacity }
                }
                return sink
            }
        }
        let plainSampled = sampled(plain), bakedSampled = sampled(baked), nativeSampled = sampled(native)
        try! host.throwDeferredError()
        return (plainSampled, [
            ("baked_ns", bakedSampled), ("native_ns", nativeSampled),
            ("plain_call_ns", plainCall), ("baked_call_ns", bakedCall), ("native_call_ns", nativeCall),
            ("pcall_ns", pcall), ("pcall_unhooked_ns", pcallPlainState),
            ("shim_call_ns", pcallAsChoreo),
            ("ratio_plain_vs_pcall", plainCall / pcall), ("ratio_baked_vs_native", bakedCall / nativeCall),
            ("ratio_plain_vs_pcall_unhooked", plainCall / pcallPlainState),
            ("ratio_sampled_baked_vs_native", bakedSampled / nativeSampled),
        ])
    }

    /// `layers` views, each animating its opacity from 0 to 1 over 10 s along `curve`.
    static func curveScene(layers: Int, curve: any TimingCurve) -> (Scene, [View]) {
        let scene = Scene()
        var views: [View] = []
        for i in 0..<layers {
            let view = View(frame: Rect(x: Double(i % 100), y: Double(i / 100), width: 10, height: 10))
            scene.rootView.addSubview(view)
            let animation = BasicAnimation(keyPath: "opacity")
            animation.fromValue = .scalar(0)
            animation.toValue = .scalar(1)
            animation.timing.duration = 10
            animation.timingFunction = curve
            try! view.layer.add(animation, forKey: "fade")
            views.append(view)
        }
        scene.commit()
        scene.advance(to: 0)
        return (scene, views)
    }
}
