/// Animations that run together in one time space (CAAnimationGroup).
///
/// Children's times are relative to the group: a child's `beginTime` counts from the group's
/// start, and children are clipped to the group's duration — a 10 s child in a 5 s group plays
/// its first 5 s. The group repeats, autoreverses and fills as a whole. Children's delegates
/// and `isRemovedOnCompletion` are ignored; the group's delegate gets the callbacks.
///
/// A child whose duration is 0 takes the group's duration (Apple is silent; this matches how
/// UIKit lets nested animations inherit their container's duration).
public final class AnimationGroup: Animation {
    public var animations: [Animation] = []

    override func makeEmptyCopy() -> Animation { AnimationGroup() }

    deinit {
        // Releases nested groups one at a time: a chain of groups tens of thousands deep (built
        // before any limit can see it) would otherwise release recursively and overflow the stack.
        var pending = animations
        animations = []
        while var child = pending.popLast() {
            guard isKnownUniquelyReferenced(&child), let group = child as? AnimationGroup else { continue }
            pending.append(contentsOf: group.animations)
            group.animations = []
        }
    }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? AnimationGroup else { return }
        animations = other.animations.map { $0.copy() }
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        for (index, child) in animations.enumerated() {
            do {
                try child.prepare(presentation: presentation(), layer: layer, defaultDuration: timing.duration)
            } catch {
                throw ArgumentError(
                    parameter: "animations[\(index + 1)].\(error.parameter)", requirement: error.requirement,
                    value: error.value)
            }
        }
    }

    /// The children's effects, each seeing the group's time (warped by the group's own timing
    /// function) through one more stage.
    override func lower(into effects: inout [Effect], stages: [GroupStage]) {
        for child in animations {
            let stage = GroupStage(groupCurve: timingFunction, groupDuration: timing.duration, childTiming: child.timing)
            child.lower(into: &effects, stages: stages + [stage])
        }
    }

    override var animatedPaths: [PropertyPath] { animations.flatMap(\.animatedPaths) }
}
