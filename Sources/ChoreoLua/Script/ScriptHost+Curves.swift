import ChoreoCore

extension ScriptHost {
    /// What `curve(from:name:)` accepts, as its error says.
    static let curveExpectation =
        "a curve (a name such as \"easeOut\", a spec such as \"cubic-bezier(0.4, 0, 0.2, 1)\", a curve object, "
        + "a function of t, or a provider table with a progress function)"

    /// The curve a script value describes, wherever a curve is accepted (DESIGN §5):
    /// - a registered name or a spec: `"easeOut"`, `"cubic-bezier(...)"`, `"penner.easeOutBounce"`;
    /// - a curve object: `TimingFunction.new(...)`, `CubicTimingParameters.new{...}`,
    ///   `SpringTimingParameters.new{...}`, `Timing.get(name)` (returned as itself, so a property
    ///   given one reads back the same object);
    /// - a Lua function of t, or a provider table `{ progress = fn, velocity = fn, duration = s }`,
    ///   wrapped as a `LuaFunctionCurve` named `name` in messages.
    ///
    /// A damping-ratio spring comes back as a `FittedSpringCurve` (inside its `ScriptCurve`): fit
    /// it to the duration of what uses it with `FittedSpringCurve.find(in:)?.fitted(toDuration:)`.
    /// Errors name the parameter: `timingFunction must be one of ...`.
    func curve(from lua: LuaValue, name: String) throws -> any TimingCurve {
        switch lua {
        case .string(let text):
            do { return try registry.curve(named: text) } catch {
                throw ArgumentError(parameter: name, requirement: error.requirement, value: error.value)
            }
        case .object(let object as ScriptCurve):
            return object
        case .function(let function):
            return functionCurve(function, name: name)
        case .table(let table) where !table["progress"].isNil:
            return try providerCurve(table, name: name)
        default:
            throw ScriptValues.mismatch(name, Self.curveExpectation, lua)
        }
    }
}
