/// The particles alive at an instant while the emitter's `birthRate` or `lifetime` animates.
///
/// A constant birth rate puts births on a closed-form grid (`particles(atLocalTime:atBirth:)`).
/// An animated one has no closed form, so its births are counted: the layer's time is cut into
/// steps of `birthStep` (1/240 s) from 0, each step births at its midpoint's rate (the presented
/// layer factor × the cell's rate then: exact for a rate that changes linearly), and particle k of a cell is born where the count reaches
/// k, within its step: b = step start + (k − count at the start) / rate. The steps are in the
/// layer's time, not frames, so every frame rate, scrubbing and `timeOffset` give the same
/// particles; a constant rate gives the births of the closed form (k / rate).
///
/// A particle takes the factors presented at its birth, its lifetime factor too; particles born
/// up to the longest lifetime any step presents may be alive. A rate that would keep more than
/// `maximumLiveParticles` of one cell alive is held at that many (an animation's values are not
/// checked as a set value is), and no more than that many are returned in all.
extension EmitterProperties {
    /// The step an animated birth rate is counted in: 1/240 s of the layer's time.
    public static let birthStep = 1.0 / 240

    /// The particles alive at the layer's local time `t`, counting births step by step.
    ///
    /// - Parameter presented: the emitter's presented properties at a layer time, with its
    ///   `birthRate` the layer factor then.
    public func particles(atLocalTime t: Double, integrating presented: (Double) -> EmitterProperties) -> [Particle] {
        guard t >= 0, t.isFinite else { return [] }
        let h = Self.birthStep
        let steps = Int(min(t / h, 1e7).rounded(.down)) + 1
        let factors = history.stepFactors(steps, presented: presented)
        let longestFactor = factors.reduce(0) { max($0, $1.lifetime) }
        var result: [Particle] = []
        for (cellIndex, cell) in emitterCells.enumerated() where cell.isEnabled {
            let window = cell.longestLifetime * longestFactor
            guard window > 0 else { continue }
            let cellSpans = cell.birthRateSpans.isEmpty ? [BirthRateSpan(start: 0, rate: cell.birthRate)] : cell.birthRateSpans
            var count = 0.0
            for (step, at) in factors.enumerated() {
                let start = Double(step) * h
                let lifeBound = cell.longestLifetime * at.lifetime
                var rate = max(0, at.birthRate) * BirthRateSpan.rate(in: cellSpans, at: start + h / 2)
                if lifeBound > 0 { rate = min(rate, Double(Self.maximumLiveParticles) / lifeBound) }
                rate = min(rate, Self.maximumBirthRate)
                guard rate > 0, rate.isFinite else { continue }
                let next = count + rate * h
                defer { count = next }
                guard start + h > t - window else { continue }
                var k = count.rounded(.up)
                while k < next {
                    let birth = start + (k - count) / rate
                    guard birth <= t else { break }
                    if t - birth < window, result.count < Self.maximumLiveParticles,
                       let particle = presented(birth).particle(cell, cellIndex, 0, Int(k), birth: birth, at: t, seed: seed) {
                        result.append(particle)
                    }
                    k += 1
                }
            }
        }
        return result
    }
}
