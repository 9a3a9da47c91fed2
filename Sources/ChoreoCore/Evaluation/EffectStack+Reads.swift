/// Reading a row's presentation: lookups in the columns the frame computed.
extension EffectStack {
    /// Row `index`'s properties and transition at the scene's current time.
    func frame(row index: Int, of layer: Layer) -> PresentationFrame {
        let general = rows[index].general
        guard general >= 0 else { return PresentationFrame(properties: properties(row: index, of: layer), transition: nil) }
        return generalRows[general]!.frame(
            model: layer.model, localTime: layer.timeMapping.localTime(from: now), stamp: nowStamp)
    }

    /// Row `index`'s properties at the scene's current time: the model with the row's cells
    /// (and transform) written over it.
    ///
    /// A row with a transform write copies the model with the write's box already in place of
    /// the model's own: the two are swapped in, the copy made, and swapped back (moves, no
    /// reference counting). Copied first and then replaced, the model's box (one per layer, out
    /// of cache across a walk of 10,000 layers) was retained and at once released, an atomic
    /// operation on a cold line each: `frame-10k`'s whole-presentation reads took 61–78 ns a
    /// property-frame, 24–45 now. The stack and its layers are used from one thread at a time
    /// (`Engine`), and nothing runs between the swaps.
    func properties(row index: Int, of layer: Layer) -> LayerProperties {
        let row = rows[index]
        guard row.general < 0 else {
            return generalRows[row.general]!.properties(
                model: layer.model, localTime: layer.timeMapping.localTime(from: now), stamp: nowStamp)
        }
        makeCurrent(index)
        var properties: LayerProperties
        if row.transform >= 0, var box = transforms[row.transform].write._withUnsafeGuaranteedRef({
            $0.transformBox(values[row.firstCell + row.slotCount])
        }) {
            swap(&layer.model.transformBox, &box)
            properties = layer.model
            swap(&layer.model.transformBox, &box)
        } else {
            properties = layer.model  // no transform write, or one not in effect: the model's box
        }
        for cell in row.firstCell..<row.firstCell + row.slotCount { properties[cellSlots[cell]] = values[cell] }
        return properties
    }

    /// The presentation value at `path` of row `index` when the frame computed it and a lookup
    /// answers it: a number in a cell, a point or size in two, the whole transform from its
    /// write's memo. Nil for every other read, which `generalValue` answers (out of line, with
    /// the layer: this lookup does not take it, so `Layer.presentationValue(at:)`, which inlines
    /// the call, does not retain the layer for it).
    @usableFromInline
    func computedValue(row index: Int, at path: PropertyPath) -> AnimationValue? {
        let row = rows[index]
        if row.general < 0, row.touched.contains(path), isCurrent(index, stamp: nowStamp) {
            switch path.slots {
            case .single(let slot):
                if let cell = cell(of: slot, in: row) { return .scalar(values[cell]) }
            case let .pair(first, second):
                if let a = cell(of: first, in: row), let b = cell(of: second, in: row) {
                    let (x, y) = (values[a], values[b])
                    return path.valueKind == .point ? .point(Point(x: x, y: y)) : .size(Size(width: x, height: y))
                }
            case .none:
                if path.isWholeTransform, row.transform >= 0,
                   let value = transforms[row.transform].memoisedValue(values[row.firstCell + row.slotCount]) {
                    return value
                }
            case .quad:
                break
            }
        }
        return nil
    }

    /// The presentation value at `path` of row `index` for every read, the ones
    /// `computedValue(row:at:)` does not answer among them: the model's value for a property no
    /// effect writes, the row computed on its own first if the frame did not, numbers from cells
    /// or the model, the transform, and the whole presentation for the rest.
    @inline(never)
    func generalValue(row index: Int, at path: PropertyPath, of layer: Layer) -> AnimationValue {
        let row = rows[index]
        guard row.touched.contains(path) else { return layer.modelValue(at: path) }
        if row.general >= 0 { return wholeValue(row: index, at: path, of: layer) }
        makeCurrent(index)
        if let value = AnimationValue.fromSlots(of: path, { number($0, in: row, of: layer) }) { return value }
        if path.isWholeTransform {
            guard row.transform >= 0 else { return layer.modelValue(at: path) }
            let value = values[row.firstCell + row.slotCount]
            return transforms[row.transform].write._withUnsafeGuaranteedRef { $0.animationValue(value) }
        }
        return wholeValue(row: index, at: path, of: layer)
    }

    /// `generalValue(row:at:of:)` read from the row's whole presentation: a general row's, and a
    /// transform part; out of line, so the common reads stay small.
    @inline(never)
    private func wholeValue(row index: Int, at path: PropertyPath, of layer: Layer) -> AnimationValue {
        properties(row: index, of: layer).value(at: path)
    }

    /// A number of a row of numbers: its cell's value, or the model's when no effect writes it.
    @inline(__always)
    private func number(_ slot: ScalarSlot, in row: Row, of layer: Layer) -> Double {
        cell(of: slot, in: row).map { values[$0] } ?? layer.modelNumber(slot)
    }

    /// The cell of `row` that holds `slot`, or nil when no effect of the row writes it.
    @inline(__always)
    private func cell(of slot: ScalarSlot, in row: Row) -> Int? {
        for cell in row.firstCell..<row.firstCell + row.slotCount where cellSlots[cell] == slot { return cell }
        return nil
    }

    /// Computes row `index` on its own if the last frame did not (it was laid out since).
    @inline(__always)
    private func makeCurrent(_ index: Int) {
        if !isCurrent(index, stamp: nowStamp) { evaluateAlone(index, at: now, stamp: nowStamp) }
    }
}

/// Velocity: the rate of change of a presentation value, from the samplers.
extension EffectStack {
    /// d (presentation value at `path`) / d (global time) for `layer` at the scene's current time,
    /// in units per second: each effect on the property in effect contributes its sampler's
    /// velocity times the rate its time runs at (its timing, its groups, the layer's time space);
    /// a replacing effect hides what is below it, an additive one adds. Transforms, whose
    /// composition is not a sum, take a central difference of the composed transform instead.
    static func velocity(of layer: Layer, at path: PropertyPath, globalTime: MediaTime) -> AnimationValue {
        let kind = path.valueKind
        guard !layer.attached.isEmpty else { return .zeroRate(kind) }
        let mapping = layer.timeMapping
        let local = mapping.localTime(from: globalTime)
        let lowered = layer.loweredEffects().filter { timing, effect in
            switch effect.target {
            case .property(let p): p.property == path.property
            case .rotationAlongPath: path.property == .transform
            case .transition: false
            }
        }
        guard !lowered.isEmpty else { return .zeroRate(kind) }
        if path.property == .transform {
            return transformVelocity(lowered, model: layer.model, at: path, local: local, scale: mapping.scale)
        }
        var rates = LayerProperties()
        rates.setValue(.zero(path.wholeProperty.valueKind), at: path.wholeProperty)
        for (timing, effect) in lowered {
            guard case .property(let p) = effect.target else { continue }
            let outer = timing.state(at: local)
            guard let state = effect.state(from: outer) else { continue }
            let velocity = effect.sampler.velocity(at: state).scaledEntries(by: effect.rate(from: outer, timing: timing.timing))
            rates.setValue(effect.isAdditive ? rates.value(at: p).addingEntries(velocity) : velocity, at: p)
        }
        return rates.value(at: path).scaledEntries(by: mapping.scale)
    }

    /// A transform's velocity: the central difference of the composed transform (or component)
    /// over a microsecond of local time, one-sided where an effect starts or stops in between.
    private static func transformVelocity(_ lowered: [(EffectTiming, Effect)], model: LayerProperties, at path: PropertyPath,
                                          local: MediaTime, scale: Double) -> AnimationValue {
        func sample(_ t: MediaTime) -> AnimationValue {
            var frame = PresentationFrame(properties: model, transition: nil)
            GeneralRow.compose(lowered, onto: &frame, at: t)
            return frame.properties.value(at: path)
        }
        func inEffect(_ t: MediaTime) -> [Bool] { lowered.map { $0.1.state(from: $0.0.state(at: t)) != nil } }
        let h = 0x1p-20  // about a microsecond; a power of two keeps the instants around a frame exact
        let now = inEffect(local)
        guard now.contains(true) else { return .zeroRate(path.valueKind) }
        let before = MediaTime(local.seconds - h), after = MediaTime(local.seconds + h)
        let a = inEffect(before) == now ? before : local
        let b = inEffect(after) == now ? after : local
        guard b > a else { return .zeroRate(path.valueKind) }
        let (start, end) = (sample(a), sample(b))
        if case let (.scalar(from), .scalar(to)) = (start, end), [.rotationX, .rotationY, .rotationZ].contains(path.component) {
            // An angle read back from the matrix wraps at ±π; the turn it makes does not.
            let change = to - from, turn = 2 * Double.pi
            return .scalar((change - turn * (change / turn).rounded()) / (b.seconds - a.seconds) * scale)
        }
        return start.rate(to: end, over: b.seconds - a.seconds).scaledEntries(by: scale)
    }
}
