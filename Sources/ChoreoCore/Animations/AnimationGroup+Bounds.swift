/// How big a group's tree of animations may be when it is added to a layer.
///
/// Why: copying, preparing and applying a group recurse into its children. Children are the
/// animation objects themselves until the group is added, so a script can nest groups tens of
/// thousands deep (no check at assignment sees the whole chain), or share one child many times
/// at each level (a tree of 2ⁿ leaves out of n groups). The tree is measured without recursion,
/// stopping as soon as it passes a bound, before any recursive walk.
extension AnimationGroup {
    /// How deeply groups may nest (a group holding plain animations is 1 level): 100.
    public static let maximumNestingDepth = 100
    /// How many animations a group may hold, nested ones included, a shared child counted each
    /// time it appears: 10,000 (as many as one layer may hold).
    public static let maximumTreeSize = 10_000

    /// Throws unless the group's tree is within `maximumNestingDepth` and `maximumTreeSize`.
    public func checkTreeBounds() throws(ArgumentError) {
        var count = 0
        var pending: [(group: AnimationGroup, level: Int)] = [(self, 1)]
        while let (group, level) = pending.popLast() {
            guard level <= Self.maximumNestingDepth else {
                throw ArgumentError(parameter: "animations", requirement: "may nest groups at most \(Self.maximumNestingDepth) deep",
                                    value: "more")
            }
            count += group.animations.count
            guard count <= Self.maximumTreeSize else {
                throw ArgumentError(parameter: "animations",
                                    requirement: "may hold at most \(Self.maximumTreeSize) animations, nested ones included",
                                    value: "more")
            }
            for case let child as AnimationGroup in group.animations { pending.append((child, level + 1)) }
        }
    }

    /// Whether `animation` is this group or somewhere in its tree, looked for without recursion
    /// and for at most `maximumTreeSize` animations (beyond that the answer is `nil`: unknown).
    public func treeContains(_ animation: Animation) -> Bool? {
        var visited = 0
        var pending: [Animation] = [self]
        while let next = pending.popLast() {
            if next === animation { return true }
            visited += 1
            if visited > Self.maximumTreeSize { return nil }
            if let group = next as? AnimationGroup { pending.append(contentsOf: group.animations) }
        }
        return false
    }
}
