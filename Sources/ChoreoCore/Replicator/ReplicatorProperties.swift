/// A replicator layer's own properties (CAReplicatorLayer): how many copies of its sublayers it
/// draws, and how each copy differs from the one before it — in geometry, in time, in color.
///
/// Stored out of line (`LayerProperties.instancing`), so a plain layer does not grow. Defaults
/// are Core Animation's: one instance, no delay, the identity transform, an opaque white
/// instance color and offsets of 0.
///
///     var r = ReplicatorProperties()
///     r.instanceCount = 12
///     r.instanceTransform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
///     r.instanceDelay = 1.0 / 12
///     r.instance(3).delay                 // 0.25: copy 3 shows its sublayers a quarter second late
///
/// `instanceCount` and `preservesDepth` are not animatable (as in Core Animation); the rest are,
/// through `PropertyCatalogue.replicatorProperties`.
public struct ReplicatorProperties: Hashable, Sendable {
    /// How many copies are drawn, the sublayers themselves being copy 0. 0 draws none.
    public var instanceCount = 1
    /// Whether copies keep their depth (CATransformLayer's rules) instead of being flattened
    /// into the replicator's plane in copy order: true draws them back to front by the depth
    /// their accumulated instanceTransform gives the bounds' center (its z translation; +z
    /// toward the viewer), so a carousel's back copies are hidden behind its front ones.
    public var preservesDepth = false
    /// Seconds between copies: copy i shows its sublayers as they were i × instanceDelay earlier.
    public var instanceDelay = 0.0
    /// The transform that takes copy i−1 to copy i, about the center of the replicator's bounds.
    public var instanceTransform = Transform3D.identity
    /// The color that multiplies copy 0's pixels; each later copy adds the offsets once more.
    public var instanceColor = Color.white
    public var instanceRedOffset = 0.0
    public var instanceGreenOffset = 0.0
    public var instanceBlueOffset = 0.0
    public var instanceAlphaOffset = 0.0

    public init() {}

    /// The most copies one replicator draws: 1,000. Every copy is a snapshot of the sublayers'
    /// subtree each frame, so the count bounds the work and memory of drawing one replicator
    /// (the copies of nested replicators multiply).
    public static let maximumInstanceCount = 1_000

    /// A count from outside: an integer within 0...`maximumInstanceCount`.
    public static func checkedInstanceCount(_ value: Double, _ parameter: String = "instanceCount") throws(ArgumentError) -> Int {
        guard value.isFinite, value == value.rounded() else {
            throw ArgumentError(parameter: parameter, requirement: "must be a whole number", value: value)
        }
        guard value >= 0, value <= Double(maximumInstanceCount) else {
            throw ArgumentError(parameter: parameter, requirement: "must be within 0...\(maximumInstanceCount)", value: value)
        }
        return Int(value)
    }

    /// Copy `index` as the replicator draws it (`index` ≥ 0), about the bounds' `center`.
    ///
    /// - Complexity: O(index) (the transform's power); `instances` makes them all in O(count).
    public func instance(_ index: Int, boundsCenter center: Point = .zero) -> ReplicatorInstance {
        var power = Transform3D.identity
        for _ in 0..<index { power = power.concatenating(instanceTransform) }
        return instance(index, power: power, center: center)
    }

    /// Every copy, in drawing order: copy 0 first, at the back; with `preservesDepth`, back to
    /// front by `depth` (copies at equal depths in copy order).
    public func instances(boundsCenter center: Point = .zero) -> [ReplicatorInstance] {
        var result: [ReplicatorInstance] = []
        result.reserveCapacity(instanceCount)
        var power = Transform3D.identity
        for index in 0..<instanceCount {
            result.append(instance(index, power: power, center: center))
            power = power.concatenating(instanceTransform)
        }
        guard preservesDepth else { return result }
        return result.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
    }

    /// Copy `index`, given instanceTransform to the power `index`: the power applied about the
    /// center (translate the center to the origin, apply it, translate back; row vectors, so the
    /// leftmost factor applies first), the color with the offsets added `index` times (clamped
    /// to 0...1, as a color is), and `index` delays.
    private func instance(_ index: Int, power: Transform3D, center: Point) -> ReplicatorInstance {
        let i = Double(index)
        let transform = index == 0 ? Transform3D.identity
            : Transform3D(translationX: -center.x, y: -center.y, z: 0).concatenating(power)
                .concatenating(Transform3D(translationX: center.x, y: center.y, z: 0))
        let color = Color(red: instanceColor.red + i * instanceRedOffset, green: instanceColor.green + i * instanceGreenOffset,
                          blue: instanceColor.blue + i * instanceBlueOffset, alpha: instanceColor.alpha + i * instanceAlphaOffset)
        return ReplicatorInstance(index: index, transform: transform, accumulatedTransform: power, color: color.clamped,
                                  delay: i * instanceDelay)
    }

    /// The bytes a replicator is charged beyond a layer: per copy, the snapshot of its
    /// sublayers a frame takes (an estimate; the sublayers are charged on their own).
    public var estimatedHostBytes: Int { instanceCount * 256 }
}

/// One copy a replicator draws: where (a transform of the sublayers, in the replicator's bounds
/// coordinates), in what color (a multiplier of the copy's pixels, each component in 0...1) and
/// how late (seconds of the replicator's local time).
public struct ReplicatorInstance: Hashable, Sendable {
    public var index: Int
    /// The map from the copy's sublayer coordinates to the replicator's bounds coordinates:
    /// `accumulatedTransform` about the center of the bounds.
    public var transform: Transform3D
    /// instanceTransform applied `index` times (about the origin).
    public var accumulatedTransform: Transform3D
    public var color: Color
    public var delay: Double

    /// How far toward the viewer the copy's center sits: the z its accumulated transform moves
    /// the bounds' center to (a non-finite one counts as 0).
    public var depth: Double {
        let z = accumulatedTransform.m44 != 0 ? accumulatedTransform.m43 / accumulatedTransform.m44 : 0
        return z.isFinite ? z : 0
    }
}
