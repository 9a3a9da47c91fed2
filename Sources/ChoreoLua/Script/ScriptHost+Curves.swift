import ChoreoCore

extension ScriptHost {
    /// What `curve(from:name:)` accepts, as its error says.
    static let curveExpectation =
        "a curve (a name such as \"easeOut\", a spec such as \"cubic-bezier(0.4, 0, 0.2, 1)\", a curve object, "
        + "a function of t, a provider table with a progress function, or a name with parameters such as "
        + "{\"penner.easeOutBack\", overshoot = 2})"

    /// The curve a script value describes, wherever a curve is accepted (DESIGN §5):
    /// - a registered name or a spec: `"easeOut"`, `"cubic-bezier(...)"`, `"penner.easeOutBounce"`;
    /// - a curve object: `TimingFunction.new(...)`, `CubicTimingParameters.new{...}`,
    ///   `SpringTimingParameters.new{...}`, `Timing.get(name)` (returned as itself, so a property
    ///   given one reads back the same object);
    /// - a Lua function of t, or a provider table `{ progress = fn, velocity = fn, duration = s }`,
    ///   wrapped as a `LuaFunctionCurve` named `name` in messages;
    /// - a name with parameters: `{"penner.easeOutBack", overshoot = 2}` (a plugin provider with
    ///   some of its parameters given, the rest at their defaults).
    ///
    /// A damping-ratio spring comes back as a `FittedSpringCurve` (inside its `ScriptCurve`), as
    /// given: Core fits it to the duration of what uses it (`TimingCurve.resolved(forDuration:)`).
    /// Errors name the parameter: `timingFunction must be one of ...`.
    func curve(from lua: LuaValue, name: String) throws -> any TimingCurve {
        switch lua {
        case .string(let text):
            do { return try registry.curve(named: text) } catch {
                // A spec's own parameters keep their names: `curve: stiffness must be within ...`.
                let inner = ["curve", "spec"].contains(error.parameter) || text.hasPrefix(error.parameter)
                throw ArgumentError(
                    parameter: inner ? name : "\(name): \(error.parameter)", requirement: error.requirement, value: error.value)
            }
        case .object(let object as ScriptCurve):
            return object
        case .function(let function):
            return functionCurve(function, name: name)
        case .table(let table) where !table["progress"].isNil:
            return try providerCurve(table, name: name)
        case .table(let table) where table[1].stringValue != nil:
            return try parameterizedCurve(table, name: name)
        default:
            throw ScriptValues.mismatch(name, Self.curveExpectation, lua)
        }
    }
}

extension ScriptHost {
    /// `{"penner.easeOutBack", overshoot = 2}`: the curve named by [1], with the other fields as
    /// its parameters.
    func parameterizedCurve(_ table: LuaTableRef, name: String) throws -> any TimingCurve {
        let curveName = table[1].stringValue ?? ""
        var parameters: [String: Double] = [:]
        for key in table.keys {
            switch key {
            case .index(1): continue
            case .name(let parameter):
                parameters[parameter] = try BindingInput.number(table[parameter], "\(name).\(parameter)")
            case .index:
                throw ArgumentError(
                    parameter: name, requirement: "must be a curve name followed by named parameters ({\"\(curveName)\", name = value})",
                    value: "an extra value at \(key)")
            }
        }
        return try namedCurve(curveName, parameters: parameters, name: name)
    }

    /// A registered curve or provider by name, with parameters; errors name `name`.
    func namedCurve(_ curveName: String, parameters: [String: Double], name: String) throws -> any TimingCurve {
        do {
            let found = try registry.curve(named: curveName, parameters: parameters)
            return (found as? ScriptCurve) ?? ScriptCurve(found, name: curveName)  // keeps a spring's initialVelocity
        } catch let error as ArgumentError where error.parameter == "curve" {
            // Errors about the curve itself name the parameter it was given for; errors about its
            // parameters already name the curve (`penner.easeOutBack.overshoot must be ...`).
            throw ArgumentError(parameter: name, requirement: error.requirement, value: error.value)
        }
    }

    /// `{ params = { overshoot = 2 } }`-style tables as a dictionary of finite numbers.
    static func parameterValues(_ lua: LuaValue, _ name: String) throws -> [String: Double] {
        guard !lua.isNil else { return [:] }
        guard let table = lua.tableValue else { throw ScriptValues.mismatch(name, "a table of parameter values", lua) }
        var values: [String: Double] = [:]
        for key in table.keys {
            guard case .name(let parameter) = key else {
                throw ArgumentError(parameter: name, requirement: "must name its values ({ overshoot = 2 })", value: key.description)
            }
            values[parameter] = try BindingInput.number(table[parameter], "\(name).\(parameter)")
        }
        return values
    }
}
