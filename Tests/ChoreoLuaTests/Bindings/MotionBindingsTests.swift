import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: MotionAnimator and AnimationTraits")
struct MotionBindingsTests {
    @Test("A script host using MotionAnimator with tracers and completions is still freed when dropped")
    func hostIsFreed() throws {
        weak var weakHost: ScriptHost?
        do {
            let host = try ScriptHost()
            weakHost = host
            try host.run(source: """
                local scene = Scene.new{}
                local box = View.new{ name = "box" }
                scene.view:addSubview(box)
                local m = MotionAnimator.new()
                m:addTracer(function(layer, animation) end)
                local traits = AnimationTraits.new{ duration = 1, timingCurve = function(t) return t end }
                m:animate(traits, {0, 10}, box.layer, "cornerRadius", function(finished) end)
                m:animate(traits, function() box.alpha = 0 end, function(finished) end)
                """, chunkName: "scene.lua")
        }
        #expect(weakHost == nil)
    }

    @Test("Binding calls leave the Lua stack where it was, also when they fail")
    func stackBalance() throws {
        let (host, _) = try runScript("""
            scene = Scene.new{}
            box = View.new{ name = "box" }
            scene.view:addSubview(box)
            m = MotionAnimator.new()
            """)
        let top = host.vm.stackTop
        _ = try host.vm.run(chunk: """
            local t = AnimationTraits.new{ duration = 0.5, repetition = { type = "count", amount = 2 } }
            m:animate(t, {{x = 0, y = 0}, {x = 10, y = 0}}, box, "position")
            return t.delay, t.repetition.amount, t:toJSON(), m.additive
            """, name: "scene.lua")
        #expect(host.vm.stackTop == top)
        let message = errorMessage { _ = try host.vm.run(chunk: "m:animate(AnimationTraits.new{ duration = 1 }, {0, {}}, box.layer, 'opacity')", name: "scene.lua") }
        #expect(message == "scene.lua:1: MotionAnimator:animate: values[2] must be a number (got a table)")
        #expect(host.vm.stackTop == top)
    }
}
