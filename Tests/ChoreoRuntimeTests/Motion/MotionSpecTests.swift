import ChoreoCore
import Testing
@testable import ChoreoRuntime

/// The message a bad spec gives, or nil when it parses.
private func problem(_ text: String, file: String = "chip.json") -> String? {
    do {
        _ = try MotionSpec.parse(text, file: file)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Motion specs")
struct MotionSpecTests {
    @Test("A traits object reads its delay, duration, named curve and repetition")
    func singleTraits() throws {
        let content = try MotionSpec.parse(
            #"{"delay": 0.1, "duration": 0.35, "timingCurve": "easeOut", "repetition": {"type": "count", "amount": 2, "autoreverses": true}}"#,
            file: "a.json")
        let expected = try AnimationTraits(
            delay: 0.1, duration: 0.35, timingCurve: .cubic(.easeOut), repetition: .count(2), autoreverses: true)
        #expect(content == .traits(expected))
    }

    @Test("Cubic control points and a spring with absolute velocity read as such; the spring lends its duration")
    func curves() throws {
        let cubic = try MotionSpec.parse(
            #"{"duration": 0.3, "timingCurve": {"type": "cubic", "controlPoints": [0.4, 0, 0.2, 1]}}"#, file: "a.json")
        #expect(cubic == .traits(try AnimationTraits(duration: 0.3, timingCurve: .cubic(try CubicBezierCurve(0.4, 0, 0.2, 1)))))
        let spring = try MotionSpec.parse(
            #"{"timingCurve": {"type": "spring", "duration": 0.5, "dampingRatio": 0.8, "initialVelocity": 1200}}"#, file: "a.json")
        let generator = try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8, initialVelocity: 1200)
        #expect(spring == .traits(try AnimationTraits(duration: 0.5, timingCurve: .spring(generator))))
        let inherited = try MotionSpec.parse(
            #"{"duration": 0.4, "timingCurve": {"type": "spring", "dampingRatio": 1}}"#, file: "a.json")
        #expect(inherited == .traits(try AnimationTraits(
            duration: 0.4, timingCurve: .spring(try SpringTimingCurveGenerator(duration: 0.4, dampingRatio: 1)))))
    }

    @Test("A map of names to traits is a stylesheet, in the file's order")
    func stylesheet() throws {
        let content = try MotionSpec.parse(
            #"{"chip.expand": {"duration": 0.35}, "chip.collapse": {"delay": 0.05, "duration": 0.5, "timingCurve": "linear"}}"#,
            file: "chip.json")
        guard case .stylesheet(let sheet) = content else { Issue.record("not a stylesheet"); return }
        #expect(sheet.map(\.name) == ["chip.expand", "chip.collapse"])
        #expect(sheet[0].traits == (try AnimationTraits(duration: 0.35)))
        #expect(sheet[1].traits == (try AnimationTraits(delay: 0.05, duration: 0.5, timingCurve: .cubic(.linear))))
    }

    @Test("Traits written to JSON read back equal, for every curve and repetition")
    func roundTrip() throws {
        let samples: [AnimationTraits] = [
            try AnimationTraits(duration: 0.35),
            try AnimationTraits(delay: 0.1 + 0.2, duration: 1.0 / 3, timingCurve: .cubic(try CubicBezierCurve(0.57, -0.4, 0.96, 0.87))),
            try AnimationTraits(duration: 0.5, timingCurve: .spring(try SpringTimingCurveGenerator(
                duration: 0.45, dampingRatio: 0.8, initialVelocity: -1234.5))),
            try AnimationTraits(duration: 1, repetition: .count(2.5), autoreverses: true),
            try AnimationTraits(duration: 1, repetition: .count(.infinity)),
            try AnimationTraits(duration: 1, repetition: .duration(3)),
            try AnimationTraits(duration: 1, autoreverses: true),
        ]
        for traits in samples {
            let text = try MotionSpec.serialize(traits)
            #expect(try MotionSpec.parse(text, file: "round.json") == .traits(traits), "\(text)")
        }
        let sheet = [(name: "chip.expand", traits: samples[1]), (name: "chip.collapse", traits: samples[2])]
        let text = try MotionSpec.serialize(stylesheet: sheet)
        #expect(try MotionSpec.parse(text, file: "round.json") == .stylesheet(sheet))
    }

    @Test("The serialized form is readable JSON with named curves by name")
    func serializedText() throws {
        let traits = try AnimationTraits(duration: 0.35, repetition: .count(2), autoreverses: true)
        #expect(try MotionSpec.serialize(traits) == """
            {
              "delay": 0,
              "duration": 0.35,
              "timingCurve": "easeInOut",
              "repetition": {
                "type": "count",
                "amount": 2,
                "autoreverses": true
              }
            }

            """)
    }

    @Test("A custom curve cannot be written to a spec")
    func customCurve() throws {
        let traits = try AnimationTraits(duration: 1, timingCurve: .custom(try StepsCurve(4)))
        #expect(throws: ArgumentError(
            parameter: "timingCurve", requirement: "must be a cubic or spring curve to be written to a motion spec",
            value: "a custom curve")) { try MotionSpec.serialize(traits) }
    }

    @Test("Bad specs are rejected with the file, the key path and the problem")
    func badSpecs() {
        let valid = #"(valid: "delay", "duration", "timingCurve", "repetition")"#
        let curves = #"(valid: "linear", "easeIn", "easeOut", "easeInOut", "default")"#
        let cases: [(String, String)] = [
            (#"{"duration": 1, "speed": 2}"#, "chip.json: speed: unknown key \(valid)"),
            (#"{"duration": "fast"}"#, "chip.json: duration: must be a number, got a string"),
            (#"{"duration": -0.35}"#, "chip.json: duration: must be a finite number ≥ 0 (got -0.35)"),
            (#"{"delay": -1, "duration": 1}"#, "chip.json: delay: must be a finite number ≥ 0 (got -1)"),
            (#"{"delay": 0}"#, "chip.json: duration: is required (seconds)"),
            (#"{"duration": 1, "timingCurve": "bouncy"}"#, "chip.json: timingCurve: unknown curve name \"bouncy\" \(curves)"),
            (#"{"duration": 1, "timingCurve": 3}"#,
             "chip.json: timingCurve: must be a curve name or an object with a \"type\", got a number"),
            (#"{"duration": 1, "timingCurve": {"type": "bezier"}}"#,
             "chip.json: timingCurve.type: unknown curve type \"bezier\" (valid: \"cubic\", \"spring\")"),
            (#"{"duration": 1, "timingCurve": {"type": "cubic", "controlPoints": [0.4, 0, 0.2]}}"#,
             "chip.json: timingCurve.controlPoints: must be an array of four numbers [x1, y1, x2, y2], got an array of 3"),
            (#"{"duration": 1, "timingCurve": {"type": "cubic", "controlPoints": [0.4, 0, "a", 1]}}"#,
             "chip.json: timingCurve.controlPoints[2]: must be a number, got a string"),
            (#"{"chip.expand": {"duration": 1, "timingCurve": {"type": "cubic", "controlPoints": [1.2, 0, 0.2, 1]}}}"#,
             "chip.json: [\"chip.expand\"].timingCurve.controlPoints[0]: must be within 0...1 (got 1.2)"),
            (#"{"duration": 1, "timingCurve": {"type": "cubic", "dampingRatio": 1, "controlPoints": [0, 0, 1, 1]}}"#,
             "chip.json: timingCurve.dampingRatio: is not a key of a cubic curve (valid: \"type\", \"controlPoints\")"),
            (#"{"timingCurve": {"type": "spring", "dampingRatio": 0.8, "initialVelocity": 1200}}"#,
             "chip.json: timingCurve.duration: is required when the traits have no duration (seconds)"),
            (#"{"duration": 1, "timingCurve": {"type": "spring", "dampingRatio": -0.5}}"#,
             "chip.json: timingCurve.dampingRatio: must be a finite number ≥ 0 (got -0.5)"),
            (#"{"duration": 0, "timingCurve": {"type": "spring", "dampingRatio": 0.5}}"#,
             "chip.json: timingCurve.duration: must be a finite number > 0 (got 0)"),
            (#"{"duration": 1, "repetition": {"type": "count"}}"#,
             "chip.json: repetition.amount: is required (a number > 0 or \"infinity\")"),
            (#"{"duration": 1, "repetition": {"type": "count", "amount": 0}}"#,
             "chip.json: repetition.amount: must be a number > 0 or \"infinity\" (got 0)"),
            (#"{"duration": 1, "repetition": {"type": "often"}}"#,
             "chip.json: repetition.type: unknown repetition type \"often\" (valid: \"none\", \"count\", \"duration\")"),
            (#"{"duration": 1, "repetition": {"type": "none", "autoreverses": "yes"}}"#,
             "chip.json: repetition.autoreverses: must be true or false, got a string"),
            (#"{"a": {"duration": 1}, "b": {"duration": -2}}"#, "chip.json: b.duration: must be a finite number ≥ 0 (got -2)"),
            (#"[1, 2]"#, "chip.json: (document): must be an object (a traits object or a map of names to traits), got an array"),
            ("{\"duration\": 1,\n}", "chip.json: line 2, column 1: expected a key in double quotes"),
            (#"{"duration": 1, "duration": 2}"#, "chip.json: line 1, column 17: duplicate key (each key may appear once in an object)"),
            ("{\"a\": \"\\q\"}", "chip.json: line 1, column 9: invalid escape (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)"),
            ("root:x:0:0", "chip.json: line 1, column 1: unexpected character, expected a value"),
            (#"{"duration": 01}"#, "chip.json: line 1, column 14: a number may not start with 0"),
            ("", "chip.json: line 1, column 1: unexpected end of the document, expected a value"),
        ]
        for (text, message) in cases {
            #expect(problem(text) == message, "\(text)")
        }
    }

    @Test("JSON strings with escapes and non-ASCII keys survive a round trip")
    func jsonStrings() throws {
        let value = try JSONValue(parsing: #"{"a\"b\\c\n\u00e9\ud83d\ude00": [true, false, null, -1.5e3]}"#)
        #expect(value == .object([.init("a\"b\\c\né😀", .array([.bool(true), .bool(false), .null, .number(-1500)]))]))
        #expect(try JSONValue(parsing: value.serialized()) == value)
    }
}
