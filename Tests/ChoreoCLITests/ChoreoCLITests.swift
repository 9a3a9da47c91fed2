import Foundation
import Testing

@Suite("The choreo command line", .serialized)
struct ChoreoCLITests {
    @Test("choreo --help lists the commands, word for word")
    func help() throws {
        let result = try ChoreoCommand.run(["--help"])
        #expect(result.status == 0)
        #expect(result.output == """
            OVERVIEW: Choreo: UIKit and Core Animation's animation model on Linux, scripted
            in Lua.

            USAGE: choreo <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              run                     Run a scene script headless (default) or in real time.
              trace                   Print a scene's presentation values frame by frame
                                      (JSONL or CSV).
              curves                  List timing curves and evaluate them.
              test                    Run Lua scene tests (*_test.lua) headless.
              render                  Render a scene headless to PNG frames, a contact
                                      sheet and an animated GIF.
              plugins                 List the timing-provider plugins on the plugin path,
                                      or check one plugin.
              preview                 Show a scene live in a window, with playback controls
                                      and hot reload.

              See 'choreo help <subcommand>' for detailed help.

            """)
    }

    @Test("choreo trace --help states the output rules and --allow-root, word for word")
    func traceHelp() throws {
        let result = try ChoreoCommand.run(["trace", "--help"])
        #expect(result.status == 0)
        #expect(result.output == """
            OVERVIEW: Print a scene's presentation values frame by frame (JSONL or CSV).

            Each JSONL line is one frame:
            {"frame":n,"time":t,"views":{"box":{"opacity":0.5,...}}}.
            Views are the named views and layers of the scene; equal runs give
            byte-identical output. A name that an earlier view already has gets a suffix in
            tree order (box, box#2, box#3). CSV has one header for every row (a transform
            is always its 16 entries) and follows RFC 4180 (fields with commas, quotes or
            line breaks are quoted); JSON escapes every control character. A --props item
            that matches nothing in any frame is a usage error naming what would match.
            While the trace goes to standard output, the script's print goes to standard
            error. Without --duration the trace ends when the scene is idle, at 10 s at the
            latest (a scene that never goes idle says so on standard error). Exit status: 0
            on success, 1 on a script error or a failed write, 2 on a usage error.

            USAGE: choreo trace <scene> [--fps <fps>] [--duration <duration>] [--memory-limit <memory-limit>] [--instruction-limit <instruction-limit>] [--allow-root <dir> ...] [--plugins <dir> ...] [--props <props>] [--format <format>] [--velocity] [--out <out>]

            ARGUMENTS:
              <scene>                 The scene script (a .lua file).

            OPTIONS:
              --fps <fps>             Frames per second of the headless run, within (0,
                                      1000]. (default: 60.0)
              --duration <duration>   Stop the run at this many seconds, at most 86400
                                      (default: when nothing is left to do, at the latest
                                      at 3600 for run, 10 for trace and render).
              --memory-limit <memory-limit>
                                      Memory limit of the script, in MiB. (default: 256)
              --instruction-limit <instruction-limit>
                                      Instruction limit per turn (the top level; the
                                      callbacks of one frame together), in millions.
                                      (default: 200)
              --allow-root <dir>      A folder the script may also read files from
                                      (repeatable; by default only the scene's folder).
              --plugins <dir>         Also load timing-provider plugins from this directory
                                      (repeatable; later directories win).
              --props <props>         Values to record: view.keyPath or keyPath items,
                                      comma-separated: layer properties, isHidden and
                                      transition.progress (default: position, bounds.size,
                                      opacity, transform, backgroundColor of every named
                                      view and layer).
              --format <format>       jsonl or csv. (default: jsonl)
              --velocity              Also record how fast each value changes, in units per
                                      second: in JSONL a "velocity" object after "views",
                                      in CSV a column NAME.velocity for each value column
                                      NAME, after the values.
              --out <out>             Write to this file instead of standard output.
              -h, --help              Show help information.


            """)
    }

    @Test("A scene that runs cleanly exits 0 and says what ran")
    func runSucceeds() throws {
        let path = try ChoreoCommand.script("after(0.5, function() print('half', CACurrentMediaTime()) end)")
        let result = try ChoreoCommand.run(["run", path])
        #expect(result.status == 0)
        #expect(result.output == "half\t0.5\n")
        #expect(result.errors == "ran 31 frames to 0.500000 s; nothing left to do; 1 timer callbacks\n")
    }

    @Test("run --trace --velocity records velocities next to the values; --velocity without --trace is a usage error")
    func runTraceVelocity() throws {
        // opacity 1 → 0 over 1 s, linear: −1 per second while it runs.
        let path = try ChoreoCommand.script("""
            local scene = Scene.new{}
            local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
            scene.view:addSubview(box)
            local fade = BasicAnimation.new("opacity")
            fade.fromValue, fade.toValue, fade.duration, fade.timingFunction = 1, 0, 1, "linear"
            box.layer:addAnimation(fade, "fade")
            """)
        let trace = path + ".jsonl"
        let result = try ChoreoCommand.run(["run", path, "--fps", "4", "--trace", trace, "--velocity"])
        #expect(result.status == 0)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let second = lines.dropFirst().first.map(String.init) ?? ""
        #expect(second.hasPrefix(#"{"frame":1,"time":0.25,"views":{"box":{"#))
        #expect(second.contains(#""velocity":{"box":{"#) && second.contains(#""opacity":-1"#))
        let usage = try ChoreoCommand.run(["run", path, "--velocity"])
        #expect(usage.status == 2)
        #expect(usage.errors.contains("--velocity needs --trace"))
    }

    @Test("run --slow-animations slows scene time in real time; it needs --realtime and a factor within 1...100")
    func runSlowAnimations() throws {
        let path = try ChoreoCommand.script("""
            local scene = Scene.new{}
            after(0.05, function() print(CACurrentMediaTime()) end)
            """)
        let help = try ChoreoCommand.run(["run", "--help"])
        #expect(help.output.contains("""
              --slow-animations <n>   With --realtime, run scene time n times slower than
                                      the clock (timers and display links too), within
                                      1...100 (default: CHOREO_SLOW_ANIMATIONS, else 1).
            """))
        let slow = try ChoreoCommand.run(["run", path, "--realtime", "--duration", "0.1", "--slow-animations", "2"])
        #expect(slow.status == 0)
        #expect(slow.output == "0.05\n")
        #expect(slow.errors.contains("to 0.050000 s; nothing left to do"))
        let headless = try ChoreoCommand.run(["run", path, "--slow-animations", "2"])
        #expect(headless.status == 2)
        #expect(headless.errors.contains("--slow-animations needs --realtime"))
        let tooSlow = try ChoreoCommand.run(["run", path, "--realtime", "--duration", "1", "--slow-animations", "1000"])
        #expect(tooSlow.status == 2)
        #expect(tooSlow.errors.contains("--slow-animations must be a number within 1...100 (got 1000)"))
        let badEnvironment = try ChoreoCommand.run(
            ["run", path, "--realtime", "--duration", "1"], environment: ["CHOREO_SLOW_ANIMATIONS": "fast"])
        #expect(badEnvironment.status == 2)
        #expect(badEnvironment.errors.contains("CHOREO_SLOW_ANIMATIONS must be a number within 1...100 (got fast)"))
    }

    @Test("A script error exits 1 with file:line and a traceback on standard error")
    func scriptError() throws {
        let path = try ChoreoCommand.script("local x = 1\nView.new{ frame = 7 }\n")
        let result = try ChoreoCommand.run(["run", path])
        #expect(result.status == 1)
        #expect(result.errors.contains("scene.lua:2: View.new: frame must be a rect"))
        #expect(result.errors.contains("stack traceback:"))
    }

    @Test("A runaway loop ends with the instruction limit, exit 1")
    func runawayLoop() throws {
        let path = try ChoreoCommand.script("while true do end")
        let result = try ChoreoCommand.run(["run", path, "--instruction-limit", "5"])
        #expect(result.status == 1)
        #expect(result.errors.contains("scene.lua:1: instruction limit exceeded"))
    }

    @Test("Usage errors exit 2: an unknown option, a bad value, an unknown curve")
    func usageErrors() throws {
        #expect(try ChoreoCommand.run(["run", "x.lua", "--bogus"]).status == 2)
        #expect(try ChoreoCommand.run(["run", "x.lua", "--fps", "0"]).status == 2)
        let curve = try ChoreoCommand.run(["curves", "eval", "bouncy", "0.5"])
        #expect(curve.status == 2)
        #expect(curve.errors.contains("curve must be a registered curve"))
    }

    @Test("curves eval prints progress and velocity at each time")
    func curvesEval() throws {
        let result = try ChoreoCommand.run(["curves", "eval", "easeInOut", "0", "0.5", "1"])
        #expect(result.status == 0)
        // At t = 0.5, s = 0.5: dy/ds = 1.5 and dx/ds = 0.87, so the velocity is 1.5 / 0.87.
        #expect(result.output == "t\tprogress\tvelocity\n0\t0\t0\n0.5\t0.5\t\(1.5 / 0.87)\n1\t1\t0\n")
    }

    @Test("Two traces of the example scene are byte-identical")
    func deterministicTrace() throws {
        let arguments = ["trace", "Scripts/Examples/media-timing.lua", "--fps", "30"]
        let first = try ChoreoCommand.run(arguments), second = try ChoreoCommand.run(arguments)
        #expect(first.status == 0)
        #expect(first.output.split(separator: "\n").count == 121)
        #expect(first.output == second.output)
        #expect(first.output.hasPrefix(#"{"frame":0,"time":0,"views":{"duration":{"position":"#))
    }

    @Test("Two traces of a scene that makes its views in a pairs loop are byte-identical, the views in pairs' order")
    func deterministicPairs() throws {
        // Lua seeds its string hashes per process: with Lua's own pairs, each run placed the
        // views in another order.
        let path = try ChoreoCommand.script("""
            local scene = Scene.new{ width = 400, height = 100 }
            local colors = { red = "#f00", green = "#0f0", blue = "#00f", gray = "#888", orange = "#f80", purple = "#808",
                             teal = "#088", navy = "#008", olive = "#880", maroon = "#800", lime = "#8f0", aqua = "#0ff" }
            local x = 0
            for name, color in pairs(colors) do
              scene.view:addSubview(View.new{ name = name, frame = { x, 0, 20, 20 }, backgroundColor = color })
              x = x + 30
            end
            """)
        let arguments = ["trace", path, "--props", "position", "--duration", "0"]
        let first = try ChoreoCommand.run(arguments), second = try ChoreoCommand.run(arguments)
        #expect(first.status == 0)
        #expect(first.output == second.output)
        // Strings in byte order: aqua first (x 0 + 10), teal last (x 330 + 10).
        #expect(first.output.contains(#""aqua":{"position":{"x":10,"y":10}}"#))
        #expect(first.output.contains(#""teal":{"position":{"x":340,"y":10}}"#))
    }

    @Test("trace --velocity records each value's velocity after the values, in JSONL and in CSV")
    func traceVelocity() throws {
        // position.x runs 0 → 100 in 0.5 s (200 per second) and is then removed; opacity runs
        // 1 → 0 in 1 s (−1 per second). From the instant each ends, its velocity is 0.
        let path = try ChoreoCommand.script("""
            local scene = Scene.new{ width = 200, height = 100 }
            local box = View.new{ name = "box", frame = {0, 0, 20, 20} }
            scene.view:addSubview(box)
            local function linear(keyPath, from, to, duration)
              local a = BasicAnimation.new(keyPath)
              a.fromValue, a.toValue, a.duration = from, to, duration
              a.timingFunction = TimingFunction.new("linear")
              box.layer:addAnimation(a, keyPath)
            end
            linear("position.x", 0, 100, 0.5)
            linear("opacity", 1, 0, 1)
            """)
        let options = ["--fps", "4", "--velocity", "--props", "box.position,opacity"]
        let jsonl = try ChoreoCommand.run(["trace", path] + options)
        #expect(jsonl.status == 0)
        #expect(jsonl.output.split(separator: "\n") == [
            #"{"frame":0,"time":0,"views":{"box":{"position":{"x":0,"y":10},"opacity":1}},"velocity":{"box":{"position":{"x":200,"y":0},"opacity":-1}}}"#,
            #"{"frame":1,"time":0.25,"views":{"box":{"position":{"x":50,"y":10},"opacity":0.75}},"velocity":{"box":{"position":{"x":200,"y":0},"opacity":-1}}}"#,
            #"{"frame":2,"time":0.5,"views":{"box":{"position":{"x":10,"y":10},"opacity":0.5}},"velocity":{"box":{"position":{"x":0,"y":0},"opacity":-1}}}"#,
            #"{"frame":3,"time":0.75,"views":{"box":{"position":{"x":10,"y":10},"opacity":0.25}},"velocity":{"box":{"position":{"x":0,"y":0},"opacity":-1}}}"#,
            #"{"frame":4,"time":1,"views":{"box":{"position":{"x":10,"y":10},"opacity":1}},"velocity":{"box":{"position":{"x":0,"y":0},"opacity":0}}}"#,
        ])
        let csv = try ChoreoCommand.run(["trace", path, "--format", "csv"] + options)
        #expect(csv.status == 0)
        #expect(csv.output == """
            frame,time,box.position.x,box.position.y,box.opacity,box.position.x.velocity,box.position.y.velocity,box.opacity.velocity
            0,0,0,10,1,200,0,-1
            1,0.25,50,10,0.75,200,0,-1
            2,0.5,10,10,0.5,0,0,-1
            3,0.75,10,10,0.25,0,0,-1
            4,1,10,10,1,0,0,0

            """)
        // Without --velocity the trace is the values alone.
        let plain = try ChoreoCommand.run(["trace", path, "--fps", "4", "--props", "box.position,opacity"])
        #expect(plain.output.split(separator: "\n").first
            == #"{"frame":0,"time":0,"views":{"box":{"position":{"x":0,"y":10},"opacity":1}}}"#)
    }

    @Test("Every example scene runs without an error (the endless ones for 6 s)")
    func examplesRun() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: "Scripts/Examples")
            .filter { $0.hasSuffix(".lua") }.sorted()
        #expect(examples.contains("animator-controls.lua"))
        #expect(examples.contains("widgets-lockscreen.lua"))
        for example in examples {
            let result = try ChoreoCommand.run(["run", "Scripts/Examples/" + example, "--duration", "6"])
            #expect(result.status == 0, "\(example): \(result.errors)")
        }
    }
}
