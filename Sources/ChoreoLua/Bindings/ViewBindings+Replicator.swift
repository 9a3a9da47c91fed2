import ChoreoCore

/// `ReplicatorLayer` (CAReplicatorLayer): a layer that draws its sublayers `instanceCount` times,
/// each copy moved by `instanceTransform`, delayed by `instanceDelay` and tinted by
/// `instanceColor` plus the offsets, once more than the copy before it.
///
///     local halo = ReplicatorLayer.new{ frame = {0, 0, 200, 200}, instanceCount = 3,
///                                       instanceDelay = 0.5 }
///     halo:addSublayer(ring)                        -- ring's animations ripple through the copies
///     halo:instancePresentation(2, ring).opacity    -- copy 2's ring, 1 s behind the ring itself
///
/// A replicator is a `Layer` (every Layer property and method works on it); its own properties
/// on a layer of another class are an error naming the class.
extension ScriptHost {
    /// `instanceCount` and `preservesDepth` (the animatable ones come from the catalogue).
    func addReplicatorProperties(to table: inout ScriptPropertyTable<Layer>) {
        table.add("instanceCount", get: { call, layer in
            if let replicator = layer.model.replicator { call.push(replicator.instanceCount) } else { call.pushNil() }
        }, set: { layer, value in
            guard let number = value.doubleValue else { throw ScriptValues.mismatch("instanceCount", "a whole number", value) }
            try layer.setInstanceCount(ReplicatorProperties.checkedInstanceCount(number))
        })
        table.add("preservesDepth", get: { call, layer in
            if let replicator = layer.model.replicator { call.push(replicator.preservesDepth) } else { call.pushNil() }
        }, set: { layer, value in try layer.setPreservesDepth(Checked.boolean(value, "preservesDepth")) })
    }

    /// `ReplicatorLayer.new{...}`, `EmitterLayer.new{...}`: a layer of `layerClass` with the keys
    /// of `Layer.new` and the class's own.
    func installLayerConstructor(_ layerClass: LayerClass, _ layerTable: ScriptPropertyTable<Layer>) {
        let keys = layerTable.constructorKeys(Self.layerKeys(layerTable, of: layerClass))
        vm.registerGlobal(layerClass.rawValue, functions: ["new": { call in
            let options = try call.optionalTable(at: 1, name: "properties")
            let layer = Layer(class: layerClass)
            try layerTable.apply(options, to: layer, keys: keys)
            try call.chargeNew(layer)
            call.push(object: layer)
            return 1
        }])
    }

    /// `View.new{ layerClass = "GradientLayer" }` (or any `LayerClass` name): a view backed by a
    /// layer of that class (UIKit's `override class var layerClass`), whose `view.layer`
    /// properties animate in view animation blocks and animators. Only constructors take the key.
    static func applyLayerClass(_ options: LuaTableArgument?, to view: View) throws {
        // Looked up only when given: pushing the key's name would allocate a Lua string for every
        // view made (a view made at the memory limit must fail at its host charge, as before).
        guard let options, options.containsKey(named: "layerClass") else { return }
        let value = options.value("layerClass")
        guard !value.isNil else { return }
        let name = try Checked.string(value, "layerClass")
        guard let layerClass = LayerClass(rawValue: name) else {
            let valid = LayerClass.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ArgumentError(parameter: "layerClass", requirement: "must be one of \(valid)", value: "\"\(name)\"")
        }
        try view.layer.become(layerClass)
    }

    /// The keys a constructor of `layerClass` takes: every plain layer key (without the keys of
    /// content kinds, which make other layers) and the class's own.
    static func layerKeys(_ table: ScriptPropertyTable<Layer>, of layerClass: LayerClass) -> [String] {
        let contentKeys = Set(ContentKind.allCases.flatMap { $0.keys(.layer) })
        return table.settableNames.filter { name in
            guard !contentKeys.contains(name) else { return false }
            return (Self.layerClassOfKey[name] ?? .layer) == .layer || Self.layerClassOfKey[name] == layerClass
        }
    }

    /// The class each class-specific key belongs to (keys not listed belong to every layer).
    static let layerClassOfKey: [String: LayerClass] = {
        var classes: [String: LayerClass] = ["instanceCount": .replicator, "preservesDepth": .replicator]
        for key in emitterKeys { classes[key] = .emitter }
        for property in PropertyCatalogue.all where property.layerClass != .layer { classes[property.name] = property.layerClass }
        return classes
    }()

    /// `replicator:instancePresentation(i, layer)`: `layer` (a sublayer of the replicator, or
    /// one below) as copy `i` (0-based: copy 0 is the sublayers themselves) shows it now.
    static func instancePresentation(_ call: LuaCallContext) throws -> Int {
        let replicator = try call.object(at: 1, as: Layer.self)
        let index = try Checked.integer(call.value(at: 2), "instance")
        guard let layer = try optionalLayer(call, at: 3) else { throw BindingError("layer must be a layer (got nil)") }
        let properties = try replicator.presentation(of: layer, inInstance: index)
        call.push(object: LayerPresentation(layer, properties: properties, instance: index))
        return 1
    }
}
