/// Callbacks at the exact time the playhead reaches them.
///
/// The playhead p runs over the active duration; the iteration time u it shows moves linearly
/// on stretches: forwards over [kC, kC + D], and, autoreversing, backwards over
/// [kC + D, (k + 1)C] (C the cycle, D the duration). A callback at local time c sits at every p
/// of those stretches where u = c. Moving from p₀ to p₁, the playhead crosses those in
/// (p₀, p₁] — [p₀, p₁] when the callbacks at p₀ have not run there — in the direction of
/// travel; at one p, the older stretch first (the rest of the old iteration before the new one),
/// then the callbacks' creation order. A turning point is one p on two stretches: it runs once.
/// A child's completion runs only when its own time moves forwards across its end.
///
/// Running, the timeline keeps one call scheduled (`Scene.schedule(at:)`): at the next crossing
/// (or its end), at runStart + |p − anchor| / speed exactly, in the place among ties the timeline
/// took when it started or resumed.
extension Timeline {
    /// A callback in this timeline's local time.
    struct Event {
        /// Local time in the iteration.
        let time: Double
        /// Creation order (ties at one time run in it; also the callback's identity).
        let order: Int
        /// +1 when the callback's own time runs with this timeline's local time, −1 against it.
        let slope: Double
        /// Only when its own time moves forwards (a completion).
        let forwardOnly: Bool
        let run: () throws -> Void
    }

    /// One crossing: the playhead position and the callback.
    struct Crossing {
        let position: Double
        let event: Event
    }

    /// The most crossings one move gathers (a seek over a long run of short repeats).
    static let maximumCrossings = 100_000

    /// Every callback of this timeline, with those of nested timelines mapped into its time.
    func events() -> [Event] {
        var events: [Event] = []
        for child in children {
            switch child.content {
            case .callback(let body):
                events.append(Event(time: child.start, order: child.order, slope: 1, forwardOnly: false, run: body))
            case .tracks:
                if let completion = child.completion {
                    events.append(Event(time: child.end, order: child.order, slope: 1, forwardOnly: true, run: completion))
                }
            case .timeline(let nested):
                // Nested positions beyond this iteration are clipped, as its animations are.
                let visible = 0...max(0, (duration - child.start) * nested.speed)
                for inner in nested.events() {
                    for hit in nested.stretchPositions(of: inner.time, in: visible) {
                        events.append(Event(
                            time: child.start + hit.position / nested.speed, order: inner.order, slope: hit.slope * inner.slope,
                            forwardOnly: inner.forwardOnly, run: inner.run))
                    }
                }
                if nested.activeDuration.isFinite {
                    events.append(Event(time: child.start + nested.activeDuration / nested.speed, order: child.order, slope: 1,
                                        forwardOnly: true, run: { try nested.runCompletions(.end) }))
                }
            }
        }
        return events
    }

    /// The playhead positions in `range` where the iteration time is `c`, each with the slope of
    /// its stretch (+1 forwards, −1 autoreversing) and the stretch's rank (ascending with p).
    func stretchPositions(of c: Double, in range: ClosedRange<Double>) -> [(position: Double, slope: Double, rank: Int)] {
        let length = duration
        let lower = max(0, range.lowerBound)
        let active = activeDuration
        let upper = min(active, range.upperBound)
        guard c >= 0, c <= length, lower <= upper else { return [] }
        guard length > 0 else { return c == 0 && lower == 0 ? [(0, 1, 0)] : [] }
        let cycle = iterationTiming.cycleDuration.seconds
        var result: [(position: Double, slope: Double, rank: Int)] = []
        var k = max(0, (lower / cycle).rounded(.down) - 1)
        var stretches = 0
        while k * cycle <= upper, stretches < Self.maximumCrossings {
            let rank = 2 * Int(min(k, Double(Int.max / 4)))
            // A stretch that would begin at the end of the active duration never plays.
            let forward = k * cycle + c
            if forward >= lower, forward <= upper, k == 0 || k * cycle < active {
                result.append((forward, 1, rank))
            }
            if autoreverses {
                let backward = k * cycle + 2 * length - c
                if backward >= lower, backward <= upper, k * cycle + length < active { result.append((backward, -1, rank + 1)) }
            }
            k += 1
            stretches += 1
        }
        return result
    }

    /// The callbacks crossed moving from `from` to `to`, in the order they run.
    func crossings(from: Double, to: Double, forward: Bool, includingStart: Bool) -> [Crossing] {
        let range = min(from, to)...max(from, to)
        var found: [(crossing: Crossing, rank: Int)] = []
        for event in events() {
            for hit in stretchPositions(of: event.time, in: range) {
                if hit.position == from && !includingStart { continue }
                if event.forwardOnly && hit.slope * event.slope * (forward ? 1 : -1) <= 0 { continue }
                found.append((Crossing(position: hit.position, event: event), hit.rank))
                if found.count >= Self.maximumCrossings { break }
            }
        }
        found.sort { a, b in
            if a.crossing.position != b.crossing.position {
                return forward ? a.crossing.position < b.crossing.position : a.crossing.position > b.crossing.position
            }
            if a.rank != b.rank { return forward ? a.rank < b.rank : a.rank > b.rank }
            return a.crossing.event.order < b.crossing.event.order
        }
        var seen = Set<[Double]>()
        return found.compactMap { entry in
            seen.insert([entry.crossing.position, Double(entry.crossing.event.order)]).inserted ? entry.crossing : nil
        }
    }

    /// Schedules the next call of a running timeline: its start after a delay, else its next
    /// crossing or its end.
    func scheduleNext() {
        guard phase == .running else { return }
        let token = generation
        if scene.currentTime < runStart {
            pendingCall = scene.schedule(at: runStart, order: order) { [self] in
                guard token == generation else { return }
                reschedule()
            }
            order = order ?? pendingCall?.schedulingOrder
            return
        }
        let active = activeDuration
        let end = isReversed ? 0 : active
        let window = 2 * iterationTiming.cycleDuration.seconds
        let limit = isReversed ? max(0, cursor - window) : min(active, cursor + window)
        let next = crossings(from: cursor, to: limit, forward: !isReversed, includingStart: lastRunPosition != cursor).first
        let target: Double
        if let next {
            target = next.position
        } else if end.isFinite {
            target = end
        } else {
            return  // it plays forever, with nothing to call
        }
        let time = runStart + MediaDuration(abs(target - anchor) / speed)
        pendingCall = scene.schedule(at: time, order: order) { [self] in
            guard token == generation else { return }
            try arrive(at: target)
        }
        order = order ?? pendingCall?.schedulingOrder
    }

    /// The playhead reached `target`: its callbacks run, then the completion at the end.
    func arrive(at target: Double) throws {
        let hits = crossings(from: cursor, to: target, forward: !isReversed, includingStart: lastRunPosition != cursor)
        cursor = target
        lastRunPosition = target
        let token = generation
        for hit in hits {
            try hit.event.run()
            guard token == generation else { return }
        }
        if target == (isReversed ? 0 : activeDuration) {
            try complete()
        } else {
            pendingCall = nil
            scheduleNext()
        }
    }
}
