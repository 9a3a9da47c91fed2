/// Paths animate (CAShapeLayer's `path`): two paths with the same elements in the same order — as
/// many, and of the same kinds — interpolate point by point; any other pair switches from one to
/// the other halfway (before 0.5 the first, from 0.5 on the second). Core Animation documents
/// only the first case ("the result is undefined" otherwise); the halfway switch is Choreo's choice.
///
///     let bar = BezierPath(elements: [.move(to: Point(x: 0, y: 10)), .line(to: Point(x: 30, y: 10))])
///     let arrow = BezierPath(elements: [.move(to: Point(x: 0, y: 10)), .line(to: Point(x: 15, y: 0))])
///     bar.interpolated(to: arrow, fraction: 0.5)   // move (0, 10), line (22.5, 5)
///
/// The vector-space operations work point by point too, so additive and cumulative path
/// animations and velocities follow the same rule. `zero` is the empty path, which `+` treats as
/// the identity; operands of different structure give the left one.
extension BezierPath: AnimatableValue {
    public static var zero: BezierPath { BezierPath() }

    /// Whether `other` has the same number of elements, of the same kinds in the same order: the
    /// condition for point-by-point interpolation.
    public func hasSameStructure(as other: BezierPath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// `combine` applied to each pair of corresponding points; nil when the structures differ.
    func pointwise(_ other: BezierPath, _ combine: (Point, Point) -> Point) -> BezierPath? {
        guard hasSameStructure(as: other) else { return nil }
        var result = BezierPath()
        result.elements.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): result.elements.append(.move(to: combine(p, q)))
            case let (.line(p), .line(q)): result.elements.append(.line(to: combine(p, q)))
            case let (.quadCurve(p, c), .quadCurve(q, d)):
                result.elements.append(.quadCurve(to: combine(p, q), control: combine(c, d)))
            case let (.curve(p, c1, c2), .curve(q, d1, d2)):
                result.elements.append(.curve(to: combine(p, q), control1: combine(c1, d1), control2: combine(c2, d2)))
            default: result.elements.append(.close)
            }
        }
        return result
    }

    /// Every point of the path, in element order (a curve's controls before its end point).
    public var points: [Point] {
        var result: [Point] = []
        result.reserveCapacity(elements.count * 2)
        for element in elements {
            switch element {
            case let .move(p), let .line(p): result.append(p)
            case let .quadCurve(p, c): result.append(contentsOf: [c, p])
            case let .curve(p, c1, c2): result.append(contentsOf: [c1, c2, p])
            case .close: break
            }
        }
        return result
    }

    public static func + (lhs: BezierPath, rhs: BezierPath) -> BezierPath {
        if rhs.isEmpty { return lhs }
        if lhs.isEmpty { return rhs }
        return lhs.pointwise(rhs, +) ?? lhs
    }

    public static func - (lhs: BezierPath, rhs: BezierPath) -> BezierPath {
        if rhs.isEmpty { return lhs }
        return lhs.pointwise(rhs, -) ?? lhs
    }

    public static func * (lhs: BezierPath, k: Double) -> BezierPath {
        lhs.pointwise(lhs) { p, _ in p * k } ?? lhs
    }

    /// Point by point for paths of the same structure (exactly `self` at 0 and `other` at 1,
    /// extrapolating outside 0...1); otherwise `self` below 0.5 and `other` from 0.5 on.
    public func interpolated(to other: BezierPath, fraction: Double) -> BezierPath {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        return pointwise(other) { $0.interpolated(to: $1, fraction: fraction) } ?? (fraction < 0.5 ? self : other)
    }

    /// The Euclidean norm of all the coordinate differences, in points, for paths of the same
    /// structure; between paths of different structure, the larger of the two paths' norms plus
    /// one (so that it is never 0 and a paced animation still gives the switch a span).
    public func animationDistance(to other: BezierPath) -> Double {
        if hasSameStructure(as: other) {
            let differences = zip(points, other.points).flatMap { [$0.x - $1.x, $0.y - $1.y] }
            return euclideanNorm(differences)
        }
        let norm = { (path: BezierPath) in euclideanNorm(path.points.flatMap { [$0.x, $0.y] }) }
        return Swift.max(norm(self), norm(other)) + 1
    }

    /// Whether every coordinate is finite.
    public var isFinite: Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
}
