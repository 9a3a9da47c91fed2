import ChoreoCore

/// `EmitterCell` (CAEmitterCell): one kind of particle, given to an emitter layer's
/// `emitterCells`.
///
///     local confetti = EmitterCell.new{ name = "confetti", birthRate = 30, lifetime = 5,
///       velocity = 120, velocityRange = 40, emissionLongitude = math.pi / 2, emissionRange = 0.5,
///       yAcceleration = 60, spin = 2, spinRange = 3, color = "red", alphaSpeed = -0.2,
///       contents = Path.rect{0, 0, 8, 4} }        -- or an image: contents = "assets/flake.png"
///
/// The layer keeps a copy of each cell it is given (as Core Animation's render tree does): a
/// change to the cell afterwards shows once the cells are given again.
final class EmitterCellObject: HostMemoryCharged {
    var cell: EmitterCell
    var memoryCharge: HostMemoryCharge?

    init(_ cell: EmitterCell) { self.cell = cell }

    var estimatedHostBytes: Int { cell.estimatedHostBytes }

    func estimateRestorer() -> () -> Void {
        let cell = self.cell
        return { [self] in self.cell = cell }
    }
}

extension ScriptHost {
    func installEmitterCells() {
        let table = emitterCellProperties()
        vm.register(LuaClass<EmitterCellObject>(
            "EmitterCell",
            getProperty: { call, object, key in try table.get(call, object, key) },
            setProperty: { call, object, key in try call.charging(object) { try table.set(object, key, call.value(at: 3)) } },
            describe: { object in object.cell.name.map { "EmitterCell(\($0))" } ?? "EmitterCell" }))
        let keys = table.constructorKeys(table.settableNames)
        vm.registerGlobal("EmitterCell", functions: ["new": { call in
            let options = try call.optionalTable(at: 1, name: "properties")
            let object = EmitterCellObject(EmitterCell())
            try table.apply(options, to: object, keys: keys)
            try call.chargeNew(object)
            call.push(object: object)
            return 1
        }])
    }

    private func emitterCellProperties() -> ScriptPropertyTable<EmitterCellObject> {
        var table = ScriptPropertyTable<EmitterCellObject>("EmitterCell")
        table.add("name", get: { call, o in call.push(optionalString: o.cell.name) },
                  set: { o, v in o.cell.name = try Checked.optionalString(v, "name") })
        table.add("isEnabled", get: { call, o in call.push(o.cell.isEnabled) },
                  set: { o, v in o.cell.isEnabled = try Checked.boolean(v, "isEnabled") })
        for name in EmitterCell.numberNames {
            table.add(name, get: { call, o in call.push(o.cell[number: name] ?? 0) },
                      set: { o, v in try o.cell.setNumber(Checked.number(v, name), named: name) })
        }
        table.add("color", get: { call, o in call.push(.color(o.cell.color), writeBack: { new in
            if case let .color(c) = new { o.cell.color = c }
        }) }, set: { o, v in o.cell.color = try ScriptValues.color(v, name: "color") })
        table.add("contents", get: { call, o in
            switch o.cell.contents {
            case .none: call.pushNil()
            case .image(let path): call.push(path)
            case .shape(let path): ScriptPaths.push(path, call)
            }
        }, set: { [unowned self] o, v in
            if v.isNil {
                o.cell.contents = .none
            } else if let path = v.stringValue {
                o.cell.contents = .image(path: try resolveImage(path))
            } else {
                let path = try ScriptPaths.bezierPath(v, name: "contents")
                guard !path.isEmpty else {
                    throw ArgumentError(parameter: "contents", requirement: "must be an image's path or a path with commands",
                                        value: "an empty path")
                }
                o.cell.contents = .shape(path)
            }
        })
        return table
    }
}
