import ChoreoCore

/// CAKeyframeAnimation's properties. Paths use ShapeView's command format (`ScriptPaths`).
///
///     local move = KeyframeAnimation.new("position")
///     move.values = { {0, 0}, {100, 0}, {100, 100} }
///     move.keyTimes = {0, 0.3, 1}
///     move.timingFunctions = { "easeIn", TimingFunction.new("easeOut") }
///     move.calculationMode = "cubic"        -- also UIKit's "calculationModeCubic"
///     move.path = { {"move", 0, 0}, {"curve", 50, -40, 100, 40, 150, 0}, {"close"} }
///     move.rotationMode = "rotateAuto"       -- also Core Animation's "auto", "autoReverse"
extension ScriptHost {
    func keyframeAnimationProperties() -> [AnimationProperty] {
        typealias K = KeyframeAnimation
        func shape(_ name: String, _ keyPath: ReferenceWritableKeyPath<K, [Double]?>) -> AnimationProperty {
            .pushing(K.self, name, get: { call, keyframes in ScriptHost.pushNumbers(keyframes[keyPath: keyPath], call) },
                     set: { keyframes, lua in
                         let values = try BindingInput.optionalNumbers(lua, name)
                         for (index, value) in (values ?? []).enumerated() {
                             _ = try requireInRange(value, -1...1, "\(name)[\(index + 1)]")
                         }
                         keyframes[keyPath: keyPath] = values
                     })
        }
        return [
            .pushing(K.self, "values",
                get: { call, keyframes in
                    call.pushNewTable(arrayCount: keyframes.values.count) { table in
                        for value in keyframes.values { table.append(ScriptHost.luaValue(value)) }
                    }
                },
                set: { keyframes, lua in
                    keyframes.values = try BindingInput.array(lua, "values", of: "values").enumerated().map { index, entry in
                        try ScriptHost.animationValue(entry, for: keyframes, name: "values[\(index + 1)]")
                    }
                }),
            .pushing(K.self, "keyTimes", get: { call, keyframes in ScriptHost.pushNumbers(keyframes.keyTimes, call) },
                     set: { $0.keyTimes = try BindingInput.optionalNumbers($1, "keyTimes") }),
            .pushing(K.self, "timingFunctions",
                get: { call, keyframes in
                    guard let curves = keyframes.timingFunctions else { return call.pushNil() }
                    call.pushNewTable(arrayCount: curves.count) { table in
                        for curve in curves { table.append(.object(ScriptCurve.wrapping(curve))) }
                    }
                },
                set: { [unowned self] keyframes, lua in
                    guard !lua.isNil else { return keyframes.timingFunctions = nil }
                    keyframes.timingFunctions = try BindingInput.array(lua, "timingFunctions", of: "curves").enumerated().map {
                        index, entry in try curve(from: entry, name: "timingFunctions[\(index + 1)]")
                    }
                }),
            .on(K.self, "calculationMode", get: { .string($0.calculationMode.rawValue) },
                set: { $0.calculationMode = try ScriptHost.calculationMode(BindingInput.string($1, "calculationMode")) }),
            shape("tensionValues", \.tensionValues),
            shape("continuityValues", \.continuityValues),
            shape("biasValues", \.biasValues),
            .pushing(K.self, "path",
                get: { call, keyframes in
                    guard let path = keyframes.path else { return call.pushNil() }
                    ScriptPaths.push(path, call)
                },
                set: { $0.path = $1.isNil ? nil : try ScriptPaths.bezierPath($1, name: "path") }),
            .on(K.self, "rotationMode", get: { $0.rotationMode.map { .string($0.rawValue) } ?? .nil },
                set: { keyframes, lua in
                    keyframes.rotationMode = try BindingInput.optionalString(lua, "rotationMode").map(ScriptHost.rotationMode)
                }),
        ]
    }

    static func calculationMode(_ name: String) throws(ArgumentError) -> CalculationMode {
        let prefix = "calculationMode"
        if name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let mode = CalculationMode(rawValue: rest.prefix(1).lowercased() + rest.dropFirst()) { return mode }
        }
        return try CalculationMode(parsing: name)
    }

    static func rotationMode(_ name: String) throws(ArgumentError) -> RotationMode {
        try BindingInput.choice(name, "rotationMode", [
            ("rotateAuto", .rotateAuto), ("rotateAutoReverse", .rotateAutoReverse),
            ("auto", .rotateAuto), ("autoReverse", .rotateAutoReverse),
        ])
    }

    private static func pushNumbers(_ numbers: [Double]?, _ call: LuaCallContext) {
        guard let numbers else { return call.pushNil() }
        call.pushNewTable(arrayCount: numbers.count) { table in
            for number in numbers { table.append(.number(number)) }
        }
    }
}
