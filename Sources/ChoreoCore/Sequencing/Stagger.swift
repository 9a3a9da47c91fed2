/// Delays that fan out over a list or a grid of items: GSAP's, anime.js's and Motion's
/// `stagger`, with the rules of issue 20.
///
///     let s = try Stagger(spread: .each(0.1), origin: .center)
///     s.delays(count: 5)          // [0.2, 0.1, 0, 0.1, 0.2]
///     s.delay(index: 0, count: 5) // 0.2
///
/// Item k (0-based) of n sits at P_k = (k mod columns, ⌊k / columns⌋); without a grid, columns
/// = n and rows = 1; with a grid, a missing `rows` is ⌈n / columns⌉ (and a missing `columns`
/// ⌈n / rows⌉). The origin O is item 0 (`start`, `random`), item n − 1 (`end`), the grid's
/// centre ((columns − 1)/2, (rows − 1)/2) (`center`, `edges`), item i − 1 (a 1-based `index`),
/// or a unit point (x·(columns − 1), y·(rows − 1)). D_k = |P_k − O| (only the x or y part with
/// an `axis`); `edges` uses max D − D_k. u_k = (D_k − min D)/(max D − min D), or 0 when all are
/// equal. The spread is `amount`, or `each` × (max D − min D): **`each` is seconds per unit of
/// distance** (anime.js and Motion; GSAP differs). A negative spread turns u into 1 − u and
/// uses its absolute value. delay_k = base + spread × curve(u_k). `random` permutes the `start`
/// delays by a Fisher–Yates shuffle driven by SplitMix64 seeded with `seed`, so the same
/// stagger gives the same order on every run and machine.
///
/// Contract: seconds in, seconds out; `delays(count:)` is O(n). A delay may be negative (a
/// negative `base`, a curve that undershoots): callers that need delays ≥ 0 clamp them.
public struct Stagger: Equatable, Sendable {
    /// How far the delays spread: a total, or seconds per unit of distance.
    public enum Spread: Sendable, Equatable {
        /// The last delay minus the first: seconds over the whole stagger.
        case amount(Double)
        /// Seconds per unit of distance between neighbouring items.
        case each(Double)
    }

    /// Where the stagger starts from.
    public enum Origin: Sendable, Equatable {
        case start, end, center, edges, random
        /// A 1-based item index.
        case index(Int)
        /// A point in the grid's unit square: (0, 0) the first item, (1, 1) the last corner.
        case point(x: Double, y: Double)
    }

    /// Distances along one axis of the grid only.
    public enum Axis: String, Sendable, CaseIterable {
        case x, y
    }

    public var spread: Spread
    public var origin: Origin
    /// Grid columns; nil: from `rows`, or every item in one row.
    public var columns: Int?
    /// Grid rows; nil: ⌈n / columns⌉ (one row without a grid).
    public var rows: Int?
    public var axis: Axis?
    /// Shapes u before it scales the spread (linear by default).
    public var curve: any TimingCurve
    /// Seconds added to every delay.
    public var base: Double
    /// The seed of the `random` order.
    public var seed: Int

    /// - Throws: `ArgumentError` for a non-finite spread or base, an index below 1, a point
    ///   component that is not finite, or rows or columns below 1.
    public init(
        spread: Spread = .each(0), origin: Origin = .start, columns: Int? = nil, rows: Int? = nil,
        axis: Axis? = nil, curve: any TimingCurve = CubicBezierCurve.linear, base: Double = 0, seed: Int = 1
    ) throws(ArgumentError) {
        switch spread {
        case .amount(let value): _ = try requireFinite(value, "amount")
        case .each(let value): _ = try requireFinite(value, "each")
        }
        switch origin {
        case .index(let index) where index < 1:
            throw ArgumentError(parameter: "from", requirement: "must be an item index ≥ 1", value: "\(index)")
        case .point(let x, let y):
            _ = try requireFinite(x, "from.x")
            _ = try requireFinite(y, "from.y")
        default: break
        }
        for (name, value) in [("grid.columns", columns), ("grid.rows", rows)] {
            if let value, value < 1 || value > Self.maximumCount {
                throw ArgumentError(parameter: name, requirement: "must be a whole number within 1...\(Self.maximumCount)", value: "\(value)")
            }
        }
        self.spread = spread
        self.origin = origin
        self.columns = columns
        self.rows = rows
        self.axis = axis
        self.curve = curve
        self.base = try requireFinite(base, "base")
        self.seed = seed
    }

    /// Staggers compare by value; their curves as `MotionTimingCurve` compares custom curves:
    /// Béziers by value, other curves only when they are the same object.
    public static func == (lhs: Stagger, rhs: Stagger) -> Bool {
        let sameCurve: Bool = if let a = lhs.curve.cubicBezier, let b = rhs.curve.cubicBezier {
            a == b
        } else {
            type(of: lhs.curve) is AnyClass && (lhs.curve as AnyObject) === (rhs.curve as AnyObject)
        }
        return sameCurve && lhs.spread == rhs.spread && lhs.origin == rhs.origin && lhs.columns == rhs.columns
            && lhs.rows == rhs.rows && lhs.axis == rhs.axis && lhs.base == rhs.base && lhs.seed == rhs.seed
    }

    /// The most items a stagger spreads over (a bound on the work and memory one call takes).
    public static let maximumCount = 100_000

    /// The delay of item `index` (0-based) of `count`, in seconds.
    public func delay(index: Int, count: Int) -> Double {
        guard index >= 0, index < count else { return base }
        if origin == .random { return delays(count: count)[index] }
        let geometry = Geometry(stagger: self, count: count)
        return geometry.delay(of: index)
    }

    /// The delays of items 0..<count, in seconds. Empty when `count` ≤ 0.
    public func delays(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let count = min(count, Self.maximumCount)
        let geometry = Geometry(stagger: self, count: count)
        var result = (0..<count).map(geometry.delay(of:))
        if origin == .random { shuffle(&result) }
        return result
    }

    /// Fisher–Yates, drawing from SplitMix64 seeded with `seed`.
    private func shuffle(_ values: inout [Double]) {
        var state = UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
        var index = values.count - 1
        while index > 0 {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            let unit = Double(ParticleRandom.mix(state) >> 11) * 0x1p-53
            let other = min(index, Int(unit * Double(index + 1)))
            values.swapAt(index, other)
            index -= 1
        }
    }

    /// The distances of one call: the grid, the origin, and the extremes of D.
    private struct Geometry {
        let stagger: Stagger
        let columns: Int
        let rows: Int
        let originX: Double
        let originY: Double
        let minimum: Double
        let maximum: Double

        init(stagger: Stagger, count: Int) {
            self.stagger = stagger
            let columns: Int
            let rows: Int
            switch (stagger.columns, stagger.rows) {
            case (let c?, let r?): (columns, rows) = (c, r)
            case (let c?, nil): (columns, rows) = (c, (count + c - 1) / c)
            case (nil, let r?): (columns, rows) = ((count + r - 1) / r, r)
            case (nil, nil): (columns, rows) = (count, 1)
            }
            self.columns = columns
            self.rows = rows
            func position(_ k: Int) -> (Double, Double) { (Double(k % columns), Double(k / columns)) }
            switch stagger.origin {
            case .start, .random: (originX, originY) = position(0)
            case .end: (originX, originY) = position(count - 1)
            case .center, .edges: (originX, originY) = (Double(columns - 1) / 2, Double(rows - 1) / 2)
            case .index(let i): (originX, originY) = position(i - 1)
            case .point(let x, let y): (originX, originY) = (x * Double(columns - 1), y * Double(rows - 1))
            }
            var minimum = Double.infinity
            var maximum = -Double.infinity
            // The extremes of D over every item.
            for k in 0..<count {
                let d = Self.distance(k, columns: columns, x: originX, y: originY, axis: stagger.axis)
                minimum = Swift.min(minimum, d)
                maximum = Swift.max(maximum, d)
            }
            self.minimum = minimum
            self.maximum = maximum
        }

        static func distance(_ k: Int, columns: Int, x: Double, y: Double, axis: Axis?) -> Double {
            let dx = Double(k % columns) - x
            let dy = Double(k / columns) - y
            switch axis {
            case .x: return abs(dx)
            case .y: return abs(dy)
            case nil: return (dx * dx + dy * dy).squareRoot()
            }
        }

        func delay(of k: Int) -> Double {
            let d = Self.distance(k, columns: columns, x: originX, y: originY, axis: stagger.axis)
            // `edges` measures max D − D_k, which runs over 0…(max D − min D): the same range.
            let fromMinimum = stagger.origin == .edges ? maximum - d : d - minimum
            let range = maximum - minimum
            var u = range > 0 ? fromMinimum / range : 0
            var spread: Double
            switch stagger.spread {
            case .amount(let amount): spread = amount
            case .each(let each): spread = each * range
            }
            if spread < 0 {
                u = 1 - u
                spread = -spread
            }
            return stagger.base + spread * stagger.curve.progress(at: u)
        }
    }
}
