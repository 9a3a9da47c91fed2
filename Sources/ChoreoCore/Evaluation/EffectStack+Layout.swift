/// Laying rows out: a layer's attached animations lowered into a row of numbers (cells, steps,
/// shared tracks and transform writes) or a general row, at the first frame or read after they
/// changed.
extension EffectStack {
    /// Makes room for `count` more rows before a frame lays them out: exactly, when the arrays
    /// are full, so ten thousand views animated at once take ten thousand rows' memory rather
    /// than the next power of two (and never hold an old and a new buffer of each while they
    /// grow row by row); geometrically otherwise, so a row a frame is not a copy a frame.
    ///
    /// `numbers` estimates the cells and steps the rows will take (a number per animated
    /// component): reserved the same way, so the steps and cells of ten thousand views are not
    /// copied into ever larger buffers while the frame lays them out.
    func reserveRows(_ count: Int, numbers: Int) {
        func reserve<T>(_ array: inout [T], _ more: Int) {
            let needed = array.count + more
            guard needed > array.capacity else { return }
            array.reserveCapacity(Swift.max(needed, array.capacity + array.capacity / 2))
        }
        reserve(&rows, count)
        reserve(&layers, count)
        reserve(&eventChecks, count)
        reserve(&soloStamps, count)
        reserve(&steps, numbers)
        reserve(&base, numbers)
        reserve(&values, numbers)
        reserve(&cellSlots, numbers)
    }

    /// Lays out a row for `layer` (which has animations and no living row) from its attached
    /// animations; returns the row's index.
    func add(_ layer: Layer, mapping: TimeMapping) -> Int {
        // Between frames too: rows read again and again within one turn (each animation added
        // to a layer reads its presentation) left a dead row each, and the dead rows of 10,000
        // animations added to one layer held 2.5 GB until the next frame.
        if deadSteps > 256 && deadSteps > steps.count / 2 { compact() }
        let lowered = layer.loweredEffects()
        let index = rows.count
        if let row = numberRow(lowered, layer: layer, mapping: mapping) {
            rows.append(row)
        } else {
            var touched = PropertyMask()
            for (_, effect) in lowered { touched.insert(effect.target) }
            generalRows.append(GeneralRow(effects: lowered))
            rows.append(Row(firstCell: base.count, slotCount: 0, firstStep: steps.count, stepCount: 0, transform: -1,
                            general: generalRows.count - 1, touched: touched))
        }
        layers.append(layer)
        eventChecks.append(layer.nextEventCheck)
        soloStamps.append(-1)
        liveRows += 1
        return index
    }

    /// The row of numbers for `lowered`, appending its cells and steps; nil when an effect needs
    /// the general kernel, more than one writes the transform, or the stack is full.
    private func numberRow(_ lowered: [(EffectTiming, Effect)], layer: Layer, mapping: TimeMapping) -> Row? {
        var writes: [(EffectTiming, ScalarWrite)] = []
        writes.reserveCapacity(lowered.count)
        var slots: [ScalarSlot] = []
        var transform: TransformWrite?
        var touched = PropertyMask()
        for (timing, effect) in lowered {
            guard let write = ScalarWrite(effect) else { return nil }
            touched.insert(effect.target)
            for number in write.rest where !slots.contains(number.slot) { slots.append(number.slot) }
            switch write.target {
            case .slot(let slot): if !slots.contains(slot) { slots.append(slot) }
            case .transform, .wholeTransform:
                if case .transform = write.target, write.isAdditive { return nil }
                guard transform == nil else { return nil }
                transform = transformWrite(write.target, isAdditive: write.isAdditive, model: layer.model.transformBox.value)
            }
            writes.append((timing, write))
        }
        guard base.count + slots.count + 1 <= Step.cellLimit, tracks.count + writes.count < Int(Int32.max),
              steps.count + 4 * writes.count < Int(Int32.max) else { return nil }

        let firstCell = base.count
        for slot in slots { base.append(layer.model[slot]) }
        cellSlots.append(contentsOf: slots)
        var transformIndex = -1
        if let transform {
            base.append(.nan)
            cellSlots.append(.opacity)  // unused: the transform cell is read through `transforms`
            transformIndex = transforms.count
            transforms.append(TransformRef(transform))
        }
        values.append(contentsOf: base[firstCell...])

        let firstStep = steps.count
        appendSteps(writes, firstCell: firstCell, slots: slots, mapping: mapping)
        return Row(firstCell: firstCell, slotCount: slots.count, firstStep: firstStep, stepCount: steps.count - firstStep,
                   transform: transformIndex, general: -1, touched: touched)
    }

    /// Appends the steps of `writes` for a row whose cells begin at `firstCell` and hold `slots`,
    /// then the transform's cell; each step counts as a user of its track.
    private func appendSteps(_ writes: [(EffectTiming, ScalarWrite)], firstCell: Int, slots: [ScalarSlot], mapping: TimeMapping) {
        let firstStep = steps.count
        for (timing, write) in writes {
            let (identity, curve) = identify(write.curve)
            let track = trackNumber(Track(timing: timing, mapping: mapping, curve: identity), curve)
            let cell: Int
            var isAdditive = write.isAdditive
            switch write.target {
            case .slot(let slot): cell = firstCell + slots.firstIndex(of: slot)!
            case .transform: cell = firstCell + slots.count
            case .wholeTransform:
                // The cell holds the curve's fraction; the transform write interpolates and adds.
                cell = firstCell + slots.count
                isAdditive = false
            }
            steps.append(Step(from: write.from, to: write.to, cell: cell, track: track,
                              isAdditive: isAdditive, isCumulative: write.isCumulative))
            for number in write.rest {
                steps.append(Step(from: number.from, to: number.to, cell: firstCell + slots.firstIndex(of: number.slot)!,
                                  track: track, isAdditive: write.isAdditive, isCumulative: write.isCumulative))
            }
        }
        for step in steps[firstStep...] { trackUsers[Int(step.track)] += 1 }
    }

    /// Takes `layer`'s changed model into its living row `index` instead of laying the row out
    /// anew: a row of numbers takes its cells' model values (its steps do not depend on the
    /// model) and is computed again when next read; a general row, which composes onto the
    /// model it is given, forgets the frame it computed. False, changing nothing, for a row with
    /// a transform write, which holds the model's transform (then the row is laid out anew).
    func takeModel(_ index: Int, of layer: Layer) -> Bool {
        let row = rows[index]
        if row.general >= 0 {
            generalRows[row.general]!.forgetFrame()
            return true
        }
        guard row.transform < 0 else { return false }
        var changed = false
        for cell in row.firstCell..<row.firstCell + row.slotCount {
            let value = layer.model[cellSlots[cell]]
            if value.bitPattern != base[cell].bitPattern {
                base[cell] = value
                changed = true
            }
        }
        if changed && soloStamps[index] != Self.stale {
            soloStamps[index] = Self.stale
            staleRows.append(index)
        }
        return true
    }

    /// Extends living row `index` with the effects of `entry`, just added last to `layer`'s
    /// animations (the row holds the ones before it), as laying the row out anew would: the new
    /// effects compose last, so they are appended, and values computed at this instant are
    /// brought up to date by computing them on top. Adding animations to one layer one by one,
    /// each reading the presentation it starts from, is then linear, not quadratic.
    ///
    /// False, changing nothing, when the row must be laid out anew instead: a row of numbers
    /// whose steps are not the stack's last, or an effect that needs a cell, a transform write
    /// or a kernel the row does not have (then the next row laid out has them).
    func extend(_ index: Int, of layer: Layer, with entry: AttachedAnimation) -> Bool {
        let row = rows[index]
        var effects: [Effect] = []
        entry.animation.lower(into: &effects, stages: [])
        let timing = EffectTiming(entry)
        var touched = row.touched
        for effect in effects { touched.insert(effect.target) }
        if row.general >= 0 {
            generalRows[row.general]!.append(effects.map { (timing, $0) }, localTime: layer.timeMapping.localTime(from: now),
                                             stamp: nowStamp)
            rows[index].touched = touched
            return true
        }
        guard row.firstStep + row.stepCount == steps.count else { return false }
        let slots = Array(cellSlots[row.firstCell..<row.firstCell + row.slotCount])
        var writes: [(EffectTiming, ScalarWrite)] = []
        writes.reserveCapacity(effects.count)
        for effect in effects {
            guard let write = ScalarWrite(effect), case .slot(let slot) = write.target, slots.contains(slot),
                  write.rest.allSatisfy({ slots.contains($0.slot) }) else { return false }
            writes.append((timing, write))
        }
        guard tracks.count + writes.count < Int(Int32.max), steps.count + 4 * writes.count < Int(Int32.max) else { return false }
        let firstNew = steps.count
        appendSteps(writes, firstCell: row.firstCell, slots: slots, mapping: layer.timeMapping)
        rows[index] = Row(firstCell: row.firstCell, slotCount: row.slotCount, firstStep: row.firstStep,
                          stepCount: steps.count - row.firstStep, transform: row.transform, general: -1, touched: touched)
        if isCurrent(index, stamp: nowStamp) { compute(firstNew..<steps.count, at: now, stamp: nowStamp) }
        return true
    }

    /// The write of `target` over `model`, shared with every row that writes alike.
    private func transformWrite(_ target: ScalarWrite.Target, isAdditive: Bool, model: Transform3D) -> TransformWrite? {
        guard let key = TransformWrite.Key(target, isAdditive: isAdditive, model: model) else { return nil }
        if let last = lastTransformWrite, last.key == key { return last.write }
        guard let write = transformWrites[key] ?? TransformWrite(target, isAdditive: isAdditive, model: model) else { return nil }
        transformWrites[key] = write
        lastTransformWrite = (key, write)
        return write
    }

    /// A curve, and when it is the same as another's.
    private func identify(_ curve: (any TimingCurve)?) -> (CurveIdentity, TrackCurve) {
        guard let curve else { return (.linear, .linear) }
        if let cubic = curve.cubicBezier {
            return (.cubic(c1x: cubic.c1x, c1y: cubic.c1y, c2x: cubic.c2x, c2y: cubic.c2y), .cubic(cubic))
        }
        if type(of: curve) is AnyObject.Type { return (.object(ObjectIdentifier(curve as AnyObject)), .other(curve)) }
        if let value = curve as? any Hashable { return (.value(AnyHashable(value)), .other(curve)) }
        uniqueCurves += 1
        return (.unique(uniqueCurves), .other(curve))
    }

    func trackNumber(_ track: Track, _ curve: TrackCurve) -> Int32 {
        // Rows laid out one after another mostly share their tracks: compare with the last two
        // found before hashing the whole track.
        if let last = lastTracks.0, tracks[Int(last)] == track { return last }
        if let other = lastTracks.1, tracks[Int(other)] == track {
            lastTracks = (other, lastTracks.0)
            return other
        }
        let index = lookUpTrack(track, curve)
        lastTracks = (index, lastTracks.0)
        return index
    }

    private func lookUpTrack(_ track: Track, _ curve: TrackCurve) -> Int32 {
        if let index = trackIndex[track] { return index }
        let index = Int32(tracks.count)
        tracks.append(track)
        trackCurves.append(curve)
        trackUsers.append(0)
        trackIndex[track] = index
        fractions.append(.nan)
        iterations.append(0)
        trackStamps.append(-1)
        return index
    }
}
