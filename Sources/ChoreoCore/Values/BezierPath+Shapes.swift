import RealModule

// The closed shapes CGPath and UIBezierPath make whole: rectangles, rounded rectangles, ellipses.

// MARK: - Shapes

extension BezierPath {
    /// The magic number of a quarter circle as one cubic: control points at 4/3·(√2 − 1) of the
    /// radius along the tangents, which keeps the radial error under 0.03 % of the radius.
    static let quarterArcControl = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// A closed rectangle, as CGPath(rect:) draws it: from (minX, minY) along the top edge to
    /// (maxX, minY), down to (maxX, maxY), back to (minX, maxY), and closed: clockwise on a screen
    /// whose y axis points down. Negative sizes are standardized first.
    public init(rect: Rect) {
        let r = rect.standardized
        self.init(elements: [
            .move(to: Point(x: r.minX, y: r.minY)),
            .line(to: Point(x: r.maxX, y: r.minY)),
            .line(to: Point(x: r.maxX, y: r.maxY)),
            .line(to: Point(x: r.minX, y: r.maxY)),
            .close,
        ])
    }

    /// A closed rectangle with circular corners (UIBezierPath(roundedRect:cornerRadius:)).
    ///
    /// The radius is clamped into 0...min(width, height)/2, as UIKit does; a NaN radius is 0.
    /// Each corner is one cubic quarter arc (CGPath's construction; UIKit's continuous "squircle"
    /// corners since iOS 7 are not reproduced). See `init(roundedRect:cornerWidth:cornerHeight:)`.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        let radius = cornerRadius.isNaN ? 0 : Swift.min(Swift.max(cornerRadius, 0), Swift.min(r.width, r.height) / 2)
        self.init(roundedRect: r, cornerWidth: radius, cornerHeight: radius)
    }

    /// A closed rectangle with elliptical corners of `cornerWidth` by `cornerHeight` points
    /// (CGPath(roundedRect:cornerWidth:cornerHeight:)).
    ///
    /// Each corner size is clamped into 0...width/2 and 0...height/2 (Core Graphics asserts
    /// instead; a NaN is 0); either being 0 gives `init(rect:)`. Each corner is one cubic
    /// quarter of an ellipse. The path starts at the end of the top-left corner,
    /// (minX + cornerWidth, minY), runs clockwise on screen, and is closed. Straight edges that
    /// the corners use up entirely (a capsule, a circle) are left out rather than drawn with zero
    /// length.
    public init(roundedRect rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        let r = rect.standardized
        func clamp(_ value: Double, _ limit: Double) -> Double { value.isNaN ? 0 : Swift.min(Swift.max(value, 0), limit) }
        let (rx, ry) = (clamp(cornerWidth, r.width / 2), clamp(cornerHeight, r.height / 2))
        guard rx > 0, ry > 0 else {
            self.init(rect: r)
            return
        }
        let (kx, ky) = (rx * (1 - BezierPath.quarterArcControl), ry * (1 - BezierPath.quarterArcControl))
        let (minX, minY, maxX, maxY) = (r.minX, r.minY, r.maxX, r.maxY)
        var path = BezierPath()
        var current = Point(x: minX + rx, y: minY)
        path.move(to: current)
        func edge(to point: Point) {
            if point != current { path.addLine(to: point) }
            current = point
        }
        func corner(to point: Point, _ control1: Point, _ control2: Point) {
            path.addCurve(to: point, control1: control1, control2: control2)
            current = point
        }
        edge(to: Point(x: maxX - rx, y: minY))
        corner(to: Point(x: maxX, y: minY + ry), Point(x: maxX - kx, y: minY), Point(x: maxX, y: minY + ky))
        edge(to: Point(x: maxX, y: maxY - ry))
        corner(to: Point(x: maxX - rx, y: maxY), Point(x: maxX, y: maxY - ky), Point(x: maxX - kx, y: maxY))
        edge(to: Point(x: minX + rx, y: maxY))
        corner(to: Point(x: minX, y: maxY - ry), Point(x: minX + kx, y: maxY), Point(x: minX, y: maxY - ky))
        edge(to: Point(x: minX, y: minY + ry))
        corner(to: Point(x: minX + rx, y: minY), Point(x: minX, y: minY + ky), Point(x: minX + kx, y: minY))
        path.closeSubpath()
        self = path
    }

    /// A closed ellipse inscribed in `rect`, as four cubic quarter arcs (CGPath(ellipseIn:),
    /// UIBezierPath(ovalIn:)): like Core Graphics, one cubic per quarter, whose radial error is
    /// 2.7e-4 of the radius (0.01 pt up to a radius of 36 pt; arcs by angle split finer).
    ///
    /// Like Core Graphics, it starts at (maxX, midY) and runs through (midX, maxY), (minX, midY)
    /// and (midX, minY) back to the start, then closes: the angle grows, which is clockwise on a
    /// screen whose y axis points down. A square gives a circle of radius width/2.
    public init(ellipseIn rect: Rect) {
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * BezierPath.quarterArcControl, ry * BezierPath.quarterArcControl)
        var path = BezierPath()
        path.move(to: Point(x: cx + rx, y: cy))
        path.addCurve(to: Point(x: cx, y: cy + ry),
                      control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        path.addCurve(to: Point(x: cx - rx, y: cy),
                      control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        path.addCurve(to: Point(x: cx, y: cy - ry),
                      control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        path.addCurve(to: Point(x: cx + rx, y: cy),
                      control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        path.closeSubpath()
        self = path
    }
}
