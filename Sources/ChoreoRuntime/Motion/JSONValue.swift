import ChoreoCore

/// A JSON document as motion specs use it: objects keep their members in order, so a spec
/// written back out reads like the one read in.
///
///     let value = try JSONValue(parsing: #"{"duration": 0.35}"#)
///     value.serialized()   // {\n  "duration": 0.35\n}
///
/// A small parser of RFC 8259 (no extensions), written here so errors can point at a line and a
/// column, numbers keep their exact value (`Double(String)`), and booleans stay distinct from
/// numbers — Foundation's JSONSerialization does none of that on Linux.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A syntax error, at a 1-based line and column.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let problem: String
        public var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// Parses a whole document (one value, surrounded by whitespace only).
    public init(parsing text: String) throws(SyntaxError) {
        var parser = JSONParser(Array(text.utf8))
        self = try parser.document()
    }

    /// What messages call the value's type: "a number", "an object", ...
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The document as text: two-space indentation, members in order, numbers in their shortest
    /// round-trip form (integers without a fraction). Non-finite numbers have no JSON form and
    /// are written as `null`; callers keep them out.
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += value.isFinite ? formatNumber(value) : "null"
        case .string(let value): out += jsonString(value)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            // Arrays of numbers (control points) stay on one line.
            if items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                out += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { out += ", " }
                    item.write(to: &out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                item.write(to: &out, indent: indent + "  ")
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += indent + "  "
                out += jsonString(member.key)
                out += ": "
                member.value.write(to: &out, indent: indent + "  ")
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }
}
