import ChoreoCore

/// List values from and to scripts: a gradient's `colors` (`{"red", "#00ff00", Color.rgb(0, 0, 1)}`)
/// and `locations` (`{0, 0.5, 1}`). A list is a Lua sequence; it is copied in and out whole (like
/// Core Animation's NSArray properties), so changing a table read from a layer changes nothing.
extension ScriptValues {
    /// A list of colors: a sequence of colors in any form `color(_:name:)` takes.
    public static func colorList(_ lua: LuaValue, name: String) throws(ArgumentError) -> [Color] {
        let table = try listTable(lua, name: name, expected: "a list of colors ({\"red\", \"#00ff00\", ...})")
        var colors: [Color] = []
        colors.reserveCapacity(table.count)
        for index in stride(from: 1, through: table.count, by: 1) {
            colors.append(try color(table[index], name: "\(name)[\(index)]"))
        }
        return colors
    }

    /// A list of numbers: a sequence of finite numbers (within ±1e15).
    public static func numberList(_ lua: LuaValue, name: String) throws(ArgumentError) -> [Double] {
        let table = try listTable(lua, name: name, expected: "a list of numbers ({0, 0.5, 1})")
        var numbers: [Double] = []
        numbers.reserveCapacity(table.count)
        for index in stride(from: 1, through: table.count, by: 1) {
            let element = table[index]
            guard let number = element.doubleValue else { throw mismatch("\(name)[\(index)]", "a number", element) }
            numbers.append(try requireFinite(number, "\(name)[\(index)]"))
        }
        return numbers
    }

    /// The sequence `lua` holds: a table whose keys are exactly 1...n, n at most
    /// `AnimationValue.maximumListCount` (checked before any element is read).
    private static func listTable(_ lua: LuaValue, name: String, expected: String) throws(ArgumentError) -> LuaTableRef {
        guard let table = lua.tableValue else { throw mismatch(name, expected, lua) }
        let count = table.count
        guard count <= AnimationValue.maximumListCount else {
            throw ArgumentError(parameter: name, requirement: "must hold at most \(AnimationValue.maximumListCount) elements",
                                value: "\(count)")
        }
        // A sequence of n elements has exactly n keys (`keys` lists every key, named or not).
        guard table.keys.count == count else {
            throw ArgumentError(parameter: name, requirement: "must be \(expected): a sequence, without named keys or holes",
                                value: "a table with other keys")
        }
        return table
    }
}

extension LuaCallContext {
    /// Pushes a list value as a new sequence: numbers, or colors as script values.
    func pushList(_ value: AnimationValue) {
        switch value {
        case let .colors(colors):
            pushNewTable(arrayCount: colors.count) { array in
                for (index, color) in colors.enumerated() { array.set(.index(index + 1), object: ScriptValue(.color(color))) }
            }
        case let .numbers(numbers):
            pushNewTable(arrayCount: numbers.count) { array in
                for (index, number) in numbers.enumerated() { array.set(.index(index + 1), .number(number)) }
            }
        default: pushNil()
        }
    }
}
