/// A Lua value copied out of (or headed into) a Lua state.
///
/// Scalars are copied; tables and functions are held through registry references, so they stay
/// alive while the Swift value does. Bridged Swift objects come back as themselves.
///
///     let results = try vm.run(chunk: "return 1, 'two', {}", name: "scene.lua")
///     results[0] == .integer(1)
public enum LuaValue: Equatable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table(LuaTableRef)
    case function(LuaFunctionRef)
    /// A Swift object registered with ``LuaVM/register(_:)``.
    case object(AnyObject)
    /// A value Swift does not model (a coroutine, a foreign userdata). Pushed back as nil.
    case unsupported(typeName: String)

    /// The number, for integers and floats alike.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The integer, for integers and for floats with an exact integer value.
    public var intValue: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var boolValue: Bool? { if case .boolean(let value) = self { value } else { nil } }
    public var tableValue: LuaTableRef? { if case .table(let value) = self { value } else { nil } }
    public var functionValue: LuaFunctionRef? { if case .function(let value) = self { value } else { nil } }
    public var objectValue: AnyObject? { if case .object(let value) = self { value } else { nil } }
    public var isNil: Bool { if case .nil = self { true } else { false } }

    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.table(let a), .table(let b)): a.vm === b.vm && a.reference == b.reference
        case (.function(let a), .function(let b)): a.vm === b.vm && a.reference == b.reference
        case (.object(let a), .object(let b)): a === b
        case (.unsupported(let a), .unsupported(let b)): a == b
        default: false
        }
    }

    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): String(reflecting: value)
        case .table: "table"
        case .function: "function"
        case .object(let object): "object(\(type(of: object)))"
        case .unsupported(let typeName): typeName
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

/// A table key the host reads or writes: a name (`duration`) or an array index (`1`).
public enum LuaKey: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral
{
    case name(String)
    case index(Int)

    public init(stringLiteral value: String) { self = .name(value) }
    public init(integerLiteral value: Int) { self = .index(value) }

    public var description: String {
        switch self {
        case .name(let name): name
        case .index(let index): "[\(index)]"
        }
    }

    /// Whether `a` comes before `b` in the order `pairs` visits keys: integers in increasing
    /// order, then names in byte order.
    static func precedesInPairsOrder(_ a: LuaKey, _ b: LuaKey) -> Bool {
        switch (a, b) {
        case let (.index(x), .index(y)): x < y
        case (.index, .name): true
        case (.name, .index): false
        case let (.name(x), .name(y)): x.utf8.lexicographicallyPrecedes(y.utf8)
        }
    }

    /// The key appended to a field path: `frame` + `x` is `frame.x`, `points` + 2 is `points[2]`.
    func appended(to path: String) -> String {
        switch self {
        case .name(let name): path.isEmpty ? name : path + "." + name
        case .index(let index): path + "[\(index)]"
        }
    }
}
