import ChoreoCore
import ChoreoRuntime

/// Timing curves for scripts: the `Curve` class, `TimingFunction`, `CubicTimingParameters`,
/// `SpringTimingParameters` (TimingBindings+Parameters.swift) and `Timing`.
///
///     local ticks = Timing.steps(4, "jump-end")
///     local table = Timing.piecewiseLinear{ {0, 0}, {0.6, 0.9}, {1, 1} }   -- {t, progress} points
///     Timing.register("smoothstep", function(t) return t * t * (3 - 2 * t) end)
///     fade.timingFunction = "smoothstep"          -- or Timing.get("smoothstep")
///     for _, name in ipairs(Timing.list()) do print(name) end
///
/// Every curve object has `curve:progress(t)`, `curve:velocity(t)` (t and results are
/// fractions), `curve:reversed()`, `curve:mirrored()`, `curve.duration` (its own, in seconds;
/// nil when it takes the animation's) and `curve.name`; springs add `mass, stiffness, damping,
/// dampingRatio, bounce, perceptualDuration, settlingDuration, initialVelocity`; cubic curves
/// `controlPoint1, controlPoint2, animationCurve`.
extension ScriptHost {
    func installTiming() {
        registerCurveClass()
        installTimingParameters()
        let functions: [String: LuaHostFunction] = [
            "steps": { call in
                let count = try call.integer(at: 1, name: "steps")
                let position = try call.optionalString(at: 2, name: "position") ?? "jump-end"
                call.push(object: ScriptCurve(try StepsCurve(count, position: position)))
                return 1
            },
            "piecewiseLinear": { call in
                _ = try call.table(at: 1, name: "points")
                call.push(object: ScriptCurve(try ScriptHost.piecewiseLinear(call.value(at: 1))))
                return 1
            },
            "register": { [unowned self] call in
                let name = try call.string(at: 1, name: "name")
                try TimingRegistry.checkRegistrableName(name)
                guard !registry.isFull(for: name) else {
                    throw ArgumentError(parameter: "name", requirement: "cannot be registered: at most "
                        + "\(TimingRegistry.maximumRegistrations) curves may be (register under a name used before to replace one)",
                                        value: "\"\(name)\"")
                }
                guard !call.isNil(at: 2) else { throw call.badArgument(2, "curve expected, got nil") }
                var made = try curve(from: call.value(at: 2), name: name)
                if let samples = try Self.bakeSamples(call.value(at: 3)) {
                    made = try bake(made, samples: samples)
                }
                if let object = made as? ScriptCurve {
                    made = ScriptCurve(object.base, name: name, initialVelocity: object.initialVelocity)
                }
                registry.register(name, made)
                call.push(object: ScriptCurve.wrapping(made, name: name))
                return 1
            },
            "get": { [unowned self] call in
                let name = try call.string(at: 1, name: "name")
                let parameters = try ScriptHost.parameterValues(call.value(at: 2), "parameters")
                let found = try namedCurve(name, parameters: parameters, name: "name")
                call.push(object: ScriptCurve.wrapping(found, name: name))
                return 1
            },
            "list": { [unowned self] call in
                let names = registry.names
                call.pushNewTable(arrayCount: names.count) { table in
                    for name in names { table.append(.string(name)) }
                }
                return 1
            },
        ]
        vm.registerGlobal("Timing", functions: functions)
    }

    /// `{ bake = N }` (or `bake = true`: 256 samples) from `Timing.register`'s options.
    private static func bakeSamples(_ options: LuaValue) throws -> Int? {
        guard !options.isNil else { return nil }
        guard let table = options.tableValue else { throw ScriptValues.mismatch("options", "a table { bake = N }", options) }
        try table.checkKeys(allowed: ["bake"], of: "option")
        switch table["bake"] {
        case .nil, .boolean(false): return nil
        case .boolean(true): return 256
        case let value:
            guard let samples = value.intValue, (2...100_000).contains(samples) else {
                throw ArgumentError(parameter: "bake", requirement: "must be a sample count within 2...100000 (or true for 256)",
                                    value: value.doubleValue.map(formatNumber) ?? ScriptValues.luaTypeName(value))
            }
            return samples
        }
    }

    /// The curve sampled once at `samples + 1` points into a monotone cubic (Fritsch–Carlson),
    /// keeping its own duration; an error its function raises while sampling is raised here.
    private func bake(_ curve: any TimingCurve, samples: Int) throws -> any TimingCurve {
        let hadError = deferredError != nil
        let baked = try BakedCurve(baking: curve, samples: samples)
        if !hadError { try throwDeferredError() }
        return baked
    }

    /// CSS `linear()` from a Lua array: `{t, progress}` pairs, or bare outputs spread evenly.
    static func piecewiseLinear(_ lua: LuaValue) throws(ArgumentError) -> PiecewiseLinearCurve {
        var points: [PiecewiseLinearCurve.ControlPoint] = []
        for (index, entry) in try BindingInput.array(lua, "points", of: "points").enumerated() {
            let name = "points[\(index + 1)]"
            if let output = entry.doubleValue {
                points.append(.init(output))
            } else if let pair = entry.tableValue, pair.count == 2, let input = pair[1].doubleValue,
                let output = pair[2].doubleValue
            {
                points.append(.init(output, at: input))
            } else {
                throw ScriptValues.mismatch(name, "a progress number or a {t, progress} pair", entry)
            }
        }
        return try PiecewiseLinearCurve(controlPoints: points)
    }
}
