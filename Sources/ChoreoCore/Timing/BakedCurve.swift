/// A curve sampled once into a monotone cubic (`MonotoneCubicCurve`), keeping the duration the
/// sampled curve declared: what `Timing.register(name, fn, { bake = N })` and a plugin provider's
/// `bake = N` make of a Lua function, so that it costs about as much per frame as a native curve.
///
///     let smoothstep = try BakedCurve(baking: someCurve, samples: 256)
///     smoothstep.progress(at: 0.3)   // within about 1e-4 of someCurve.progress(at: 0.3)
///     smoothstep.duration            // someCurve.duration
///
/// Why keep the duration: a provider may declare one (`duration = 2`), and it still decides how
/// long an animator or an animation using the baked curve lasts. The table alone has none.
///
/// Contract: the samples are taken at `samples + 1` evenly spaced t in 0...1 with `progress(at:)`
/// (so a curve's exact endpoint 1 is sampled at t = 1); `samples` within 2...100,000; every
/// sample finite. A curve whose shape depends on the duration (`resolved(forDuration:)`) is baked
/// as it is, unresolved: the table is fixed once made.
public struct BakedCurve: TimingCurve, Hashable {
    /// The sampled progress.
    public let table: MonotoneCubicCurve
    /// The sampled curve's own duration in seconds, or nil when it takes the animation's.
    public let duration: Double?

    /// A baked curve from a table sampled elsewhere (a plugin samples its Lua function itself).
    public init(table: MonotoneCubicCurve, duration: Double?) {
        self.table = table
        self.duration = duration
    }

    /// `curve` sampled at `samples + 1` points, keeping its `duration`.
    ///
    /// - Throws: `ArgumentError` for a sample count outside 2...100,000 or a non-finite sample.
    public init(baking curve: any TimingCurve, samples: Int) throws {
        let table = try MonotoneCubicCurve(samples: samples) { t in curve.progress(at: t) }
        self.init(table: table, duration: curve.duration)
    }

    public func progress(within t: Double) -> Double { table.progress(within: t) }
    public func velocity(within t: Double) -> Double? { table.velocity(within: t) }
}
