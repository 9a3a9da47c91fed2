/// An emitter layer's own properties (CAEmitterLayer): where particles are born, the cells that
/// say what they are, the factors that scale every cell, and the seed of their randomness.
///
/// Stored out of line (`LayerProperties.instancing`), so a plain layer does not grow. Defaults
/// are Core Animation's: a point emitter at (0, 0) of size zero in volume mode, every factor 1,
/// seed 0, no cells.
///
/// Particles are never stored: the particles alive at a time are a closed-form function of the
/// properties, the seed, each particle's index and birth time, and the time
/// (`particles(atLocalTime:)`), so scrubbing, `timeOffset` and any frame rate give the same
/// particles at the same instant.
public struct EmitterProperties: Hashable, Sendable {
    /// Where, about `emitterPosition`, particles are born (CAEmitterLayerEmitterShape). Choreo
    /// draws in a plane: a cuboid is born as its rectangle, a sphere as its circle.
    public enum Shape: String, CaseIterable, Sendable { case point, line, rectangle, cuboid, circle, sphere }
    /// Which part of the shape particles are born on (CAEmitterLayerEmitterMode).
    public enum Mode: String, CaseIterable, Sendable { case points, outline, surface, volume }

    /// A span of layer time from `start` on during which the layer's birth rate was `rate`
    /// (what setting `birthRate` while particles fly leaves behind).
    public struct BirthRateSpan: Hashable, Sendable {
        public var start: Double
        public var rate: Double

        /// The rate of `spans` (in time order) at `time`: the last span begun by then (the
        /// first before any has begun); 0 without spans.
        static func rate(in spans: [BirthRateSpan], at time: Double) -> Double {
            (spans.last { $0.start <= time } ?? spans.first)?.rate ?? 0
        }
    }

    public var emitterCells: [EmitterCell] = []
    /// The emitter's center, in the layer's bounds coordinates.
    public var emitterPosition = Point.zero
    /// The emitter's extent: a line's length is its width, a circle's diameter too.
    public var emitterSize = Size(width: 0, height: 0)
    public var emitterShape = Shape.point
    public var emitterMode = Mode.volume
    /// Factors of every cell's birth rate, lifetime, velocity, scale and spin.
    public var lifetime = 1.0
    public var velocity = 1.0
    public var scale = 1.0
    public var spin = 1.0
    /// The seed of every particle's random numbers: the same seed, the same particles.
    public var seed: UInt32 = 0
    /// The layer's birth rate factor over time: from local time 0 the first span's rate, then
    /// each later span's from its start. Setting `birthRate` in a running scene starts a span
    /// at the layer's time then (`Layer.setEmitterBirthRate`), so stopping an emitter lets the
    /// particles already born live out their lives.
    public var birthRateSpans = [BirthRateSpan(start: 0, rate: 1)]
    /// The animations of the emitter's properties that have been removed, for the births made
    /// under them (`EmitterHistory`); one per emitter, shared by its presentations' copies.
    let history = EmitterHistory()

    public init() {}

    public static func == (a: EmitterProperties, b: EmitterProperties) -> Bool {
        a.emitterCells == b.emitterCells && a.emitterPosition == b.emitterPosition && a.emitterSize == b.emitterSize
            && a.emitterShape == b.emitterShape && a.emitterMode == b.emitterMode && a.lifetime == b.lifetime
            && a.velocity == b.velocity && a.scale == b.scale && a.spin == b.spin && a.seed == b.seed
            && a.birthRateSpans == b.birthRateSpans  // the history is bookkeeping, not a property
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(emitterCells)
        hasher.combine(emitterPosition)
        hasher.combine(emitterSize)
        hasher.combine(seed)
        hasher.combine(birthRateSpans)
    }

    /// The layer's birth rate factor now (the last span's).
    public var birthRate: Double { birthRateSpans.last?.rate ?? 0 }

    /// Shows `rate` as the birth rate factor now (a presentation's animated value: the last
    /// span's rate; the spans before keep the births they made).
    mutating func presentBirthRate(_ rate: Double) {
        guard !birthRateSpans.isEmpty else { return birthRateSpans = [BirthRateSpan(start: 0, rate: rate)] }
        birthRateSpans[birthRateSpans.count - 1].rate = rate
    }

    /// The most particles one emitter keeps alive at once: 10,000. Checked when anything that
    /// sets the number changes (`requireParticleBudget`): Σ over cells of the highest birth
    /// rate × the longest lifetime, each with the layer's factors.
    public static let maximumLiveParticles = 10_000
    /// The highest birth rate a cell or a layer takes: 1e6 per second.
    public static let maximumBirthRate = 1e6
    /// The most cells one emitter holds, and the most birth rate changes it remembers.
    public static let maximumCells = 100
    public static let maximumBirthRateSpans = 1_000

    /// The most particles the properties can keep alive at once (an upper bound, rounded up).
    public var liveParticleBound: Double {
        emitterCells.filter(\.isEnabled).reduce(0) { total, cell in
            let rate = birthSpans(of: cell).map(\.rate).max() ?? 0
            return total + (rate * cell.longestLifetime * lifetime).rounded(.up) + 1
        }
    }

    /// Throws unless `liveParticleBound` is within `maximumLiveParticles`, naming `call`.
    public func requireParticleBudget(_ call: String) throws(ArgumentError) {
        let bound = liveParticleBound
        guard bound <= Double(Self.maximumLiveParticles) else {
            throw ArgumentError(
                parameter: call,
                requirement: "would keep up to \(formatNumber(bound)) particles alive (each cell's birthRate × lifetime, "
                    + "with the layer's birthRate and lifetime); the most is \(Self.maximumLiveParticles)",
                value: emitterCells.count == 1 ? "1 cell" : "\(emitterCells.count) cells")
        }
    }

    /// The bytes an emitter is charged beyond a layer: its cells, and 96 per particle it can
    /// keep alive (what a frame's particle list holds).
    public var estimatedHostBytes: Int {
        emitterCells.reduce(0) { $0 + $1.estimatedHostBytes } + Int(min(liveParticleBound, 1e7)) * 96
            + birthRateSpans.count * 16 + history.estimatedHostBytes
    }
}
