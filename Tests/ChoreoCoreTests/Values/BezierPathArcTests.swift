import RealModule
import Testing
@testable import ChoreoCore

@Suite("Bézier paths: arcs, ellipses, rectangles and lines")
struct BezierPathArcTests {
    /// The point at `angle` on a circle, from cos and sin.
    static func onCircle(_ cx: Double, _ cy: Double, _ r: Double, _ angle: Double) -> Point {
        Point(x: cx + r * Double.cos(angle), y: cy + r * Double.sin(angle))
    }

    /// The largest distance from the circle of any of 200 samples of each curve of `path`.
    static func radialError(_ path: BezierPath, center: Point, radius: Double) -> Double {
        var worst = 0.0
        for segment in path.segments {
            guard case .curve = segment else { continue }
            for i in 0...200 {
                let p = segment.point(at: Double(i) / 200)
                worst = Swift.max(worst, Swift.abs(Double.hypot(p.x - center.x, p.y - center.y) - radius))
            }
        }
        return worst
    }

    static func curveEnds(_ path: BezierPath) -> [Point] {
        path.elements.compactMap { if case let .curve(to, _, _) = $0 { to } else { nil } }
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        Swift.abs(a.x - b.x) <= tolerance && Swift.abs(a.y - b.y) <= tolerance
    }

    @Test("A quarter arc is two cubics of 45°, each with its controls at 4/3·tan(45°/4) of the radius along the tangents")
    func quarterArc() {
        let k = 4.0 / 3.0 * Double.tan(.pi / 16), r = 10.0, s = 0.5.squareRoot()
        let path = BezierPath(arcCenter: Point(x: 0, y: 0), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let expected: [(Point, Point, Point)] = [
            (Point(x: r, y: r * k), Point(x: r * s + r * k * s, y: r * s - r * k * s), Point(x: r * s, y: r * s)),
            (Point(x: r * s - r * k * s, y: r * s + r * k * s), Point(x: r * k, y: r), Point(x: 0, y: r)),
        ]
        #expect(path.elements.count == 3 && path.elements[0] == .move(to: Point(x: r, y: 0)))
        for (element, (c1, c2, to)) in zip(path.elements.dropFirst(), expected) {
            guard case let .curve(end, control1, control2) = element else { Issue.record("not a curve"); continue }
            #expect(Self.close(control1, c1, 1e-12) && Self.close(control2, c2, 1e-12) && Self.close(end, to, 1e-12))
        }
    }

    @Test("Arcs split into segments of at most 90° whose ends lie on the circle at equal angles")
    func segmentEnds() {
        let (cx, cy, r) = (50.0, 40.0, 20.0)
        let path = BezierPath(arcCenter: Point(x: cx, y: cy), radius: r, startAngle: 0.3, endAngle: 0.3 + 1.5 * .pi, clockwise: true)
        let ends = Self.curveEnds(path)
        #expect(ends.count == 6)
        for (i, end) in ends.enumerated() {
            #expect(Self.close(end, Self.onCircle(cx, cy, r, 0.3 + Double(i + 1) * .pi / 4)), "segment \(i + 1)")
        }
        #expect(Self.close(path.currentPoint!, Self.onCircle(cx, cy, r, 0.3 + 1.5 * .pi)))
        // 50° needs two segments; 45° one; the count does not depend on the radius below 2,300 pt.
        #expect(Self.curveEnds(BezierPath(arcCenter: .zero, radius: 5, startAngle: 0, endAngle: 50 * .pi / 180, clockwise: true)).count == 2)
        #expect(Self.curveEnds(BezierPath(arcCenter: .zero, radius: 5, startAngle: 0, endAngle: .pi / 4, clockwise: true)).count == 1)
        #expect(BezierPath.arcSegmentCount(sweep: 2 * .pi, radius: 2000) == 8)
    }

    @Test("Every arc stays within 0.01 pt of its circle, for small and large radii", arguments: [1.0, 10, 36, 100, 500, 5000])
    func radialError(_ radius: Double) {
        for (start, end, clockwise) in [(0.0, 2 * Double.pi, true), (-0.5, 2.2, true), (1.0, -2.5, false), (0.2, 0.25, true)] {
            let center = Point(x: 7, y: -3)
            let path = BezierPath(arcCenter: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
            #expect(Self.radialError(path, center: center, radius: radius) <= 0.01, "r \(radius), \(start)→\(end)")
            #expect(Self.close(path.currentPoint!, Self.onCircle(7, -3, radius, end), 1e-9 * Swift.max(radius, 1)))
        }
    }

    @Test("Clockwise sweeps through growing angles (clockwise on a y-down screen), counterclockwise through falling ones")
    func directions() {
        let r = 10.0
        // From the left (π) clockwise to the right (0): half a turn through the top, (0, −10).
        let clockwise = BezierPath(arcCenter: .zero, radius: r, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(Self.curveEnds(clockwise).count == 4)
        #expect(Self.close(Self.curveEnds(clockwise)[1], Point(x: 0, y: -10)))
        #expect(Self.close(Self.curveEnds(clockwise)[3], Point(x: 10, y: 0)))
        // From 0 counterclockwise to π/2: three quarters, through (0, −10) and (−10, 0).
        let counter = BezierPath(arcCenter: .zero, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(Self.curveEnds(counter).enumerated().filter { $0.offset % 2 == 1 }.map { Point(x: $0.element.x.rounded(), y: $0.element.y.rounded()) }
            == [Point(x: 0, y: -10), Point(x: -10, y: 0), Point(x: 0, y: 10)])
        #expect(BezierPath.arcSweep(startAngle: 0, endAngle: .pi / 2, clockwise: false) == -1.5 * .pi)
    }

    @Test("A sweep of 2π or more is one full circle, and no sweep draws only the move")
    func fullCircles() {
        let ring = BezierPath(arcCenter: Point(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        #expect(Self.curveEnds(ring).count == 8)
        #expect(Self.close(ring.currentPoint!, Point(x: 50, y: 10)))
        #expect(BezierPath.arcSweep(startAngle: 0, endAngle: 4 * .pi, clockwise: true) == 2 * .pi)
        #expect(BezierPath.arcSweep(startAngle: 0, endAngle: -7 * .pi, clockwise: false) == -2 * .pi)
        #expect(BezierPath(arcCenter: .zero, radius: 3, startAngle: 1, endAngle: 1, clockwise: true).elements
            == [.move(to: Self.onCircle(0, 0, 3, 1))])
    }

    @Test("An arc after a current point starts with a line to its start, as CGPath's does")
    func lineToStart() {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(center: Point(x: 50, y: 0), radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(path.elements[1] == .line(to: Point(x: 40, y: 0)))
        #expect(Self.curveEnds(path).count == 4)
        // An arc that starts where the path is adds no zero-length line.
        var joined = BezierPath()
        joined.move(to: Point(x: 40, y: 0))
        joined.addArc(center: Point(x: 50, y: 0), radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(joined.elements.count == 5)
    }

    @Test("A relative arc sweeps its delta from its start angle, negative deltas through falling angles")
    func relativeArcs() {
        var path = BezierPath()
        path.addRelativeArc(center: Point(x: 10, y: 10), radius: 5, startAngle: .pi / 2, delta: -.pi)
        #expect(path.elements[0] == .move(to: Point(x: 10, y: 15)))
        #expect(Self.curveEnds(path).map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
            == [Point(x: 14, y: 14), Point(x: 15, y: 10), Point(x: 14, y: 6), Point(x: 10, y: 5)])
        var beyond = BezierPath()
        beyond.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 9 * .pi)
        #expect(Self.curveEnds(beyond).count == 8)
    }

    @Test("An arc by tangents runs a line to the first tangent point, then the arc to the second")
    func tangentArcs() {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(tangent1End: Point(x: 100, y: 0), tangent2End: Point(x: 100, y: 100), radius: 20)
        #expect(path.elements[1] == .line(to: Point(x: 80, y: 0)))
        #expect(Self.close(path.currentPoint!, Point(x: 100, y: 20)))
        #expect(Self.radialError(path, center: Point(x: 80, y: 20), radius: 20) <= 0.01)
        // A sharper corner: lines at 60° meet a radius-10 arc at 10/tan(30°) from the corner.
        var sharp = BezierPath()
        sharp.move(to: Point(x: 0, y: 0))
        let corner = Point(x: 50, y: 0), far = Point(x: 50 - 50 * Double.cos(.pi / 3), y: 50 * Double.sin(.pi / 3))
        sharp.addArc(tangent1End: corner, tangent2End: far, radius: 10)
        let reach = 10 / Double.tan(.pi / 6)
        #expect(Self.close(sharp.elements[1].endPoint, Point(x: 50 - reach, y: 0), 1e-9))
        #expect(Self.close(sharp.currentPoint!, Point(x: 50 - reach * Double.cos(.pi / 3), y: reach * Double.sin(.pi / 3)), 1e-9))
        // Collinear points, or radius 0: a line to tangent1End. An empty path: a move there.
        var straight = BezierPath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 20, y: 0), radius: 5)
        straight.addArc(tangent1End: Point(x: 10, y: 10), tangent2End: Point(x: 0, y: 10), radius: 0)
        #expect(straight.elements == [.move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10))])
        var empty = BezierPath()
        empty.addArc(tangent1End: Point(x: 3, y: 4), tangent2End: Point(x: 5, y: 4), radius: 1)
        #expect(empty.elements == [.move(to: Point(x: 3, y: 4))])
    }

    @Test("Ellipses, rectangles, rounded rectangles and lines append CGPath's subpaths")
    func closedShapes() {
        var path = BezierPath()
        path.addRect(Rect(x: 0, y: 0, width: 10, height: 5))
        path.addEllipse(in: Rect(x: 20, y: 0, width: 10, height: 10))
        path.addLines(between: [Point(x: 0, y: 20), Point(x: 5, y: 25), Point(x: 10, y: 20)])
        path.addLines(between: [])
        #expect(path.elements == BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 5)).elements
            + BezierPath(ellipseIn: Rect(x: 20, y: 0, width: 10, height: 10)).elements
            + [.move(to: Point(x: 0, y: 20)), .line(to: Point(x: 5, y: 25)), .line(to: Point(x: 10, y: 20))])
        // Elliptical corners 10 wide and 5 high: the first corner runs from (30, 0) to (40, 5),
        // and its midpoint lies on the ellipse around (30, 5) within 0.03 % of its radii.
        var rounded = BezierPath()
        rounded.addRoundedRect(in: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 10, cornerHeight: 5)
        #expect(rounded.elements[0] == .move(to: Point(x: 10, y: 0)))
        #expect(rounded.elements[1] == .line(to: Point(x: 30, y: 0)))
        guard case let .curve(to, _, _) = rounded.elements[2] else { Issue.record("no corner"); return }
        #expect(to == Point(x: 40, y: 5))
        let mid = rounded.segments[1].point(at: 0.5)
        let e = Double.hypot((mid.x - 30) / 10, (mid.y - 5) / 5)
        #expect(Swift.abs(e - 1) < 3e-4)
        // Corners larger than half the sides are clamped; equal ones match UIKit's rounded rect.
        #expect(BezierPath(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 8, cornerHeight: 8)
            == BezierPath(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8))
        #expect(BezierPath(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 99, cornerHeight: 99)
            == BezierPath(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 20, cornerHeight: 10))
        #expect(BezierPath(roundedRect: Rect(x: 0, y: 0, width: 4, height: 2), cornerWidth: 0, cornerHeight: 1)
            == BezierPath(rect: Rect(x: 0, y: 0, width: 4, height: 2)))
    }

    @Test("Non-finite sweeps draw no segments and huge ones are bounded, never a trap")
    func hostileArcs() {
        #expect(BezierPath.arcSegmentCount(sweep: .nan, radius: 1) == 0)
        #expect(BezierPath.arcSegmentCount(sweep: 1, radius: .infinity) == 0)
        #expect(BezierPath.arcSegmentCount(sweep: 2 * .pi, radius: 1e300) == BezierPath.maximumElementCount)
        var path = BezierPath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .nan, clockwise: true)
        #expect(path.elements.count == 1)
    }

    @Test("The current point follows moves, drawing elements and closes")
    func currentPoint() {
        #expect(BezierPath().currentPoint == nil)
        let path = BezierPath(elements: [.move(to: Point(x: 1, y: 1)), .line(to: Point(x: 5, y: 1)), .close])
        #expect(path.currentPoint == Point(x: 1, y: 1))
    }
}

extension BezierPath.Element {
    /// The element's end point (the origin for a close), for tests.
    var endPoint: Point {
        switch self {
        case let .move(p), let .line(p), let .quadCurve(p, _), let .curve(p, _, _): p
        case .close: .zero
        }
    }
}
