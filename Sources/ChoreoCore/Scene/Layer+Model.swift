/// Setting and reading model values by key path.
extension Layer {
    /// Sets a model value by key path (`opacity`, `position.x`, `transform.rotation.z`, or a custom
    /// numeric property by name, created on first set), checking its kind and finiteness.
    ///
    /// Outside a view, in a committed scene and with actions enabled, the change animates
    /// implicitly (Core Animation's default action: 0.25 s from the old presentation value).
    public func setValue(_ value: AnimationValue, forKeyPath keyPath: String) throws(ArgumentError) {
        let path = try PropertyPath(parsing: keyPath)
        guard value.kind == path.valueKind else {
            throw ArgumentError(
                parameter: keyPath, requirement: "must be a \(path.valueKind.rawValue)", value: "a \(value.kind.rawValue)")
        }
        try requireFinite(value, keyPath)
        try requireLayerClass(for: path)
        set(value, at: path)
    }

    /// The model value at a key path (a custom property the layer does not have is an error).
    public func value(forKeyPath keyPath: String) throws(ArgumentError) -> AnimationValue {
        model.value(at: try resolveAnimatablePath(keyPath))
    }

    /// Sets a checked value at a resolved path; the one place the model changes.
    public func set(_ value: AnimationValue, at path: PropertyPath) {
        let whole = path.wholeProperty
        let before = scene == nil ? nil : presentation.value(at: whole)
        model.setValue(value, at: path)
        invalidatePresentation(subtree: false)
        if let scene, let before { scene.modelDidChange(self, path: whole, from: before) }
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
