/// Entry-by-entry arithmetic for velocities: a velocity is a rate of change of each number of a
/// value (a point's x and y, a color's r, g, b and a, a transform's 16 entries), not a value to
/// compose, so transforms subtract and scale entrywise here rather than by concatenation.
extension AnimationValue {
    /// `(other − self) / interval`, entry by entry: the mean rate of change from `self` to `other`.
    func rate(to other: AnimationValue, over interval: Double) -> AnimationValue {
        entrywise(other) { a, b in (b - a) / interval }
    }

    /// Each entry times `k`.
    func scaledEntries(by k: Double) -> AnimationValue {
        entrywise(self) { a, _ in a * k }
    }

    /// Each entry plus the other's.
    func addingEntries(_ other: AnimationValue) -> AnimationValue {
        entrywise(other) { a, b in a + b }
    }

    private func entrywise(_ other: AnimationValue, _ combine: (Double, Double) -> Double) -> AnimationValue {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(combine(a, b))
        case let (.point(a), .point(b)): return .point(Point(x: combine(a.x, b.x), y: combine(a.y, b.y)))
        case let (.size(a), .size(b)): return .size(Size(width: combine(a.width, b.width), height: combine(a.height, b.height)))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: combine(a.origin.x, b.origin.x), y: combine(a.origin.y, b.origin.y),
                              width: combine(a.size.width, b.size.width), height: combine(a.size.height, b.size.height)))
        case let (.color(a), .color(b)):
            return .color(Color(red: combine(a.red, b.red), green: combine(a.green, b.green),
                                blue: combine(a.blue, b.blue), alpha: combine(a.alpha, b.alpha)))
        case let (.transform(a), .transform(b)):
            return .transform(Transform3D(entries: zip(a.entries, b.entries).map(combine)))
        case let (.path(a), .path(b)):
            return .path(a.pointwise(b) { Point(x: combine($0.x, $1.x), y: combine($0.y, $1.y)) } ?? a)
        case (.colors, .colors), (.numbers, .numbers): return listEntrywise(other, combine)
        default: return self
        }
    }

    /// The zero velocity of a value of `kind`: every entry 0 (a transform's too, not the identity).
    static func zeroRate(_ kind: ValueKind) -> AnimationValue {
        kind == .transform ? .transform(Transform3D(entries: Array(repeating: 0, count: 16))) : .zero(kind)
    }
}
