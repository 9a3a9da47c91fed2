/// One particle alive at an instant, as `EmitterProperties.particles(atLocalTime:)` computes it.
public struct Particle: Hashable, Sendable {
    /// The index of its cell in `emitterCells`.
    public var cell: Int
    /// Its birth: the span of the layer's birth rate it was born in and its index there, and
    /// the layer time it was born at.
    public var span: Int
    public var index: Int
    public var birthTime: Double
    /// Seconds since its birth, and how long it lives.
    public var age: Double
    public var lifetime: Double
    /// Its center, in the emitter layer's bounds coordinates.
    public var position: Point
    public var scale: Double
    /// Radians turned since its birth.
    public var rotation: Double
    public var color: Color
}

/// The random numbers of particles: a pure function of the seed, the particle's identity (cell,
/// span, index) and which number of it is asked for, with no state, no clock and nothing
/// global. Each number is the SplitMix64 finalizer of its inputs packed into one word, a
/// well-mixed 64-bit hash; its top 53 bits make a number in [0, 1).
///
///     ParticleRandom.unit(seed: 7, cell: 0, span: 0, index: 12, stream: 3)   // the same every run
public enum ParticleRandom {
    public static func unit(seed: UInt32, cell: Int, span: Int, index: Int, stream: Int) -> Double {
        var x = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        x = mix(x ^ UInt64(truncatingIfNeeded: cell))
        x = mix(x ^ UInt64(truncatingIfNeeded: span))
        x = mix(x ^ UInt64(truncatingIfNeeded: index))
        x = mix(x ^ UInt64(truncatingIfNeeded: stream))
        return Double(x >> 11) * 0x1p-53
    }

    /// SplitMix64's output function (Steele, Lea and Flood, 2014).
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
