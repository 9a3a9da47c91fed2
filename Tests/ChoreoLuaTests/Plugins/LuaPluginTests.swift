import ChoreoCore
import ChoreoRuntime
import Testing
@testable import ChoreoLua

@Suite("Lua plugins")
struct LuaPluginTests {
    static let easing = """
        return {
          name = "easing", version = "0.1.0",
          providers = {
            square = function(t) return t * t end,
            power = { params = { exponent = 2 }, progress = function(t, p) return t ^ p.exponent end,
                      velocity = function(t, p) return p.exponent * t ^ (p.exponent - 1) end },
            slow = { progress = function(t) return t end, duration = function(p) return 2 * p.scale end,
                     params = { scale = 1.5 } },
          },
        }
        """

    @Test("A Lua plugin's providers are named plugin.provider and work wherever a curve is accepted")
    func providers() throws {
        let host = try pluginHost([try luaPluginDirectory(["easing.lua": Self.easing])])
        #expect(host.pluginFailures.isEmpty)
        #expect(host.loadedPlugins.map(\.name) == ["easing"])
        #expect(host.loadedPlugins[0].providers.map(\.name) == ["easing.power", "easing.slow", "easing.square"])
        #expect(try numbers("return Timing.get('easing.square'):progress(0.5)", in: host) == [0.25])
        #expect(try numbers("return Timing.get('easing.power'):progress(0.5), Timing.get('easing.power'):velocity(0.5)", in: host)
            == [0.25, 1])
        #expect(try numbers("return Timing.get('easing.slow').duration", in: host) == [3])
        let listed = try host.vm.run(chunk: "local n = 0 for _, name in ipairs(Timing.list()) do if name:find('easing.') then n = n + 1 end end return n", name: "scene.lua")
        #expect(listed == [.integer(3)])
    }

    @Test("Parameters are given per use: Timing.get(name, {...}) and {name, key = value} wherever a curve is accepted")
    func parameters() throws {
        let host = try pluginHost([try luaPluginDirectory(["easing.lua": Self.easing])])
        #expect(try numbers("return Timing.get('easing.power', { exponent = 3 }):progress(0.5)", in: host) == [0.125])
        #expect(try numbers("""
            local fade = BasicAnimation.new("opacity")
            fade.timingFunction = {"easing.power", exponent = 4}
            return fade.timingFunction:progress(0.5)
            """, in: host) == [0.0625])
        #expect(try numbers("""
            local move = KeyframeAnimation.new("position.x")
            move.values = {0, 10, 20}
            move.timingFunctions = { {"easing.power", exponent = 3}, "easing.square" }
            return move.timingFunctions[1]:progress(0.5), move.timingFunctions[2]:progress(0.5)
            """, in: host) == [0.125, 0.25])
        #expect(try numbers("return Timing.get('easing.slow', { scale = 2 }).duration", in: host) == [4])
    }

    @Test("Timing.get still returns a registered curve object itself, spring velocity and all")
    func registeredObject() throws {
        let host = try ScriptHost()
        #expect(try numbers("""
            local s = Timing.register("s", SpringTimingParameters.new{ dampingRatio = 0.5, initialVelocity = {1, 0.2} })
            local got = Timing.get("s")
            return got == s and 1 or 0, got.initialVelocity.dy
            """, in: host) == [1, 0.2])
    }

    @Test("Unknown parameters and bad values are errors naming the provider and the valid parameters")
    func parameterErrors() throws {
        let host = try pluginHost([try luaPluginDirectory(["easing.lua": Self.easing])])
        let unknown = failure(of: "Timing.get('easing.power', { exp = 3 })", in: host.vm)?.message
        #expect(unknown == "scene.lua:1: Timing.get: easing.power has no parameter 'exp' (valid: exponent) (got exp)")
        let none = failure(of: "local a = BasicAnimation.new('opacity') a.timingFunction = {'easing.square', x = 1}", in: host.vm)?.message
        #expect(none?.contains("easing.square has no parameter 'x' (it takes none)") == true)
        let nan = failure(of: "Timing.get('easing.power', { exponent = 0/0 })", in: host.vm)?.message
        #expect(nan?.contains("easing.power.exponent must be a finite number (got nan)") == true)
        let notCurve = failure(of: "Timing.get('easeOut', { overshoot = 2 })", in: host.vm)?.message
        #expect(notCurve?.contains("easeOut has no parameter 'overshoot' (it takes none)") == true)
    }

    @Test("A host with Lua plugins is freed when dropped, with curves made from them")
    func lifetime() throws {
        weak var dropped: ScriptHost?
        try {
            let host = try pluginHost([try luaPluginDirectory(["easing.lua": Self.easing])])
            dropped = host
            try host.run(source: """
                local scene = Scene.new{ width = 10, height = 10 }
                local box = View.new{ frame = {0, 0, 1, 1} }
                scene.view:addSubview(box)
                local fade = BasicAnimation.new("opacity")
                fade.toValue, fade.timingFunction = 0, {"easing.power", exponent = 3}
                box.layer:addAnimation(fade, "fade")
                """, chunkName: "scene.lua")
        }()
        #expect(dropped == nil)
    }

    @Test("Plugins run in an environment of their own: no scene API, and their globals do not leak")
    func isolation() throws {
        let source = """
            leaked = true
            assert(View == nil and Scene == nil and require == nil, "scene API visible")
            assert(math.sin and string.format and Timing.get and SpringTimingParameters.new)
            return { name = "quiet", version = "1", providers = { id = function(t) return t end } }
            """
        let host = try pluginHost([try luaPluginDirectory(["quiet.lua": source])])
        #expect(host.pluginFailures.isEmpty)
        #expect(try host.vm.run(chunk: "return leaked", name: "scene.lua") == [.nil])
    }

    @Test("Broken Lua plugins are refused with a message naming the file, and the others still load")
    func brokenPlugins() throws {
        let dir = try luaPluginDirectory([
            "easing.lua": Self.easing,
            "syntax.lua": "return { name = 'syntax', version = '1', providers = { a = function(t) return t end }",
            "loop.lua": "while true do end",
            "nan.lua": "return { name = 'nan', version = '1', providers = { bad = function(t) return 0/0 end } }",
            "shape.lua": "return 42",
            "noversion.lua": "return { name = 'noversion', providers = { a = function(t) return t end } }",
            "wrongname.lua": "return { name = 'other', version = '1', providers = { a = function(t) return t end } }",
            "badprovider.lua": "return { name = 'badprovider', version = '1', providers = { a = 'fast' } }",
            "badfield.lua": "return { name = 'badfield', version = '1', providers = { a = { progress = function(t) return t end, speed = 2 } } }",
            "extrafield.lua": "return { name = 'extrafield', version = '1', author = 'me', providers = { a = function(t) return t end } }",
            "raises.lua": "return { name = 'raises', version = '1', providers = { a = function(t) error('no curve here') end } }",
            "folder/plugin.lua": "return { name = 'folder', version = '2', providers = { id = function(t) return t end } }",
        ])
        let host = try pluginHost([dir], instructionLimit: 1_000_000)
        #expect(host.loadedPlugins.map(\.name).sorted() == ["easing", "folder"])
        let reasons = Dictionary(uniqueKeysWithValues: host.pluginFailures.map { ($0.name, $0) })
        #expect(reasons.count == 10)
        for failure in host.pluginFailures {
            #expect(failure.description.hasPrefix("plugin \(dir)/\(failure.name).lua refused: "))
        }
        #expect(reasons["syntax"]?.reason.hasSuffix("syntax.lua:1: '}' expected near <eof>") == true)
        #expect(reasons["loop"]?.reason.hasSuffix("loop.lua:1: instruction limit exceeded") == true)
        #expect(reasons["nan"]?.reason == "nan.bad progress must be a finite number at t = 0 (got nan)")
        #expect(reasons["shape"]?.reason
            == "must return a table { name = \"shape\", version = \"1.0.0\", providers = { ... } } (got a number)")
        #expect(reasons["noversion"]?.reason.hasSuffix("(version is missing)") == true)
        #expect(reasons["wrongname"]?.reason == "the plugin is named 'other' but its file is named for 'wrongname'")
        #expect(reasons["badprovider"]?.reason
            == "badprovider.a must be a function of t or a provider table { progress = fn, ... } (got the string \"fast\")")
        #expect(reasons["badfield"]?.reason.hasPrefix("unknown field of provider badfield.a 'speed'") == true)
        #expect(reasons["extrafield"]?.reason == "unknown field of the plugin table 'author' (valid: name, version, providers)")
        #expect(reasons["raises"]?.reason.hasSuffix("raises.lua:1: no curve here") == true)
        // The runtime keeps working: good plugins work, refused ones say why when asked for.
        #expect(try numbers("return Timing.get('folder.id'):progress(0.25)", in: host) == [0.25])
        let asked = failure(of: "Timing.get('nan.bad')", in: host.vm)?.message
        #expect(asked?.contains("is not available: plugin \(dir)/nan.lua refused") == true)
    }

    @Test("A plugin that allocates without bound is refused by the memory limit, and the scene still runs")
    func memoryBomb() throws {
        let dir = try luaPluginDirectory([
            "bomb.lua": "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1024) .. i end",
            "fine.lua": "return { name = 'fine', version = '1', providers = { id = function(t) return t end } }",
        ])
        let host = try pluginHost([dir], memoryLimit: 16 << 20)
        #expect(host.pluginFailures.map(\.name) == ["bomb"])
        #expect(host.pluginFailures.first?.reason.contains("memory limit exceeded") == true)
        #expect(try numbers("local s = string.rep('y', 1000) return Timing.get('fine.id'):progress(0.5)", in: host) == [0.5])
    }

    @Test("A Lua provider that fails during a frame is reported with the plugin's file and line, once")
    func failureInFrame() throws {
        let source = """
            return { name = "late", version = "1", providers = {
              fails = function(t) if t > 0.42 and t < 0.5 then error("late failure") end return t end } }
            """
        let host = try pluginHost([try luaPluginDirectory(["late.lua": source])])
        #expect(host.pluginFailures.isEmpty)
        let message = failure(of: "Timing.get('late.fails'):progress(0.45)", in: host.vm)?.message
        #expect(message?.contains("late.lua:2: late failure (in timing curve 'late.fails' at t = 0.45)") == true)
    }

    @Test("Timing.register with bake samples a Lua function into a monotone cubic within 1e-4")
    func bake() throws {
        let host = try ScriptHost()
        let results = try numbers("""
            local f = function(t) return t * t * (3 - 2 * t) end
            local baked = Timing.register("smooth", f, { bake = 256 })
            local worst = 0
            for i = 0, 1000 do
              local t = i / 1000
              worst = math.max(worst, math.abs(baked:progress(t) - f(t)))
            end
            local sine = Timing.register("sine", function(t) return (1 - math.cos(math.pi * t)) / 2 end, { bake = true })
            local worstSine = 0
            for i = 0, 1000 do
              local t = i / 1000
              worstSine = math.max(worstSine, math.abs(sine:progress(t) - (1 - math.cos(math.pi * t)) / 2))
            end
            return worst, worstSine, Timing.get("smooth"):progress(0.5)
            """, in: host)
        #expect(results[0] < 1e-4)
        #expect(results[1] < 1e-4)
        #expect(abs(results[2] - 0.5) < 1e-12)
        let bad = failure(of: "Timing.register('x', function(t) return t end, { bake = 1 })", in: host.vm)?.message
        #expect(bad?.contains("bake must be a sample count within 2...100000 (or true for 256) (got 1)") == true)
        let nan = failure(of: "Timing.register('y', function(t) return t > 0.5 and 0/0 or t end, { bake = 8 })", in: host.vm)?.message
        #expect(nan?.contains("must return a finite number") == true)
        let key = failure(of: "Timing.register('z', function(t) return t end, { bakes = 8 })", in: host.vm)?.message
        #expect(key?.contains("unknown option 'bakes' (valid: bake)") == true)
    }
}
