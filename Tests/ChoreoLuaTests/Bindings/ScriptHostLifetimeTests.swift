import Testing
@testable import ChoreoLua

@Suite("Lua: script host lifetime")
struct ScriptHostLifetimeTests {
    @Test("A script host is freed when dropped, with its VM closed: bindings do not keep it alive")
    func hostIsFreed() throws {
        weak var weakHost: ScriptHost?
        do {
            let host = try ScriptHost()
            weakHost = host
            try host.run(source: """
                local scene = Scene.new{}
                local box = View.new{ name = "box" }
                scene.view:addSubview(box)
                local fade = BasicAnimation.new("opacity")
                fade.delegate = { animationDidStop = function() end }
                box.layer:addAnimation(fade, "fade")
                after(1, function() end)
                Transaction.setCompletionBlock(function() end)
                Timing.register("sq", function(t) return t * t end)
                box.layoutSubviews = function(self) end
                View.animate{ duration = 1, options = {"layoutSubviews"}, animations = function() box.alpha = 0 end,
                              completion = function() end }
                """, chunkName: "scene.lua")
        }
        #expect(weakHost == nil)
    }
}
