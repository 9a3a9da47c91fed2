/// How big a timeline's tree may grow.
///
/// Why: playing a timeline walks its nested timelines recursively, and every child added
/// changes the spans of the timelines above it. Unbounded, a script nesting timelines twenty
/// thousand deep overflowed the stack when it started the outermost, and a timeline of a hundred
/// thousand children took minutes to build (each add walked every child). Both counts are kept
/// as children are added (children are never removed), so a check costs a walk up the parents.
extension Timeline {
    /// How deeply timelines may nest, the outermost counted (a timeline with no nested one is 1
    /// level): as deeply as animation groups (100).
    public static let maximumNestingDepth = AnimationGroup.maximumNestingDepth
    /// How many children a timeline's tree may hold, those of nested timelines included (a nested
    /// timeline counts as one more): as many as an animation group's tree (10,000).
    public static let maximumTreeSize = AnimationGroup.maximumTreeSize

    /// Throws unless the outermost timeline this one is nested in has room for `entries` more
    /// children, and for a tree `levels` deep nested in this one (0: no timeline is nested).
    func requireRoom(entries: Int, nesting levels: Int = 0) throws(ArgumentError) {
        var depth = 1, outermost = self
        while let outer = outermost.parent { depth += 1; outermost = outer }
        guard depth + levels <= Self.maximumNestingDepth else {
            throw ArgumentError(parameter: "timelines", requirement: "may nest at most \(Self.maximumNestingDepth) deep",
                                value: "\(depth + levels) levels")
        }
        guard outermost.treeSize + entries <= Self.maximumTreeSize else {
            throw ArgumentError(parameter: "a timeline",
                                requirement: "may hold at most \(Self.maximumTreeSize) children, those of nested timelines included",
                                value: "\(outermost.treeSize + entries)")
        }
    }

    /// Counts `child` in this timeline and the ones it is nested in: its entries, and, for a
    /// nested timeline, its levels.
    func countAdded(_ child: Child) {
        var entries = 1, levels = 1
        if case .timeline(let nested) = child.content { entries += nested.treeSize; levels += nested.nestingLevels }
        var timeline: Timeline? = self
        while let current = timeline {
            current.treeSize += entries
            current.nestingLevels = max(current.nestingLevels, levels)
            levels += 1
            timeline = current.parent
        }
    }
}
