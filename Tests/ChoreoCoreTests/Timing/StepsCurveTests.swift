import Testing
@testable import ChoreoCore

@Suite("CSS steps() timing curves")
struct StepsCurveTests {
    static func steps(_ n: Int, _ position: StepPosition) -> StepsCurve { try! StepsCurve(n, position) }

    static let lawCases: [TimingCurveLaws] = [
        TimingCurveLaws("steps(4, jump-end)", steps(4, .jumpEnd), continuous: false, bounds: 0...1, kinks: [0.25, 0.5, 0.75]),
        TimingCurveLaws("steps(4, jump-start)", steps(4, .jumpStart), start: 0.25, continuous: false, bounds: 0...1,
                        kinks: [0.25, 0.5, 0.75]),
        TimingCurveLaws("steps(3, jump-both)", steps(3, .jumpBoth), start: 0.25, continuous: false, bounds: 0...1,
                        kinks: [1.0 / 3, 2.0 / 3]),
        TimingCurveLaws("steps(5, jump-none)", steps(5, .jumpNone), continuous: false, bounds: 0...1,
                        kinks: [0.2, 0.4, 0.6, 0.8]),
        TimingCurveLaws("steps(1, jump-end)", steps(1, .jumpEnd), continuous: false, bounds: 0...1),
    ]

    @Test("Steps curves keep the timing-curve laws", arguments: lawCases)
    func laws(_ law: TimingCurveLaws) { law.check() }

    /// (curve, [(t, progress)]) from the CSS Easing Level 1 step algorithm and its examples.
    static let table: [(StepsCurve, [(Double, Double)])] = [
        (steps(4, .jumpEnd), [(0, 0), (0.24, 0), (0.25, 0.25), (0.49, 0.25), (0.5, 0.5), (0.75, 0.75), (0.99, 0.75), (1, 1)]),
        (steps(4, .jumpStart), [(0, 0.25), (0.24, 0.25), (0.25, 0.5), (0.5, 0.75), (0.74, 0.75), (0.75, 1), (0.99, 1), (1, 1)]),
        (steps(3, .jumpBoth), [(0, 0.25), (0.2, 0.25), (1.0 / 3, 0.5), (0.5, 0.5), (0.7, 0.75), (0.99, 0.75), (1, 1)]),
        (steps(5, .jumpNone), [(0, 0), (0.1, 0), (0.2, 0.25), (0.3, 0.25), (0.4, 0.5), (0.6, 0.75), (0.8, 1), (0.99, 1), (1, 1)]),
        (steps(1, .jumpEnd), [(0, 0), (0.5, 0), (0.999, 0), (1, 1)]),
        (steps(1, .jumpStart), [(0, 1), (0.5, 1), (1, 1)]),
    ]

    @Test("Values match the CSS step algorithm exactly")
    func cssTable() {
        for (curve, rows) in Self.table {
            for (t, expected) in rows {
                #expect(curve.progress(at: t) == expected, "steps(\(curve.steps), \(curve.position.rawValue)) at \(t)")
            }
        }
    }

    @Test("Steps never move backwards and have no velocity")
    func monotoneAndStill() {
        for (curve, _) in Self.table {
            var previous = curve.progress(at: 0)
            for i in 1...1000 {
                let t = Double(i) / 1000
                #expect(curve.progress(at: t) >= previous)
                previous = curve.progress(at: t)
                #expect(curve.velocity(within: t) == 0)
            }
        }
    }

    @Test("Every CSS position name parses, start and end as synonyms")
    func parsing() throws {
        let expected: [String: StepPosition] = [
            "jump-start": .jumpStart, "start": .jumpStart, "jump-end": .jumpEnd, "end": .jumpEnd,
            "jump-none": .jumpNone, "jump-both": .jumpBoth,
        ]
        for (name, position) in expected {
            #expect(try StepPosition(parsing: name) == position)
            #expect(try StepsCurve(2, position: name).position == position)
        }
        #expect(Set(StepPosition.validNames) == Set(expected.keys))
        #expect(try StepsCurve(3).position == .jumpEnd)
    }

    @Test("A bad position name lists the valid ones")
    func badPosition() {
        let error = #expect(throws: ArgumentError.self) { try StepPosition(parsing: "middle") }
        #expect(error?.description
            == #"position must be one of "jump-start", "start", "jump-end", "end", "jump-none", "jump-both" (got "middle")"#)
        #expect(throws: ArgumentError.self) { try StepsCurve(4, position: "Jump-End") }
    }

    @Test("Fewer than 1 step, or fewer than 2 for jump-none, is refused")
    func badCount() {
        let zero = #expect(throws: ArgumentError.self) { try StepsCurve(0) }
        #expect(zero?.description == "steps must be an integer ≥ 1 (got 0)")
        let negative = #expect(throws: ArgumentError.self) { try StepsCurve(-3, .jumpBoth) }
        #expect(negative?.description == "steps must be an integer ≥ 1 (got -3)")
        let none = #expect(throws: ArgumentError.self) { try StepsCurve(1, .jumpNone) }
        #expect(none?.description == "steps must be an integer ≥ 2 for jump-none (got 1)")
        #expect((try? StepsCurve(2, .jumpNone)) != nil)
    }
}
