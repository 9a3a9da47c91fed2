import RealModule
import Testing
@testable import ChoreoCore

@Suite("Keyframe sampling along a path")
struct KeyframeSamplerPathTests {
    /// (0,0) → (100,0) → (100,300): 100 then 300 points of straight line.
    static let corner = BezierPath(elements: [.move(to: .zero), .line(to: Point(x: 100, y: 0)), .line(to: Point(x: 100, y: 300))])
    static let circle = BezierPath(ellipseIn: Rect(x: -50, y: -50, width: 100, height: 100))

    static func along(
        _ path: BezierPath, keyTimes: [Double]? = nil, timingFunctions: [AnyTimingCurve]? = nil,
        mode: CalculationMode = .linear, rotation: RotationMode? = nil
    ) throws(ArgumentError) -> KeyframeSampler {
        try KeyframeSampler(path: path, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode, rotationMode: rotation)
    }

    static func point(_ sampler: KeyframeSampler, _ p: Double) -> Point { sampler.value(at: p).point! }

    /// Whether two angles name the same direction (equal modulo 2π) within `tolerance`.
    static func sameAngle(_ a: Double?, _ b: Double, _ tolerance: Double) -> Bool {
        guard let a else { return false }
        let d = (a - b).remainder(dividingBy: 2 * .pi)
        return abs(d) <= tolerance
    }

    @Test("The keyframes are the path's start and every segment's end, close included")
    func keyframePoints() throws {
        let sampler = try Self.along(Self.corner)
        #expect(sampler.values == [.point(.zero), .point(Point(x: 100, y: 0)), .point(Point(x: 100, y: 300))])
        #expect(sampler.valueKind == .point)
        #expect(sampler.firstValue == .point(.zero) && sampler.lastValue == .point(Point(x: 100, y: 300)))
        #expect(try Self.along(Self.circle).values.count == 6)   // start, four arcs, the close
    }

    @Test("linear gives each segment an equal share of the time without keyTimes, its own span with them")
    func linearTiming() throws {
        let even = try Self.along(Self.corner)
        #expect(Self.point(even, 0.25) == Point(x: 50, y: 0))
        #expect(Self.point(even, 0.5) == Point(x: 100, y: 0))
        #expect(Self.point(even, 0.75) == Point(x: 100, y: 150))
        let timed = try Self.along(Self.corner, keyTimes: [0, 0.8, 1])
        #expect(Self.point(timed, 0.4) == Point(x: 50, y: 0))
        #expect(Self.point(timed, 0.9) == Point(x: 100, y: 150))
        let eased = try Self.along(Self.corner, timingFunctions: [AnyTimingCurve(CubicBezierCurve.easeIn), AnyTimingCurve(CubicBezierCurve.linear)])
        #expect(nearly(Self.point(eased, 0.25).x, 100 * CubicBezierCurve.easeIn.progress(at: 0.5), 1e-12))
        // cubic mode follows the path's own geometry the same way.
        #expect(Self.point(try Self.along(Self.corner, mode: .cubic), 0.75) == Point(x: 100, y: 150))
    }

    @Test("Within a curved segment the point moves by arc length: half the time is half the arc")
    func arcLengthWithinASegment() throws {
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let arc = BezierPath(elements: [.move(to: Point(x: 1, y: 0)), .curve(to: Point(x: 0, y: 1), control1: Point(x: 1, y: k), control2: Point(x: k, y: 1))])
        let sampler = try Self.along(arc)
        let mid = Self.point(sampler, 0.5)
        #expect(nearly(mid.x, 0.5.squareRoot(), 1e-10) && nearly(mid.y, 0.5.squareRoot(), 1e-10))
        let quarter = Self.point(sampler, 0.25)
        let measure = BezierPath.Measure(arc)
        let expected = measure.position(atLength: measure.length / 4).point
        #expect(nearly(quarter.x, expected.x, 1e-10) && nearly(quarter.y, expected.y, 1e-10))
    }

    @Test("paced moves at constant speed by arc length over the whole path")
    func paced() throws {
        let sampler = try Self.along(Self.corner, keyTimes: [0, 0.9, 1], mode: .paced)   // key times ignored
        #expect(sampler.keyTimes == [0, 0.25, 1])
        #expect(Self.point(sampler, 0.25) == Point(x: 100, y: 0))
        #expect(Self.point(sampler, 0.5) == Point(x: 100, y: 100))
        // Around a circle: its four arcs are equally long, so quarters of the time reach the axes.
        let round = try Self.along(Self.circle, mode: .cubicPaced)
        for (p, expected) in [(0.25, Point(x: 0, y: 50)), (0.5, Point(x: -50, y: 0)), (0.75, Point(x: 0, y: -50)), (1, Point(x: 50, y: 0))] {
            let q = Self.point(round, p)
            #expect(nearly(q.x, expected.x, 1e-9) && nearly(q.y, expected.y, 1e-9), "p = \(p)")
        }
        // Equal time, equal arc: the arc length reached grows linearly.
        let measure = BezierPath.Measure(Self.circle)
        for p in stride(from: 0.05, to: 1, by: 0.1) {
            let reached = measure.position(atLength: p * measure.length).point
            let q = Self.point(round, p)
            #expect(nearly(q.x, reached.x, 1e-12) && nearly(q.y, reached.y, 1e-12))
        }
    }

    @Test("A circle and a line have the lengths of their closed forms")
    func lengths() {
        #expect(BezierPath.Measure(Self.corner).length == 400)
        let arcs = BezierPath.Measure(Self.circle).segmentLengths
        for length in arcs.prefix(4) { #expect(abs(length - .pi / 2 * 50) < 1e-3 * 50) }
        #expect(arcs[4] == 0)   // the close returns to where the last arc ended
    }

    @Test("discrete jumps from path point to path point at the key times")
    func discrete() throws {
        let sampler = try Self.along(Self.corner, mode: .discrete)
        #expect(sampler.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(Self.point(sampler, 0.3) == .zero)
        #expect(Self.point(sampler, 0.5) == Point(x: 100, y: 0))
        #expect(Self.point(sampler, 0.9) == Point(x: 100, y: 300) && Self.point(sampler, 1) == Point(x: 100, y: 300))
        let onePerPoint = try Self.along(Self.corner, keyTimes: [0, 0.5, 1], mode: .discrete)
        #expect(Self.point(onePerPoint, 0.99) == Point(x: 100, y: 0) && Self.point(onePerPoint, 1) == Point(x: 100, y: 300))
    }

    @Test("rotateAuto is the angle of the direction of motion; rotateAutoReverse adds π")
    func rotation() throws {
        let line = BezierPath(elements: [.move(to: Point(x: 10, y: 10)), .line(to: Point(x: 40, y: 50))])
        let auto = try Self.along(line, rotation: .rotateAuto)
        #expect(nearly(auto.rotation(at: 0.3), Double.atan2(y: 40, x: 30), 1e-15))
        let reverse = try Self.along(line, mode: .paced, rotation: .rotateAutoReverse)
        #expect(nearly(reverse.rotation(at: 0.3), Double.atan2(y: 40, x: 30) + .pi, 1e-15))
        // Around the circle (angle grows, y down): heading down at the start, left at a quarter.
        let round = try Self.along(Self.circle, mode: .paced, rotation: .rotateAuto)
        #expect(nearly(round.rotation(at: 0), .pi / 2, 1e-12))
        #expect(Self.sameAngle(round.rotation(at: 0.25), .pi, 1e-9))   // ±π: the same heading, left
        // Without a rotation mode, or without a path, there is no rotation.
        #expect(try Self.along(line).rotation(at: 0.5) == nil)
    }

    @Test("Where the path stands still (a close back onto the start) the heading it arrived with is kept")
    func headingOnAZeroLengthClose() throws {
        let round = try Self.along(Self.circle, mode: .linear, rotation: .rotateAuto)
        // The last fifth of the time is the zero-length close: it stays at the start, facing down
        // the way the fourth arc arrived.
        #expect(Self.point(round, 0.9) == Point(x: 50, y: 0))
        #expect(nearly(round.rotation(at: 0.9), .pi / 2, 1e-12))
        #expect(nearly(round.rotation(at: 1), .pi / 2, 1e-12))
        // Discrete: each point faces the way its segment arrived; the first the way the path leaves.
        let jumps = try Self.along(Self.corner, mode: .discrete, rotation: .rotateAuto)
        #expect(jumps.rotation(at: 0) == 0)
        #expect(jumps.rotation(at: 0.5) == 0)
        #expect(nearly(jumps.rotation(at: 1), .pi / 2, 1e-15))
    }

    @Test("Bad paths, key times and timing functions throw errors that name them")
    func badInputs() {
        let cases: [(() throws -> KeyframeSampler, String)] = [
            ({ try Self.along(BezierPath()) }, "path must contain at least one line or curve (got none)"),
            ({ try Self.along(BezierPath(elements: [.move(to: .zero), .move(to: Point(x: 1, y: 1))])) },
             "path must contain at least one line or curve (got none)"),
            ({ try Self.along(BezierPath(elements: [.move(to: .zero), .line(to: Point(x: .nan, y: 0))])) },
             "path[2].to.x must be a finite number (got nan)"),
            ({ try Self.along(BezierPath(elements: [.line(to: Point(x: 1, y: 0))])) },
             "path[1] must be a move, since a path starts with one (got a line)"),
            ({ try Self.along(Self.corner, keyTimes: [0, 1]) },
             "keyTimes must have 3 entries, one per path point (its start and each segment's end) (got 2)"),
            ({ try Self.along(Self.corner, keyTimes: [0, 1], mode: .discrete) },
             "keyTimes must have 4 entries (one per path point, plus the end) or 3 (one per path point) in calculationMode discrete (got 2)"),
            ({ try Self.along(Self.corner, keyTimes: [0, 0.5, 0.5, 0.2], mode: .discrete) },
             "keyTimes[4] must be at least keyTimes[3] = 0.5: key times never decrease (got 0.2)"),
            ({ try Self.along(Self.corner, timingFunctions: [AnyTimingCurve(CubicBezierCurve.easeIn)]) },
             "timingFunctions must have 2 entries, one per path segment (got 1)"),
        ]
        for (make, message) in cases {
            let error = #expect(throws: ArgumentError.self) { _ = try make() }
            #expect(error?.description == message)
        }
    }
}
