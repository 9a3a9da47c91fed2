import ChoreoCore
import Testing
@testable import ChoreoLua

/// A script host for curve tests: runs chunks named `scene.lua` and reads their results.
struct CurveTestHost {
    let host: ScriptHost

    init() throws { host = try ScriptHost(scriptDirectory: nil) }

    /// The numbers a chunk returns.
    func numbers(_ source: String) throws -> [Double] {
        try host.vm.run(chunk: source, name: "scene.lua").map { $0.doubleValue ?? .nan }
    }

    @discardableResult
    func values(_ source: String) throws -> [LuaValue] { try host.vm.run(chunk: source, name: "scene.lua") }

    /// The message of the error a chunk raises (nil if it runs).
    func error(_ source: String) -> String? { failure(of: source, in: host.vm)?.message }
}

@Suite("Lua: timing curves")
struct TimingBindingsTests {
    @Test("TimingFunction.new takes Core Animation's names and control points")
    func timingFunctions() throws {
        let lua = try CurveTestHost()
        let top = lua.host.vm.stackTop
        #expect(try lua.numbers("return TimingFunction.new('easeInOut'):progress(0.5)") == [0.5])
        #expect(try lua.numbers("return TimingFunction.new(0.42, 0, 1, 1):progress(0.3)")
            == [CubicBezierCurve.easeIn.progress(at: 0.3)])
        #expect(try lua.numbers("return TimingFunction.new('easeIn'):velocity(0)") == [0])
        #expect(try lua.values("return tostring(TimingFunction.new('easeInEaseOut')), tostring(TimingFunction.new(0.1, 0.2, 0.3, 0.4))")
            == ["Curve(easeInOut)", "Curve(cubic-bezier(0.1, 0.2, 0.3, 0.4))"])
        #expect(try lua.numbers("local c = TimingFunction.new(0.57, -0.4, 0.96, 0.87).controlPoint1 return c.x, c.y")
            == [0.57, -0.4])
        #expect(try lua.values("return TimingFunction.new('linear').duration") == [nil])
        #expect(lua.host.vm.stackTop == top)
    }

    @Test("Bad timing functions say what is wrong, with file and line")
    func timingFunctionErrors() throws {
        let lua = try CurveTestHost()
        #expect(lua.error("local f = TimingFunction.new(1.2, 0, 0.58, 1)")
            == "scene.lua:1: TimingFunction.new: controlPoint1.x must be within 0...1 (got 1.2)")
        #expect(lua.error("\nTimingFunction.new('bouncy')")
            == #"scene.lua:2: TimingFunction.new: curve must be one of "linear", "easeIn", "easeOut", "easeInOut", "default" (got "bouncy")"#)
        #expect(lua.error("TimingFunction.new(0.1, 0.2)")
            == "scene.lua:1: bad argument #3 to 'TimingFunction.new' (c2x: number expected, got no value)")
        #expect(lua.error("TimingFunction.new('easeIn').mass = 1")
            == "scene.lua:1: Curve.mass cannot be set: curves are immutable")
        #expect(lua.error("return TimingFunction.new('easeIn').colour")?.hasPrefix(
            "scene.lua:1: Curve has no field 'colour' (fields: name, duration, mass,") == true)
    }

    @Test("CubicTimingParameters: a named curve, control points, or the default curve")
    func cubicParameters() throws {
        let lua = try CurveTestHost()
        #expect(try lua.numbers("return CubicTimingParameters.new{ animationCurve = 'easeOut' }:progress(0.3)")
            == [CubicBezierCurve.easeOut.progress(at: 0.3)])
        #expect(try lua.numbers("""
            local p = CubicTimingParameters.new{ controlPoint1 = {0.25, 0.1}, controlPoint2 = {x = 0.25, y = 1} }
            return p:progress(0.4), p.controlPoint2.y
            """) == [CubicBezierCurve.default.progress(at: 0.4), 1])
        #expect(try lua.values("local p = CubicTimingParameters.new{} return p.animationCurve, p:progress(0.4)")
            == ["default", .number(CubicBezierCurve.default.progress(at: 0.4))])
        #expect(try lua.values("return CubicTimingParameters.new('easeIn').animationCurve") == ["easeIn"])
        #expect(lua.error("CubicTimingParameters.new{ controlPoint1 = {1.5, 0}, controlPoint2 = {1, 1} }")
            == "scene.lua:1: CubicTimingParameters.new: controlPoint1.x must be within 0...1 (got 1.5)")
        #expect(lua.error("CubicTimingParameters.new{ curve = 'easeIn' }")
            == "scene.lua:1: CubicTimingParameters.new: unknown parameter 'curve' (valid: animationCurve, controlPoint1, controlPoint2)")
    }

    @Test("SpringTimingParameters: physics, SwiftUI's two forms, and a damping ratio fitted to a duration")
    func springParameters() throws {
        let lua = try CurveTestHost()
        let physics = try lua.numbers("""
            local s = SpringTimingParameters.new{ mass = 10, stiffness = 5, damping = 30, initialVelocity = {1, 0.2} }
            return s.mass, s.stiffness, s.damping, s.dampingRatio, s.duration, s.initialVelocity.dx, s.initialVelocity.dy, s:progress(0.3)
            """)
        let expected = try SpringCurve(parameters: SpringParameters(mass: 10, stiffness: 5, damping: 30), initialVelocity: 1)
        // SwiftUI's duration of a physics spring is its perceptual duration, 2π·√(m/k).
        #expect(physics == [10, 5, 30, expected.dampingRatio, 2 * Double.pi * (10.0 / 5).squareRoot(), 1, 0.2,
                            expected.progress(at: 0.3)])

        let swiftUI = try lua.numbers("""
            local s = SpringTimingParameters.new{ duration = 0.5, bounce = 0.3 }
            return s.mass, s.stiffness, s.damping, s.bounce, s.perceptualDuration, s.duration
            """)
        #expect(swiftUI[0] == 1 && abs(swiftUI[1] - 157.9) < 0.05 && abs(swiftUI[2] - 17.6) < 0.05)
        #expect(abs(swiftUI[3] - 0.3) < 1e-12 && abs(swiftUI[4] - 0.5) < 1e-12)
        #expect(abs(swiftUI[5] - 0.5) < 1e-12)

        let response = try lua.numbers("return SpringTimingParameters.new{ response = 0.4, dampingRatio = 0.8 }.dampingRatio")
        #expect(abs(response[0] - 0.8) < 1e-12)

        // A damping ratio alone has no duration of its own: progress is the spring fitted to 1 s.
        let fitted = try lua.values("""
            local s = SpringTimingParameters.new{ dampingRatio = 0.5 }
            return s.duration, s.dampingRatio, s.stiffness, s:progress(0.25), s.initialVelocity.dx
            """)
        #expect(fitted == [nil, 0.5, nil, .number(try SpringCurve(dampingRatio: 0.5, duration: 1).progress(at: 0.25)), 0.0])
        let systemRatio: Double = 500 / (2 * Double(3000).squareRoot())
        #expect(try lua.numbers("return SpringTimingParameters.new().dampingRatio") == [systemRatio])
    }

    @Test("Spring parameters in more than one form, or unknown, are refused with the forms listed")
    func springParameterErrors() throws {
        let lua = try CurveTestHost()
        #expect(lua.error("SpringTimingParameters.new{ dampingRatio = 0.5, mass = 1 }")
            == "scene.lua:1: SpringTimingParameters.new: parameters must use one form: {dampingRatio=}, "
                + "{mass=, stiffness=, damping=}, {duration=, bounce=} or {response=, dampingRatio=} "
                + "(each with an optional initialVelocity) (got dampingRatio, mass)")
        #expect(lua.error("SpringTimingParameters.new{ dampingRatio = -1 }")
            == "scene.lua:1: SpringTimingParameters.new: dampingRatio must be a finite number ≥ 0 (got -1)")
        #expect(lua.error("SpringTimingParameters.new{ mass = 1, stiffness = 100 }")
            == "scene.lua:1: SpringTimingParameters.new: damping must be a number (got nil)")
        #expect(lua.error("SpringTimingParameters.new{ dampingRatio = 1, initialVelocity = 'fast' }")
            == #"scene.lua:1: SpringTimingParameters.new: initialVelocity must be a vector ({dx=, dy=}, {dx, dy} or a number) (got the string "fast")"#)
        #expect(lua.error("SpringTimingParameters.new{ damping_ratio = 1 }")?.hasPrefix(
            "scene.lua:1: SpringTimingParameters.new: unknown parameter 'damping_ratio' (valid: dampingRatio,") == true)
    }

    @Test("Timing.steps and Timing.piecewiseLinear follow CSS")
    func stepsAndLinear() throws {
        let lua = try CurveTestHost()
        #expect(try lua.numbers("local s = Timing.steps(4, 'jump-end') return s:progress(0.24), s:progress(0.25), s:progress(1)")
            == [0, 0.25, 1])
        #expect(try lua.numbers("return Timing.steps(4, 'start'):progress(0)") == [0.25])
        let linear = try lua.numbers("local c = Timing.piecewiseLinear{ {0, 0}, {0.6, 0.9}, {1, 1} } return c:progress(0.3), c:progress(0.8)")
        #expect(abs(linear[0] - 0.45) < 1e-12 && abs(linear[1] - 0.95) < 1e-12)
        #expect(try lua.numbers("return Timing.piecewiseLinear{ 0, 0.25, 1 }:progress(0.25)") == [0.125])
        #expect(lua.error("Timing.steps(4, 'middle')")
            == #"scene.lua:1: Timing.steps: position must be one of "jump-start", "start", "jump-end", "end", "jump-none", "jump-both" (got "middle")"#)
        #expect(lua.error("Timing.piecewiseLinear{ 0, 'half', 1 }")
            == #"scene.lua:1: Timing.piecewiseLinear: points[2] must be a progress number or a {t, progress} pair (got the string "half")"#)
    }

    @Test("Timing.register makes a Lua function a named curve; get and list find it")
    func registerAndGet() throws {
        let lua = try CurveTestHost()
        let top = lua.host.vm.stackTop
        try lua.values("Timing.register('smoothstep', function(t) return t * t * (3 - 2 * t) end)")
        #expect(try lua.numbers("return Timing.get('smoothstep'):progress(0.25)") == [0.15625])
        #expect(try lua.values("return tostring(Timing.get('smoothstep')), Timing.get('smoothstep').name")
            == ["Curve(smoothstep)", "smoothstep"])
        let curve = try lua.host.registry.curve(named: "smoothstep")
        #expect(curve.progress(at: 0.5) == 0.5)
        // A curve object or a spec registers too, under its new name.
        try lua.values("Timing.register('snappy', SpringTimingParameters.new{ duration = 0.3 }) Timing.register('tick', 'steps(2)')")
        let registered = try lua.numbers("return Timing.get('tick'):progress(0.6), Timing.get('snappy').bounce")
        #expect(registered[0] == 0.5 && abs(registered[1]) < 1e-12)
        #expect(try lua.values("return table.concat(Timing.list(), ',')")
            == ["linear,easeIn,easeOut,easeInOut,default,smoothstep,snappy,tick"])
        #expect(lua.error("Timing.register('easeIn', function(t) return t end)")
            == "scene.lua:1: Timing.register: name must not replace a built-in curve (linear, easeIn, easeOut, easeInOut, default, easeInEaseOut) (got \"easeIn\")")
        #expect(lua.error("Timing.get('nope')")?.hasPrefix(
            "scene.lua:1: Timing.get: name must be a registered curve (linear, easeIn, easeOut, easeInOut, default, smoothstep, snappy, tick)") == true)
        #expect(lua.host.vm.stackTop == top)
    }

    @Test("A Lua curve that raises or returns a non-number is reported with file and line")
    func badLuaCurves() throws {
        let lua = try CurveTestHost()
        try lua.values("""
            Timing.register('broken', function(t)
              error('no curve today')
            end)
            Timing.register('wordy', function(t)
              return 'fast'
            end)
            """)
        // Called directly from Lua, the error is raised at once.
        #expect(lua.error("return Timing.get('wordy'):progress(0.5)")
            == #"scene.lua:4: timing curve 'wordy' must return a finite number (got the string "fast" at t = 0.5)"#)
        #expect(lua.error("return Timing.get('broken'):progress(0.5)")
            == "scene.lua:2: no curve today (in timing curve 'broken' at t = 0.5)")
        // Called from Swift (as a frame does), it is kept for the host to report, once.
        let broken = try lua.host.registry.curve(named: "broken")
        #expect(broken.progress(at: 0.5) == 0.5)
        #expect(broken.progress(at: 0.7) == 0.7)
        #expect(throws: LuaError.self) { try lua.host.throwDeferredError() }
        #expect(lua.host.deferredError == nil)
        let nan = try lua.values("return function(t) return 0/0 end")[0]
        let curve = try lua.host.curve(from: nan, name: "timingFunction")
        #expect(curve.progress(at: 0.25) == 0.25)
        #expect(lua.host.deferredError?.message
            == "scene.lua:1: timing curve 'timingFunction' must return a finite number (got nan at t = 0.25)")
    }

    @Test("A Lua curve sampled from Swift: integers count as numbers, extra results are ignored, nothing and nil are named apart")
    func luaCurveResults() throws {
        let lua = try CurveTestHost()
        let top = lua.host.vm.stackTop
        let integer = try lua.host.curve(from: try lua.values("return function(t) return 1 end")[0], name: "one")
        #expect(integer.progress(at: 0.5) == 1)
        let pair = try lua.host.curve(from: try lua.values("return function(t) return t / 2, 'ignored' end")[0], name: "pair")
        #expect(pair.progress(at: 0.5) == 0.25)
        let silent = try lua.host.curve(from: try lua.values("return function(t) end")[0], name: "silent")
        #expect(silent.progress(at: 0.5) == 0.5)
        #expect(lua.host.deferredError?.message
            == "scene.lua:1: timing curve 'silent' must return a finite number (got nothing at t = 0.5)")
        try? lua.host.throwDeferredError()
        let empty = try lua.host.curve(from: try lua.values("return function(t) return nil end")[0], name: "empty")
        #expect(empty.progress(at: 0.5) == 0.5)
        #expect(lua.host.deferredError?.message
            == "scene.lua:1: timing curve 'empty' must return a finite number (got nil at t = 0.5)")
        #expect(lua.host.vm.stackTop == top)
    }

    @Test("A Lua curve that raises when sampled from Swift keeps the message, the curve, t and a traceback")
    func luaCurveErrorFromSwift() throws {
        let lua = try CurveTestHost()
        let top = lua.host.vm.stackTop
        let curve = try lua.host.curve(from: try lua.values("""
            return function(t, params)
              error('bad ' .. t)
            end
            """)[0], name: "raiser")
        #expect(curve.progress(at: 0.5) == 0.5)
        guard case let .runtime(message, traceback)? = lua.host.deferredError else {
            Issue.record("expected a runtime error, got \(String(describing: lua.host.deferredError))")
            return
        }
        #expect(message == "scene.lua:2: bad 0.5 (in timing curve 'raiser' at t = 0.5)")
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("scene.lua:2"))
        #expect(lua.host.vm.stackTop == top)
    }

    @Test("A Lua curve that outlives its script host answers linearly")
    func luaCurveOutlivesHost() throws {
        var lua: CurveTestHost? = try CurveTestHost()
        let curve = try lua!.host.curve(from: try lua!.values("return function(t) return t * t end")[0], name: "square")
        #expect(curve.progress(at: 0.5) == 0.25)
        lua = nil
        #expect(curve.progress(at: 0.5) == 0.5)
        #expect(curve.progress(at: 0.25) == 0.25)
    }

    @Test("Everywhere a curve is accepted: names, specs, curve objects, functions and provider tables")
    func curvesFromScriptValues() throws {
        let lua = try CurveTestHost()
        let host = lua.host
        #expect(try host.curve(from: "easeOut", name: "curve").progress(at: 0.3) == CubicBezierCurve.easeOut.progress(at: 0.3))
        #expect(try host.curve(from: "cubic-bezier(0.42, 0, 1, 1)", name: "curve").progress(at: 0.3)
            == CubicBezierCurve.easeIn.progress(at: 0.3))
        let object = try lua.values("return TimingFunction.new('easeIn')")[0]
        #expect(try host.curve(from: object, name: "curve") as? ScriptCurve === object.objectValue)
        let function = try lua.values("return function(t) return t * t end")[0]
        #expect(try host.curve(from: function, name: "curve").progress(at: 0.5) == 0.25)
        let provider = try lua.values("return { progress = function(t) return t end, velocity = function(t) return 2 end, duration = 3 }")[0]
        let providerCurve = try host.curve(from: provider, name: "curve")
        #expect(providerCurve.velocity(at: 0.5) == 2 && providerCurve.duration == 3)
        #expect(try lua.numbers("return Timing.register('p', { progress = function(t) return 1 - (1 - t)^2 end }):progress(0.5)")
            == [0.75])
        do {
            _ = try host.curve(from: 3, name: "timingFunction")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "timingFunction must be " + ScriptHost.curveExpectation + " (got a number)")
        }
        do {
            _ = try host.curve(from: "bouncy", name: "timingFunction")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("timingFunction must be a registered curve (linear,"))
        }
    }

    @Test("Reversed and mirrored curves are curve objects too")
    func reversedAndMirrored() throws {
        let lua = try CurveTestHost()
        #expect(try lua.numbers("return TimingFunction.new('easeIn'):reversed():progress(0.3)")
            == [1 - CubicBezierCurve.easeIn.progress(at: 0.7)])
        #expect(try lua.numbers("return TimingFunction.new('easeIn'):mirrored():progress(0.25)")
            == [CubicBezierCurve.easeIn.progress(at: 0.5) / 2])
    }
}

@Suite("Lua: View.animate's curve names")
struct BlockCurveNameTests {
    /// A view's presented alpha halfway through a 1 s block on the curve named `name`, after
    /// `setup` ran (fading from 1 to 0, so the value is 1 − the curve's progress at 0.5).
    static let halfway = """
        local scene = Scene.new{ width = 100, height = 100 }
        local function halfway(name)
          local view = View.new{ frame = { 0, 0, 10, 10 } }
          scene.view:addSubview(view)
          View.animate{ duration = 1, curve = name, animations = function() view.alpha = 0 end }
          return view
        end
        """

    @Test("A name used by View.animate means its new curve once Timing.register replaces it")
    func reRegisteredName() throws {
        let (host, _) = try runScript(Self.halfway + """

            Timing.register("mine", function(t) return t end)
            first = halfway("mine")
            Timing.register("mine", function(t) return t * t end)
            second = halfway("mine")
            """)
        host.engine.scene.advance(to: 0.5)
        let alphas = try host.vm.run(chunk: "return first.layer.presentation.opacity, second.layer.presentation.opacity",
                                     name: "read.lua").map { $0.doubleValue ?? .nan }
        #expect(alphas == [0.5, 0.75])  // 1 − 0.5, then 1 − 0.25
    }

    @Test("The same spec text gives the same curve in every block, and an unknown name is refused each time")
    func specsAndUnknownNames() throws {
        let (host, _) = try runScript(Self.halfway + """

            local spec = "cubic-bezier(0.42,0,0.58,1)"
            first = halfway(spec)
            second = halfway(spec)
            """)
        host.engine.scene.advance(to: 0.5)
        let alphas = try host.vm.run(chunk: "return first.layer.presentation.opacity, second.layer.presentation.opacity",
                                     name: "read.lua").map { $0.doubleValue ?? .nan }
        #expect(alphas[0] == alphas[1])
        #expect(abs(alphas[0] - 0.5) < 1e-12)  // easeInOut is symmetric about its middle
        for _ in 0..<2 {
            let message = errorMessage {
                _ = try runScript(Self.halfway + "\nhalfway('noSuchCurve')", host: host)
            }
            #expect(message?.contains("noSuchCurve") == true)
            #expect(message?.contains("must be a registered curve") == true)
        }
    }

    @Test("A registered curve that samples itself fails with Lua's C stack overflow, its place said once (not once per level)")
    func selfSamplingCurve() throws {
        let lua = try CurveTestHost()
        let message = lua.error("""
            local c
            c = Timing.register("selfref", function(t) return c:progress(t) end)
            return c:progress(0.5)
            """)
        #expect(message?.hasPrefix("scene.lua:2: C stack overflow") == true, "\(message ?? "nil")")
        #expect(message?.components(separatedBy: "(in timing curve 'selfref' at t = 0.5)").count == 2, "\(message ?? "nil")")
    }

    @Test("Timing.register takes names of at most 256 bytes, at most 10,000 of them besides the built-in curves; a name used before is replaced")
    func registrationBounds() throws {
        let lua = try CurveTestHost()
        #expect(lua.error("Timing.register(string.rep('x', 257), function(t) return t end)")
            == "scene.lua:1: Timing.register: name must be at most 256 bytes long (got 257 bytes)")
        let message = lua.error("""
            local f = function(t) return t end
            for i = 1, 20000 do Timing.register("c" .. i, f) end
            """)
        #expect(message?.hasPrefix("scene.lua:2: Timing.register: name cannot be registered: at most 10000 curves may be") == true,
                "\(message ?? "nil")")
        let registered = try lua.numbers("return #Timing.list()").first ?? 0
        #expect(registered == Double(NamedCurve.allCases.count + 10_000))
        #expect(lua.error("Timing.register('c1', function(t) return t * t end)") == nil)  // replaces: still fits
    }
}
