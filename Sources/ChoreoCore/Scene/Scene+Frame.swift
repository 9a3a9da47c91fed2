/// One frame: events and removals at a new time, then delivery in a deterministic order.
extension Scene {
    /// Moves the scene to `time` (ignored when earlier than now): commits the open implicit
    /// transaction, starts and stops the animations whose begin or end lies in
    /// (previous time, time], removes finished ones, and delivers the events.
    ///
    /// Events are ordered by the global instant they happened (a begin or end time, mapped
    /// through the layers' time spaces), then by the order the animations were added; a start
    /// precedes the stop of the same animation. A jump over an animation's whole life still
    /// gives its start and its stop, once each.
    ///
    /// `deliveringEvents: false` moves time and presentation only: the events found stay queued,
    /// with the work for the next frame (`runAtNextFrame`), until an advance that delivers —
    /// the engine's frame, after the timers due in it (the engine rule: completions due by a
    /// frame's time come after every timer of the frame, even one at the same instant). An
    /// advance that delivers at an unchanged time delivers what was held, and runs the
    /// next-frame work registered before time last moved (work registered at that instant
    /// waits for the next frame, as it would have).
    public func advance(to time: MediaTime, deliveringEvents: Bool = true) {
        if transactionStack.isEmpty { commit() }
        let moves = time > currentTime || stamp == 0
        if moves {
            currentTime = time
            stamp += 1
            (stack.now, stack.nowStamp) = (time, stamp)
            collectEvents(at: time)
            if !deliveringEvents {
                // What time made due waits for the delivering advance (events caused by calls,
                // such as a removal, are delivered at the next commit as before).
                heldEvents += pendingEvents
                pendingEvents.removeAll()
                heldCompletions += readyCompletions
                readyCompletions.removeAll()
            }
        } else if !hasHeldWork && localTimedWork.isEmpty {
            return
        }
        if deliveringEvents {
            runLocalTimedWork(upTo: currentTime)
            pendingEvents.insert(contentsOf: heldEvents, at: 0)
            heldEvents.removeAll()
            readyCompletions.insert(contentsOf: heldCompletions, at: 0)
            heldCompletions.removeAll()
            deliverEvents()
            // Moving on, all the next-frame work is due; delivering held events at the same
            // instant, only what was registered before time last moved.
            let due = moves ? nextFrameActions[...] : nextFrameActions.prefix { $0.stamp < stamp }
            nextFrameActions.removeFirst(due.count)
            for entry in due { entry.action() }
            deliverEvents()
        }
        stack.evaluate(at: currentTime, stamp: stamp)
        checkInvariants()
    }

    /// Whether an advance at an unchanged time has something to deliver: events held by an
    /// advance that did not deliver, or next-frame work from before time last moved.
    private var hasHeldWork: Bool {
        !heldEvents.isEmpty || !heldCompletions.isEmpty || nextFrameActions.first.map { $0.stamp < stamp } == true
    }

    /// Starts and stops the animations of the listed layers and of the stack's rows at `time`.
    private func collectEvents(at time: MediaTime) {
        let listed = animatedLayers
        animatedLayers.removeAll(keepingCapacity: true)
        stack.reserveRows(listed.count, numbers: Self.estimatedNumbers(of: listed))
        for layer in listed {
            guard layer.scene === self, layer.listedIn === self else {
                if layer.listedIn === self { layer.listedIn = nil }
                continue
            }
            // Laid out since it was listed (read between frames): the stack has it.
            guard layer.row < 0 else { continue }
            if time >= layer.nextEventCheck { collectEvents(of: layer, at: time) }
            if layer.attached.isEmpty {
                layer.listedIn = nil
            } else if layer.row < 0 {
                layer.row = stack.add(layer, mapping: layer.timeMapping)
            }
        }
        collectStackEvents(at: time)
    }

    /// The numbers (cells, steps) the rows of `layers` will take, about: one per component of
    /// each property animation's key path (2 for a position, 4 for a color, 1 for the rest).
    private static func estimatedNumbers(of layers: [Layer]) -> Int {
        var numbers = 0
        for layer in layers where layer.row < 0 {
            for entry in layer.attached {
                guard let animation = entry.animation as? PropertyAnimation else { continue }
                switch animation.propertyPath.slots {
                case .pair: numbers += 2
                case .quad: numbers += 4
                case .none, .single: numbers += 1
                }
            }
        }
        return numbers
    }

    /// `collectEvents` for the layers with rows whose next event may be due; a layer whose
    /// animations change loses its row (`forgetRow(of:)`) and is listed again (the next frame drops it
    /// from `animatedLayers` if it has none left).
    private func collectStackEvents(at time: MediaTime) {
        var index = 0
        while index < stack.eventChecks.count {
            defer { index += 1 }
            guard time >= stack.eventChecks[index], let layer = stack.layers[index] else { continue }
            collectEvents(of: layer, at: time)
            if layer.row == index { stack.eventChecks[index] = layer.nextEventCheck }
        }
    }

    /// Runs `action` at the next frame, after that frame's animation events: at the first
    /// delivering advance after time moves on.
    func runAtNextFrame(_ action: @escaping () -> Void) {
        nextFrameActions.append((stamp, action))
    }

    /// Starts, stops and removes the animations of one layer at global `time`, and notes when
    /// the next of its events can happen (`Layer.nextEventCheck`).
    private func collectEvents(of layer: Layer, at time: MediaTime) {
        let mapping = layer.timeMapping
        let local = mapping.localTime(from: time)
        var nextLocal = Double.infinity
        var mustLookNextFrame = false
        defer { layer.nextEventCheck = mustLookNextFrame ? MediaTime(-Double.infinity) : Self.eventCheck(nextLocal, mapping) }
        var index = 0
        while index < layer.attached.count {
            let entry = layer.attached[index]
            let timing = entry.animation.timing
            guard entry.isCommitted else {
                mustLookNextFrame = true
                index += 1
                continue
            }
            if !entry.didStart { nextLocal = min(nextLocal, timing.beginTime.seconds) }
            if !entry.didStop, let end = timing.activeEndTime { nextLocal = min(nextLocal, end.seconds) }
            if !entry.didStart && local >= timing.beginTime {
                entry.didStart = true
                enqueue(.didStart, entry, layer, at: globalTime(timing.beginTime, mapping, fallback: time))
            }
            if !entry.didStop, let end = timing.activeEndTime, local >= end {
                emitStop(entry, layer: layer, finished: true, at: globalTime(end, mapping, fallback: time))
                if entry.animation.isRemovedOnCompletion {
                    layer.removeAttached(at: index)
                    layer.invalidatePresentation(subtree: false)
                    continue
                }
            }
            index += 1
        }
    }

    /// The global time before which a layer's earliest pending event (at local `next`) cannot
    /// happen: a little early, so rounding in the mapping never skips an event; −∞ (look every
    /// frame) when the layer's time runs backwards or is frozen.
    private static func eventCheck(_ next: Double, _ mapping: TimeMapping) -> MediaTime {
        guard next < .infinity else { return MediaTime(Double.infinity) }
        guard mapping.scale > 0, let inverse = mapping.inverse else { return MediaTime(-Double.infinity) }
        let global = inverse.localTime(from: MediaTime(next)).seconds
        guard global.isFinite else { return MediaTime(-Double.infinity) }
        return MediaTime(global - max(1e-9, abs(global) * 1e-9))
    }

    /// A layer-local instant in global time, when the layer's time can be mapped back.
    private func globalTime(_ local: MediaTime, _ mapping: TimeMapping, fallback: MediaTime) -> MediaTime {
        guard let inverse = mapping.inverse, mapping.scale > 0 else { return fallback }
        let global = inverse.localTime(from: local)
        return global.seconds.isFinite ? min(global, fallback) : fallback
    }

    /// Queues the stop of `entry` (once), at `time` or now.
    func emitStop(_ entry: AttachedAnimation, layer: Layer, finished: Bool, at time: MediaTime?) {
        guard !entry.didStop else { return }
        entry.didStop = true
        enqueue(.didStop(finished: finished), entry, layer, at: time ?? currentTime)
    }

    private func enqueue(_ kind: AnimationEvent.Kind, _ entry: AttachedAnimation, _ layer: Layer, at time: MediaTime) {
        if case .didStop = kind {
            for completion in entry.completions where completion.release() { readyCompletions.append(completion) }
            entry.completions = []
        }
        // An event nobody hears is not queued: no observer, and no delegate (or, for a start, a
        // delegate that ignores starts). Ten thousand view animations without completions end
        // in one frame, and would otherwise queue ten thousand stops to deliver to no one.
        guard eventObserver != nil || entry.animation.delegate.map({ kind != .didStart || $0.receivesStartEvents }) == true
        else { return }
        // A block's stops count down to its last: those before it are taken now, and the last
        // is queued in the place of the latest of them (`ViewAnimationCompletion.stopToQueue`).
        if case let .didStop(finished) = kind, eventObserver == nil,
           let completion = entry.animation.delegate as? ViewAnimationCompletion {
            guard let order = completion.stopToQueue(sequence: entry.sequence, finished: finished, at: time) else { return }
            pendingEvents.append(AnimationEvent(kind: kind, entry: entry, layer: layer, time: order.time, sequence: order.sequence))
            return
        }
        pendingEvents.append(AnimationEvent(kind: kind, entry: entry, layer: layer, time: time))
    }

    /// Delivers queued events in order, then the transaction completions they finished.
    /// Delegates may add or remove animations; what they cause is delivered in the same call.
    ///
    /// A commit made by a delegate or completion does not deliver again from inside it: what it
    /// made due waits for the delivery in progress, which picks it up after the callback
    /// returns. So a completion that commits a transaction with itself as completion loops
    /// here, one callback at a time (where the engine's callback limit stops it), instead of
    /// recursing until the stack overflows.
    func deliverEvents() {
        guard !isDeliveringEvents else { return }
        isDeliveringEvents = true
        defer { isDeliveringEvents = false }
        while !pendingEvents.isEmpty || !readyCompletions.isEmpty {
            // Sorted in place (the queue is taken, not copied): a frame where ten thousand
            // animations start would otherwise hold the queue twice.
            var events: [AnimationEvent] = []
            swap(&events, &pendingEvents)
            events.sort { a, b in
                if a.time != b.time { return a.time < b.time }
                if a.sequence != b.sequence { return a.sequence < b.sequence }
                return a.kind == .didStart && b.kind != .didStart
            }
            for event in events {
                switch event.kind {
                case .didStart: event.animation.delegate?.animationDidStart(event.animation)
                case let .didStop(finished): event.animation.delegate?.animationDidStop(event.animation, finished: finished)
                }
                eventObserver?(event)
            }
            let completions = readyCompletions
            readyCompletions.removeAll()
            for completion in completions { completion.block() }
        }
    }
}

extension Scene {
    /// Whether any animation in the scene has yet to stop (or a completion waits for the next
    /// frame): what keeps a run going. An animation kept after it finished
    /// (`isRemovedOnCompletion` false) holds its fill but does not count.
    public var hasRunningAnimations: Bool {
        let running = { (layer: Layer) in layer.scene === self && layer.attached.contains { !$0.didStop } }
        return !uncommitted.isEmpty || !nextFrameActions.isEmpty || !heldEvents.isEmpty || !heldCompletions.isEmpty
            || animatedLayers.contains(where: running)
            || stack.layers.contains { $0.map(running) ?? false } || hasLiveEmitters
    }
}
