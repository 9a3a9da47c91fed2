import Foundation
import Testing
import ChoreoTestSupport

@Suite("choreo plugins and --plugins", .serialized)
struct PluginsCLITests {
    /// A folder holding `files` (name → Lua source).
    private func folder(_ files: [String: String]) throws -> String {
        let dir = try ScratchDirectory.make("choreo-cli-plugins").path
        for (name, source) in files { try source.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    @Test("choreo plugins --help says what the plugin path is, word for word")
    func help() throws {
        let result = try ChoreoCommand.run(["plugins", "--help"])
        #expect(result.status == 0)
        #expect(result.output == """
            OVERVIEW: List the timing-provider plugins on the plugin path, or check one
            plugin.

            The plugin path: the built products beside choreo (native plugins of the
            package), ./Plugins, each directory of CHOREO_PLUGIN_PATH, then each --plugins
            DIR. A plugin found again later shadows the earlier one of the same name. See
            Plugins/README.md.

            USAGE: choreo plugins <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              list                    List the plugins with their providers, parameters and
                                      defaults, and those shadowed or refused.
              check                   Load one plugin and test every provider.

              See 'choreo help plugins <subcommand>' for detailed help.

            """)
    }

    @Test("plugins list shows the shipped plugins, found without flags, with parameters and defaults")
    func list() throws {
        let result = try ChoreoCommand.run(["plugins", "list"])
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.contains("penner 1.0.0 (native) "))
        #expect(result.output.contains("/libpenner.so\n"))
        #expect(result.output.contains("  penner.easeOutBack(overshoot = 1.70158)\n"))
        #expect(result.output.contains("  penner.easeInOutElastic(amplitude = 1, period = 0.45)\n"))
        #expect(result.output.contains("  physics.decay(velocity = 1000, deceleration = 0.998, threshold = 1)  [velocity, own duration]\n"))
        #expect(result.output.contains("material 1.0.0 (lua) Plugins/material.lua\n"))
        #expect(result.output.contains("  springs.bouncy(bounce = 0.3, duration = 0.5)  [own duration]\n"))
    }

    @Test("plugins check passes every shipped plugin")
    func checkShipped() throws {
        for path in ["Plugins/material.lua", "Plugins/springs.lua"] {
            let result = try ChoreoCommand.run(["plugins", "check", path])
            #expect(result.status == 0, "\(path): \(result.output)")
            #expect(result.output.hasSuffix("passed, 0 failed\n"))
        }
    }

    @Test("plugins check exits 1 on a refused plugin and on a provider that fails, saying why")
    func checkFailures() throws {
        let dir = try folder([
            "broken.lua": "return { name = 'broken', version = '1', providers = ",
            "ends.lua": """
                return { name = "ends", version = "1", providers = {
                  half = function(t) return t / 2 end,
                  free = { progress = function(t) return t / 2 end, exactEndpoints = false },
                  liar = { progress = function(t) return t * t end, velocity = function(t) return 1 end },
                } }
                """,
        ])
        let broken = try ChoreoCommand.run(["plugins", "check", dir + "/broken.lua"])
        #expect(broken.status == 1)
        #expect(broken.output.hasPrefix("FAIL  plugin \(dir)/broken.lua refused: "))
        #expect(broken.output.contains("broken.lua:1: unexpected symbol near <eof>"))
        let ends = try ChoreoCommand.run(["plugins", "check", dir + "/ends.lua"])
        #expect(ends.status == 1)
        #expect(ends.output == """
            ends 1 (lua) \(dir)/ends.lua: 3 providers
            ok    ends.free
            FAIL  ends.half: progress(1) = 0.5 (expected 1; declare free endpoints if meant)
            FAIL  ends.liar: velocity(0.01) = 1 but the slope of progress there is 0.020001
            1 passed, 2 failed

            """)
        let notPlugin = try ChoreoCommand.run(["plugins", "check", dir + "/missing.lua"])
        #expect(notPlugin.status == 2)
    }

    @Test("--plugins DIR adds plugins to run, curves and test; a later plugin shadows a shipped one")
    func pluginsOption() throws {
        let dir = try folder([
            "material.lua": "return { name = 'material', version = '9', providers = { standard = function(t) return t end } }",
            "mine.lua": "return { name = 'mine', version = '1', providers = { cube = function(t) return t * t * t end } }",
        ])
        let back = try ChoreoCommand.run(["curves", "eval", "penner.easeOutBack", "0.5", "--param", "overshoot=0"])
        #expect(back.output.hasPrefix("t\tprogress\tvelocity\n0.5\t0.875\t"))  // easeOutCubic with no overshoot
        #expect(try ChoreoCommand.run(["curves", "eval", "penner.easeOutBack", "0.5", "--param", "oops=1"]).status == 2)
        let eval = try ChoreoCommand.run(["curves", "eval", "mine.cube", "0.5", "--plugins", dir])
        #expect(eval.status == 0)
        #expect(eval.output.contains("0.5\t0.125\t"))
        let shadowed = try ChoreoCommand.run(["curves", "eval", "material.standard", "0.5", "--plugins", dir])
        #expect(shadowed.output.contains("0.5\t0.5\t"))
        let list = try ChoreoCommand.run(["plugins", "list", "--plugins", dir])
        #expect(list.output.contains("shadowed: Plugins/material.lua by \(dir)/material.lua\n"))
        let scene = try ChoreoCommand.script("print(Timing.get('mine.cube'):progress(0.5))")
        let run = try ChoreoCommand.run(["run", scene, "--plugins", dir])
        #expect(run.status == 0)
        #expect(run.output == "0.125\n")
        #expect(try ChoreoCommand.run(["run", scene, "--plugins", "/no/such/dir"]).status == 2)
    }

    @Test("CHOREO_PLUGIN_PATH comes after ./Plugins and before --plugins; later directories win")
    func environmentPath() throws {
        func plugin(_ value: Double) -> String {
            "return { name = 'mine', version = '1', providers = { level = function(t) return t < 1 and \(value) * t or 1 end } }"
        }
        let first = try folder(["mine.lua": plugin(0.1)]), second = try folder(["mine.lua": plugin(0.2)])
        let flag = try folder(["mine.lua": plugin(0.3)])
        let eval = ["curves", "eval", "mine.level", "0.5"]
        let fromEnvironment = try ChoreoCommand.run(eval, environment: ["CHOREO_PLUGIN_PATH": "\(first):\(second)"])
        #expect(fromEnvironment.output.contains("0.5\t0.1\t"))  // the second directory's, 0.2 × 0.5
        let fromFlag = try ChoreoCommand.run(eval + ["--plugins", flag], environment: ["CHOREO_PLUGIN_PATH": first])
        #expect(fromFlag.output.contains("0.5\t0.15\t"))
        let list = try ChoreoCommand.run(["plugins", "list", "--plugins", flag], environment: ["CHOREO_PLUGIN_PATH": first])
        #expect(list.output.contains("shadowed: \(first)/mine.lua by \(flag)/mine.lua\n"))
    }

    @Test("A broken plugin is a warning: the scene still runs with the other plugins")
    func brokenPluginWarns() throws {
        let dir = try folder(["bad.lua": "return 7"])
        let scene = try ChoreoCommand.script("print(Timing.get('penner.easeInQuad'):progress(0.5))")
        let run = try ChoreoCommand.run(["run", scene, "--plugins", dir])
        #expect(run.status == 0)
        #expect(run.output == "0.25\n")
        #expect(run.errors.hasPrefix("choreo: warning: plugin \(dir)/bad.lua refused: must return a table"))
    }
}
