import CLua
import CLuaShim
import ChoreoCore

/// Paths as scripts write them: an array of commands, each a table led by its name.
///
///     ShapeView.new{ path = {
///       {"move", 0, 0}, {"line", 100, 0},
///       {"quad", 150, 50, 100, 100},                -- control, then end point
///       {"curve", 50, 150, 0, 150, 0, 100},         -- control 1, control 2, then end point
///       {"close"},
///     } }
///     ShapeView.new{ path = Path.roundedRect({0, 0, 100, 60}, 12) }
///     ShapeLayer.new{ path = Path.new():move{0, 0}:addArc{center = {50, 50}, radius = 40,
///                       startAngle = 0, endAngle = math.pi, clockwise = true} }
///
/// Paths made by `Path` functions and read from layers carry the `Path` metatable, so CGPath's
/// builders work on them as methods (`path:addLine{10, 20}`, ViewBindings+PathBuilders.swift);
/// any plain array of commands is a path too.
///
/// Reading `shape.path` gives the same form back, so a path read from one shape can be edited
/// and given to another. Paths are checked by `BezierPath.append(validating:)`: finite numbers,
/// and a `move` first.
enum ScriptPaths {
    /// The commands and how many numbers each takes, in the order messages list them.
    static let commands: [(name: String, fields: String, count: Int)] = [
        ("move", "x, y", 2), ("line", "x, y", 2), ("quad", "cx, cy, x, y", 4),
        ("curve", "c1x, c1y, c2x, c2y, x, y", 6), ("close", "", 0),
    ]

    /// The path a Lua array of commands describes; `name` is the parameter for messages.
    static func bezierPath(_ lua: LuaValue, name: String) throws(ArgumentError) -> BezierPath {
        guard let table = lua.tableValue else {
            throw ScriptValues.mismatch(name, "an array of commands such as {\"move\", x, y}", lua)
        }
        var path = BezierPath()
        for index in stride(from: 1, through: table.count, by: 1) {
            try path.append(validating: try element(table[index], name: "\(name)[\(index)]"), parameter: name)
        }
        return path
    }

    /// The number of commands of the path in `lua`, and a short path that ends as it does: the
    /// same current point and, after a `close`, the same subpath start (a move to it, then the
    /// close), so that a builder appending to it appends what it would to the whole path. Reads
    /// the last command, and after a close back to its subpath's move; the whole path only when
    /// it has no move to go back to (a table a script changed into an invalid path, whose error
    /// is then raised as for any path).
    static func ending(of lua: LuaValue, name: String) throws(ArgumentError) -> (count: Int, path: BezierPath) {
        guard let table = lua.tableValue else {
            throw ScriptValues.mismatch(name, "an array of commands such as {\"move\", x, y}", lua)
        }
        let count = table.count
        guard count > 0 else { return (0, BezierPath()) }
        let last = try element(table[count], name: "\(name)[\(count)]")
        switch last {
        case .move:
            return (count, BezierPath(elements: [last]))
        case let .line(to), let .quadCurve(to, _), let .curve(to, _, _):
            return (count, BezierPath(elements: [.move(to: to)]))
        case .close:
            for index in stride(from: count - 1, through: 1, by: -1) {
                if case let .move(start) = try element(table[index], name: "\(name)[\(index)]") {
                    return (count, BezierPath(elements: [.move(to: start), .close]))
                }
            }
            return (count, try bezierPath(lua, name: name))
        }
    }

    /// One command: `{"line", x, y}` and the like.
    private static func element(_ lua: LuaValue, name: String) throws(ArgumentError) -> BezierPath.Element {
        guard let command = lua.tableValue else {
            throw ScriptValues.mismatch(name, "a command such as {\"line\", x, y}", lua)
        }
        let valid = commands.map { "\"\($0.name)\"" }.joined(separator: ", ")
        guard let verb = command[1].stringValue else {
            throw ScriptValues.mismatch("\(name)[1]", "a command name (\(valid))", command[1])
        }
        guard let spec = commands.first(where: { $0.name == verb }) else {
            throw ArgumentError(parameter: "\(name)[1]", requirement: "must be one of \(valid)", value: "\"\(verb)\"")
        }
        let count = command.count - 1
        guard count == spec.count else {
            let form = spec.count == 0 ? "{\"\(verb)\"}" : "{\"\(verb)\", \(spec.fields)}"
            throw ArgumentError(parameter: name, requirement: "must be \(form)",
                                value: "\(count) number\(count == 1 ? "" : "s")")
        }
        var n: [Double] = []
        for index in 2..<(2 + spec.count) {
            guard let number = command[index].doubleValue else {
                throw ScriptValues.mismatch("\(name)[\(index)]", "a number", command[index])
            }
            n.append(number)
        }
        switch verb {
        case "move": return .move(to: Point(x: n[0], y: n[1]))
        case "line": return .line(to: Point(x: n[0], y: n[1]))
        case "quad": return .quadCurve(to: Point(x: n[2], y: n[3]), control: Point(x: n[0], y: n[1]))
        case "curve":
            return .curve(to: Point(x: n[4], y: n[5]), control1: Point(x: n[0], y: n[1]), control2: Point(x: n[2], y: n[3]))
        default: return .close
        }
    }

    /// Pushes a path as a fresh Lua array of commands, with the `Path` metatable.
    static func push(_ path: BezierPath, _ call: LuaCallContext) {
        call.pushNewTable(arrayCount: path.elements.count) { table in
            for (index, element) in path.elements.enumerated() {
                set(element, at: index + 1, in: table)
            }
        }
        setPathMetatable(call)
    }

    /// Writes one element as the command at `index` of a table.
    static func set(_ element: BezierPath.Element, at index: Int, in table: LuaTableBuilder) {
        let (verb, points): (String, [Point]) = switch element {
        case let .move(to): ("move", [to])
        case let .line(to): ("line", [to])
        case let .quadCurve(to, control): ("quad", [control, to])
        case let .curve(to, control1, control2): ("curve", [control1, control2, to])
        case .close: ("close", [])
        }
        table.setTable(.index(index), arrayCount: 1 + 2 * points.count, fieldCount: 0) { command in
            command.append(.string(verb))
            for point in points {
                command.append(.number(point.x))
                command.append(.number(point.y))
            }
        }
    }

    /// Where the registry keeps the metatable of paths (its `__index` is the `Path` table).
    static let metatableKey = "choreo.Path"

    /// Gives the table on top of the stack the `Path` metatable.
    static func setPathMetatable(_ call: LuaCallContext) {
        guard call.reserve(1) else { return }
        lua_getfield(call.state, lsx_registryindex(), metatableKey)
        lua_setmetatable(call.state, -2)
    }
}
