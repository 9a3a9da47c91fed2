/// Looping without a replay at every wrap: while a loop plays, a second session of the script is
/// brought to the loop's start a few frames per tick, and the wrap swaps it in.
///
/// Going back means replaying from 0 (Lua cannot rewind), which for a loop over [8 s, 9 s] would
/// be an 8 s headless run at every wrap, a visible stall each time. The standby session spreads
/// that run over the first half of the loop, so the wrap itself costs only the swap.
extension PreviewController {
    /// Moves the standby session towards the loop's start: created on the first call (the
    /// script's top level), then advanced on the grid by enough frames per tick to arrive within
    /// half a loop, and finally to the start itself. Dropped when the in point moved before it,
    /// the loop is off, or the script is reloaded (`reload()` drops it).
    func prepareLoopStart(tickSpan: Double) {
        guard isLooping else {
            standby = nil
            return
        }
        guard !isPaused, let session else { return }
        let start = range.lowerBound
        if let standby, standby.time > start { self.standby = nil }  // the in point moved back
        guard start > 0 else { return }
        do {
            let standby = try self.standby ?? replay(session)
            self.standby = standby
            guard standby.time < start else { return }
            let loopTicks = (range.upperBound - start) / max(rate * tickSpan, 1e-9)
            let remaining = grid.frame(atOrBefore: start) - grid.frame(atOrBefore: standby.time)
            let slice = max(1, Int((Double(remaining) / max(1, loopTicks / 2)).rounded(.up)))
            let next = grid.time(ofFrame: grid.frame(atOrBefore: standby.time) + slice)
            try standby.advance(to: next < start ? next : start)
        } catch {
            standby = nil  // the session itself meets the error when it gets there
        }
    }

    /// The standby session, if it is ready to stand in for a move back to `target`: at or
    /// before `target`, and exact if `exactly`.
    func takeStandby(for target: Double, exactly: Bool) -> PreviewSession? {
        guard let standby, standby.time <= target,
              !exactly || standby.canAdvanceExactly(to: target)
        else { return nil }
        self.standby = nil
        return standby
    }
}
