import ChoreoCore

extension ScriptHost {
    /// The curve a script value describes, wherever a curve is accepted: a registered name or a
    /// spec (`"easeOut"`, `"cubic-bezier(...)"`, `"penner.easeOutBounce"`).
    func curve(from lua: LuaValue, name: String) throws -> any TimingCurve {
        if let text = lua.stringValue {
            do { return try registry.curve(named: text) } catch {
                throw ArgumentError(parameter: name, requirement: error.requirement, value: error.value)
            }
        }
        throw ScriptValues.mismatch(name, "a curve (a name such as \"easeOut\", or a spec)", lua)
    }
}
