import ChoreoCore
import ChoreoRender
import ChoreoRuntime
import Foundation
import Testing
import ChoreoTestSupport

/// Numbers that overflow (issue 15): finite but extreme values are refused where they enter, with
/// the call, the parameter, the range and `file:line`; what is accepted stays finite; and NaN or
/// infinity never reaches a trace or an image. The Lua side is Scenes/numbers_test.lua.
@Suite("Security: numbers that overflow")
struct NumberTests {
    /// A scene with one named 10 × 10 view `box`, then `body` (from line 4 on).
    private static func boxScene(_ body: String) -> String {
        """
        local scene = Scene.new{ width = 200, height = 200 }
        local box = View.new{ name = "box", frame = {0, 0, 10, 10}, backgroundColor = "red" }
        scene.view:addSubview(box)
        \(body)
        """
    }

    /// Runs `choreo <command> scene.lua <options>` in the scene's own folder, so messages say
    /// `scene.lua:N:`.
    private static func run(_ command: String, _ source: String, _ options: [String] = []) throws -> HostileRun {
        let path = try HostileRun.scene(source)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try HostileRun.choreo([command, "scene.lua"] + options, in: folder, timeout: 60)
    }

    /// Renders the scene's first frame as PNG into a fresh folder; `options` come after.
    private static func renderFirstFrame(_ source: String, _ options: [String] = []) throws -> HostileRun {
        let out = try ScratchDirectory.path("choreo-numbers")
        return try run("render", source, ["--out", out, "--format", "png", "--duration", "0"] + options)
    }

    private static func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }

    @Test("An animation from -1.7e308 to 1.7e308 is refused with the call, the range and file:line")
    func extremeAnimationValues() throws {
        let run = try Self.run("trace", Self.boxScene("""
            local a = BasicAnimation.new("position.x")
            a.fromValue = -1.7e308
            """))
        #expect(run.status == 1 && !run.crashed && !run.hung)
        #expect(Self.firstLine(run.errors)
            == #"scene.lua:5: BasicAnimation.fromValue: fromValue must be within ±1e15 for key path "position.x" (got -1.7e+308)"#)
        #expect(run.output.isEmpty)
    }

    @Test("Springs with a mass of 1e-300 or a stiffness of 1e300 are refused with their range")
    func extremeSprings() throws {
        let mass = try Self.run("trace", Self.boxScene("local s = SpringAnimation.new('position.x'); s.mass = 1e-300"))
        #expect(mass.status == 1)
        #expect(Self.firstLine(mass.errors) == "scene.lua:4: SpringAnimation.mass: mass must be within 1e-6...1e9 (got 1e-300)")
        let stiffness = try Self.run("trace", Self.boxScene(
            "View.animate{ duration = 1, curve = 'spring(1, 1e300, 10)', animations = function() box.alpha = 0 end }"))
        #expect(stiffness.status == 1)
        #expect(Self.firstLine(stiffness.errors)
            == "scene.lua:4: View.animate: curve: stiffness must be within 1e-6...1e9 (got 1e+300)")
    }

    @Test("A perspective of 5e-324 and a Bézier control y of 1e308 are refused where they are made")
    func extremeTransformsAndCurves() throws {
        let perspective = try Self.run("trace", Self.boxScene("box.layer.transform = Transform.perspective(5e-324)"))
        #expect(perspective.status == 1)
        #expect(Self.firstLine(perspective.errors)
            == "scene.lua:4: Transform.perspective: eyeDistance must be ≥ 1e-15 (m34 = −1/eyeDistance) (got 5e-324)")
        let bezier = try Self.run("trace", Self.boxScene("local f = TimingFunction.new(0.5, 2e6, 0.5, 1)"))
        #expect(bezier.status == 1)
        #expect(Self.firstLine(bezier.errors)
            == "scene.lua:4: TimingFunction.new: controlPoint1.y must be within ±1e6 (got 2000000)")
        let speed = try Self.run("trace", Self.boxScene("local a = BasicAnimation.new('opacity'); a.speed = 1e7"))
        #expect(Self.firstLine(speed.errors) == "scene.lua:4: BasicAnimation.speed: speed must be within ±1e6 (got 10000000)")
    }

    @Test("A Lua curve that returns 1e308, NaN or infinity ends the run naming the curve, the value and t")
    func luaCurveOutputs() throws {
        for (result, message) in [
            ("1e308", "must return a number within ±1e6 (got 1e+308 at t = 0"),
            ("0/0", "must return a finite number (got nan at t = 0"),
            ("1/0", "must return a finite number (got inf at t = 0"),
        ] {
            let run = try Self.run("trace", Self.boxScene("""
                View.animate{ duration = 1, curve = function(t) return \(result) end, animations = function() box.center = {100, 100} end }
                """), ["--fps", "4"])
            #expect(run.status == 1 && !run.crashed)
            #expect(Self.firstLine(run.errors).hasPrefix("scene.lua:4: timing curve 'curve' \(message)"), "\(run.errors)")
            #expect(!run.output.contains("null"))
        }
    }

    @Test("steps(math.maxinteger) is refused instead of overflowing Int")
    func hugeStepCount() throws {
        let run = try Self.run("trace", Self.boxScene("local c = Timing.steps(math.maxinteger, 'jump-both')"))
        #expect(run.status == 1 && !run.crashed)
        #expect(Self.firstLine(run.errors)
            == "scene.lua:4: Timing.steps: steps must be an integer ≤ 1000000 (got 9223372036854775807)")
    }

    @Test("Shadow and blur radii of 1e10 render without crashing, in bounded time")
    func hugeBlurRadii() throws {
        let run = try Self.renderFirstFrame(Self.boxScene("""
            box.layer.shadowOpacity = 1; box.layer.shadowRadius = 1e10
            local blur = BlurView.new{ frame = {0, 0, 100, 100}, blurRadius = 1e10 }
            scene.view:addSubview(blur)
            """))
        #expect(run.status == 0 && !run.crashed && !run.hung, "\(run.errors)")
        #expect(run.seconds < 50, "bounded, with room for a loaded 2-core machine")
    }

    @Test("Layers 1e15 and 30,000 points wide in perspective, and huge text, render without crashing or failing")
    func hugeLayerInPerspective() throws {
        let run = try Self.renderFirstFrame(Self.boxScene("""
            box.bounds = {0, 0, 1e15, 1e15}; box.layer.cornerRadius = 1e15
            box.layer.transform = Transform.perspective(500):rotated(0.5, 0, 1, 0)
            local wide = View.new{ frame = {0, 0, 30000, 30000}, backgroundColor = "blue", cornerRadius = 20 }
            wide.layer.transform = Transform.perspective(50000):rotated(0.3, 0, 1, 0)
            scene.view:addSubview(wide)
            local label = Label.new{ frame = {0, 0, 100, 100}, text = "big", fontSize = 10000 }
            label.transform = Transform.scale(1e6, 1e-6)
            scene.view:addSubview(label)
            """), ["--scale", "4"])
        #expect(run.status == 0 && !run.crashed && !run.hung, "\(run.errors)")
        #expect(run.seconds < 50, "bounded, with room for a loaded 2-core machine")
    }

    @Test("render --from 1e300 is a usage error (exit 2), not an Int overflow")
    func hugeFrom() throws {
        let out = try ScratchDirectory.path("choreo-numbers")
        let run = try Self.run("render", Self.boxScene(""), ["--out", out, "--from", "1e300"])
        #expect(run.status == 2 && !run.crashed)
        #expect(Self.firstLine(run.errors) == "Error: --from must be a number of seconds within 0...86400 (got 1e+300)")
    }

    @Test("Accepted values at the edges of every range give a trace with no NaN or infinity")
    func edgesStayFinite() throws {
        let run = try Self.run("trace", Self.boxScene("""
            local big = 1e15
            local curves = { "linear", TimingFunction.new(0, 1e6, 1, -1e6),
              SpringTimingParameters.new{ mass = 1e-6, stiffness = 1e9, damping = 0, initialVelocity = big },
              SpringTimingParameters.new{ mass = 1e9, stiffness = 1e-6, damping = 1e9, initialVelocity = -big },
              SpringTimingParameters.new{ dampingRatio = 1000, initialVelocity = big },
              Timing.piecewiseLinear{ {0, 0}, {0.5, 1e6}, {1, 1} }, "steps(1000000, jump-both)" }
            local props = {
              {"position", function(v) return {v, -v} end}, {"bounds", function(v) return {v, v, v, -v} end},
              {"opacity", function(v) return v end}, {"transform", function(v) return {v, 0, 0, v, v, -v} end},
              {"transform.rotation.y", function(v) return v end}, {"backgroundColor", function(v) return {v, -v, v, 1} end},
            }
            local n = 0
            for _, prop in ipairs(props) do
              for _, curve in ipairs(curves) do
                for _, ends in ipairs{ {-big, big}, {big, -big}, {1e-15, big} } do
                  n = n + 1
                  local view = View.new{ name = "v" .. n, frame = {0, 0, 10, 10} }
                  scene.view:addSubview(view)
                  local a = BasicAnimation.new(prop[1])
                  a.fromValue, a.toValue, a.timingFunction = prop[2](ends[1]), prop[2](ends[2]), curve
                  a.duration = ({1, 1e-6, 1e6})[n % 3 + 1]
                  a.speed = ({1, 1e6, -1e6, 1e-6})[n % 4 + 1]
                  a.isAdditive, a.isCumulative, a.autoreverses = n % 2 == 0, n % 3 == 0, n % 5 == 0
                  a.repeatCount, a.timeOffset, a.fillMode = ({1, 1e300, 1e15})[n % 3 + 1], ({0, big, -big})[n % 3 + 1], "both"
                  view.layer:addAnimation(a, "a")
                  local k = KeyframeAnimation.new(prop[1])
                  k.values = { prop[2](ends[1]), prop[2](ends[2]), prop[2](ends[1]) }
                  k.calculationMode = ({"linear", "paced", "cubic", "cubicPaced", "discrete"})[n % 5 + 1]
                  k.tensionValues, k.biasValues, k.isAdditive, k.duration = {-1, 1, -1}, {1, -1, 1}, true, 1
                  view.layer:addAnimation(k, "k")
                end
              end
            end
            """), ["--duration", "1", "--fps", "8"])
        #expect(run.status == 0 && !run.crashed && !run.hung, "\(run.errors)")
        #expect(run.output.split(separator: "\n").count == 9)
        #expect(!run.output.contains("null") && !run.output.contains("nan") && !run.output.contains("inf"))
    }

    // MARK: The last line of defence

    /// A scene whose `box` has a NaN opacity in its model, set through the unchecked `Layer.set`.
    private static func poisonedScene() throws -> Scene {
        let scene = Scene(rootView: View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.rootView.addSubview(box)
        box.layer.set(.scalar(.nan), at: try PropertyPath(parsing: "opacity"))
        scene.commit()
        return scene
    }

    @Test("The trace recorder refuses a NaN with the view, the property and the time, and writes nothing")
    func traceRefusesNaN() throws {
        var lines: [String] = []
        let recorder = TraceRecorder(write: { lines.append($0) })
        let error = #expect(throws: NonFiniteValueError.self) { try recorder.record(frame: 0, scene: try Self.poisonedScene()) }
        #expect(error?.description
            == "box.opacity is nan at 0 s (a value left the finite range; check the animations of this property)")
        #expect(lines.isEmpty)
    }

    @Test("The renderer refuses a NaN with the view, the property and the time instead of drawing it")
    func rendererRefusesNaN() throws {
        let scene = try Self.poisonedScene()
        scene.rootView.subviews[0].layer.set(.scalar(1), at: try PropertyPath(parsing: "opacity"))
        scene.rootView.subviews[0].layer.set(.scalar(-.infinity), at: try PropertyPath(parsing: "cornerRadius"))
        scene.commit()
        #expect(throws: RenderError.nonFinite(NonFiniteValueError(layer: "box", property: "cornerRadius", value: -.infinity, time: 0))) {
            _ = try SceneRenderer(scale: 1).render(scene)
        }
    }

    @Test("Int(saturating:) never traps: NaN is 0, the rest is clamped to ±2^52")
    func saturatingConversion() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 1e300) == 1 << 52)
        #expect(Int(saturating: -.infinity) == -(1 << 52))
        #expect(Int(saturating: 42.9) == 42)
    }
}
