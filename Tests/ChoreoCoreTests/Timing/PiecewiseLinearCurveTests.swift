import Testing
@testable import ChoreoCore

@Suite("CSS linear() timing curves")
struct PiecewiseLinearCurveTests {
    typealias Point = PiecewiseLinearCurve.ControlPoint

    static let lawCases: [TimingCurveLaws] = [
        TimingCurveLaws("linear(0, 1)", try! PiecewiseLinearCurve(outputs: [0, 1]), bounds: 0...1),
        TimingCurveLaws("linear(0, 0.25, 1)", try! PiecewiseLinearCurve(outputs: [0, 0.25, 1]), bounds: 0...1, kinks: [0.5]),
        TimingCurveLaws("a baked bounce", try! PiecewiseLinearCurve([(0, 0), (0.3, 1.2), (0.55, 0.9), (0.8, 1.03), (1, 1)]),
                        bounds: 0...1.2, kinks: [0.3, 0.55, 0.8]),
        TimingCurveLaws("linear(0.2, 1) starts at 0.2", try! PiecewiseLinearCurve(outputs: [0.2, 1]), start: 0.2),
        TimingCurveLaws("linear(0 20%, 1) extrapolates before 20%", try! PiecewiseLinearCurve([(0.2, 0), (1, 1)]),
                        start: (0 - 0.2) / (1 - 0.2)),
        TimingCurveLaws("a jump at 50%", try! PiecewiseLinearCurve([(0, 0), (0.5, 0.2), (0.5, 0.8), (1, 1)]),
                        continuous: false, bounds: 0...1, kinks: [0.5]),
    ]

    @Test("linear() curves keep the timing-curve laws", arguments: lawCases)
    func laws(_ law: TimingCurveLaws) { law.check() }

    @Test("linear(0, 0.25, 1) interpolates between evenly spaced outputs")
    func evenlySpaced() throws {
        let curve = try PiecewiseLinearCurve(outputs: [0, 0.25, 1])
        #expect(curve.inputs == [0, 0.5, 1])
        for (t, expected) in [(0.0, 0.0), (0.25, 0.125), (0.5, 0.25), (0.75, 0.625), (1, 1)] {
            #expect(curve.progress(at: t) == expected, "t = \(t)")
        }
        #expect(curve.velocity(at: 0.25) == 0.5)
        #expect(curve.velocity(at: 0.75) == 1.5)
        // At a point the slope is the one to its right.
        #expect(curve.velocity(at: 0.5) == 1.5)
    }

    @Test("Canonicalization: missing ends are 0 and 1, decreasing inputs are raised, gaps spread evenly")
    func canonicalization() throws {
        // The spec's serialization examples (w3c/csswg-drafts#9288).
        let twoInputs = try PiecewiseLinearCurve(controlPoints: [Point(0), Point(0.25, at: 0.25), Point(0.25, at: 0.75), Point(1)])
        #expect(twoInputs.inputs == [0, 0.25, 0.75, 1])
        let decreasing = try PiecewiseLinearCurve(controlPoints: [Point(0, at: 0.2), Point(0.5, at: 0.1), Point(1)])
        #expect(decreasing.inputs == [0.2, 0.2, 1])
        // A run of two missing inputs between 0.5 and 1, and one between 0 and 0.5.
        let runs = try PiecewiseLinearCurve(controlPoints: [Point(0), Point(0.1), Point(0.2, at: 0.5), Point(0.3), Point(0.4), Point(1)])
        #expect(runs.inputs[0] == 0 && runs.inputs[1] == 0.25 && runs.inputs[2] == 0.5 && runs.inputs[5] == 1)
        #expect(nearly(runs.inputs[3], 2.0 / 3, 1e-15) && nearly(runs.inputs[4], 5.0 / 6, 1e-15))
        // A missing input after a raised one spreads from the raised value.
        let raisedRun = try PiecewiseLinearCurve(controlPoints: [Point(0, at: 0.6), Point(0.5, at: 0.4), Point(0.7), Point(1)])
        #expect(raisedRun.inputs[0] == 0.6 && raisedRun.inputs[1] == 0.6 && raisedRun.inputs[3] == 1)
        #expect(nearly(raisedRun.inputs[2], 0.8, 1e-15))
        // Inputs may lie outside 0…1; the first point's input is kept as given.
        let wide = try PiecewiseLinearCurve([(-0.5, 0), (1.5, 1)])
        #expect(wide.inputs == [-0.5, 1.5] && wide.progress(at: 0.5) == 0.5)
    }

    @Test("At an input several points share, the last of them wins")
    func laterPointWins() throws {
        let curve = try PiecewiseLinearCurve([(0, 0), (0.5, 0.2), (0.5, 0.8), (1, 1)])
        #expect(curve.progress(at: 0.5) == 0.8)
        #expect(nearly(curve.progress(at: 0.25), 0.1, 1e-15))
        #expect(nearly(curve.progress(at: 0.75), 0.9, 1e-15))
        let atStart = try PiecewiseLinearCurve([(0, 0), (0, 0.5), (1, 1)])
        #expect(atStart.progress(at: 0) == 0.5)
        let triple = try PiecewiseLinearCurve([(0, 0), (0.5, 0.1), (0.5, 0.2), (0.5, 0.3), (1, 1)])
        #expect(triple.progress(at: 0.5) == 0.3)
    }

    @Test("Before the first and after the last input, the end segments are extended")
    func extrapolation() throws {
        let late = try PiecewiseLinearCurve([(0.2, 0), (1, 1)])
        #expect(nearly(late.progress(at: 0), -0.25, 1e-15))
        #expect(nearly(late.velocity(at: 0), 1.25, 1e-15))
        let early = try PiecewiseLinearCurve([(0, 0), (0.5, 1)])
        #expect(early.progress(at: 0.75) == 1.5)
        #expect(early.velocity(at: 0.75) == 2)
        // A vertical end segment holds the nearest point's output.
        let verticalStart = try PiecewiseLinearCurve([(0.2, 0), (0.2, 0.5), (1, 1)])
        #expect(verticalStart.progress(at: 0.1) == 0 && verticalStart.velocity(at: 0.1) == 0)
        let verticalEnd = try PiecewiseLinearCurve([(0, 0), (0.5, 0.4), (0.5, 0.9)])
        #expect(verticalEnd.progress(at: 0.75) == 0.9 && verticalEnd.velocity(at: 0.75) == 0)
    }

    @Test("Fewer than 2 points, or a NaN or infinite value, is refused with the point's 1-based position")
    func badInput() {
        let one = #expect(throws: ArgumentError.self) { try PiecewiseLinearCurve(outputs: [0.5]) }
        #expect(one?.description == "points must hold at least 2 points (got 1)")
        let none = #expect(throws: ArgumentError.self) { try PiecewiseLinearCurve(controlPoints: []) }
        #expect(none?.description == "points must hold at least 2 points (got 0)")
        let output = #expect(throws: ArgumentError.self) { try PiecewiseLinearCurve(outputs: [0, .nan, 1]) }
        #expect(output?.description == "points[2].output must be a finite number (got nan)")
        let input = #expect(throws: ArgumentError.self) { try PiecewiseLinearCurve([(.infinity, 0), (1, 1)]) }
        #expect(input?.description == "points[1].input must be a finite number (got inf)")
    }
}
