/// What animators and timelines hold beyond their Lua handle, for `--memory-limit`: a script
/// that makes them by the hundred thousand is stopped by the limit, as one making layers is.
/// The figures are estimates of the Swift objects (a block's tracks, a child's record, a label,
/// a recorded end value), not measurements.
extension Animator {
    /// A block or a completion waiting in it is a closure and the Lua function it holds (about
    /// 140 bytes each, measured: a script adding them in a loop passed the limit fivefold while
    /// they went uncounted).
    public var estimatedHostBytes: Int { 1_024 + tracks.count * 256 + pendingBlocks.count * 160 + completions.count * 160 }

    /// Nothing to put back: a change that passes the limit is refused before it is made
    /// (`charging` in the bindings throws after it, and the run ends with the limit's error).
    public func estimateRestorer() -> () -> Void { {} }
}

extension Timeline {
    public var estimatedHostBytes: Int {
        1_024 + children.count * 256 + labels.count * 64 + labelNameBytes + lastEnds.count * 96 + completions.count * 160
    }

    /// Takes back the labels a refused change made (their names are a script's strings, of any
    /// length); a child is small and is kept (see `Animator.estimateRestorer()`).
    public func estimateRestorer() -> () -> Void {
        let labelCount = labels.count
        return { [self] in removeRecentLabels(labels.count - labelCount) }
    }
}
