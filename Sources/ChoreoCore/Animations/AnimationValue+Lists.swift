/// Arithmetic on list values (`.colors`, `.numbers`: a gradient's `colors` and `locations`).
///
/// Lists of the same length work element by element, so animating `locations` from
/// `{-0.4, -0.2, 0}` to `{1, 1.2, 1.4}` moves every stop at once:
///
///     AnimationValue.numbers([0, 1]).interpolated(to: .numbers([1, 3]), fraction: 0.5)  // [0.5, 2]
///
/// An empty list is the additive identity (`zero`) of every length: it acts as a list of zeros as
/// long as the other operand, so additive animations (`from − model` to `zero`) work on lists.
///
/// Lists of different lengths have no element-wise meaning. Core Animation does not blend them
/// (a `colors` animation from two colors to three jumps); Apple does not say when, so Choreo
/// follows the W3C Web Animations rule for values that cannot be interpolated ("discrete"): the
/// first value before the halfway point, the second from it on (fraction ≥ 0.5). Their sum and
/// difference are the left operand, their velocity zero, and their distance that of the padded lists.
extension AnimationValue {
    /// The most elements a list value holds: 256, enough for any gradient (CSS gradients rarely
    /// pass a dozen stops) and few enough that interpolating ten thousand gradient layers' lists
    /// each frame stays cheap. `requireFinite(_:_:)` enforces it where values enter.
    public static let maximumListCount = 256

    /// The elements as numbers: each color's r, g, b, a in turn, or the numbers; nil for a kind
    /// that is no list.
    var listEntries: [Double]? {
        switch self {
        case let .colors(colors): colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case let .numbers(numbers): numbers
        default: nil
        }
    }

    /// The heap bytes a list's elements take (0 for other kinds): what animations holding lists
    /// are charged beyond their values (`Animation.estimatedHostBytes`).
    public var listHostBytes: Int {
        switch self {
        case let .colors(colors): colors.count * MemoryLayout<Color>.stride
        case let .numbers(numbers): numbers.count * MemoryLayout<Double>.stride
        default: 0
        }
    }

    /// How many elements a list holds (0 for other kinds).
    public var listCount: Int {
        switch self {
        case let .colors(colors): colors.count
        case let .numbers(numbers): numbers.count
        default: 0
        }
    }

    /// The list of the same kind made of `entries` (four per color).
    private func withListEntries(_ entries: [Double]) -> AnimationValue {
        guard case .colors = self else { return .numbers(entries) }
        return .colors(stride(from: 0, to: entries.count - 3, by: 4).map {
            Color(red: entries[$0], green: entries[$0 + 1], blue: entries[$0 + 2], alpha: entries[$0 + 3])
        })
    }

    /// The two lists' entries, an empty one padded with zeros to the other's length; nil when
    /// both hold elements and their lengths differ.
    private func pairedEntries(_ other: AnimationValue) -> ([Double], [Double])? {
        guard var a = listEntries, var b = other.listEntries else { return nil }
        if a.isEmpty { a = Array(repeating: 0, count: b.count) }
        if b.isEmpty { b = Array(repeating: 0, count: a.count) }
        return a.count == b.count ? (a, b) : nil
    }

    /// Element-wise interpolation; lists of different lengths switch at the halfway point.
    @usableFromInline
    func listInterpolated(to other: AnimationValue, fraction: Double) -> AnimationValue {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        guard let (a, b) = pairedEntries(other) else { return fraction < 0.5 ? self : other }
        let kind = listCount == 0 ? other : self
        return kind.withListEntries(zip(a, b).map { $0.interpolated(to: $1, fraction: fraction) })
    }

    /// `lhs` and `rhs` combined element by element with `op`; the left operand when the lengths
    /// differ.
    @usableFromInline
    func listCombined(_ rhs: AnimationValue, _ op: (Double, Double) -> Double) -> AnimationValue {
        guard let (a, b) = pairedEntries(rhs) else { return self }
        if a.isEmpty { return self }
        let kind = listCount == 0 ? rhs : self
        return kind.withListEntries(zip(a, b).map(op))
    }

    /// The Euclidean distance between the lists' entries, the shorter padded with zeros.
    @usableFromInline
    func listDistance(to other: AnimationValue) -> Double {
        guard let a = listEntries, let b = other.listEntries else { return 0 }
        var sum = 0.0
        for i in 0..<max(a.count, b.count) {
            let d = (i < a.count ? a[i] : 0) - (i < b.count ? b[i] : 0)
            sum += d * d
        }
        return sum.squareRoot()
    }

    /// Entry-by-entry `combine` for velocities (`AnimationValue+Rates`): lists of different
    /// lengths jump, so their rate is zero (a list of zeros as long as `self`).
    func listEntrywise(_ other: AnimationValue, _ combine: (Double, Double) -> Double) -> AnimationValue {
        guard let (a, b) = pairedEntries(other) else {
            return withListEntries(Array(repeating: 0, count: listEntries?.count ?? 0))
        }
        let kind = listCount == 0 ? other : self
        return kind.withListEntries(zip(a, b).map(combine))
    }
}
