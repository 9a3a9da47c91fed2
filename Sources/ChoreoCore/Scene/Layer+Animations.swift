/// Core Animation's layer animation API: add by key, remove, list, look up.
extension Layer {
    /// Attaches a copy of `animation` under `key`, replacing (and stopping, with finished = false)
    /// an animation already under that key. A transition without a key is added under "transition".
    ///
    /// The copy is checked against the layer now (key path, value kinds, timing) and its missing
    /// from/to values are taken from the current presentation; its `beginTime`, when 0, becomes
    /// the layer's local time when the transaction commits.
    public func add(_ animation: Animation, forKey key: String?) throws(ArgumentError) {
        let key = key ?? (animation is TransitionAnimation ? "transition" : nil)
        try (animation as? AnimationGroup)?.checkTreeBounds()  // before the recursive copy
        try attach(animation.copy(), forKey: key)
    }

    /// `add(_:forKey:)` of an animation no one else holds (one the runtime has just made, as a
    /// view animation block does for each change): attached itself, with no copy made.
    func attach(_ copy: Animation, forKey key: String?) throws(ArgumentError) {
        // A copy of an animation the runtime made for a script's layer (a view animation block,
        // an implicit action) is counted like the script's own, so that the memory limit bounds
        // it too: in the layer's charge while attached (a charge object per animation was 48
        // bytes of a 336-byte animation). A script reaches an attached copy only through its
        // delegate, whose binding charges it when it is handed over.
        // The key goes into the layer's charge whoever made the copy: it is a script's string, of
        // any length.
        let layerCharge = memoryCharge == nil ? 0 : (copy.memoryCharge == nil ? copy.estimatedHostBytes : 0) + (key?.utf8.count ?? 0)
        // The transaction gives a default duration and curve; an animation with both of its own
        // (every view animation block's) takes neither, and the transaction is not read.
        let needsDefaults = copy.curveBox == nil || !(copy.timing.duration.seconds > 0)
        let transaction = needsDefaults ? scene?.currentTransaction : nil  // read once (each read retains the scene)
        let defaultDuration = transaction?.animationDuration ?? .defaultAnimationDuration
        if copy.curveBox == nil, let curve = transaction?.animationTimingFunction {
            copy.timingFunction = curve
        }
        let replaces = key.map(holdsAnimation(forKey:)) ?? false
        guard attached.count - (replaces ? 1 : 0) < Layer.maximumAnimationCount else {
            throw ArgumentError(
                parameter: "animation", requirement: "cannot be added: a layer holds at most \(Layer.maximumAnimationCount) "
                    + "animations (remove finished ones, or add under a key to replace one)",
                value: "\(attached.count) attached")
        }
        try copy.prepare(presentation: presentation, layer: self, defaultDuration: defaultDuration)
        if let key, replaces { removeAnimation(forKey: key) }
        let entry = copy.attachment(key: key, sequence: Scene.nextSequence())
        if layerCharge > 0, let memoryCharge {
            entry.chargedToLayer = layerCharge
            attachedChargeBytes += layerCharge
            memoryCharge.resize(to: memoryCharge.bytes + layerCharge)
        }
        appendAttached(entry)
        extendRow(with: entry)
        self.scene?.didAdd(entry, to: self)  // read again: removing a replaced animation ran its stop
    }

    /// Detaches the animation under `key`; it stops with finished = false unless it had ended.
    public func removeAnimation(forKey key: String) {
        guard holdsAnimation(forKey: key), let index = attached.firstIndex(where: { $0.key == key }) else { return }
        detach(at: index, finished: false)
    }

    /// Detaches every animation.
    public func removeAllAnimations() {
        while !attached.isEmpty { detach(at: attached.count - 1, finished: false) }
    }

    /// The keys of the attached animations, in the order they apply (keyless ones are skipped).
    public func animationKeys() -> [String] { attached.compactMap(\.key) }

    /// A copy of the animation attached under `key` (changing it changes nothing on screen).
    public func animation(forKey key: String) -> Animation? {
        attached.first { $0.key == key }?.animation.copy()
    }

    /// Whether an attached animation holds `key`: the key index when the layer holds many, else a
    /// scan of the few.
    func holdsAnimation(forKey key: String) -> Bool {
        if let attachedKeyCounts { return attachedKeyCounts[key] != nil }
        return attached.contains { $0.key == key }
    }

    /// Removes the attached animation at `index`, emitting its stop unless already emitted.
    func detach(at index: Int, finished: Bool) {
        let entry = removeAttached(at: index)
        invalidatePresentation(subtree: false)
        if let scene {
            scene.emitStop(entry, layer: self, finished: finished, at: nil)
        } else {
            entry.didStop = true
        }
    }

    /// Makes room for `count` more attached animations (a view animation block adds a few).
    func reserveAttachedCapacity(_ count: Int) {
        attached.reserveCapacity(attached.count + count)
    }

    func appendAttached(_ entry: AttachedAnimation) {
        attached.append(entry)
        if !entry.isAdditiveAttachment { nonAdditiveCount += 1 }
        if attachedKeyCounts == nil, attached.count > Layer.keyIndexThreshold {
            var counts: [String: Int] = [:]
            for key in attached.lazy.compactMap(\.key) { counts[key, default: 0] += 1 }
            attachedKeyCounts = counts
        } else if let key = entry.key, attachedKeyCounts != nil {
            attachedKeyCounts![key, default: 0] += 1
        }
    }

    @discardableResult
    func removeAttached(at index: Int) -> AttachedAnimation {
        let entry = attached.remove(at: index)
        if !entry.isAdditiveAttachment { nonAdditiveCount -= 1 }
        if let emitter = model.emitter { retireEmitterEffects(of: entry, into: emitter.history) }
        if entry.chargedToLayer > 0 {
            attachedChargeBytes -= entry.chargedToLayer
            memoryCharge.map { $0.resize(to: $0.bytes - entry.chargedToLayer) }
            entry.chargedToLayer = 0
        }
        if let key = entry.key {
            if attachedKeyCounts != nil {
                let count = attachedKeyCounts![key, default: 1] - 1
                attachedKeyCounts![key] = count > 0 ? count : nil
            }
        }
        return entry
    }

    /// The property path for `keyPath` on this layer: a layer property or one of its custom ones.
    public func resolveAnimatablePath(_ keyPath: String) throws(ArgumentError) -> PropertyPath {
        let path = resolvingClassNames(try PropertyPath(parsing: keyPath))
        if case let .custom(name) = path.property, model.custom[name] == nil {
            throw ArgumentError(
                parameter: "keyPath",
                requirement: "must name a layer property or a custom property set with setValue (\"\(name)\" is neither)",
                value: "\"\(keyPath)\"")
        }
        try requireLayerClass(for: path)
        return path
    }
}
