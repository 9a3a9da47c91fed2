import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: Timeline")
struct TimelineBindingsTests {
    @Test("A script host with running, nested and completed timelines is still freed when dropped")
    func hostIsFreed() throws {
        weak var weakHost: ScriptHost?
        weak var weakTimeline: Timeline?
        do {
            let host = try ScriptHost()
            weakHost = host
            try host.run(source: """
                local scene = Scene.new{}
                local box = View.new{ name = "box" }
                scene.view:addSubview(box)
                local inner = Timeline.new{ repeatCount = 2 }
                inner:animate({ duration = 0.5, animations = function() box.alpha = 0.5 end })
                tl = Timeline.new{ completion = function(position) end }
                tl:animate({ duration = 1, animations = function() box.alpha = 0 end })
                  :add(inner, "<")
                  :call(function() box.center.x = 10 end, 0.5)
                tl:addCompletion(function(position) end)
                tl:startAnimation()
                """, chunkName: "scene.lua")
            weakTimeline = try #require(host.vm.run(chunk: "return tl", name: "probe.lua").first?.objectValue as? Timeline)
            _ = try host.engine.advance(by: 0.25)
        }
        #expect(weakHost == nil)
        #expect(weakTimeline == nil)
    }

    @Test("Binding calls leave the Lua stack where it was, also when they fail")
    func stackBalance() throws {
        let (host, _) = try runScript("""
            scene = Scene.new{}
            box = View.new{ name = "box" }
            scene.view:addSubview(box)
            tl = Timeline.new{}
            """)
        let top = host.vm.stackTop
        _ = try host.vm.run(chunk: """
            tl:animate({ duration = 0.5, animations = function() box.alpha = 0 end }, "+=0.1"):addLabel("x", "<")
            tl:seek("x", { callbacks = true })
            return tl.labels.x, tl.duration, tl.currentTime, tl.state, tl.fractionComplete
            """, name: "scene.lua")
        #expect(host.vm.stackTop == top)
        let message = errorMessage { _ = try host.vm.run(chunk: "tl:call(function() end, '<nope')", name: "scene.lua") }
        #expect(message?.hasPrefix("scene.lua:1: Timeline:call: position must be a number") == true)
        #expect(host.vm.stackTop == top)
        let state = errorMessage { _ = try host.vm.run(chunk: "Timeline.new{}:stopAnimation()", name: "scene.lua") }
        #expect(state == "scene.lua:1: Timeline:stopAnimation: timeline is inactive; there is nothing to stop")
        #expect(host.vm.stackTop == top)
    }
}
