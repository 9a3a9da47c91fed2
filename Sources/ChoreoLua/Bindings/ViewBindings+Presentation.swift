import ChoreoCore

/// A layer's presentation as scripts read it (CALayer.presentation()): the values on screen at
/// the scene's current time, taken when `layer.presentation` is read.
///
///     box.layer.presentation.opacity                       -- while a fade runs
///     box.layer.presentation:valueForKeyPath("transform.rotation.z")
///     container.layer.presentation.transition              -- nil, or {type=, subtype=, progress=}
///     box.layer.presentation:velocity("position")          -- {x=, y=} in points per second
///
/// It is a snapshot: keep it and it stays as it was. Values read from it are copies, and
/// assigning any of its properties is an error (the model is what scripts set). Its velocities
/// (`Layer.presentationVelocity`) are computed when asked for, so they can be asked for only
/// while the scene is still at the instant the snapshot was taken.
final class LayerPresentation {
    let layer: Layer
    let properties: LayerProperties
    let transition: TransitionPresentation?
    /// The scene's time when the snapshot was taken (nil outside a scene).
    let time: MediaTime?
    /// The replicator copy the values are of (`instancePresentation`), nil for the layer itself.
    let instance: Int?

    init(_ layer: Layer) {
        self.layer = layer
        let frame = layer.presentationFrame
        properties = frame.properties
        transition = frame.transition
        time = layer.scene?.currentTime
        instance = nil
    }

    /// The presentation of a replicator's copy `instance` of `layer`.
    init(_ layer: Layer, properties: LayerProperties, instance: Int) {
        self.layer = layer
        self.properties = properties
        transition = nil
        time = layer.scene?.currentTime
        self.instance = instance
    }

    /// The velocity at `keyPath` at the snapshot's instant: an error once the scene has moved on.
    func velocity(forKeyPath keyPath: String) throws -> AnimationValue {
        if let instance, instance != 0 {
            throw BindingError("a replicator copy's presentation has no velocity (copy \(instance)); read the layer's own")
        }
        if let time, let now = layer.scene?.currentTime, now != time {
            throw BindingError(
                "the presentation was taken at \(formatNumber(time.seconds)) s and the scene is now at "
                    + "\(formatNumber(now.seconds)) s: read layer.presentation again for the velocity now")
        }
        return try layer.presentationVelocity(forKeyPath: keyPath)
    }
}

extension ScriptHost {
    func installPresentation() {
        var table = ScriptPropertyTable<LayerPresentation>("Presentation")
        // An emitter's `velocity` factor is read with `valueForKeyPath("velocity")`: the name is
        // the presentation's `velocity(keyPath)` method.
        for entry in PropertyCatalogue.all where entry.name != "velocity" {
            let path = PropertyPath(entry.property)
            table.add(entry.name) { call, p in
                try p.layer.requireLayerClass(for: path)
                call.push(p.properties.value(at: path), writeBack: nil)
            }
        }
        table.add("frame") { call, p in call.push(.rect(Layer.frame(of: p.properties)), writeBack: nil) }
        table.add("name") { call, p in call.push(optionalString: p.layer.name) }
        table.add("isHidden") { call, p in call.push(p.layer.isHidden) }
        table.add("masksToBounds") { call, p in call.push(p.layer.masksToBounds) }
        table.add("model") { call, p in call.push(object: p.layer) }
        table.add("transition") { call, p in
            guard let transition = p.transition else { return call.pushNil() }
            call.pushNewTable(fieldCount: 3) { fields in
                fields.set("type", .string(transition.type.rawValue))
                fields.set("subtype", transition.subtype.map { .string($0.rawValue) } ?? .nil)
                fields.set("progress", .number(transition.progress))
            }
        }

        vm.register(LuaClass<LayerPresentation>(
            "Presentation",
            methods: ["velocity": { call in
                let presentation = try call.object(at: 1, as: LayerPresentation.self)
                let keyPath = try call.string(at: 2, name: "keyPath")
                if table.has(keyPath) && !Self.animatableLayerPropertySet.contains(keyPath) {
                    throw BindingError(
                        "\"\(keyPath)\" has no velocity: velocities are of animatable key paths (position, bounds.size, opacity, ...)")
                }
                call.push(try presentation.velocity(forKeyPath: keyPath), writeBack: nil)
                return 1
            }, "valueForKeyPath": { call in
                let presentation = try call.object(at: 1, as: LayerPresentation.self)
                let keyPath = try call.string(at: 2, name: "keyPath")
                if table.has(keyPath) && !Self.animatableLayerPropertySet.contains(keyPath) {
                    return try table.get(call, presentation, keyPath)
                }
                let path = presentation.layer.resolvingClassNames(try PropertyPath(parsing: keyPath))
                if case let .custom(name) = path.property, presentation.properties.custom[name] == nil {
                    // The model's check and message: the layer has no such property.
                    _ = try presentation.layer.resolveAnimatablePath(keyPath)
                }
                try presentation.layer.requireLayerClass(for: path)
                call.push(presentation.properties.value(at: path), writeBack: nil)
                return 1
            }],
            getProperty: { call, presentation, key in
                if table.has(key) { return try table.get(call, presentation, key) }
                guard let value = presentation.properties.custom[key] else { return 0 }
                call.push(value)
                return 1
            },
            setProperty: { _, _, key in
                throw BindingError("cannot be set: the presentation is read-only (set the model: layer.\(key))")
            },
            describe: { presentation in presentation.layer.name.map { "Presentation(\($0))" } ?? "Presentation" },
            // `layer:presentation()`, as Swift and Objective-C spell it (a method there): Lua reads
            // `layer.presentation` and calls it with the layer, which gives the same presentation.
            call: { call in
                let presentation = try call.object(at: 1, as: LayerPresentation.self)
                if !call.isNil(at: 2) {
                    let layer = try call.object(at: 2, as: Layer.self)
                    guard layer === presentation.layer else {
                        throw BindingError("presentation(): call it on its own layer (layer:presentation())")
                    }
                }
                call.push(object: presentation)
                return 1
            }))
    }
}
