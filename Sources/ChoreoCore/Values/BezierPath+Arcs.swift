import RealModule

// CGPath's and UIBezierPath's builders that add more than one element: circular arcs (by angles,
// by a relative sweep, or tangent to two lines), ellipses, rectangles, rounded rectangles and
// polylines.
//
// Angles follow UIKit in a y-down space: angle 0 points along +x, and a growing angle turns
// towards +y, which on screen is clockwise. So `clockwise: true` sweeps from `startAngle` through
// growing angles to `endAngle` — exactly UIBezierPath's meaning on iOS. (CGPath's own `clockwise`
// is stated for a y-up space; in UIKit's flipped contexts it looks reversed. Choreo has one
// space, y-down, and one meaning: UIBezierPath's.)

extension BezierPath {
    /// The largest radial error an arc's cubic approximation may have, in points.
    static let arcTolerance = 0.01

    /// The largest angle one cubic segment of an arc spans: an eighth of a turn.
    ///
    /// A quarter turn per cubic (Core Graphics' choice) strays 2.7e-4 of the radius from the
    /// circle, past 0.01 pt from a radius of 37 pt; an eighth strays 4.3e-6 of it, within 0.01 pt
    /// up to a radius of 2,300 pt. Splitting by angle alone keeps the element count of an arc
    /// independent of its radius (below that), so arcs of different radii interpolate point by
    /// point when a path animates.
    static let largestArcSegment = Double.pi / 4

    /// How many cubic segments draw an arc of `sweep` radians and radius `radius`: at most an
    /// eighth of a turn each, and more for radii beyond 2,300 pt, so that the radial error stays
    /// under `arcTolerance`.
    ///
    /// The error of one segment of angle θ drawn with controls at 4/3·tan(θ/4) of the radius is
    /// about 2.7253e-4·r·(θ / (π/2))⁶; 2.73e-4 bounds the coefficient. A non-finite sweep or radius
    /// draws nothing (0).
    static func arcSegmentCount(sweep: Double, radius: Double) -> Int {
        let turns = Swift.abs(sweep)
        guard turns.isFinite, radius.isFinite, turns > 0 else { return 0 }
        var count = (turns / largestArcSegment - 1e-9).rounded(.up)
        let segmentError = 2.73e-4 * radius * Double.pow(largestArcSegment / (Double.pi / 2), 6)
        if segmentError > arcTolerance {
            let largest = largestArcSegment * Double.pow(arcTolerance / segmentError, 1.0 / 6)
            count = Swift.max(count, (turns / largest).rounded(.up))
        }
        return Int(Swift.min(Swift.max(count, 1), Double(maximumElementCount)))
    }

    /// The point at `angle` on the circle of `radius` around `center`; the four axis directions
    /// are exact (cos(π/2) is 6e-17 in floating point, which would put a quarter arc's end a
    /// hair off the axis).
    static func pointOnCircle(center: Point, radius: Double, angle: Double) -> Point {
        let (cosine, sine) = exactUnitVector(angle)
        return Point(x: center.x + radius * cosine, y: center.y + radius * sine)
    }

    /// (cos, sin) of `angle`, exact at multiples of π/2.
    private static func exactUnitVector(_ angle: Double) -> (Double, Double) {
        let quarters = angle / (Double.pi / 2)
        let nearest = quarters.rounded()
        if Swift.abs(quarters - nearest) < 1e-12, Swift.abs(nearest) < 1e15 {
            switch ((Int64(nearest) % 4) + 4) % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        return (Double.cos(angle), Double.sin(angle))
    }

    /// Appends the cubic segments of an arc from `startAngle` through `sweep` radians (growing
    /// angles when positive), starting from the current point, which must be the arc's start.
    private mutating func appendArcSegments(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        let count = BezierPath.arcSegmentCount(sweep: sweep, radius: radius)
        guard count > 0 else { return }
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * Double.tan(step / 4)
        var from = BezierPath.pointOnCircle(center: center, radius: radius, angle: startAngle)
        for index in 1...count {
            let next = index == count ? startAngle + sweep : startAngle + step * Double(index)
            let to = BezierPath.pointOnCircle(center: center, radius: radius, angle: next)
            // Tangents are the radius vectors turned a quarter: (−(y − cy), x − cx).
            let control1 = Point(x: from.x - k * (from.y - center.y), y: from.y + k * (from.x - center.x))
            let control2 = Point(x: to.x + k * (to.y - center.y), y: to.y - k * (to.x - center.x))
            addCurve(to: to, control1: control1, control2: control2)
            from = to
        }
    }

    /// The point a new element starts from (nil in an empty path): the last element's end, or
    /// after a `close` the start of that subpath.
    public var currentPoint: Point? {
        var subpathStart: Point?
        var current: Point?
        for element in elements {
            switch element {
            case let .move(to):
                subpathStart = to
                current = to
            case let .line(to), let .quadCurve(to, _), let .curve(to, _, _):
                if subpathStart == nil { subpathStart = to }
                current = to
            case .close:
                current = subpathStart
            }
        }
        return current
    }

    /// Starts the arc at `start`: a line from the current point, or a move in an empty path, as
    /// CGPath and UIBezierPath do.
    private mutating func begin(at start: Point) {
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
    }

    /// The sweep of an arc from `startAngle` to `endAngle` in the given direction, in radians
    /// (positive: growing angles): a difference in the other direction wraps by 2π, and one of
    /// 2π or more draws one full circle.
    public static func arcSweep(startAngle: Double, endAngle: Double, clockwise: Bool) -> Double {
        let full = 2 * Double.pi
        var delta = clockwise ? endAngle - startAngle : startAngle - endAngle
        guard delta.isFinite else { return 0 }
        if delta >= full {
            delta = full
        } else if delta < 0 {
            delta = delta.truncatingRemainder(dividingBy: full)
            if delta < 0 { delta += full }
        }
        return clockwise ? delta : -delta
    }

    /// Adds an arc of a circle (CGPath.addArc(center:radius:startAngle:endAngle:clockwise:) and
    /// UIBezierPath.addArc(withCenter:…)), preceded by a line from the current point to its
    /// start (a move in an empty path).
    ///
    ///     var ring = BezierPath()
    ///     ring.addArc(center: Point(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
    ///                 endAngle: 3 * .pi / 2, clockwise: true)   // a full circle from 12 o'clock
    ///
    /// `clockwise: true` sweeps through growing angles (clockwise on a y-down screen). An end
    /// angle behind the start in that direction wraps (from π to 0 clockwise is half a turn, not
    /// nothing); a difference of 2π or more is one full circle. Each cubic segment spans at most
    /// 45° (`largestArcSegment`) and stays within 0.01 pt of the circle.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        let sweep = BezierPath.arcSweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep)
    }

    /// Adds an arc by its start angle and signed sweep (CGPath.addRelativeArc): positive `delta`
    /// sweeps through growing angles (clockwise on screen). A sweep beyond ±2π draws one full
    /// circle. Preceded by a line from the current point to the arc's start, as `addArc` is.
    public mutating func addRelativeArc(center: Point, radius: Double, startAngle: Double, delta: Double) {
        let full = 2 * Double.pi
        let sweep = delta.isFinite ? Swift.min(Swift.max(delta, -full), full) : 0
        begin(at: BezierPath.pointOnCircle(center: center, radius: radius, angle: startAngle))
        appendArcSegments(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// An open arc as its own path (UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)):
    /// a move to the start, then the arc.
    public init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.init()
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End` (CGPath.addArc(tangent1End:tangent2End:radius:),
    /// PostScript's `arct`): a line to the first tangent point, then the shorter arc to the second.
    ///
    ///     var corner = BezierPath()
    ///     corner.move(to: Point(x: 0, y: 0))
    ///     corner.addArc(tangent1End: Point(x: 100, y: 0), tangent2End: Point(x: 100, y: 100), radius: 20)
    ///     // a line to (80, 0), then a quarter arc around (80, 20) to (100, 20)
    ///
    /// When the three points are on one line (or two coincide), or the radius is 0, it adds a
    /// line to `tangent1End`, as Core Graphics does. In an empty path it moves to `tangent1End`
    /// (UIKit makes that a programmer error; scripts get one before this is reached).
    public mutating func addArc(tangent1End p1: Point, tangent2End p2: Point, radius: Double) {
        guard let p0 = currentPoint else {
            move(to: p1)
            return
        }
        let a = Vector(dx: p0.x - p1.x, dy: p0.y - p1.y), b = Vector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let (la, lb) = (a.magnitude, b.magnitude)
        let cross = a.dx * b.dy - a.dy * b.dx
        guard radius > 0, radius.isFinite, la > 0, lb > 0,
              Swift.abs(cross) > 1e-12 * la * lb else {
            addLine(to: p1)
            return
        }
        let (ua, ub) = (Vector(dx: a.dx / la, dy: a.dy / la), Vector(dx: b.dx / lb, dy: b.dy / lb))
        let cosine = Swift.max(-1, Swift.min(1, ua.dx * ub.dx + ua.dy * ub.dy))
        let half = Double.acos(cosine) / 2            // half the angle between the two lines
        let reach = radius / Double.tan(half)           // from the corner to each tangent point
        let distance = radius / Double.sin(half)        // from the corner to the centre
        let bisector = Vector(dx: ua.dx + ub.dx, dy: ua.dy + ub.dy)
        let bl = bisector.magnitude
        let center = Point(x: p1.x + bisector.dx / bl * distance, y: p1.y + bisector.dy / bl * distance)
        let start = Point(x: p1.x + ua.dx * reach, y: p1.y + ua.dy * reach)
        let end = Point(x: p1.x + ub.dx * reach, y: p1.y + ub.dy * reach)
        let startAngle = Double.atan2(y: start.y - center.y, x: start.x - center.x)
        var sweep = Double.atan2(y: end.y - center.y, x: end.x - center.x) - startAngle
        if sweep > Double.pi { sweep -= 2 * Double.pi } else if sweep < -Double.pi { sweep += 2 * Double.pi }
        if currentPoint != start { addLine(to: start) }
        appendArcSegments(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// Adds a closed ellipse inscribed in `rect` as a new subpath (CGPath.addEllipse(in:)): the
    /// elements of `init(ellipseIn:)`, four cubic quarters as Core Graphics draws them.
    public mutating func addEllipse(in rect: Rect) { elements += BezierPath(ellipseIn: rect).elements }

    /// Adds a closed rectangle as a new subpath (CGPath.addRect): the elements of `init(rect:)`.
    public mutating func addRect(_ rect: Rect) { elements += BezierPath(rect: rect).elements }

    /// Adds a closed rounded rectangle as a new subpath (CGPath.addRoundedRect(in:cornerWidth:
    /// cornerHeight:)): the elements of `init(roundedRect:cornerWidth:cornerHeight:)`.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        elements += BezierPath(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight).elements
    }

    /// Adds a polyline as a new subpath (CGPath.addLines(between:)): a move to the first point,
    /// then a line to each of the others. No points add nothing.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }
}
