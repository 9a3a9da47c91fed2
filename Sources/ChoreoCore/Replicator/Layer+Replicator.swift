/// A replicator's copies, and the one evaluator sampled at a shifted time.
///
/// Copy i of a replicator shows its sublayers as they were i × instanceDelay seconds earlier
/// (in the replicator's time). The sublayers are one set of layers with one set of animations,
/// so a copy's values are not stored anywhere: they are the presentation of the same layers at
/// another time, composed by the evaluator's general kernel (`GeneralRow.compose`, the function
/// the effect stack's general rows, velocity and view animation blocks use) from the same
/// lowered effects. Time is shifted where it enters the copied subtree: the replicator's time
/// mapping is followed by a shift of −delay, and every layer below composes its own timing onto
/// that, exactly as `timeMapping` does for the live tree.
///
///     let copy3 = try replicator.presentation(of: dot, inInstance: 3)
///     // copy3.opacity == dot's opacity animation sampled at (replicator time − 3 × instanceDelay)
extension Layer {
    /// Sets a replicator's `instanceCount` (0...`ReplicatorProperties.maximumInstanceCount`; not
    /// animatable, so the change shows at once).
    public func setInstanceCount(_ count: Int) throws(ArgumentError) {
        try requireLayerClass(.replicator, property: "instanceCount")
        _ = try ReplicatorProperties.checkedInstanceCount(Double(count))
        model.replicator?.instanceCount = count
        invalidatePresentation(subtree: false)
    }

    /// Sets a replicator's `preservesDepth`: whether its copies are drawn back to front by depth.
    public func setPreservesDepth(_ preservesDepth: Bool) throws(ArgumentError) {
        try requireLayerClass(.replicator, property: "preservesDepth")
        model.replicator?.preservesDepth = preservesDepth
        invalidatePresentation(subtree: false)
    }

    /// How many layers drawing the subtree takes, a replicator's sublayers once per copy (so
    /// nested replicators multiply), counted up to `limit` + 1 at most: what a renderer checks
    /// before it builds the copies.
    public func drawnLayerCount(limit: Int) -> Int {
        var count = 1
        let copies = model.replicator?.instanceCount ?? 1
        for child in sublayers where count <= limit {
            let below = child.drawnLayerCount(limit: limit)
            count += below > (limit + 1) / max(copies, 1) ? limit + 1 : below * copies
        }
        return min(count, limit + 1)
    }

    /// The subtree's snapshot as it presents when its superlayer's time is `delay` seconds
    /// earlier than now (the live `snapshot()` when `delay` is 0, or outside a scene, where
    /// nothing animates). Nested replicators inside show their copies at the shifted time too.
    public func snapshot(delayedBy delay: Double) -> LayerSnapshot {
        guard delay != 0, let scene else { return snapshot() }
        let parent = (superlayer?.timeMapping ?? .identity).followed(by: Self.shift(delay))
        return snapshot(parentMapping: parent, at: scene.currentTime)
    }

    /// The presentation of `layer` — a sublayer of this replicator, or a layer below one — as
    /// copy `index` shows it: its animations sampled with the replicator's time shifted back by
    /// `index` × the replicator's presented `instanceDelay`.
    public func presentation(of layer: Layer, inInstance index: Int) throws(ArgumentError) -> LayerProperties {
        try requireLayerClass(.replicator, property: "presentation(of:inInstance:)")
        guard let replicator = presentation.replicator else { return layer.presentation }
        guard index >= 0, index < replicator.instanceCount else {
            throw ArgumentError(parameter: "instance", requirement: "must be within 0..<instanceCount (\(replicator.instanceCount))",
                                value: Double(index))
        }
        var chain: [Layer] = []
        var node: Layer? = layer
        while let current = node, current !== self {
            chain.append(current)
            node = current.superlayer
        }
        guard node === self, layer !== self else {
            throw ArgumentError(parameter: "layer", requirement: "must be a sublayer of the replicator (or below one)",
                                value: layer.name.map { "\"\($0)\"" } ?? "an unnamed layer")
        }
        let delay = Double(index) * replicator.instanceDelay
        guard delay != 0, let scene else { return layer.presentation }
        var mapping = timeMapping.followed(by: Self.shift(delay))
        for ancestor in chain.reversed() { mapping = mapping.followed(by: TimeMapping(ancestor.timing)) }
        return layer.presentationFrame(localTime: mapping.localTime(from: scene.currentTime)).properties
    }

    /// A replicator's copies given its presented `properties`, its sublayers' snapshots at
    /// `time` (copy 0's, and every copy's when the delay is 0) and its own time `mapping`; empty
    /// for a layer of another class. Outside a scene (`time` nil) nothing animates: every copy
    /// shows the sublayers as they are.
    func replicaSnapshots(_ properties: LayerProperties, sublayerSnapshots children: [LayerSnapshot],
                          mapping: TimeMapping, at time: MediaTime?) -> [ReplicaSnapshot] {
        guard let replicator = properties.replicator else { return [] }
        return replicator.instances(boundsCenter: properties.bounds.center).map { instance in
            guard instance.delay != 0, let time else { return ReplicaSnapshot(instance: instance, sublayers: children) }
            let shifted = mapping.followed(by: Self.shift(instance.delay))
            return ReplicaSnapshot(instance: instance, sublayers: sublayers.map { $0.snapshot(parentMapping: shifted, at: time) })
        }
    }

    /// The subtree's snapshot at global `time` when its superlayer's time is `parentMapping`
    /// of it.
    private func snapshot(parentMapping: TimeMapping, at time: MediaTime) -> LayerSnapshot {
        let mapping = parentMapping.followed(by: TimeMapping(timing))
        let localTime = mapping.localTime(from: time)
        let properties = presentationFrame(localTime: localTime).properties
        let children = sublayers.map { $0.snapshot(parentMapping: mapping, at: time) }
        return LayerSnapshot(name: name, properties: properties, content: content, isHidden: isHidden,
                             masksToBounds: masksToBounds, sublayers: children,
                             replicas: replicaSnapshots(properties, sublayerSnapshots: children, mapping: mapping, at: time),
                             particles: particles(atLocalTime: localTime.seconds))
    }

    /// The layer's model with its animations composed at its own `localTime`: the general
    /// kernel on the layer's lowered effects (the presentation's arithmetic at any instant).
    func presentationFrame(localTime: MediaTime) -> PresentationFrame {
        var frame = PresentationFrame(properties: model, transition: nil)
        if !attached.isEmpty { GeneralRow.compose(loweredEffects(), onto: &frame, at: localTime) }
        return frame
    }

    /// The map that moves a time `delay` seconds back.
    private static func shift(_ delay: Double) -> TimeMapping { TimeMapping(scale: 1, offset: -delay) }
}

/// One copy of a replicator's sublayers in a snapshot: the copy (transform, color, delay) and
/// the sublayers as it shows them.
public struct ReplicaSnapshot: Hashable, Sendable {
    public var instance: ReplicatorInstance
    public var sublayers: [LayerSnapshot]
}
