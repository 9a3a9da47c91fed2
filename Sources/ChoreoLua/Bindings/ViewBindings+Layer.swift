import ChoreoCore

/// `Layer`: the scene node under Core Animation's names (a view's `layer`, or `Layer.new{...}`).
///
///     box.layer.cornerRadius = 20
///     box.layer.position.x = 200                 -- compound values write back
///     box.layer:setValue(3, "progress")          -- a custom numeric property, animatable by key
///     box.layer.speed = 0; box.layer.timeOffset = 0.5
///     local t = box.layer:convertTime(CACurrentMediaTime(), nil)
extension ScriptHost {
    /// The animatable properties, named as `PropertyPath` names them (`PropertyCatalogue`'s order).
    static let animatableLayerProperties = PropertyCatalogue.all.map(\.name)
    /// The same names, for lookups (`setValue` and `valueForKeyPath` ask for each call).
    static let animatableLayerPropertySet = Set(animatableLayerProperties)

    func layerProperties() -> ScriptPropertyTable<Layer> {
        var table = ScriptPropertyTable<Layer>("Layer")
        func animatable(_ name: String) {
            let path = try! PropertyPath(parsing: name)
            table.add(name, get: { call, layer in
                try layer.requireLayerClass(for: path)
                call.push(layer.modelValue(at: path)) { new in try Self.runningActions(of: layer) { layer.set(new, at: path) } }
            }, set: { layer, value in
                try layer.requireLayerClass(for: path)
                layer.set(try ScriptValues.animationValue(value, kind: path.valueKind, name: name), at: path)
            })
        }
        table.add("name", get: { call, layer in call.push(optionalString: layer.name) },
                  set: { layer, value in layer.name = try Checked.optionalString(value, "name") })
        // Constructors apply the anchor point before `frame` (which places the layer by it), and
        // the other properties after, so an explicit `position` or `bounds` wins over `frame`.
        animatable("anchorPoint")
        table.add("frame", get: { call, layer in
            call.push(.rect(layer.frame)) { new in if case let .rect(r) = new { layer.setFrame(r) } }
        }, set: { layer, value in layer.setFrame(try ScriptValues.rect(value, name: "frame")) },
        setInPlace: ScriptProperty.plainRect { layer, frame in layer.setFrame(frame) })
        // The shape layer's own properties are content properties (ViewBindings+Shape.swift).
        for property in PropertyCatalogue.inApplyOrder
        where property.name != "anchorPoint" && !PropertyCatalogue.isShapeProperty(property.property) && !property.isClassScoped {
            if property.property == .shadowPath { Self.addShadowPath(to: &table) } else { animatable(property.name) }
        }
        Self.addGradientProperties(to: &table)
        addReplicatorProperties(to: &table)
        addEmitterProperties(to: &table)
        table.add("isHidden", get: { call, layer in call.push(layer.isHidden) },
                  set: { layer, value in layer.isHidden = try Checked.boolean(value, "isHidden") })
        table.add("masksToBounds", get: { call, layer in call.push(layer.masksToBounds) },
                  set: { layer, value in layer.masksToBounds = try Checked.boolean(value, "masksToBounds") })
        table.add("speed", get: { call, layer in call.push(layer.timing.speed) },
                  set: { layer, value in layer.timing.speed = try MediaTiming.checkedSpeed(BindingInput.number(value, "speed"), "speed") })
        table.add("timeOffset", get: { call, layer in call.push(layer.timing.timeOffset.seconds) },
                  set: { layer, value in layer.timing.timeOffset = MediaDuration(try Checked.number(value, "timeOffset")) })
        table.add("beginTime", get: { call, layer in call.push(layer.timing.beginTime.seconds) },
                  set: { layer, value in layer.timing.beginTime = MediaTime(try Checked.number(value, "beginTime")) })
        addContentProperties(to: &table, face: .layer) { $0 }
        table.add("superlayer", get: { call, layer in
            if let parent = layer.superlayer { call.push(object: parent) } else { call.pushNil() }
        })
        table.add("sublayers", get: { call, layer in
            call.pushNewTable(arrayCount: layer.sublayers.count) { array in
                for (index, sublayer) in layer.sublayers.enumerated() { array.set(.index(index + 1), object: sublayer) }
            }
        })
        table.add("view", get: { call, layer in
            if let view = layer.view { call.push(object: view) } else { call.pushNil() }
        })
        table.add("presentation", get: { call, layer in call.push(object: LayerPresentation(layer)) })
        addActionProperties(to: &table)
        addFeatureProperties(to: &table)
        return table
    }

    /// Reads a layer property, or a custom numeric property set earlier with `setValue`.
    static func getLayerProperty(
        _ table: ScriptPropertyTable<Layer>, _ owners: [LayerClass?], _ call: LuaCallContext, _ layer: Layer, _ key: String
    ) throws -> Int {
        if let position = table.position(of: key), owners[position].map({ $0 == layer.layerClass }) ?? true {
            return try table.get(call, layer, at: position)
        }
        guard let value = layer.model.custom[key] else { return 0 }
        call.push(value)
        return 1
    }

    /// Whether `key` is a set (not animatable) property of a layer class `layer` is not of
    /// (`birthRate` on a plain layer): such a name stays free for the layer's custom properties
    /// (`layer:setValue(2, "scale")`), as it was before the class had it.
    static func isOtherClassKey(_ key: String, of layer: Layer) -> Bool {
        otherClassOwner(of: key).map { $0 != layer.layerClass } ?? false
    }

    /// The class a set property of that name belongs to, when it is not every layer's and no
    /// catalogue property has the name: on a layer of another class, the name is free for a custom
    /// property.
    static func otherClassOwner(of key: String) -> LayerClass? {
        guard let owner = layerClassOfKey[key], owner != .layer, PropertyCatalogue.named(key) == nil else { return nil }
        return owner
    }

    /// `otherClassOwner` of each of the table's properties, by position: a read or write from Lua
    /// asks with the position it found, and hashes the key no more.
    static func otherClassOwners(of table: ScriptPropertyTable<Layer>) -> [LayerClass?] {
        table.names.map(otherClassOwner(of:))
    }

    /// Sets a layer property, or a custom numeric property that exists (`setValue` creates them).
    static func setLayerProperty(
        _ table: ScriptPropertyTable<Layer>, _ owners: [LayerClass?], _ layer: Layer, _ key: String, _ value: LuaValue
    ) throws {
        let position = table.position(of: key)
        let isOwnProperty = position.map { owners[$0].map { $0 == layer.layerClass } ?? true } ?? false
        guard !isOwnProperty, layer.model.custom[key] != nil else { return try table.set(layer, key, value) }
        layer.set(try ScriptValues.animationValue(value, kind: .scalar, name: key), at: PropertyPath(.custom(key)))
    }

    func layerMethods(_ table: ScriptPropertyTable<Layer>) -> [String: LuaHostFunction] {
        /// Whether a key is one of the layer's own properties that key paths do not reach (`speed`,
        /// `isHidden`, `frame`): `setValue` and `valueForKeyPath` take those as KVC does.
        func isPlainKey(_ key: String, of layer: Layer) -> Bool {
            table.has(key) && !Self.animatableLayerPropertySet.contains(key) && !Self.isOtherClassKey(key, of: layer)
        }
        let valueForKeyPath: LuaHostFunction = { call in
            let layer = try call.object(at: 1, as: Layer.self)
            let keyPath = try call.string(at: 2, name: "keyPath")
            if isPlainKey(keyPath, of: layer) { return try table.get(call, layer, keyPath) }
            if let number = try layer.emitterCellValue(forKeyPath: keyPath) {
                call.push(number)
                return 1
            }
            let path = try layer.resolveAnimatablePath(keyPath)
            call.push(layer.modelValue(at: path)) { new in try Self.runningActions(of: layer) { layer.set(new, at: path) } }
            return 1
        }
        // What `setValue` works out from a key path's text alone, once per Lua string.
        let keyFacts = LuaStringMemo<SetValueKeyFacts>()
        return actionMethods().merging(featureMethods()) { $1 }.merging([
            "setValue": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let key = try call.string(at: 3, name: "keyPath", memo: keyFacts) { key in
                    SetValueKeyFacts(key, table)
                }
                let keyPath = key.text
                let plain = key.value.isPlainKey(of: layer)
                // Its error is raised below; a class's own name (an emitter's `birthRate`) resolves on its layers.
                let parsed = plain ? nil : key.value.parsed.map(layer.resolvingClassNames)
                // A local function, not a closure value: its context stays on the stack.
                func change() throws {
                    if plain {
                        try table.set(layer, keyPath, call.value(at: 2))
                    } else if key.value.isEmitterCellPath {
                        _ = try layer.setEmitterCellValue(Checked.number(call.value(at: 2), keyPath), forKeyPath: keyPath)
                    } else {
                        let path = try parsed ?? layer.resolvingClassNames(PropertyPath(parsing: keyPath))
                        try layer.setValue(
                            try ScriptValues.animationValue(at: 2, of: call, kind: path.valueKind, name: keyPath),
                            at: path, keyPath: keyPath)
                    }
                }
                // A catalogue property of a fixed size changes no estimate: no charge to redo (a
                // new custom property, a path, a list or plain key may change it).
                if let path = parsed, path.isCatalogueProperty, !Self.mayResize(path.valueKind) {
                    try Self.runningActions(of: layer, change)
                } else {
                    try call.charging(layer) { try Self.runningActions(of: layer, change) }
                }
                return 0
            },
            "valueForKeyPath": valueForKeyPath,
            "instancePresentation": Self.instancePresentation,
            "layerNamed": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                if let found = layer.layer(named: try call.string(at: 2, name: "name")) { call.push(object: found) } else { call.pushNil() }
                return 1
            },
            "particles": Self.particles,
            "valueForKey": valueForKeyPath,
            "convertTime": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let time = try finite(call, 2, "time")
                call.push(layer.convertTime(MediaTime(time), from: try Self.optionalLayer(call, at: 3)).seconds)
                return 1
            },
            "convertTimeTo": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let time = try finite(call, 2, "time")
                call.push(layer.convertTime(MediaTime(time), to: try Self.optionalLayer(call, at: 3)).seconds)
                return 1
            },
            "addSublayer": Self.addChild(Layer.self),
            "insertSublayer": Self.insertChild(Layer.self),
            "insertSublayerBelow": Self.insertChild(Layer.self, above: false),
            "insertSublayerAbove": Self.insertChild(Layer.self, above: true),
            "removeFromSuperlayer": { call in
                try call.object(at: 1, as: Layer.self).removeFromSuperlayer()
                return 0
            },
        ]) { $1 }
    }

    /// What `layer:setValue` needs to know of a key path that its text alone decides: whether it
    /// names one of the layer's plain properties, and its parsed path (nil when it does not parse:
    /// the error is raised where the path is used). Worked out once per distinct key path.
    struct SetValueKeyFacts {
        /// A property of the layer's table that is not animatable by key path (`speed`, `frame`).
        let isPlainProperty: Bool
        /// The class whose own set property the name is (`birthRate` of an emitter), when it is
        /// not also a catalogue property: on a layer of another class it is a custom property.
        let classOwner: LayerClass?
        let parsed: PropertyPath?
        let isEmitterCellPath: Bool

        init(_ key: String, _ table: ScriptPropertyTable<Layer>) {
            isPlainProperty = table.has(key) && !ScriptHost.animatableLayerPropertySet.contains(key)
            if let owner = ScriptHost.layerClassOfKey[key], owner != .layer, PropertyCatalogue.named(key) == nil {
                classOwner = owner
            } else {
                classOwner = nil
            }
            parsed = try? PropertyPath(parsing: key)
            isEmitterCellPath = key.hasPrefix("emitterCells.")
        }

        /// `isPlainKey` of `layerMethods` for this key: a plain property, unless it is another
        /// class's name (`isOtherClassKey`).
        func isPlainKey(of layer: Layer) -> Bool {
            isPlainProperty && !(classOwner.map { $0 != layer.layerClass } ?? false)
        }
    }

    /// Whether a value of `kind` may change a layer's memory estimate (a path, a list).
    static func mayResize(_ kind: ValueKind) -> Bool {
        switch kind {
        case .path, .colors, .numbers: true
        default: false
        }
    }

    /// The layer argument at `index` (a view stands for its layer), or nil.
    static func optionalLayer(_ call: LuaCallContext, at index: Int) throws -> Layer? {
        if let view = call.value(at: index).objectValue as? View { return view.layer }
        return try call.optionalObject(at: index, as: Layer.self, name: "layer")
    }
}
