import CLua
import CLuaShim
import ChoreoCore

/// A geometric or color value as scripts hold it: a point, size, rect, color or transform that
/// may write itself back to where it came from.
///
/// Reading `box.center` gives a value bound to the box's position, so that
/// `box.center.x = box.center.x + 100` moves the box; nested values chain the binding
/// (`box.bounds.size.width = 10` writes the bounds). Values made by scripts (`Point.new(1, 2)`)
/// are unbound; changing them changes only them.
public final class ScriptValue {
    public private(set) var value: AnimationValue
    /// Called with the new whole value after every field assignment, when bound.
    let writeBack: ((AnimationValue) throws -> Void)?

    public init(_ value: AnimationValue, writeBack: ((AnimationValue) throws -> Void)? = nil) {
        self.value = value
        self.writeBack = writeBack
    }

    /// Replaces the value and writes it back.
    func update(_ newValue: AnimationValue) throws {
        value = newValue
        try writeBack?(newValue)
    }
}

/// Conversions between Lua values and Choreo's values. Geometry accepts tables and values:
/// points `{x=1, y=2}` or `{1, 2}`, sizes `{width=, height=}` or `{w, h}`, rects
/// `{x=, y=, width=, height=}`, `{x, y, w, h}` or `{origin=, size=}`, colors as `"#rrggbb"`,
/// `"#rrggbbaa"`, CSS names, `{r, g, b[, a]}` or `Color.rgb(...)`, transforms as `Transform`
/// values or 6 (affine) or 16 numbers.
public enum ScriptValues {
    /// The value of `kind` that `lua` describes; `name` is the parameter for messages.
    public static func animationValue(_ lua: LuaValue, kind: ValueKind, name: String) throws(ArgumentError) -> AnimationValue {
        if let boxed = lua.objectValue as? ScriptValue, boxed.value.kind == kind { return boxed.value }
        switch kind {
        case .scalar:
            guard let number = lua.doubleValue else { throw mismatch(name, "a number", lua) }
            return .scalar(try requireFinite(number, name))
        case .point: return .point(try point(lua, name: name))
        case .size: return .size(try size(lua, name: name))
        case .rect: return .rect(try rect(lua, name: name))
        case .color: return .color(try color(lua, name: name))
        case .transform: return .transform(try transform(lua, name: name))
        case .path: return .path(try ScriptPaths.bezierPath(lua, name: name))
        case .colors: return .colors(try colorList(lua, name: name))
        case .numbers: return .numbers(try numberList(lua, name: name))
        }
    }

    /// `animationValue(_:kind:name:)` of the argument at `index`: a number for a scalar is read
    /// in place (no `LuaValue` made for the common case); anything else as a `LuaValue`.
    static func animationValue(
        at index: Int, of call: LuaCallContext, kind: ValueKind, name: String
    ) throws(ArgumentError) -> AnimationValue {
        if kind == .scalar, lua_type(call.state, Int32(index)) == LUA_TNUMBER {
            return .scalar(try requireFinite(lua_tonumberx(call.state, Int32(index), nil), name))
        }
        return try animationValue(call.value(at: index), kind: kind, name: name)
    }

    public static func point(_ lua: LuaValue, name: String) throws(ArgumentError) -> Point {
        if let boxed = lua.objectValue as? ScriptValue, case let .point(p) = boxed.value { return p }
        let n = try numbers(lua, named: NumberKeys.point, name: name, expected: "a point ({x=, y=} or {x, y})")
        return Point(x: n.0, y: n.1)
    }

    public static func size(_ lua: LuaValue, name: String) throws(ArgumentError) -> Size {
        if let boxed = lua.objectValue as? ScriptValue, case let .size(s) = boxed.value { return s }
        let n = try numbers(lua, named: NumberKeys.size, name: name, expected: "a size ({width=, height=} or {w, h})")
        return Size(width: n.0, height: n.1)
    }

    public static func rect(_ lua: LuaValue, name: String) throws(ArgumentError) -> Rect {
        if let boxed = lua.objectValue as? ScriptValue, case let .rect(r) = boxed.value { return r }
        if let n = plainNumbers(lua, NumberKeys.rect) { return Rect(x: n.0, y: n.1, width: n.2, height: n.3) }
        if let table = lua.tableValue, table.hasField(named: "origin") || table.hasField(named: "size") {
            return Rect(origin: try point(table["origin"], name: name + ".origin"),
                        size: try size(table["size"], name: name + ".size"))
        }
        let n = try numbers(lua, named: NumberKeys.rect, name: name,
                            expected: "a rect ({x=, y=, width=, height=} or {x, y, w, h})")
        return Rect(x: n.0, y: n.1, width: n.2, height: n.3)
    }

    public static func color(_ lua: LuaValue, name: String) throws(ArgumentError) -> Color {
        if let boxed = lua.objectValue as? ScriptValue, case let .color(c) = boxed.value { return c }
        if let text = lua.stringValue {
            do { return try Color(parsing: text) } catch {
                throw ArgumentError(parameter: name, requirement: error.requirement, value: error.value)
            }
        }
        if let table = lua.tableValue {
            let alpha = table["a"].isNil && table[4].isNil && table["alpha"].isNil
            let n = try numbers(lua, named: alpha ? NumberKeys.rgb : NumberKeys.rgba, name: name,
                                expected: "a color (\"#rrggbb\", a CSS name or {r, g, b, a})")
            return Color(red: n.0, green: n.1, blue: n.2, alpha: alpha ? 1 : n.3)
        }
        throw mismatch(name, "a color (\"#rrggbb\", a CSS name or {r, g, b, a})", lua)
    }

    public static func transform(_ lua: LuaValue, name: String) throws(ArgumentError) -> Transform3D {
        if let boxed = lua.objectValue as? ScriptValue, case let .transform(t) = boxed.value { return t }
        guard let table = lua.tableValue, table.count == 6 || table.count == 16 else {
            throw mismatch(name, "a transform (a Transform, or 6 or 16 numbers)", lua)
        }
        var entries: [Double] = []
        for i in 1...table.count {
            guard let number = table[i].doubleValue else { throw mismatch("\(name)[\(i)]", "a number", table[i]) }
            entries.append(try requireFinite(number, "\(name)[\(i)]"))
        }
        if entries.count == 6 {
            return Transform3D(Transform2D(a: entries[0], b: entries[1], c: entries[2], d: entries[3],
                                           tx: entries[4], ty: entries[5]))
        }
        return try Transform3D.validated(entries: entries, parameter: name)
    }

    /// The names `numbers` reads, each with the alias it also takes (`w` for `width`).
    private enum NumberKeys {
        static let point = NumberFields([("x", nil), ("y", nil)])
        static let size = NumberFields([("width", "w"), ("height", "h")])
        static let rect = NumberFields([("x", nil), ("y", nil), ("width", "w"), ("height", "h")])
        static let rgb = NumberFields([("r", "red"), ("g", "green"), ("b", "blue")])
        static let rgba = NumberFields(rgb.keys + [("a", "alpha")])
    }

    /// Up to four fields read as numbers, each by name, alias or position; with C copies of the
    /// names for `lsx_table_numbers`, made once.
    private final class NumberFields: Sendable {
        let keys: [(String, String?)]
        let names: LuaKeyNames
        let aliases: LuaKeyNames

        init(_ keys: [(String, String?)]) {
            self.keys = keys
            names = LuaKeyNames(keys.map(\.0))
            aliases = LuaKeyNames(optional: keys.map(\.1))
        }
    }

    /// The numbers of a table that holds only `fields` (by name, alias or position), each a
    /// finite number: read in one C traversal; nil for any other table (then read field by field).
    private static func plainNumbers(_ lua: LuaValue, _ fields: NumberFields) -> (Double, Double, Double, Double)? {
        guard let table = lua.tableValue else { return nil }
        return table.vm.withTable(table) { state, index in plainNumbers(at: index, on: state, fields) } ?? nil
    }

    /// `plainNumbers` of the table at a stack slot, read where it lies (nil for any other value).
    private static func plainNumbers(
        at index: Int32, on state: OpaquePointer, _ fields: NumberFields
    ) -> (Double, Double, Double, Double)? {
        guard lua_type(state, index) == LUA_TTABLE else { return nil }
        var result = (0.0, 0.0, 0.0, 0.0)
        let read = withUnsafeMutableBytes(of: &result) { slots in
            lsx_table_numbers(state, index, fields.names.cNames, fields.names.cLengths, fields.aliases.cNames,
                              fields.aliases.cLengths, Int32(fields.keys.count), slots.baseAddress!.assumingMemoryBound(to: Double.self))
        }
        guard read == 1 else { return nil }
        let finite = withUnsafeBytes(of: result) { bytes in
            (0..<fields.keys.count).allSatisfy { abs(bytes.load(fromByteOffset: $0 * 8, as: Double.self)) <= NumberLimits.magnitude }
        }
        return finite ? result : nil
    }

    /// The rect at a stack slot when it is a table of only its numbers, all finite (`{0, 0, 10,
    /// 10}`, `{x = 0, y = 0, w = 10, h = 10}`), read in place; nil for any other value, which
    /// `rect(_:name:)` then reads or names. A constructor's `frame` takes this way first.
    static func plainRect(at index: Int32, on state: OpaquePointer) -> Rect? {
        plainNumbers(at: index, on: state, NumberKeys.rect).map { Rect(x: $0.0, y: $0.1, width: $0.2, height: $0.3) }
    }

    /// Numbers from a table by name (`{x=1, y=2}`), alias (`{w=3}`) or position (`{1, 2}`), all
    /// finite; up to four, the rest 0. A table of only those fields is read in one traversal in
    /// C (`plainNumbers`: a view's frame in every `View.new`); any other is read field by field
    /// with raw gets while it is pushed once, with no Lua value copied out, and names the
    /// first bad or missing field. (`rect` tries `plainNumbers` first itself, so a rect of
    /// another shape is traversed twice: a rare table, of a few fields.)
    private static func numbers(
        _ lua: LuaValue, named fields: NumberFields, name: String, expected: String
    ) throws(ArgumentError) -> (Double, Double, Double, Double) {
        if let plain = plainNumbers(lua, fields) { return plain }
        guard let table = lua.tableValue else { throw mismatch(name, expected, lua) }
        let keys = fields.keys
        var result = (0.0, 0.0, 0.0, 0.0)
        let found = table.vm.withTable(table) { state, index in
            withUnsafeMutableBytes(of: &result) { slots in
                for (position, (key, alias)) in keys.enumerated() {
                    guard let number = LuaVM.number(in: index, named: key, alias: alias, at: position + 1, on: state) else {
                        return position
                    }
                    slots.storeBytes(of: number, toByteOffset: position * MemoryLayout<Double>.stride, as: Double.self)
                }
                return keys.count
            }
        } ?? 0
        // Checked in key order, as if read one by one: the first bad number before the first
        // missing one is the error.
        for (position, (key, _)) in keys.enumerated().prefix(found) {
            let number = withUnsafeBytes(of: result) { $0.load(fromByteOffset: position * 8, as: Double.self) }
            if !(abs(number) <= NumberLimits.magnitude) { _ = try requireFinite(number, "\(name).\(key)") }
        }
        guard found == keys.count else { throw mismatch(name, expected, lua) }
        return result
    }

    /// The error for a value of the wrong shape: what was expected and the Lua type given.
    static func mismatch(_ name: String, _ expected: String, _ lua: LuaValue) -> ArgumentError {
        ArgumentError(parameter: name, requirement: "must be \(expected)", value: luaTypeName(lua))
    }

    /// The Lua type of a value as messages name it.
    static func luaTypeName(_ lua: LuaValue) -> String {
        switch lua {
        case .nil: "nil"
        case .boolean: "a boolean"
        case .integer, .number: "a number"
        case .string(let s): "the string \"\(s)\""
        case .table: "a table"
        case .function: "a function"
        case .object(let o): (o as? ScriptValue).map { "a \($0.value.kind.rawValue)" } ?? "an object"
        case .unsupported(let t): t
        }
    }
}
