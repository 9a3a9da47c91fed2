/// Presentation values and layer time.
extension Layer {
    /// The presentation values at the scene's current time: the model with the animations
    /// composed onto it. A layer outside a scene, or without animations, presents its model.
    ///
    /// - Complexity: a copy of the model and of the cells the layer's effects write; O(1) beyond
    ///   that once the frame is computed. Read one value with `presentationValue(at:)` instead.
    public var presentation: LayerProperties {
        guard let stackHandle, isAnimated else { return model }
        return stackHandle._withUnsafeGuaranteedRef { stack in stack.properties(row: currentRow(in: stack), of: self) }
    }

    /// The transition running on the layer at the scene's current time, if any.
    public var presentationTransition: TransitionPresentation? {
        guard let stack, isAnimated else { return nil }
        return stack.frame(row: currentRow(in: stack), of: self).transition
    }

    /// Properties and transition at the scene's current time.
    public var presentationFrame: PresentationFrame {
        guard let stack, isAnimated else { return PresentationFrame(properties: model, transition: nil) }
        return stack.frame(row: currentRow(in: stack), of: self)
    }

    /// The presentation value at `path` at the scene's current time: a lookup in the frame's
    /// columns (the model's value for a property no animation writes).
    ///
    /// - Complexity: O(1) for numbers, points and sizes; a whole rect or a transform part
    ///   assembles the layer's presentation.
    @inlinable
    public func presentationValue(at path: PropertyPath) -> AnimationValue {
        // A row the frame computed answers the common reads inline, without the layer (passing
        // it retained it); every other read goes out of line.
        if row >= 0, let stackHandle,
           let value = stackHandle._withUnsafeGuaranteedRef({ $0.computedValue(row: row, at: path) }) {
            return value
        }
        return generalPresentationValue(at: path)
    }

    /// `presentationValue(at:)` for every read its inline lookup does not answer: the model's
    /// value for a layer without animations, else its row's (laid out now if need be).
    @inline(never) @usableFromInline
    func generalPresentationValue(at path: PropertyPath) -> AnimationValue {
        guard let stackHandle, isAnimated else { return modelValue(at: path) }
        return stackHandle._withUnsafeGuaranteedRef { stack in stack.generalValue(row: currentRow(in: stack), at: path, of: self) }
    }

    /// The rate of change of the presentation value at `path`, in units per second of the
    /// scene's (global) time: what the animations on it contribute, from their samplers
    /// (additive ones add, a replacing one hides what is below it); zero (of the path's kind,
    /// every entry 0 for a transform) when nothing animates it, or it is filling, paused or frozen.
    public func presentationVelocity(at path: PropertyPath) -> AnimationValue {
        guard let scene else { return .zeroRate(path.valueKind) }
        return EffectStack.velocity(of: self, at: path, globalTime: scene.currentTime)
    }

    /// Whether the layer has animations (a layer with a row has: `row` is read first, in the
    /// layer, and `attached`'s buffer only otherwise).
    private var isAnimated: Bool { row >= 0 || !attached.isEmpty }

    /// The layer's row in the stack, laid out now if the animations changed since the last frame.
    private func currentRow(in stack: EffectStack) -> Int {
        if row < 0 { row = stack.add(self, mapping: timeMapping) }
        return row
    }

    /// After a change of the model: the living row takes the new model values in place
    /// (`EffectStack.takeModel`) rather than being laid out anew over all the layer's animations.
    func takeModelIntoRow() { updateRow { $0.takeModel($1, of: self) } }

    /// After `entry` was attached last: its effects extend the living row (`EffectStack.extend`)
    /// rather than the row being laid out anew over all the layer's animations.
    func extendRow(with entry: AttachedAnimation) { updateRow { $0.extend($1, of: self, with: entry) } }

    /// Brings the living row up to date with `update` when it can (else invalidates the
    /// presentation, and the row is laid out anew); the next frame looks for the layer's events,
    /// as after any change. An emitter's instancing layer always invalidates (its steps go too).
    private func updateRow(_ update: (EffectStack, Int) -> Bool) {
        guard row >= 0, model.instancing == nil, let stack = listedIn?.stack, update(stack, row) else {
            invalidatePresentation(subtree: false)
            return
        }
        nextEventCheck = MediaTime(-Double.infinity)
        stack.eventChecks[row] = nextEventCheck
    }

    /// Forgets the layer's row (its animations, model, timing or place changed) and the next
    /// event time (and, when timing or the tree changed, the time mappings of the subtree).
    func invalidatePresentation(subtree: Bool) {
        if row >= 0 { listedIn?.forgetRow(of: self) }
        nextEventCheck = MediaTime(-Double.infinity)
        if model.instancing != nil { model.emitter?.history.forgetSteps() }
        if subtree {
            cachedTimeMapping = nil
            for child in sublayers { child.invalidatePresentation(subtree: true) }
            extras?.mask?.invalidatePresentation(subtree: true)
        }
    }

    /// The map from the root's (global) time to this layer's local time (cached until the
    /// timing of the layer or an ancestor, or its place in the tree, changes).
    public var timeMapping: TimeMapping {
        if let cachedTimeMapping { return cachedTimeMapping }
        let own = TimeMapping(timing)
        // A mask has no superlayer, but is drawn as part of the layer it masks: it keeps that time.
        let mapping = (superlayer ?? extras?.maskOwner).map { $0.timeMapping.followed(by: own) } ?? own
        cachedTimeMapping = mapping
        return mapping
    }

    /// CALayer.convertTime(_:from:): a time in `layer`'s time space (the global time when nil) in
    /// this layer's. A frozen layer (speed 0 on it or above it) has no way back to global time;
    /// its time is then taken as global (Core Animation leaves this case undefined).
    public func convertTime(_ t: MediaTime, from layer: Layer?) -> MediaTime {
        guard let layer else { return timeMapping.localTime(from: t) }
        let global = layer.timeMapping.inverse?.localTime(from: t) ?? t
        return timeMapping.localTime(from: global)
    }

    /// CALayer.convertTime(_:to:): a time in this layer's space in `layer`'s (global when nil).
    public func convertTime(_ t: MediaTime, to layer: Layer?) -> MediaTime {
        let global = timeMapping.inverse?.localTime(from: t) ?? t
        guard let layer else { return global }
        return layer.timeMapping.localTime(from: global)
    }

    /// The subtree's presentation frozen now (for transitions and renderers); a replicator's
    /// with its copies (`replicaSnapshots`).
    public func snapshot() -> LayerSnapshot {
        let properties = presentation
        let children = sublayers.map { $0.snapshot() }
        return LayerSnapshot(
            name: name, properties: properties, content: content, isHidden: isHidden,
            masksToBounds: masksToBounds, sublayers: children,
            mask: mask.map { [$0.snapshot()] } ?? [],
            replicas: replicaSnapshots(properties, sublayerSnapshots: children, mapping: timeMapping, at: scene?.currentTime),
            particles: particles)
    }
}
