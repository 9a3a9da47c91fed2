import ChoreoCore

/// Reading script values for the timing and animation bindings: property values and the fields
/// of option tables, each checked and named in the error (`duration must be a number (got the
/// string "long")`), so a setter and a constructor's table report a bad value the same way.
enum BindingInput {
    static func number(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Double {
        guard let value = lua.doubleValue else { throw ScriptValues.mismatch(name, "a number", lua) }
        return value
    }

    static func finite(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Double {
        try requireFinite(number(lua, name), name)
    }

    static func optionalNumber(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Double? {
        lua.isNil ? nil : try number(lua, name)
    }

    static func boolean(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Bool {
        guard let value = lua.boolValue else { throw ScriptValues.mismatch(name, "a boolean", lua) }
        return value
    }

    static func optionalBoolean(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Bool? {
        lua.isNil ? nil : try boolean(lua, name)
    }

    static func string(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> String {
        guard let value = lua.stringValue else { throw ScriptValues.mismatch(name, "a string", lua) }
        return value
    }

    static func optionalString(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> String? {
        lua.isNil ? nil : try string(lua, name)
    }

    /// The entries 1...#t of a Lua array.
    static func array(_ lua: LuaValue, _ name: String, of what: String) throws(ArgumentError) -> [LuaValue] {
        guard let table = lua.tableValue else { throw ScriptValues.mismatch(name, "an array of \(what)", lua) }
        let count = table.count
        return count == 0 ? [] : (1...count).map { table[$0] }
    }

    /// An array of finite numbers, or nil.
    static func optionalNumbers(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> [Double]? {
        guard !lua.isNil else { return nil }
        var numbers: [Double] = []
        for (index, entry) in try array(lua, name, of: "numbers").enumerated() {
            numbers.append(try finite(entry, "\(name)[\(index + 1)]"))
        }
        return numbers
    }

    /// A velocity vector: `{dx=, dy=}`, `{x=, y=}`, `{dx, dy}`, or one number for both axes.
    static func vector(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Vector {
        if let n = lua.doubleValue { return try Vector.validated(dx: n, dy: n, parameter: name) }
        let expected = "a vector ({dx=, dy=}, {dx, dy} or a number)"
        guard let table = lua.tableValue else { throw ScriptValues.mismatch(name, expected, lua) }
        func component(_ keys: [String], _ index: Int) throws(ArgumentError) -> Double {
            for key in keys where !table[key].isNil { return try number(table[key], "\(name).\(key)") }
            guard let value = table[index].doubleValue else { throw ScriptValues.mismatch(name, expected, lua) }
            return value
        }
        return try Vector.validated(dx: component(["dx", "x"], 1), dy: component(["dy", "y"], 2), parameter: name)
    }

    /// An enum value by name, or an error listing the valid names.
    static func choice<T>(_ name: String, _ parameter: String, _ cases: [(String, T)]) throws(ArgumentError) -> T {
        if let match = cases.first(where: { $0.0 == name }) { return match.1 }
        throw ArgumentError.unknownName(name, parameter: parameter, valid: cases.map(\.0))
    }
}
