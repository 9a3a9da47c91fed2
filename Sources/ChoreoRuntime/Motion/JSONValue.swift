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
        case .string(let value): Self.writeString(value, to: &out)
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
                Self.writeString(member.key, to: &out)
                out += ": "
                member.value.write(to: &out, indent: indent + "  ")
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// A recursive-descent parser over UTF-8 bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    /// Nesting beyond this is refused, so a hostile file cannot exhaust the stack.
    static let maximumDepth = 128

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONValue.SyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the document") }
        return value
    }

    private mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested too deeply (more than \(Self.maximumDepth) levels)") }
        guard let byte = peek() else { throw error("unexpected end of the document, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))', expected a value")
        }
    }

    private mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try string()
            if members.contains(where: { $0.key == key }) {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try value(depth: depth + 1)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard let escape = peek() else { break }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default: index -= 1; throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0..<0x20:
                index -= 1
                throw error("control character in a string (escape it)")
            default:
                run.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func unicodeEscape() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape") }
        return scalar
    }

    private mutating func hex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return value
    }

    private mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - from
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("expected a digit") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            index = integerStart
            throw error("a number may not start with 0")
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw error("number out of range")
        }
        return value
    }

    private mutating func literal(_ word: String) throws(JSONValue.SyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected character, expected a value")
        }
        index += expected.count
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// An error at the current position.
    private func error(_ problem: String) -> JSONValue.SyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONValue.SyntaxError(line: line, column: column, problem: problem)
    }
}
