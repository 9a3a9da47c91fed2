import RealModule

/// The particles alive at an instant, in closed form.
///
/// A cell's particles are born on a fixed grid of the layer's time: within each span of the
/// layer's birth rate (from its start s, at r = cell birthRate × layer rate per second) particle
/// k is born at b = s + k / r (k ≥ 0 in the first span, k ≥ 1 in later ones, up to the next
/// span's start). Everything else about it is drawn once from its random numbers
/// (`ParticleRandom`, keyed by seed, cell, span and k) and moves in closed form with its age
/// a = t − b:
///
///     lifetime   L = max(0, lifetime ± lifetimeRange) × layer.lifetime        alive while a < L
///     position   p = p₀ + v (cos θ, sin θ) a + ½ (xAcceleration, yAcceleration) a²
///                    p₀ on the emitter's shape and mode; θ = emissionLongitude ± emissionRange;
///                    v = (velocity ± velocityRange) × layer.velocity
///     scale      ((scale ± scaleRange) + scaleSpeed a) × layer.scale, at least 0
///     rotation   (spin ± spinRange) × layer.spin × a
///     color      each component (± its range) + its speed × a, clamped to 0...1
///
/// where "x ± r" is x + r (2u − 1) for one of the particle's uniform numbers u, and the
/// emitter's position, size and velocity, scale and spin factors are theirs at the particle's
/// birth (`atBirth`: animations of them move where new particles are born, not the particles
/// already flying, as in Core Animation). Nothing
/// depends on the frames before: the same time gives the same particles at 30 or 60 frames per
/// second, scrubbed or played.
extension EmitterProperties {
    /// The particles alive at the layer's local time `t`, cell by cell, oldest first. None
    /// before time 0 (the emitter starts at its layer's time 0: set the layer's `beginTime` to
    /// start it later, as in Core Animation).
    ///
    /// - Parameter atBirth: the emitter's presented properties at a layer time (a birth);
    ///   nil when nothing animates them (these properties then hold at every birth).
    public func particles(atLocalTime t: Double, atBirth: ((Double) -> EmitterProperties)? = nil) -> [Particle] {
        guard t >= 0, t.isFinite else { return [] }
        var result: [Particle] = []
        for (cellIndex, cell) in emitterCells.enumerated() where cell.isEnabled {
            let longest = cell.longestLifetime * lifetime
            guard longest > 0 else { continue }
            let spans = birthSpans(of: cell)
            for (spanIndex, span) in spans.enumerated() {
                let rate = span.rate
                guard rate > 0, span.start <= t else { continue }
                let end = spanIndex + 1 < spans.count ? spans[spanIndex + 1].start : Double.infinity
                // Births in (start, min(end, t)] (the first span's from its start, inclusive: a
                // change of rate at an instant leaves a birth at that instant to the span before)
                // and after t − longest.
                let first = max(spanIndex == 0 ? 0 : 1, ((t - longest - span.start) * rate).rounded(.up))
                var last = ((t - span.start) * rate).rounded(.down)
                if end.isFinite { last = min(last, ((end - span.start) * rate).rounded(.down)) }
                guard first <= last else { continue }
                for k in Int(first)...Int(last) {
                    let birth = span.start + Double(k) / rate
                    guard birth <= end, birth <= t else { continue }
                    let source = atBirth?(birth) ?? self
                    if let particle = source.particle(cell, cellIndex, spanIndex, k, birth: birth, at: t, seed: seed) {
                        result.append(particle)
                    }
                }
            }
        }
        return result
    }

    /// Whether particles may be alive at the layer's local time `t` or later: a span with births
    /// has begun and its last particle (born by the span's end) may outlive `t`. Cheap: what
    /// keeps a run going is asked every frame.
    public func mayHaveParticles(atOrAfterLocalTime t: Double) -> Bool {
        emitterCells.contains { cell in
            let longest = cell.longestLifetime * lifetime
            guard cell.isEnabled, longest > 0 else { return false }
            let spans = birthSpans(of: cell)
            return spans.indices.contains { index in
                let end = index + 1 < spans.count ? spans[index + 1].start : Double.infinity
                return spans[index].rate > 0 && end + longest > t
            }
        }
    }

    /// The births of `cell`: spans of the layer's time, each at the cell's rate times the
    /// layer's. The layer's changes and the cell's, merged in time order; both happen at the
    /// time they are made, later than every earlier one, so a change appends a span and leaves
    /// the indices of the earlier spans (part of each particle's identity) as they were.
    func birthSpans(of cell: EmitterCell) -> [BirthRateSpan] {
        let cellSpans = cell.birthRateSpans.isEmpty ? [BirthRateSpan(start: 0, rate: cell.birthRate)] : cell.birthRateSpans
        return Set(birthRateSpans.map(\.start) + cellSpans.map(\.start)).sorted().map { start in
            BirthRateSpan(start: start, rate: BirthRateSpan.rate(in: birthRateSpans, at: start) * BirthRateSpan.rate(in: cellSpans, at: start))
        }
    }

    /// Particle `k` of `cell` born at `birth` in span `span`, at time `t`; nil once it has died.
    /// (`self` holds the emitter's properties at the birth, its factors included; the seed is
    /// the emitter's now.)
    func particle(_ cell: EmitterCell, _ cellIndex: Int, _ span: Int, _ k: Int, birth: Double, at t: Double,
                          seed: UInt32) -> Particle? {
        func u(_ stream: Int) -> Double { ParticleRandom.unit(seed: seed, cell: cellIndex, span: span, index: k, stream: stream) }
        func spread(_ value: Double, _ range: Double, _ stream: Int) -> Double { value + range * (2 * u(stream) - 1) }
        let age = t - birth
        let life = max(0, spread(cell.lifetime, cell.lifetimeRange, 0)) * lifetime
        guard age < life else { return nil }
        let origin = birthPosition(u(1), u(2))
        let angle = spread(cell.emissionLongitude, cell.emissionRange, 3)
        let speed = spread(cell.velocity, cell.velocityRange, 4) * velocity
        let position = Point(x: origin.x + speed * Double.cos(angle) * age + 0.5 * cell.xAcceleration * age * age,
                             y: origin.y + speed * Double.sin(angle) * age + 0.5 * cell.yAcceleration * age * age)
        let particleScale = max(0, (spread(cell.scale, cell.scaleRange, 5) + cell.scaleSpeed * age) * scale)
        let rotation = spread(cell.spin, cell.spinRange, 6) * spin * age
        let c = cell.color
        let color = Color(red: spread(c.red, cell.redRange, 7) + cell.redSpeed * age,
                          green: spread(c.green, cell.greenRange, 8) + cell.greenSpeed * age,
                          blue: spread(c.blue, cell.blueRange, 9) + cell.blueSpeed * age,
                          alpha: spread(c.alpha, cell.alphaRange, 10) + cell.alphaSpeed * age).clamped
        return Particle(cell: cellIndex, span: span, index: k, birthTime: birth, age: age, lifetime: life,
                        position: position, scale: particleScale, rotation: rotation, color: color)
    }

    /// Where a particle is born, from two uniform numbers: on the shape about `emitterPosition`
    /// (a line along x of length `emitterSize.width`; a rectangle of `emitterSize`; a circle of
    /// diameter `emitterSize.width`), on the part the mode names — the whole shape for volume
    /// and surface, its edge for outline (a line's two ends), its corners for points (a line's
    /// ends, a circle's center).
    func birthPosition(_ u1: Double, _ u2: Double) -> Point {
        let c = emitterPosition, w = emitterSize.width, h = emitterSize.height
        switch emitterShape {
        case .point:
            return c
        case .line:
            if emitterMode == .outline || emitterMode == .points { return Point(x: c.x + (u1 < 0.5 ? -w / 2 : w / 2), y: c.y) }
            return Point(x: c.x + w * (u1 - 0.5), y: c.y)
        case .rectangle, .cuboid:
            switch emitterMode {
            case .volume, .surface:
                return Point(x: c.x + w * (u1 - 0.5), y: c.y + h * (u2 - 0.5))
            case .points:
                let corner = min(Int(u1 * 4), 3)
                return Point(x: c.x + (corner % 2 == 0 ? -w / 2 : w / 2), y: c.y + (corner < 2 ? -h / 2 : h / 2))
            case .outline:
                var d = u1 * 2 * (w + h)
                if d < w { return Point(x: c.x - w / 2 + d, y: c.y - h / 2) }
                d -= w
                if d < h { return Point(x: c.x + w / 2, y: c.y - h / 2 + d) }
                d -= h
                if d < w { return Point(x: c.x + w / 2 - d, y: c.y + h / 2) }
                return Point(x: c.x - w / 2, y: c.y + h / 2 - (d - w))
            }
        case .circle, .sphere:
            let radius = w / 2
            switch emitterMode {
            case .points: return c
            case .outline: return Point(x: c.x + radius * Double.cos(2 * .pi * u1), y: c.y + radius * Double.sin(2 * .pi * u1))
            case .volume, .surface:
                let r = radius * u1.squareRoot()
                return Point(x: c.x + r * Double.cos(2 * .pi * u2), y: c.y + r * Double.sin(2 * .pi * u2))
            }
        }
    }
}
