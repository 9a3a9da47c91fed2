/// A replicator layer's animatable properties (CAReplicatorLayer marks all but `instanceCount`
/// and `preservesDepth` animatable). A plain layer has none of them: reading one gives Core
/// Animation's default, setting one is an error (`Layer.requireLayerClass(for:)`), and an
/// animation of one changes nothing.
extension PropertyCatalogue {
    static let replicatorProperties: [AnimatableProperty] = [
        .init("instanceDelay", .instanceDelay,
              "a ReplicatorLayer's seconds between copies: copy i shows its sublayers i × instanceDelay late",
              applyOrder: 210, get: { $0.replicator?.instanceDelay ?? 0 }, set: { $0.replicator?.instanceDelay = $1 },
              layerClass: .replicator),
        .init("instanceTransform", .instanceTransform,
              "a ReplicatorLayer's transform from one copy to the next, about the center of its bounds",
              applyOrder: 215, get: { $0.replicator?.instanceTransform ?? .identity },
              set: { $0.replicator?.instanceTransform = $1 }, layerClass: .replicator),
        .init("instanceColor", .instanceColor, "a ReplicatorLayer's color that multiplies every copy (white: unchanged)",
              applyOrder: 220, get: { $0.replicator?.instanceColor ?? .white }, set: { $0.replicator?.instanceColor = $1 },
              layerClass: .replicator),
        .init("instanceRedOffset", .instanceRedOffset, "added to the instance color's red once more for each copy",
              applyOrder: 225, get: { $0.replicator?.instanceRedOffset ?? 0 },
              set: { $0.replicator?.instanceRedOffset = $1 }, layerClass: .replicator),
        .init("instanceGreenOffset", .instanceGreenOffset, "added to the instance color's green once more for each copy",
              applyOrder: 230, get: { $0.replicator?.instanceGreenOffset ?? 0 },
              set: { $0.replicator?.instanceGreenOffset = $1 }, layerClass: .replicator),
        .init("instanceBlueOffset", .instanceBlueOffset, "added to the instance color's blue once more for each copy",
              applyOrder: 235, get: { $0.replicator?.instanceBlueOffset ?? 0 },
              set: { $0.replicator?.instanceBlueOffset = $1 }, layerClass: .replicator),
        .init("instanceAlphaOffset", .instanceAlphaOffset, "added to the instance color's alpha once more for each copy",
              applyOrder: 240, get: { $0.replicator?.instanceAlphaOffset ?? 0 },
              set: { $0.replicator?.instanceAlphaOffset = $1 }, layerClass: .replicator),
    ]
}
