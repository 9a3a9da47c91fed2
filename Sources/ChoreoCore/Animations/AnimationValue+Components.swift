/// An animation value as a list of numbers, each with its name: what traces write and what the
/// finiteness checks look at.
///
///     AnimationValue.point(Point(x: 1, y: 2)).components      // [1, 2]
///     AnimationValue.point(Point(x: 1, y: 2)).componentNames  // ["x", "y"]
extension AnimationValue {
    /// The field names of compound values; empty for scalars, transforms, paths and lists (whose
    /// numbers are written as an array: a path's are the x and y of each of its `points`, a list
    /// of colors the r, g, b, a of each color in turn).
    public var componentNames: [String] {
        switch self {
        case .scalar, .transform, .path: []
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["x", "y", "width", "height"]
        case .color: ["r", "g", "b", "a"]
        case .colors, .numbers: []
        }
    }

    /// The numbers, in `componentNames` order; a transform gives `[a, b, c, d, tx, ty]` when it is
    /// affine, else its 16 entries m11…m44.
    public var components: [Double] {
        switch self {
        case let .scalar(v): [v]
        case let .point(p): [p.x, p.y]
        case let .size(s): [s.width, s.height]
        case let .rect(r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case let .color(c): [c.red, c.green, c.blue, c.alpha]
        case let .transform(t):
            if let affine = t.affine { [affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty] } else { t.entries }
        case let .path(path): path.points.flatMap { [$0.x, $0.y] }
        case .colors, .numbers: listEntries ?? []
        }
    }

    /// Whether every number is within ±1e15 (``NumberLimits/magnitude``), checked without
    /// listing them for the common kinds.
    var isWithinMagnitude: Bool {
        let limit = NumberLimits.magnitude
        switch self {
        case let .scalar(v): return abs(v) <= limit
        case let .point(p): return abs(p.x) <= limit && abs(p.y) <= limit
        case let .size(s): return abs(s.width) <= limit && abs(s.height) <= limit
        case let .rect(r):
            return abs(r.origin.x) <= limit && abs(r.origin.y) <= limit && abs(r.size.width) <= limit
                && abs(r.size.height) <= limit
        default: return namedComponents.allSatisfy { abs($0.1) <= limit }
        }
    }

    /// Each number with the name messages give it: `""` for a scalar, `x`, `width`, `r`, and
    /// `m11`…`m44` for a transform's entries (all 16, affine or not), `[2].r` and `[3]` for a
    /// list's.
    public var namedComponents: [(String, Double)] {
        switch self {
        case let .transform(t):
            let names = (1...4).flatMap { row in (1...4).map { column in "m\(row)\(column)" } }
            return Array(zip(names, t.entries))
        case .scalar(let v): return [("", v)]
        case let .path(path):
            return path.points.enumerated().flatMap { index, point in [("p\(index + 1).x", point.x), ("p\(index + 1).y", point.y)] }
        case let .colors(colors):
            let names = colors.indices.flatMap { i in ["r", "g", "b", "a"].map { "[\(i + 1)].\($0)" } }
            return Array(zip(names, components))
        case let .numbers(numbers): return numbers.enumerated().map { ("[\($0.offset + 1)]", $0.element) }
        default: return Array(zip(componentNames, components))
        }
    }
}
