import RealModule

/// A 2D path of lines and Bézier curves, in points: CGPath's (and UIBezierPath's) counterpart.
///
/// Shape layers stroke and fill a path, and keyframe animations move a point along one
/// (CAKeyframeAnimation's `path`). A path is a list of elements, built like a CGMutablePath:
///
///     var path = BezierPath()
///     path.move(to: Point(x: 0, y: 0))
///     path.addLine(to: Point(x: 100, y: 0))
///     path.addCurve(to: Point(x: 100, y: 100), control1: Point(x: 150, y: 0), control2: Point(x: 150, y: 100))
///     path.closeSubpath()
///     BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))   // four cubic arcs
///
/// Measuring and cutting (lengths, a point at a distance, de Casteljau splits, `trimmed(from:to:)`
/// for strokeStart/strokeEnd) are in `BezierPath+Measure.swift`.
///
/// Contract:
/// - Element semantics are Core Graphics': `move` starts a subpath, `close` draws a line back to
///   the subpath's start and leaves the current point there, so a following line starts a new
///   subpath at that point.
/// - A drawing element with no current point is a programmer error in UIKit (UIBezierPath raises).
///   `validated(_:parameter:)` rejects it; a path built without validation measures it the way
///   the HTML canvas does ("ensure there is a subpath"): the element starts at its first point
///   (a line at its end point, a quadratic at its control point, a cubic at its first control).
/// - The builders accept any coordinates (internal math); paths from scripts go through
///   `validated(_:parameter:)` or `append(validating:parameter:)`, which reject NaN and infinities.
public struct BezierPath: Hashable, Sendable {
    /// One drawing command of a path (CGPathElement).
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight line back to the start of the subpath, closing it.
        case close
    }

    /// The path's elements, in drawing order.
    public var elements: [Element]

    /// An empty path.
    public init() { elements = [] }

    /// A path of the given elements (not validated; see `validated(_:parameter:)`).
    public init(elements: [Element]) { self.elements = elements }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point` (CGPath.move(to:)).
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    /// Adds a straight line from the current point (CGPath.addLine(to:)).
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

    /// Adds a quadratic Bézier curve from the current point (CGPath.addQuadCurve(to:control:)).
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }

    /// Adds a cubic Bézier curve from the current point (CGPath.addCurve(to:control1:control2:)).
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start (CGPath.closeSubpath()).
    public mutating func closeSubpath() { elements.append(.close) }
}

// MARK: - Validation

extension BezierPath {
    /// A path from outside (a script, a motion spec): every coordinate finite, and every line or
    /// curve preceded by a current point (a `move`, or an earlier subpath).
    ///
    /// Errors name the element by its 1-based position, as Lua counts:
    ///
    ///     path[3].control1.x must be a finite number (got nan)
    ///     path[1] must be a move, since a path starts with one (got a line)
    public static func validated(_ elements: [Element], parameter: String = "path") throws(ArgumentError) -> BezierPath {
        var path = BezierPath()
        path.elements.reserveCapacity(elements.count)
        for element in elements {
            try path.append(validating: element, parameter: parameter)
        }
        return path
    }

    /// How many elements a path from outside (a script, a motion spec) may hold: 100,000. Every
    /// frame that strokes part of a shape (`strokeStart`, `strokeEnd`) or moves a layer along a
    /// path measures the whole path, so the limit bounds that per-frame work and its memory.
    public static let maximumElementCount = 100_000

    /// Appends `element` after checking it as `validated(_:parameter:)` does: the throwing
    /// builder for scripts. The error names the element's position in the path, 1-based.
    public mutating func append(validating element: Element, parameter: String = "path") throws(ArgumentError) {
        try Self.check(element, asElement: elements.count + 1, parameter: parameter)
        elements.append(element)
    }

    /// Checks `element` as element number `position` (1-based) of a path, as
    /// `append(validating:parameter:)` does, without the path: within `maximumElementCount`,
    /// finite points, and a move first. (A builder appending to a long path reads only its end.)
    public static func check(_ element: Element, asElement position: Int, parameter: String = "path") throws(ArgumentError) {
        let name = "\(parameter)[\(position)]"
        guard position <= BezierPath.maximumElementCount else {
            throw ArgumentError(parameter: parameter, requirement: "must hold at most \(BezierPath.maximumElementCount) elements",
                                value: "more")
        }
        func check(_ point: Point, _ role: String) throws(ArgumentError) {
            _ = try Point.validated(x: point.x, y: point.y, parameter: name + "." + role)
        }
        switch element {
        case let .move(to):
            try check(to, "to")
        case let .line(to):
            try check(to, "to")
        case let .quadCurve(to, control):
            try check(to, "to")
            try check(control, "control")
        case let .curve(to, control1, control2):
            try check(to, "to")
            try check(control1, "control1")
            try check(control2, "control2")
        case .close:
            break
        }
        if case .move = element {} else if position == 1 {
            throw ArgumentError(parameter: name, requirement: "must be a move, since a path starts with one",
                                value: element.kindDescription)
        }
    }
}

extension BezierPath.Element {
    /// The element's kind with an article, for messages: "a line", "a curve".
    var kindDescription: String {
        switch self {
        case .move: "a move"
        case .line: "a line"
        case .quadCurve: "a quadCurve"
        case .curve: "a curve"
        case .close: "a close"
        }
    }
}

// MARK: - Segments

extension BezierPath {
    /// One drawn piece of a path, with its start point made explicit: a line or a Bézier curve.
    ///
    /// `segments` lists them in drawing order: one per line or curve element, drawn from the
    /// current point, and one line per `close` (back to the subpath's start). Geometry is in the
    /// segment's own parameter t ∈ [0, 1], which is not proportional to arc length for curves.
    public enum Segment: Hashable, Sendable {
        case line(from: Point, to: Point)
        case quadCurve(from: Point, control: Point, to: Point)
        case curve(from: Point, control1: Point, control2: Point, to: Point)

        /// The point at t = 0.
        public var start: Point {
            switch self {
            case let .line(p, _), let .quadCurve(p, _, _), let .curve(p, _, _, _): p
            }
        }

        /// The point at t = 1.
        public var end: Point {
            switch self {
            case let .line(_, p), let .quadCurve(_, _, p), let .curve(_, _, _, p): p
            }
        }

        /// The element that draws this segment from its start.
        public var element: Element {
            switch self {
            case let .line(_, p1): .line(to: p1)
            case let .quadCurve(_, c, p1): .quadCurve(to: p1, control: c)
            case let .curve(_, c1, c2, p1): .curve(to: p1, control1: c1, control2: c2)
            }
        }

        /// The point at parameter `t` (Bernstein form; exactly `start` at 0 and `end` at 1).
        public func point(at t: Double) -> Point {
            let s = 1 - t
            switch self {
            case let .line(p0, p1):
                return p0.interpolated(to: p1, fraction: t)
            case let .quadCurve(p0, c, p1):
                let (a, b, d) = (s * s, 2 * s * t, t * t)
                return Point(x: a * p0.x + b * c.x + d * p1.x, y: a * p0.y + b * c.y + d * p1.y)
            case let .curve(p0, c1, c2, p1):
                let (a, b, c, d) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
                             y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
            }
        }

        /// The first derivative dB/dt at `t`: the velocity along the segment in points per unit t.
        public func derivative(at t: Double) -> Vector {
            let s = 1 - t
            switch self {
            case let .line(p0, p1):
                return Vector(dx: p1.x - p0.x, dy: p1.y - p0.y)
            case let .quadCurve(p0, c, p1):
                return Vector(dx: 2 * (s * (c.x - p0.x) + t * (p1.x - c.x)),
                              dy: 2 * (s * (c.y - p0.y) + t * (p1.y - c.y)))
            case let .curve(p0, c1, c2, p1):
                let (a, b, c) = (3 * s * s, 6 * s * t, 3 * t * t)
                return Vector(dx: a * (c1.x - p0.x) + b * (c2.x - c1.x) + c * (p1.x - c2.x),
                              dy: a * (c1.y - p0.y) + b * (c2.y - c1.y) + c * (p1.y - c2.y))
            }
        }

        /// The second derivative d²B/dt² at `t`.
        func secondDerivative(at t: Double) -> Vector {
            switch self {
            case .line:
                return .zero
            case let .quadCurve(p0, c, p1):
                return Vector(dx: 2 * (p1.x - 2 * c.x + p0.x), dy: 2 * (p1.y - 2 * c.y + p0.y))
            case let .curve(p0, c1, c2, p1):
                let s = 1 - t
                return Vector(dx: 6 * (s * (c2.x - 2 * c1.x + p0.x) + t * (p1.x - 2 * c2.x + c1.x)),
                              dy: 6 * (s * (c2.y - 2 * c1.y + p0.y) + t * (p1.y - 2 * c2.y + c1.y)))
            }
        }

        /// The third derivative (constant; zero below cubics).
        var thirdDerivative: Vector {
            guard case let .curve(p0, c1, c2, p1) = self else { return .zero }
            return Vector(dx: 6 * (p1.x - 3 * c2.x + 3 * c1.x - p0.x), dy: 6 * (p1.y - 3 * c2.y + 3 * c1.y - p0.y))
        }

        /// The length of the control polygon: an upper bound of the arc length, and the scale that
        /// tolerances are relative to.
        var controlPolygonLength: Double {
            switch self {
            case let .line(p0, p1): p0.animationDistance(to: p1)
            case let .quadCurve(p0, c, p1): p0.animationDistance(to: c) + c.animationDistance(to: p1)
            case let .curve(p0, c1, c2, p1):
                p0.animationDistance(to: c1) + c1.animationDistance(to: c2) + c2.animationDistance(to: p1)
            }
        }

        /// The unit direction of motion at `t`, or `.zero` for a segment that is a single point.
        ///
        /// Where the first derivative vanishes (a control point on its end point, a cusp) the
        /// direction is the limit of the motion: the next non-zero derivative, which near a zero
        /// of B′ at t₀ gives B′(t) ≈ B″(t₀)(t − t₀), so the direction is +B″ leaving t₀ and −B″
        /// arriving at t = 1; if B″ vanishes too, B′ ≈ B‴(t − t₀)²/2 points along B‴ either way.
        public func tangent(at t: Double) -> Vector {
            let scale = controlPolygonLength
            guard scale > 0 else { return .zero }
            let threshold = 1e-12 * scale
            var d = derivative(at: t)
            if d.magnitude <= threshold {
                let d2 = secondDerivative(at: t)
                d = t >= 1 ? d2 * -1 : d2
                if d.magnitude <= threshold { d = thirdDerivative }
                if d.magnitude <= threshold { return .zero }
            }
            let m = d.magnitude
            return Vector(dx: d.dx / m, dy: d.dy / m)
        }
    }

    /// The path's segments in drawing order (see `Segment`).
    public var segments: [Segment] {
        var result: [Segment] = []
        forEachSegment { segment, _, _ in result.append(segment) }
        return result
    }

    /// Walks the drawn segments with where they stand in their subpath: whether the segment is
    /// the first one drawn since a move (or a close), and whether it is a `close` line.
    ///
    /// A `close` with nothing drawn since the subpath began draws nothing and is skipped.
    func forEachSegment(_ body: (Segment, _ startsSubpath: Bool, _ closesSubpath: Bool) -> Void) {
        var current: Point? = nil
        var subpathStart = Point.zero
        var isFresh = true
        func begin(at point: Point) -> Point {
            if let current { return current }
            subpathStart = point
            isFresh = true
            return point
        }
        for element in elements {
            switch element {
            case let .move(to):
                current = to
                subpathStart = to
                isFresh = true
            case let .line(to):
                body(.line(from: begin(at: to), to: to), isFresh, false)
                current = to
                isFresh = false
            case let .quadCurve(to, control):
                body(.quadCurve(from: begin(at: control), control: control, to: to), isFresh, false)
                current = to
                isFresh = false
            case let .curve(to, control1, control2):
                body(.curve(from: begin(at: control1), control1: control1, control2: control2, to: to), isFresh, false)
                current = to
                isFresh = false
            case .close:
                guard let from = current, !isFresh else { continue }
                body(.line(from: from, to: subpathStart), false, true)
                current = subpathStart
                isFresh = true
            }
        }
    }
}
