/// One kind of particle an emitter layer emits (CAEmitterCell): how often, for how long, how
/// fast and where to, how it turns, grows and changes color, and what it looks like.
///
/// Every "range" widens its value by a random amount within ± the range, drawn once per
/// particle from the emitter's seeded generator (`ParticleRandom`); every "speed" changes its
/// value per second of the particle's age. Defaults are Core Animation's: no births, no life,
/// no motion, scale 1, an opaque white color, enabled, no contents.
///
///     var confetti = EmitterCell(name: "confetti")
///     confetti.birthRate = 40          // particles per second (× the layer's birthRate)
///     confetti.lifetime = 4            // seconds (× the layer's lifetime), ± lifetimeRange
///     confetti.velocity = 150          // points per second along emissionLongitude ± emissionRange
///     confetti.yAcceleration = 120     // points per second², downwards (the layer's y grows down)
///     confetti.contents = .shape(BezierPath(rect: Rect(x: 0, y: 0, width: 8, height: 4)))
public struct EmitterCell: Hashable, Sendable {
    /// What a particle draws, centered on its position: a PNG image (its pixel size divided by
    /// `contentsScale`, tinted by the particle's color), or a path filled with the color (its
    /// bounding box centered). Core Animation draws nothing without contents; so does Choreo.
    public enum Contents: Hashable, Sendable {
        case none
        case image(path: String)
        case shape(BezierPath)
    }

    public var name: String?
    public var isEnabled = true
    /// Particles per second.
    public var birthRate = 0.0
    /// Seconds a particle lives, ± `lifetimeRange`.
    public var lifetime = 0.0
    public var lifetimeRange = 0.0
    /// Points per second, ± `velocityRange`, in the direction `emissionLongitude` ± `emissionRange`
    /// (radians from the x axis towards y: π/2 points down the screen).
    public var velocity = 0.0
    public var velocityRange = 0.0
    public var emissionLongitude = 0.0
    public var emissionRange = 0.0
    /// Points per second², added to the velocity over a particle's age.
    public var xAcceleration = 0.0
    public var yAcceleration = 0.0
    /// Radians per second, ± `spinRange`.
    public var spin = 0.0
    public var spinRange = 0.0
    /// The size factor of the contents, ± `scaleRange`, changing by `scaleSpeed` per second.
    public var scale = 1.0
    public var scaleRange = 0.0
    public var scaleSpeed = 0.0
    /// The particle's color (multiplies its contents), each component ± its range and changing
    /// by its speed per second; clamped to 0...1.
    public var color = Color.white
    public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
    public var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0
    public var contents = Contents.none
    /// Image pixels per point of an image's contents.
    public var contentsScale = 1.0
    /// The cell's birth rate over the layer's time, when it was changed while the emitter ran
    /// (`Layer.setEmitterCellValue`, Core Animation's `emitterCells.<name>.birthRate`): the
    /// particles born before a change live on. Empty: `birthRate` throughout.
    public var birthRateSpans: [EmitterProperties.BirthRateSpan] = []

    public init(name: String? = nil) { self.name = name }

    /// The numbers of a cell, by the name scripts use, for checks and bindings.
    public static let numberNames = [
        "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "emissionLongitude", "emissionRange",
        "xAcceleration", "yAcceleration", "spin", "spinRange", "scale", "scaleRange", "scaleSpeed",
        "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed",
        "contentsScale",
    ]

    /// The number named `name` (one of `numberNames`).
    public subscript(number name: String) -> Double? {
        get {
            switch name {
            case "birthRate": birthRate
            case "lifetime": lifetime
            case "lifetimeRange": lifetimeRange
            case "velocity": velocity
            case "velocityRange": velocityRange
            case "emissionLongitude": emissionLongitude
            case "emissionRange": emissionRange
            case "xAcceleration": xAcceleration
            case "yAcceleration": yAcceleration
            case "spin": spin
            case "spinRange": spinRange
            case "scale": scale
            case "scaleRange": scaleRange
            case "scaleSpeed": scaleSpeed
            case "redRange": redRange
            case "greenRange": greenRange
            case "blueRange": blueRange
            case "alphaRange": alphaRange
            case "redSpeed": redSpeed
            case "greenSpeed": greenSpeed
            case "blueSpeed": blueSpeed
            case "alphaSpeed": alphaSpeed
            case "contentsScale": contentsScale
            default: nil
            }
        }
    }

    /// Sets the number named `name`, checked: finite (and within ±1e15) everywhere; ≥ 0 for
    /// rates, lifetimes and ranges of them; > 0 for `contentsScale`; a birth rate of at most
    /// `EmitterProperties.maximumBirthRate`.
    public mutating func setNumber(_ value: Double, named name: String) throws(ArgumentError) {
        var v = try requireFinite(value, name)
        switch name {
        case "birthRate":
            v = try requireNonNegative(v, name)
            birthRate = try requireMagnitude(v, name, limit: EmitterProperties.maximumBirthRate)
        case "lifetime": lifetime = try requireNonNegative(v, name)
        case "lifetimeRange": lifetimeRange = try requireNonNegative(v, name)
        case "velocity": velocity = v
        case "velocityRange": velocityRange = try requireNonNegative(v, name)
        case "emissionLongitude": emissionLongitude = v
        case "emissionRange": emissionRange = try requireNonNegative(v, name)
        case "xAcceleration": xAcceleration = v
        case "yAcceleration": yAcceleration = v
        case "spin": spin = v
        case "spinRange": spinRange = try requireNonNegative(v, name)
        case "scale": scale = v
        case "scaleRange": scaleRange = try requireNonNegative(v, name)
        case "scaleSpeed": scaleSpeed = v
        case "redRange": redRange = try requireNonNegative(v, name)
        case "greenRange": greenRange = try requireNonNegative(v, name)
        case "blueRange": blueRange = try requireNonNegative(v, name)
        case "alphaRange": alphaRange = try requireNonNegative(v, name)
        case "redSpeed": redSpeed = v
        case "greenSpeed": greenSpeed = v
        case "blueSpeed": blueSpeed = v
        case "alphaSpeed": alphaSpeed = v
        case "contentsScale": contentsScale = try requirePositive(v, name)
        default:
            throw ArgumentError(parameter: name, requirement: "is not a number of EmitterCell (\(Self.numberNames.joined(separator: ", ")))",
                                value: formatNumber(value))
        }
    }

    /// The longest a particle of this cell can live, in the cell's own seconds.
    var longestLifetime: Double { lifetime + lifetimeRange }

    /// The bytes the cell holds (its name, its path's elements), for memory charges.
    public var estimatedHostBytes: Int {
        var bytes = 512 + (name?.utf8.count ?? 0)
        switch contents {
        case .none: break
        case .image(let path): bytes += path.utf8.count
        case .shape(let shape): bytes += shape.elements.count * MemoryLayout<BezierPath.Element>.stride
        }
        return bytes
    }
}
