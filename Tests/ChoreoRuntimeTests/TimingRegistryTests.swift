import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Timing registry")
struct TimingRegistryTests {
    @Test("The built-in curves are registered under Apple's names, in order")
    func builtins() throws {
        let registry = TimingRegistry()
        #expect(registry.names == ["linear", "easeIn", "easeOut", "easeInOut", "default"])
        #expect(try registry.curve(named: "easeOut").progress(at: 0.5) == CubicBezierCurve.easeOut.progress(at: 0.5))
        #expect(try registry.curve(named: "easeInEaseOut").progress(at: 0.3) == CubicBezierCurve.easeInOut.progress(at: 0.3))
    }

    @Test("A registered curve is found by name and replaces an earlier one without duplicating the name")
    func register() throws {
        var registry = TimingRegistry()
        registry.register("half", try StepsCurve(2))
        registry.register("half", try StepsCurve(2, .jumpStart))
        #expect(registry.names.filter { $0 == "half" }.count == 1)
        #expect(try registry.curve(named: "half").progress(at: 0.1) == 0.5)
    }

    @Test("CSS-style specs describe one-off curves")
    func specs() throws {
        let registry = TimingRegistry()
        let bezier = try registry.curve(named: "cubic-bezier(0.25, 0.1, 0.25, 1)")
        #expect(bezier.progress(at: 0.5) == CubicBezierCurve.default.progress(at: 0.5))
        #expect(try registry.curve(named: "steps(4, jump-start)").progress(at: 0) == 0.25)
        #expect(try registry.curve(named: "steps(4)").progress(at: 0.3) == 0.25)
        #expect(abs(try registry.curve(named: "linear(0, 0.9 60%, 1)").progress(at: 0.3) - 0.45) < 1e-15)
        let spring = try registry.curve(named: "spring(1, 100, 10)")
        #expect(spring.duration == (try SpringParameters(mass: 1, stiffness: 100, damping: 10)).settlingDuration())
    }

    @Test("An unknown name or a bad spec is an error that says what is valid")
    func errors() {
        let registry = TimingRegistry()
        #expect(throws: ArgumentError(
            parameter: "curve",
            requirement: "must be a registered curve (linear, easeIn, easeOut, easeInOut, default) or a spec: "
                + "cubic-bezier(x1, y1, x2, y2), steps(n, position), linear(...), spring(m, k, c)",
            value: "\"bouncy\"")
        ) { try registry.curve(named: "bouncy") }
        #expect(throws: ArgumentError(
            parameter: "cubic-bezier", requirement: "takes four numbers x1, y1, x2, y2", value: "\"cubic-bezier(1, 2)\"")
        ) { try registry.curve(named: "cubic-bezier(1, 2)") }
        #expect(throws: ArgumentError(parameter: "controlPoint1.x", requirement: "must be within 0...1", value: "2")) {
            try registry.curve(named: "cubic-bezier(2, 0, 1, 1)")
        }
        #expect(throws: ArgumentError.self) { try registry.curve(named: "steps(4, sideways)") }
        #expect(throws: ArgumentError.self) { try registry.curve(named: "linear(0, x, 1)") }
        #expect(throws: ArgumentError.self) { try registry.curve(named: "spring(0, 100, 10)") }
    }

    @Test("A spec named again gives the same curve, and a curve registered under a spec's text still wins")
    func specsAreRemembered() throws {
        var registry = TimingRegistry()
        let text = "cubic-bezier(0.57, -0.4, 0.96, 0.87)"
        let first = try #require(try registry.curve(named: text) as? CubicBezierCurve)
        let again = try #require(try registry.curve(named: text) as? CubicBezierCurve)
        #expect(first == again)
        #expect(first == (try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)))
        registry.register(text, CubicBezierCurve.linear)
        #expect((try registry.curve(named: text) as? CubicBezierCurve) == .linear)
        // A bad spec is an error every time, never remembered.
        for _ in 0..<2 {
            #expect(throws: ArgumentError.self) { try registry.curve(named: "cubic-bezier(2, 0, 1, 1)") }
        }
    }
}
