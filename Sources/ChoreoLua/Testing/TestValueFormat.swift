import ChoreoCore

/// How failure messages show Lua values: exactly, and the same on every run.
///
///     nil   true   3   0.30000000000000004   "text"   Point(x: 1, y: 2)   Color(#ff8000)
///     {1, 2, x = 3, ["a b"] = {…}}   function   Timer
///
/// Numbers use the shortest form that reads back to the same double; colors show their
/// components when they are not exact 8-bit values; table keys are sorted (Lua's own order
/// changes from run to run), nesting and length are capped, and cycles show as `<cycle>`.
enum TestValueFormat {
    static func describe(_ value: LuaValue, in vm: LuaVM) -> String {
        var seen: Set<UInt> = []
        return describe(value, in: vm, depth: 0, seen: &seen)
    }

    /// An exact description of a script value.
    static func describe(_ value: AnimationValue) -> String {
        if case let .color(color) = value {
            let text = color.description
            return text.hasPrefix("#") ? "Color(\(text))" : "Color\(text)"
        }
        return ScriptValueFields.describe(value)
    }

    /// A number as messages show it: shortest round trip, integers bare.
    static func describe(_ number: Double) -> String { formatNumber(number) }

    /// A string as a Lua literal would spell it.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f { out += "\\\(scalar.value)" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The entries of a table in a stable order: the array part 1, 2, … first, then the other
    /// keys sorted by their description.
    static func sortedEntries(_ table: LuaTableRef) -> [(key: LuaValue, value: LuaValue)] {
        let entries = table.vm.entries(of: table)
        return entries.sorted { a, b in
            switch (a.key, b.key) {
            case let (.integer(x), .integer(y)): return x < y
            case (.integer, _): return true
            case (_, .integer): return false
            default: return sortKey(a.key) < sortKey(b.key)
            }
        }
    }

    /// The key as a path step: `.x`, `[2]`, `["a b"]`.
    static func pathStep(_ key: LuaValue) -> String {
        if case let .string(name) = key, isIdentifier(name) { return "." + name }
        return "[\(sortKey(key))]"
    }

    private static func sortKey(_ key: LuaValue) -> String {
        switch key {
        case let .string(text): quoted(text)
        case let .integer(n): String(n)
        case let .number(n): describe(n)
        case let .boolean(flag): String(flag)
        default: key.description
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    private static let maximumDepth = 4
    private static let maximumEntries = 24

    private static func describe(_ value: LuaValue, in vm: LuaVM, depth: Int, seen: inout Set<UInt>) -> String {
        switch value {
        case .nil: return "nil"
        case let .boolean(flag): return String(flag)
        case let .integer(n): return String(n)
        case let .number(n): return describe(n)
        case let .string(text): return quoted(text)
        case .function: return "function"
        case let .object(object):
            if let boxed = object as? ScriptValue { return describe(boxed.value) }
            return vm.className(of: type(of: object))
        case let .unsupported(typeName): return typeName
        case let .table(table):
            let identity = vm.identity(of: table)
            if seen.contains(identity) { return "<cycle>" }
            let entries = sortedEntries(table)
            if entries.isEmpty { return "{}" }
            if depth >= maximumDepth { return "{…}" }
            seen.insert(identity)
            defer { seen.remove(identity) }
            var parts: [String] = []
            var nextIndex = 1
            for entry in entries.prefix(maximumEntries) {
                let text = describe(entry.value, in: vm, depth: depth + 1, seen: &seen)
                if case let .integer(n) = entry.key, n == nextIndex {
                    parts.append(text)
                    nextIndex += 1
                } else if case let .string(name) = entry.key, isIdentifier(name) {
                    parts.append("\(name) = \(text)")
                } else {
                    parts.append("[\(sortKey(entry.key))] = \(text)")
                }
            }
            if entries.count > maximumEntries { parts.append("… (\(entries.count - maximumEntries) more)") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }
}
