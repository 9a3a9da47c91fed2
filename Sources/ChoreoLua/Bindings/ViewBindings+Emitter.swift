import ChoreoCore

/// `EmitterLayer` (CAEmitterLayer): a layer that emits particles of its `emitterCells`.
///
///     local emitter = EmitterLayer.new{ frame = {0, 0, 375, 667}, emitterPosition = {187, -10},
///       emitterSize = {375, 1}, emitterShape = "line", seed = 7, emitterCells = { confetti } }
///     emitter.birthRate = 0                  -- stop: the particles born keep falling
///     emitter:particles()                    -- the particles alive now (tables)
///
/// An emitter is a `Layer`: every layer property and method works on it. Its own properties on
/// a layer of another class are an error naming the class; read there they are nil.
extension ScriptHost {
    /// The emitter's keys, in the order constructors apply them (factors before cells, so a
    /// table's small `birthRate` is in place when its cells' budget is checked).
    static let emitterKeys = ["birthRate", "lifetime", "velocity", "scale", "spin", "seed", "emitterShape", "emitterMode",
                              "emitterCells"]

    func addEmitterProperties(to table: inout ScriptPropertyTable<Layer>) {
        // The factors: animatable, set through the one checked setter.
        for entry in PropertyCatalogue.all where entry.isClassScoped && entry.layerClass == .emitter {
            let path = PropertyPath(entry.property)
            table.add(entry.name, get: { call, layer in
                if layer.model.emitter != nil { call.push(layer.modelValue(at: path), writeBack: nil) } else { call.pushNil() }
            }, set: { layer, value in
                try layer.setEmitterFactor(Checked.number(value, entry.name), entry.property)
            })
        }
        table.add("seed", get: { call, layer in
            if let emitter = layer.model.emitter { call.push(Int(emitter.seed)) } else { call.pushNil() }
        }, set: { layer, value in
            let seed = try Checked.number(value, "seed")
            guard seed == seed.rounded(), seed >= 0, seed <= Double(UInt32.max) else {
                throw ArgumentError(parameter: "seed", requirement: "must be a whole number within 0...\(UInt32.max)", value: seed)
            }
            try layer.updateEmitter("seed") { $0.seed = UInt32(seed) }
        })
        table.add("emitterShape", get: { call, layer in
            if let emitter = layer.model.emitter { call.push(emitter.emitterShape.rawValue) } else { call.pushNil() }
        }, set: { layer, value in
            let shape = try Checked.option(value, "emitterShape", EmitterProperties.Shape.self)
            try layer.updateEmitter("emitterShape") { $0.emitterShape = shape }
        })
        table.add("emitterMode", get: { call, layer in
            if let emitter = layer.model.emitter { call.push(emitter.emitterMode.rawValue) } else { call.pushNil() }
        }, set: { layer, value in
            let mode = try Checked.option(value, "emitterMode", EmitterProperties.Mode.self)
            try layer.updateEmitter("emitterMode") { $0.emitterMode = mode }
        })
        table.add("emitterCells", get: { call, layer in
            guard let emitter = layer.model.emitter else { return call.pushNil() }
            call.pushNewTable(arrayCount: emitter.emitterCells.count) { array in
                for (index, cell) in emitter.emitterCells.enumerated() { array.set(.index(index + 1), object: EmitterCellObject(cell)) }
            }
        }, set: { layer, value in
            guard let list = value.tableValue else { throw ScriptValues.mismatch("emitterCells", "an array of EmitterCell", value) }
            var cells: [EmitterCell] = []
            for index in stride(from: 1, through: list.count, by: 1) {
                guard let object = list[index].objectValue as? EmitterCellObject else {
                    throw ScriptValues.mismatch("emitterCells[\(index)]", "an EmitterCell", list[index])
                }
                cells.append(object.cell)
            }
            try layer.updateEmitter("emitterCells") { $0.emitterCells = cells }
        })
    }

    /// `emitter:particles()`: the particles alive now, oldest first per cell, each a table
    /// `{ cell = name or index, index =, birthTime =, age =, lifetime =, position = {x, y},
    /// scale =, rotation =, color = }`.
    static func particles(_ call: LuaCallContext) throws -> Int {
        let layer = try call.object(at: 1, as: Layer.self)
        try layer.requireLayerClass(.emitter, property: "particles")
        let cells = layer.model.emitter?.emitterCells ?? []
        let particles = layer.particles
        call.pushNewTable(arrayCount: particles.count) { array in
            for (offset, particle) in particles.enumerated() {
                array.setTable(.index(offset + 1), fieldCount: 9) { fields in
                    fields.set("cell", cells[particle.cell].name.map(LuaValue.string) ?? .number(Double(particle.cell + 1)))
                    fields.set("index", .number(Double(particle.index)))
                    fields.set("birthTime", .number(particle.birthTime))
                    fields.set("age", .number(particle.age))
                    fields.set("lifetime", .number(particle.lifetime))
                    fields.set("position", object: ScriptValue(.point(particle.position), writeBack: nil))
                    fields.set("scale", .number(particle.scale))
                    fields.set("rotation", .number(particle.rotation))
                    fields.set("color", object: ScriptValue(.color(particle.color), writeBack: nil))
                }
            }
        }
        return 1
    }
}
