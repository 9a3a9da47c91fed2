import ChoreoCore

/// Field access on script values: `p.x`, `r.size.width`, `c.alpha`, `t.tx`, `t.m34`.
enum ScriptValueFields {
    static func get(_ call: LuaCallContext, _ box: ScriptValue, _ key: String) throws -> Int {
        switch box.value {
        case let .point(p):
            guard let v = ["x": p.x, "y": p.y][key] else { return 0 }
            call.push(v)
        case let .size(s):
            guard let v = ["width": s.width, "height": s.height][key] else { return 0 }
            call.push(v)
        case let .rect(r):
            switch key {
            case "origin":
                call.push(object: ScriptValue(.point(r.origin)) { new in
                    if case let .point(p) = new { try box.update(.rect(Rect(origin: p, size: r.size))) }
                })
            case "size":
                call.push(object: ScriptValue(.size(r.size)) { new in
                    if case let .size(s) = new { try box.update(.rect(Rect(origin: r.origin, size: s))) }
                })
            default:
                let fields = ["x": r.origin.x, "y": r.origin.y, "width": r.size.width, "height": r.size.height,
                              "minX": r.minX, "midX": r.midX, "maxX": r.maxX, "minY": r.minY, "midY": r.midY, "maxY": r.maxY]
                guard let v = fields[key] else { return 0 }
                call.push(v)
            }
        case let .color(c):
            let fields = ["r": c.red, "g": c.green, "b": c.blue, "a": c.alpha,
                          "red": c.red, "green": c.green, "blue": c.blue, "alpha": c.alpha]
            if key == "hex" { call.push(c.hexString); return 1 }
            guard let v = fields[key] else { return 0 }
            call.push(v)
        case let .transform(t):
            if key == "isIdentity" { call.push(t.isIdentity); return 1 }
            if key == "isAffine" { call.push(t.isAffine); return 1 }
            guard let index = transformFields.firstIndex(of: key) else { return 0 }
            call.push(transformEntry(t, index))
        case let .scalar(v):
            call.push(v)
        case .path:
            return 0  // paths reach scripts as arrays of commands, never boxed
        case .colors, .numbers:
            return 0  // lists reach scripts as tables, never as script values
        }
        return 1
    }

    static func set(_ call: LuaCallContext, _ box: ScriptValue, _ key: String) throws {
        switch box.value {
        case var .point(p):
            let v = try finite(call, 3, key)
            switch key {
            case "x": p.x = v
            case "y": p.y = v
            default: throw unknownField(call, "point", key, ["x", "y"])
            }
            try box.update(.point(p))
        case var .size(s):
            let v = try finite(call, 3, key)
            switch key {
            case "width": s.width = v
            case "height": s.height = v
            default: throw unknownField(call, "size", key, ["width", "height"])
            }
            try box.update(.size(s))
        case var .rect(r):
            switch key {
            case "origin": r.origin = try ScriptValues.point(call.value(at: 3), name: "origin")
            case "size": r.size = try ScriptValues.size(call.value(at: 3), name: "size")
            case "x": r.origin.x = try finite(call, 3, key)
            case "y": r.origin.y = try finite(call, 3, key)
            case "width": r.size.width = try finite(call, 3, key)
            case "height": r.size.height = try finite(call, 3, key)
            default: throw unknownField(call, "rect", key, ["x", "y", "width", "height", "origin", "size"])
            }
            try box.update(.rect(r))
        case var .color(c):
            let v = try requireInRange(try call.number(at: 3, name: key), 0...1, key)
            switch key {
            case "r", "red": c.red = v
            case "g", "green": c.green = v
            case "b", "blue": c.blue = v
            case "a", "alpha": c.alpha = v
            default: throw unknownField(call, "color", key, ["r", "g", "b", "a"])
            }
            try box.update(.color(c))
        case let .transform(t):
            guard let index = transformFields.firstIndex(of: key) else {
                throw unknownField(call, "transform", key, ["a", "b", "c", "d", "tx", "ty", "m11", "…", "m44"])
            }
            var entries = t.entries
            entries[transformEntryIndex(index)] = try finite(call, 3, key)
            try box.update(.transform(try Transform3D.validated(entries: entries)))
        case .scalar:
            throw unknownField(call, "number", key, [])
        case .path:
            throw unknownField(call, "path", key, [])
        case .colors, .numbers:
            throw unknownField(call, box.value.kind.rawValue, key, [])
        }
    }

    /// a, b, c, d, tx, ty (the 2D face), then m11…m44.
    static let transformFields = ["a", "b", "c", "d", "tx", "ty"]
        + (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }

    /// The index into `Transform3D.entries` (row-major m11…m44) of field `index`.
    private static func transformEntryIndex(_ index: Int) -> Int {
        index < 6 ? [0, 1, 4, 5, 12, 13][index] : index - 6
    }

    private static func transformEntry(_ t: Transform3D, _ index: Int) -> Double { t.entries[transformEntryIndex(index)] }

    private static func unknownField(_ call: LuaCallContext, _ kind: String, _ key: String, _ valid: [String]) -> ArgumentError {
        ArgumentError(
            parameter: key, requirement: "is not a field of a \(kind) (fields: \(valid.joined(separator: ", ")))",
            value: ScriptValues.luaTypeName(call.value(at: 3)))
    }

    /// What `tostring` shows: `Point(x: 1, y: 2)`.
    static func describe(_ value: AnimationValue) -> String {
        let f = formatNumber
        switch value {
        case let .scalar(v): return f(v)
        case let .point(p): return "Point(x: \(f(p.x)), y: \(f(p.y)))"
        case let .size(s): return "Size(width: \(f(s.width)), height: \(f(s.height)))"
        case let .rect(r): return "Rect(x: \(f(r.origin.x)), y: \(f(r.origin.y)), width: \(f(r.size.width)), height: \(f(r.size.height)))"
        case let .color(c): return "Color(\(c.hexString))"
        case let .transform(t):
            if let a = t.affine { return "Transform(\([a.a, a.b, a.c, a.d, a.tx, a.ty].map(f).joined(separator: ", ")))" }
            return "Transform3D(\(t.entries.map(f).joined(separator: ", ")))"
        case let .path(path): return "Path(\(path.elements.count) elements)"
        case let .colors(colors): return "{" + colors.map { "Color(\($0.hexString))" }.joined(separator: ", ") + "}"
        case let .numbers(numbers): return "{" + numbers.map(f).joined(separator: ", ") + "}"
        }
    }
}
