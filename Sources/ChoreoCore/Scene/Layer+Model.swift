/// Setting and reading model values by key path.
extension Layer {
    /// Sets a model value by key path (`opacity`, `position.x`, `transform.rotation.z`, or a custom
    /// numeric property by name, created on first set), checking its kind and finiteness.
    ///
    /// Outside a view, in a committed scene and with actions enabled, the change animates
    /// implicitly (Core Animation's default action: 0.25 s from the old presentation value).
    public func setValue(_ value: AnimationValue, forKeyPath keyPath: String) throws(ArgumentError) {
        try setValue(value, at: resolvingClassNames(try PropertyPath(parsing: keyPath)), keyPath: keyPath)
    }

    /// `setValue(_:forKeyPath:)` with the key path parsed already (`keyPath` names it in errors).
    public func setValue(_ value: AnimationValue, at path: PropertyPath, keyPath: String) throws(ArgumentError) {
        guard value.kind == path.valueKind else {
            throw ArgumentError(
                parameter: keyPath, requirement: "must be a \(path.valueKind.rawValue)", value: "a \(value.kind.rawValue)")
        }
        try requireFinite(value, keyPath)
        try requireLayerClass(for: path)
        if PropertyCatalogue.isEmitterFactor(path.property), case let .scalar(number) = value {
            return try setEmitterFactor(number, path.property)
        }
        set(value, at: path)
    }

    /// What the layer showed at `path` before its model changed in the open transaction (Core
    /// Animation's presentation layer until the commit), or nil when it has not changed since the
    /// last commit, or the layer was not on screen then.
    func previousPresentationValue(at path: PropertyPath) -> AnimationValue? {
        // Only a layer on screen has one (a key of a freed layer must not reach a new one).
        guard let scene, attachedAtCommit < scene.commitCount, let whole = scene.previousValues[
            PreviousValueKey(layer: ObjectIdentifier(self), property: path.property)] else { return nil }
        guard path.component != .whole else { return whole }
        var properties = model
        properties.setValue(whole, at: path.wholeProperty)
        return properties.value(at: path)
    }

    /// The model value at a key path (a custom property the layer does not have is an error).
    public func value(forKeyPath keyPath: String) throws(ArgumentError) -> AnimationValue {
        modelValue(at: try resolveAnimatablePath(keyPath))
    }

    /// The model value at `path`, reading only the fields it needs where it can: the numbers of
    /// its scalar slots (the slot subscript is inlined, so each is one field's load), or the
    /// transform; the identity transform is one shared value. Anything else goes through the
    /// catalogue's reader with the model reached in place (`inout`): read as a plain value
    /// (`model.value(at:)`), Swift first copies the whole struct out of the object (296 bytes,
    /// and a retain of each out-of-line part), several times the cost of a presentation cell.
    public func modelValue(at path: PropertyPath) -> AnimationValue {
        if let value = AnimationValue.fromSlots(of: path, { model[$0] }) { return value }
        if path.isWholeTransform {
            let box = model.transformBox
            return box === TransformBox.identity ? Self.identityTransformValue : .transform(box.value)
        }
        return LayerProperties.value(at: path, in: &model)
    }

    /// The model's number in `slot`, one field read in place.
    func modelNumber(_ slot: ScalarSlot) -> Double { model[slot] }

    private static let identityTransformValue = AnimationValue.transform(.identity)

    /// Sets a checked value at a resolved path; the one place the model changes.
    public func set(_ value: AnimationValue, at path: PropertyPath) {
        if case .custom(let name) = path.property, model.customStorage?[name] == nil { ensuredExtras.lastNewCustomKey = name }
        change(at: path) { model.setValue(value, at: path) }
    }

    /// Changes the model at `path` with `mutate` (a setter with rules of its own: an emitter's
    /// `birthRate` from the layer's time now) as `set` does: the value shown before is kept for
    /// the transaction, and the change runs the layer's action or joins a view animation block.
    /// A `mutate` that throws changes nothing and runs nothing.
    func change<Failure: Error>(at path: PropertyPath, _ mutate: () throws(Failure) -> Void) throws(Failure) {
        // The value shown before the change, for an action or a view animation block: read (a
        // lookup) only when one may run, not for every change of a view outside blocks.
        let whole = path.wholeProperty
        let scene = self.scene  // read once: each read of the reference retains it
        let before = scene.flatMap { $0.mayAct(on: self) ? presentationValue(at: whole) : nil }
        if let scene, attachedAtCommit < scene.commitCount {
            // A layer on screen: what it showed before the transaction's first change of this
            // property (`previousPresentationValue(at:)`).
            let key = PreviousValueKey(layer: ObjectIdentifier(self), property: whole.property)
            if scene.previousValues[key] == nil { scene.previousValues[key] = before ?? presentationValue(at: whole) }
        }
        // The model value before, for a view animation block: nil when it is the value shown (no
        // animation attached).
        let oldModel = before == nil || attached.isEmpty ? nil : modelValue(at: whole)
        try mutate()
        takeModelIntoRow()
        if let scene, let before { scene.modelDidChange(self, path: whole, from: before, model: oldModel) }
    }
}

extension AnimationValue {
    /// Whether every component is a finite number.
    public var isFinite: Bool {
        switch self {
        case let .scalar(v): v.isFinite
        case let .point(p): p.x.isFinite && p.y.isFinite
        case let .size(s): s.width.isFinite && s.height.isFinite
        case let .rect(r): r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case let .color(c): c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
        case let .transform(t): t.isFinite
        case let .path(path): path.isFinite
        case .colors, .numbers: (listEntries ?? []).allSatisfy(\.isFinite)
        }
    }
}
