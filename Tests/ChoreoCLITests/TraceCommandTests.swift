import Foundation
import Testing
import ChoreoTestSupport

/// `choreo trace` as a user meets it (issue 18): named stand-alone layers, --props names checked,
/// one CSV header for every row, isHidden and transition progress, a default end.
@Suite("choreo trace", .serialized)
struct TraceCommandTests {
    /// A box with a named stand-alone layer inside, and a hidden status view that a linear 0.5 s
    /// cross-dissolve shows at 0.25 s, while the box turns about y (its transform becomes 3D).
    static let scene = """
        local scene = Scene.new{ width = 100, height = 100 }
        local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
        scene.view:addSubview(box)
        box.layer:addSublayer(Layer.new{ name = "dot", bounds = {0, 0, 4, 4}, position = {5, 5} })
        local status = View.new{ name = "status", frame = {0, 20, 10, 10}, isHidden = true }
        scene.view:addSubview(status)
        after(0.25, function()
          View.transition{ with = status, duration = 0.5, options = {"transitionCrossDissolve", "curveLinear"},
                           animations = function() status.isHidden = false end }
          local turn = BasicAnimation.new("transform.rotation.y")
          turn.fromValue, turn.toValue, turn.duration = 0, math.pi, 0.5
          turn.timingFunction = TimingFunction.new("linear")
          box.layer:addAnimation(turn, "turn")
        end)
        """

    @Test("A named stand-alone layer is traced like a view, in tree order")
    func standAloneLayer() throws {
        let path = try ChoreoCommand.script(Self.scene)
        let result = try ChoreoCommand.run(["trace", path, "--fps", "4", "--duration", "0", "--props", "position"])
        #expect(result.status == 0, "\(result.errors)")
        // dot sits inside box (tree order: box, dot, status); position {5, 5} as given.
        #expect(result.output == #"{"frame":0,"time":0,"views":{"box":{"position":{"x":5,"y":5}},"dot":{"position":{"x":5,"y":5}},"status":{"position":{"x":5,"y":25}}}}"# + "\n")
    }

    @Test("isHidden and transition.progress are traced: a linear 0.5 s transition from 0.25 s is half-way at 0.5 s")
    func hiddenAndTransition() throws {
        let path = try ChoreoCommand.script(Self.scene)
        let result = try ChoreoCommand.run(["trace", path, "--fps", "4", "--props", "status.isHidden,status.transition.progress"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.split(separator: "\n") == [
            #"{"frame":0,"time":0,"views":{"status":{"isHidden":true,"transition.progress":null}}}"#,
            #"{"frame":1,"time":0.25,"views":{"status":{"isHidden":false,"transition.progress":0}}}"#,
            #"{"frame":2,"time":0.5,"views":{"status":{"isHidden":false,"transition.progress":0.5}}}"#,
            #"{"frame":3,"time":0.75,"views":{"status":{"isHidden":false,"transition.progress":null}}}"#,
        ])
    }

    @Test("CSV has one header for every row: a transform that turns 3D keeps its 16 columns")
    func csvHeader() throws {
        let path = try ChoreoCommand.script(Self.scene)
        let result = try ChoreoCommand.run(["trace", path, "--fps", "4", "--format", "csv", "--props", "box.transform,status.isHidden"])
        #expect(result.status == 0, "\(result.errors)")
        let entries = (1...4).flatMap { row in (1...4).map { "box.transform.m\(row)\($0)" } }
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == (["frame", "time"] + entries + ["status.isHidden"]).joined(separator: ","))
        // At 0.5 s the turn about y is half-way: π/2, so m11 = cos = 0, m13 = −sin = −1, m31 = 1.
        let cells = lines[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(cells.count == 2 + 16 + 1)
        #expect(cells[0] == "2" && cells[1] == "0.5" && cells.last == "false")
        let m = cells[2..<18].map { Double($0)! }
        #expect(abs(m[0]) < 1e-12 && abs(m[2] + 1) < 1e-12 && abs(m[8] - 1) < 1e-12 && m[5] == 1 && m[15] == 1)
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 19 })
    }

    @Test("A --props name that matches nothing is a usage error naming the valid ones")
    func unknownProps() throws {
        let path = try ChoreoCommand.script(Self.scene)
        let view = try ChoreoCommand.run(["trace", path, "--fps", "4", "--props", "bx.opacity"])
        #expect(view.status == 2)
        #expect(view.errors == "choreo trace: --props bx.opacity matched nothing: no layer or view is named \"bx\" in any frame (named: box, dot, status)\n")
        let property = try ChoreoCommand.run(["trace", path, "--fps", "4", "--props", "box.alpha"])
        #expect(property.status == 2)
        #expect(property.errors.hasPrefix("choreo trace: --props box.alpha matched nothing: \"alpha\" is not a property of any traced layer (key paths: position, bounds, anchorPoint, opacity,"))
        #expect(property.errors.hasSuffix("isHidden, transition.progress, or a custom property set with setValue; a view's alpha is the layer's opacity)\n"))
        let bare = try ChoreoCommand.run(["trace", path, "--props", "alpha"])
        #expect(bare.status == 2)
        #expect(bare.errors.contains("--props takes keyPath items (position, bounds,"))
        #expect(bare.errors.contains("a view's alpha is the layer's opacity (got \"alpha\")"))
        // A custom property set with setValue is traced.
        let custom = try ChoreoCommand.script(Self.scene + "\nbox.layer:setValue(3, \"progress\")\n")
        let traced = try ChoreoCommand.run(["trace", custom, "--duration", "0", "--props", "box.progress"])
        #expect(traced.status == 0 && traced.output == #"{"frame":0,"time":0,"views":{"box":{"progress":3}}}"# + "\n")
    }

    @Test("A scene that never goes idle is traced for 10 s, and the trace says so")
    func defaultEnd() throws {
        let path = try ChoreoCommand.script("""
            local scene = Scene.new{}
            local box = View.new{ name = "box" }
            scene.view:addSubview(box)
            every(1, function() box.alpha = 1 - box.alpha end)
            """)
        let result = try ChoreoCommand.run(["trace", path, "--fps", "10", "--props", "box.opacity"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 101)   // 0, 0.1, …, 10 s
        #expect(lines.last?.hasPrefix(#"{"frame":100,"time":10,"#) == true)
        #expect(result.errors == "trace: the scene still runs at 10 s; pass --duration to trace more\n")
        let longer = try ChoreoCommand.run(["trace", path, "--fps", "10", "--duration", "12", "--props", "box.opacity"])
        #expect(longer.output.split(separator: "\n").count == 121 && longer.errors.isEmpty)
    }

    @Test("--fps that is not a number of frames per second within (0, 1000] is a usage error saying so, for run, trace and render")
    func badFramesPerSecond() throws {
        let path = try ChoreoCommand.script("Scene.new{}")
        for command in [["run", path], ["trace", path], ["render", path, "--out", "/tmp/choreo-unused"]] {
            for (value, shown) in [("-5", "-5"), ("0", "0"), ("nan", "nan"), ("1e300", "1e+300"), ("1001", "1001")] {
                let result = try ChoreoCommand.run(command + ["--fps", value])
                #expect(result.status == 2, "\(command[0]) --fps \(value)")
                #expect(result.errors.hasPrefix(
                    "Error: --fps must be a number of frames per second within (0, 1000] (got \(shown))\n"), "\(result.errors)")
            }
        }
    }

    @Test("render counts its frames with a run that draws nothing: the script's prints show once")
    func renderPrintsOnce() throws {
        let path = try ChoreoCommand.script(RenderCommandTests.scene + "\nprint('set up')\n", name: "box.lua")
        let out = try ScratchDirectory.path("choreo-render")
        let result = try ChoreoCommand.run(["render", path, "--out", out, "--fps", "10", "--to", "5", "--format", "sheet"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "set up\ncontact sheet: \(out)/box-sheet.png\n")
    }

    @Test("render of a script that never made a Scene says so, exit 1")
    func renderWithoutScene() throws {
        let path = try ChoreoCommand.script("print('no scene here')", name: "empty.lua")
        let out = try ScratchDirectory.path("choreo-render")
        let result = try ChoreoCommand.run(["render", path, "--out", out])
        #expect(result.status == 1)
        #expect(result.errors == "render: \(path) made no Scene, so there is nothing to draw (a scene script calls Scene.new{ width =, height = } at its top level)\n")
    }
}
