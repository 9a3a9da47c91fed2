/// The fuzzer's random source: SplitMix64, so a seed gives the same scripts on every machine and
/// every run (Swift's own generators are seeded per process).
public struct FuzzRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The seed of script `index` of a batch seeded `seed`: scripts of one batch are independent,
    /// so any one of them can be regenerated (and replayed) alone.
    public static func scriptSeed(batch seed: UInt64, index: Int) -> UInt64 {
        var mixer = FuzzRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    /// One of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index into `weights`, each chosen in proportion to its weight.
    public mutating func weighted(_ weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
