import RealModule
import Testing
@testable import ChoreoCore

@Suite("Bézier paths")
struct BezierPathTests {
    typealias Segment = BezierPath.Segment

    /// The length of a segment as a polyline of `count` chords: an estimate that shares no code
    /// with the quadrature (its error is about L·κ²h²/24, far below what the tests ask).
    static func polylineLength(_ segment: Segment, count: Int = 200_000) -> Double {
        var sum = 0.0
        var previous = segment.start
        for i in 1...count {
            let next = segment.point(at: Double(i) / Double(count))
            sum += previous.animationDistance(to: next)
            previous = next
        }
        return sum
    }

    static func unitQuarterArc() -> Segment {
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        return .curve(from: Point(x: 1, y: 0), control1: Point(x: 1, y: k), control2: Point(x: k, y: 1), to: Point(x: 0, y: 1))
    }

    @Test("The builders append the elements CGMutablePath would")
    func builders() {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addQuadCurve(to: Point(x: 20, y: 10), control: Point(x: 20, y: 0))
        path.addCurve(to: Point(x: 0, y: 10), control1: Point(x: 15, y: 20), control2: Point(x: 5, y: 20))
        path.closeSubpath()
        #expect(path.elements == [
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0)),
            .quadCurve(to: Point(x: 20, y: 10), control: Point(x: 20, y: 0)),
            .curve(to: Point(x: 0, y: 10), control1: Point(x: 15, y: 20), control2: Point(x: 5, y: 20)),
            .close,
        ])
        #expect(!path.isEmpty && BezierPath().isEmpty)
    }

    @Test("Segments start at the current point, and close draws a line back to the subpath's start")
    func segments() {
        let path = BezierPath(elements: [
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)), .close,
            .line(to: Point(x: -5, y: 0)),   // after a close, a new subpath from the old start
            .move(to: Point(x: 50, y: 50)), .quadCurve(to: Point(x: 60, y: 50), control: Point(x: 55, y: 60)),
            .move(to: Point(x: 99, y: 99)),  // a trailing move draws nothing
        ])
        #expect(path.segments == [
            .line(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0)),
            .line(from: Point(x: 10, y: 0), to: Point(x: 10, y: 10)),
            .line(from: Point(x: 10, y: 10), to: Point(x: 0, y: 0)),
            .line(from: Point(x: 0, y: 0), to: Point(x: -5, y: 0)),
            .quadCurve(from: Point(x: 50, y: 50), control: Point(x: 55, y: 60), to: Point(x: 60, y: 50)),
        ])
        // A close with nothing drawn since the move draws nothing.
        #expect(BezierPath(elements: [.move(to: .zero), .close]).segments.isEmpty)
        // Without a move, an element starts at its own first point, as the HTML canvas does.
        #expect(BezierPath(elements: [.line(to: Point(x: 3, y: 4))]).segments == [.line(from: Point(x: 3, y: 4), to: Point(x: 3, y: 4))])
    }

    @Test("init(rect:) runs from the origin corner clockwise on screen and closes")
    func rect() {
        let path = BezierPath(rect: Rect(x: 30, y: 40, width: -30, height: -40))   // standardized first
        #expect(path.elements == [
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 30, y: 0)), .line(to: Point(x: 30, y: 40)),
            .line(to: Point(x: 0, y: 40)), .close,
        ])
        #expect(path.length == 140)
    }

    @Test("init(ellipseIn:) is four cubic arcs from (maxX, midY) with growing angle, then a close")
    func ellipse() {
        let path = BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(path.elements.count == 6)
        #expect(path.elements.first == .move(to: Point(x: 100, y: 50)))
        #expect(path.elements.last == .close)
        let ends = path.segments.map(\.end)
        #expect(ends == [Point(x: 50, y: 100), Point(x: 0, y: 50), Point(x: 50, y: 0), Point(x: 100, y: 50), Point(x: 100, y: 50)])
        // Every arc's midpoint lies on the circle (the property the 4/3·(√2 − 1) control distance is chosen for).
        for segment in path.segments.prefix(4) {
            let m = segment.point(at: 0.5)
            #expect(nearly(Double.hypot(m.x - 50, m.y - 50), 50, 1e-12))
        }
        // Length: 2πr within the approximation's 0.03 %.
        #expect(abs(path.length - 2 * .pi * 50) < 2 * .pi * 50 * 3e-4)
    }

    @Test("init(roundedRect:cornerRadius:) has circular corners, a clamped radius, and starts after the top-left corner")
    func roundedRect() {
        let path = BezierPath(roundedRect: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        #expect(path.elements.first == .move(to: Point(x: 10, y: 0)))
        #expect(path.elements.count == 10)   // move, 4 × (edge + corner), close
        #expect(path.segments[0] == .line(from: Point(x: 10, y: 0), to: Point(x: 90, y: 0)))
        #expect(path.segments[1].end == Point(x: 100, y: 10))
        let corners = 2 * .pi * 10.0, edges = 2 * (80.0 + 40.0)
        #expect(abs(path.length - (edges + corners)) < corners * 3e-4)
        // A radius beyond half the short side is clamped: a capsule, with no zero-length edges.
        let capsule = BezierPath(roundedRect: Rect(x: 0, y: 0, width: 100, height: 20), cornerRadius: 50)
        #expect(capsule.segments.dropLast().allSatisfy { $0.start != $0.end })
        #expect(capsule.segments.count == 7)   // 2 edges, 4 quarter arcs, and the close
        #expect(capsule.segments.last == .line(from: Point(x: 10, y: 0), to: Point(x: 10, y: 0)))
        #expect(abs(capsule.length - (2 * 80 + .pi * 20)) < 0.02)
        // No radius: the plain rect.
        #expect(BezierPath(roundedRect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: -1) == BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test("Points and derivatives match the Bernstein closed forms")
    func geometry() {
        let (p0, c1, c2, p1) = (Point(x: 0, y: 0), Point(x: 10, y: 30), Point(x: 40, y: 30), Point(x: 50, y: 0))
        let cubic = Segment.curve(from: p0, control1: c1, control2: c2, to: p1)
        #expect(cubic.point(at: 0) == p0 && cubic.point(at: 1) == p1)
        #expect(cubic.point(at: 0.5) == Point(x: (0 + 30 + 120 + 50) / 8.0, y: (0 + 90 + 90 + 0) / 8.0))
        #expect(cubic.derivative(at: 0) == Vector(dx: 30, dy: 90))     // 3(c1 − p0)
        #expect(cubic.derivative(at: 1) == Vector(dx: 30, dy: -90))    // 3(p1 − c2)
        let quad = Segment.quadCurve(from: Point(x: 0, y: 0), control: Point(x: 0.5, y: 0), to: Point(x: 1, y: 1))
        #expect(quad.point(at: 0.3) == Point(x: 0.3, y: 0.3 * 0.3))    // the parabola y = x²
        #expect(nearly(quad.derivative(at: 0.3).dy, 0.6, 1e-15))
        let t = cubic.tangent(at: 0)
        #expect(nearly(t.dx, 1 / 10.0.squareRoot(), 1e-15) && nearly(t.dy, 3 / 10.0.squareRoot(), 1e-15))
    }

    @Test("Where the derivative vanishes, the tangent is the limit of the direction of motion")
    func degenerateTangents() {
        // First control on the start: the curve leaves towards the second control.
        let a = Segment.curve(from: Point(x: 0, y: 0), control1: Point(x: 0, y: 0), control2: Point(x: 0, y: 10), to: Point(x: 10, y: 10))
        #expect(a.tangent(at: 0) == Vector(dx: 0, dy: 1))
        // Second control on the end: it arrives from the first control's side.
        let b = Segment.curve(from: Point(x: 0, y: 0), control1: Point(x: 10, y: 0), control2: Point(x: 10, y: 10), to: Point(x: 10, y: 10))
        #expect(b.tangent(at: 1) == Vector(dx: 0, dy: 1))
        // Both controls on the start: the third derivative's direction, the chord.
        let c = Segment.curve(from: .zero, control1: .zero, control2: .zero, to: Point(x: 3, y: 4))
        #expect(nearly(c.tangent(at: 0).dx, 0.6, 1e-15) && nearly(c.tangent(at: 0).dy, 0.8, 1e-15))
        // A point has no direction.
        #expect(Segment.line(from: Point(x: 1, y: 1), to: Point(x: 1, y: 1)).tangent(at: 0.5) == .zero)
    }

    @Test("Lines measure exactly; a parabola matches its closed form; curves match a fine polyline to 1e-9")
    func lengths() {
        #expect(Segment.line(from: Point(x: 1, y: 1), to: Point(x: 4, y: 5)).length == 5)
        // y = x² on [0, 1]: (2√5 + asinh 2) / 4.
        let parabola = Segment.quadCurve(from: .zero, control: Point(x: 0.5, y: 0), to: Point(x: 1, y: 1))
        #expect(nearly(parabola.length, (2 * 5.0.squareRoot() + Double.asinh(2)) / 4, 1e-12))
        let curves: [Segment] = [
            Self.unitQuarterArc(),
            .curve(from: .zero, control1: Point(x: 100, y: 100), control2: Point(x: -50, y: 100), to: Point(x: 50, y: 0)),
            .curve(from: .zero, control1: Point(x: 100, y: 0), control2: Point(x: 0, y: 0), to: Point(x: 100, y: 0)),   // a cusp-like fold
            .quadCurve(from: Point(x: 0, y: 0), control: Point(x: 300, y: -80), to: Point(x: 20, y: 10)),
        ]
        for curve in curves {
            let reference = Self.polylineLength(curve)
            #expect(abs(curve.length - reference) <= 1e-9 * reference, "\(curve)")
        }
    }

    @Test("A quarter circle as one cubic is π/2·r long within 1e-3")
    func quarterCircle() {
        #expect(abs(Self.unitQuarterArc().length - .pi / 2) < 1e-3)
        let circle = BezierPath(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200))
        for length in BezierPath.Measure(circle).segmentLengths.prefix(4) {
            #expect(abs(length - .pi / 2 * 100) < 1e-3 * 100)
        }
    }

    @Test("The point at an arc length: exact on lines, on the circle by symmetry, with the heading there")
    func positionAtLength() {
        let rect = BezierPath(rect: Rect(x: 0, y: 0, width: 30, height: 40))
        #expect(rect.position(atLength: 15) == (Point(x: 15, y: 0), Vector(dx: 1, dy: 0)))
        #expect(rect.position(atLength: 50) == (Point(x: 30, y: 20), Vector(dx: 0, dy: 1)))
        #expect(rect.position(atLength: 30).point == Point(x: 30, y: 0))       // a corner ends the earlier edge
        #expect(rect.position(atLength: -5).point == Point(x: 0, y: 0))        // clamped
        #expect(rect.position(atLength: 1e9) == (Point(x: 0, y: 0), Vector(dx: 0, dy: -1)))
        // Half way along a symmetric quarter arc is its parameter midpoint, on the circle at 45°.
        let arc = BezierPath(elements: [.move(to: Point(x: 1, y: 0)), Self.unitQuarterArc().element])
        let (mid, heading) = arc.position(atLength: arc.length / 2)
        #expect(nearly(mid.x, 0.5.squareRoot(), 1e-10) && nearly(mid.y, 0.5.squareRoot(), 1e-10))
        #expect(nearly(heading.dx, -(0.5.squareRoot()), 1e-9) && nearly(heading.dy, 0.5.squareRoot(), 1e-9))
        // The inverse lands where the arc length says.
        let segment = Self.unitQuarterArc()
        for fraction in [0.1, 0.37, 0.8] {
            let t = segment.parameter(atLength: fraction * segment.length)
            #expect(nearly(segment.length(from: 0, to: t), fraction * segment.length, 1e-11))
        }
    }

    @Test("de Casteljau splits trace the same curve and share the split point")
    func splitting() {
        let cubic = Segment.curve(from: .zero, control1: Point(x: 10, y: 30), control2: Point(x: 40, y: 30), to: Point(x: 50, y: 0))
        let (left, right) = cubic.split(at: 0.3)
        #expect(left.end == right.start && left.start == cubic.start && right.end == cubic.end)
        for u in [0.0, 0.25, 0.5, 1] {
            let a = left.point(at: u), b = cubic.point(at: 0.3 * u)
            #expect(nearly(a.x, b.x, 1e-12) && nearly(a.y, b.y, 1e-12))
            let c = right.point(at: u), d = cubic.point(at: 0.3 + 0.7 * u)
            #expect(nearly(c.x, d.x, 1e-12) && nearly(c.y, d.y, 1e-12))
        }
        let piece = cubic.subsegment(from: 0.2, to: 0.6)
        let (s, e) = (cubic.point(at: 0.2), cubic.point(at: 0.6))
        #expect(nearly(piece.start.x, s.x, 1e-12) && nearly(piece.start.y, s.y, 1e-12))
        #expect(nearly(piece.end.x, e.x, 1e-12) && nearly(piece.end.y, e.y, 1e-12))
        #expect(nearly(piece.length, cubic.length(from: 0.2, to: 0.6), 1e-10))
    }
}

// MARK: - Trimming and validation

extension BezierPathTests {
    @Test("trimmed keeps the fraction of the length between strokeStart and strokeEnd")
    func trimmedLengths() {
        let paths = [
            BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100)),
            BezierPath(roundedRect: Rect(x: 0, y: 0, width: 120, height: 60), cornerRadius: 15),
            BezierPath(elements: [.move(to: .zero), .quadCurve(to: Point(x: 100, y: 0), control: Point(x: 50, y: 80)),
                                  .curve(to: Point(x: 0, y: 50), control1: Point(x: 150, y: 90), control2: Point(x: -40, y: 10))]),
        ]
        for path in paths {
            let total = path.length
            for (a, b) in [(0.0, 0.25), (0.2, 0.7), (0.5, 1.0), (0.33, 0.34)] {
                let piece = path.trimmed(from: a, to: b)
                #expect(abs(piece.length - (b - a) * total) <= 1e-9 * total, "\(a)...\(b)")
                // It starts where the path is at the start fraction.
                guard case let .move(start)? = piece.elements.first else {
                    Issue.record("a trimmed path starts with a move")
                    continue
                }
                let expected = path.position(atLength: a * total).point
                #expect(nearly(start.x, expected.x, 1e-9) && nearly(start.y, expected.y, 1e-9))
            }
        }
    }

    @Test("trimmed cuts lines exactly and keeps whole subpaths closed")
    func trimmedStructure() {
        let rect = BezierPath(rect: Rect(x: 0, y: 0, width: 30, height: 40))   // 140 long
        #expect(rect.trimmed(from: 0, to: 0.5).elements == [
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 30, y: 0)), .line(to: Point(x: 30, y: 40)),
        ])
        // From 35: 5 down the right edge; the close is drawn as a line, since the start is cut off.
        #expect(rect.trimmed(from: 0.25, to: 1).elements == [
            .move(to: Point(x: 30, y: 5)), .line(to: Point(x: 30, y: 40)), .line(to: Point(x: 0, y: 40)), .line(to: Point(x: 0, y: 0)),
        ])
        // Two closed squares of equal perimeter: the first half is the first square, still closed.
        var twoSquares = BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        twoSquares.elements += BezierPath(rect: Rect(x: 20, y: 0, width: 10, height: 10)).elements
        #expect(twoSquares.trimmed(from: 0, to: 0.5) == BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        // A gap between subpaths stays a gap.
        let dashes = BezierPath(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0)),
                                           .move(to: Point(x: 0, y: 5)), .line(to: Point(x: 10, y: 5))])
        #expect(dashes.trimmed(from: 0.25, to: 0.75).elements == [
            .move(to: Point(x: 5, y: 0)), .line(to: Point(x: 10, y: 0)), .move(to: Point(x: 0, y: 5)), .line(to: Point(x: 5, y: 5)),
        ])
    }

    @Test("trimmed curves lie on the original curve")
    func trimmedCurvesStayOnTheCurve() {
        let circle = BezierPath(ellipseIn: Rect(x: -1, y: -1, width: 2, height: 2))
        let piece = circle.trimmed(from: 0.1, to: 0.6)
        let original = circle.segments
        for segment in piece.segments {
            for u in stride(from: 0.0, through: 1, by: 0.125) {
                let p = segment.point(at: u)
                // Its distance to the nearest original arc, by dense sampling.
                var nearest = Double.infinity
                for arc in original.prefix(4) {
                    for i in 0...2000 {
                        nearest = min(nearest, p.animationDistance(to: arc.point(at: Double(i) / 2000)))
                    }
                }
                #expect(nearest < 1e-3, "\(p)")
            }
        }
    }

    @Test("Empty, reversed and NaN ranges trim to nothing; the full range returns the path itself")
    func trimmedEdges() {
        let path = BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(path.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(path.trimmed(from: .nan, to: 1).isEmpty)
        #expect(path.trimmed(from: 0, to: 1) == path)
        #expect(path.trimmed(from: -1, to: 2) == path)
        #expect(BezierPath(elements: [.move(to: .zero), .line(to: .zero)]).trimmed(from: 0, to: 0.5).isEmpty)
    }

    @Test("validated rejects non-finite coordinates and drawing before a move, naming the element")
    func validation() throws {
        let good: [BezierPath.Element] = [.move(to: .zero), .line(to: Point(x: 1, y: 1)), .close]
        #expect(try BezierPath.validated(good) == BezierPath(elements: good))
        let cases: [([BezierPath.Element], String)] = [
            ([.move(to: .zero), .line(to: Point(x: 1, y: 1)), .curve(to: .zero, control1: Point(x: .nan, y: 0), control2: .zero)],
             "path[3].control1.x must be a finite number (got nan)"),
            ([.move(to: Point(x: 0, y: .infinity))], "path[1].to.y must be a finite number (got inf)"),
            ([.move(to: .zero), .quadCurve(to: .zero, control: Point(x: 0, y: -.infinity))],
             "path[2].control.y must be a finite number (got -inf)"),
            ([.line(to: Point(x: 1, y: 1))], "path[1] must be a move, since a path starts with one (got a line)"),
            ([.close], "path[1] must be a move, since a path starts with one (got a close)"),
        ]
        for (elements, message) in cases {
            let error = #expect(throws: ArgumentError.self) { try BezierPath.validated(elements) }
            #expect(error?.description == message)
        }
        // The throwing builder counts from the path's current length and takes a parameter name.
        var path = BezierPath()
        try path.append(validating: .move(to: .zero), parameter: "shape.path")
        let error = #expect(throws: ArgumentError.self) {
            try path.append(validating: .line(to: Point(x: .nan, y: 0)), parameter: "shape.path")
        }
        #expect(error?.description == "shape.path[2].to.x must be a finite number (got nan)")
        #expect(path.elements == [.move(to: .zero)])
    }
}
