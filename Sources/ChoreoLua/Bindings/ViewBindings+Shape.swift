import ChoreoCore

/// A shape's properties (CAShapeLayer's names), on a `ShapeView` and on its layer, a
/// `ShapeLayer` or a `Layer.new{ path = ... }`:
///
///     local ring = ShapeLayer.new{ path = Path.ovalIn{0, 0, 80, 80}, fillColor = "clear",
///                                  strokeColor = "white", lineWidth = 6, lineCap = "round" }
///     ring.strokeColor = nil                -- no stroke; nil colors read back as nil
///     ring.lineDashPattern = {4, 2}         -- nil or {} for a solid line
///
/// `path`, `fillColor`, `strokeColor`, `lineWidth`, `miterLimit` and `lineDashPhase` animate
/// (catalogue properties); `lineCap`, `lineJoin`, `lineDashPattern` and `fillRule` change at once.
/// On any other kind of layer or view each is an error naming both kinds.
extension ScriptHost {
    /// The shape's keys, in the order constructors apply them.
    static let shapeKeys = ["path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase",
                            "lineCap", "lineJoin", "lineDashPattern", "fillRule"]

    func addShapeProperties<Object>(
        to table: inout ScriptPropertyTable<Object>, layer: @escaping (Object) -> Layer,
        kindError: @escaping (String, Object) -> BindingError
    ) {
        func shapeLayer(_ key: String, _ object: Object) throws -> Layer {
            let found = layer(object)
            guard found.isShapeLayer else { throw kindError(key, object) }
            return found
        }
        func style(_ key: String, _ object: Object) throws -> ShapeContent {
            guard case let .shape(content) = try shapeLayer(key, object).content else { throw kindError(key, object) }
            return content
        }
        func editStyle(_ key: String, _ object: Object, _ edit: (inout ShapeContent) throws -> Void) throws {
            var content = try style(key, object)
            try edit(&content)
            layer(object).content = .shape(content)
        }

        table.add("path", get: { call, o in ScriptPaths.push(try shapeLayer("path", o).model.shape.path, call) },
                  set: { o, v in
                      try shapeLayer("path", o).set(.path(try ScriptPaths.bezierPath(v, name: "path")), at: PropertyPath(.path))
                  })
        for (key, property) in [("fillColor", PropertyPath.Property.fillColor), ("strokeColor", .strokeColor)] {
            table.add(key, get: { call, o in
                let shape = try shapeLayer(key, o)
                guard let color = property == .fillColor ? shape.model.shape.fillColor : shape.model.shape.strokeColor
                else { return call.pushNil() }
                call.push(.color(color)) { new in
                    if case let .color(c) = new { shape.setShapeColor(c, for: property) }
                }
            }, set: { o, v in
                try shapeLayer(key, o).setShapeColor(v.isNil ? nil : try ScriptValues.color(v, name: key), for: property)
            })
        }
        for (key, property, check) in [
            ("lineWidth", PropertyPath.Property.lineWidth, Checked.nonNegative),
            ("miterLimit", .miterLimit, Checked.nonNegative),
            ("lineDashPhase", .lineDashPhase, Checked.number),
        ] as [(String, PropertyPath.Property, (LuaValue, String) throws(ArgumentError) -> Double)] {
            let path = PropertyPath(property)
            table.add(key, get: { call, o in call.push(try shapeLayer(key, o).modelValue(at: path), writeBack: nil) },
                      set: { o, v in try shapeLayer(key, o).set(.scalar(try check(v, key)), at: path) })
        }
        table.add("lineCap", get: { call, o in call.push(try style("lineCap", o).lineCap.rawValue) },
                  set: { o, v in try editStyle("lineCap", o) { $0.lineCap = try Checked.option(v, "lineCap", ShapeContent.LineCap.self) } })
        table.add("lineJoin", get: { call, o in call.push(try style("lineJoin", o).lineJoin.rawValue) },
                  set: { o, v in try editStyle("lineJoin", o) { $0.lineJoin = try Checked.option(v, "lineJoin", ShapeContent.LineJoin.self) } })
        table.add("fillRule", get: { call, o in call.push(try style("fillRule", o).fillRule.rawValue) },
                  set: { o, v in try editStyle("fillRule", o) { $0.fillRule = try Checked.option(v, "fillRule", ShapeContent.FillRule.self) } })
        table.add("lineDashPattern", get: { call, o in
            guard let pattern = try style("lineDashPattern", o).lineDashPattern else { return call.pushNil() }
            call.pushNewTable(arrayCount: pattern.count) { array in
                for (index, length) in pattern.enumerated() { array.set(.index(index + 1), .number(length)) }
            }
        }, set: { o, v in
            try editStyle("lineDashPattern", o) { $0.lineDashPattern = try Self.dashPattern(v) }
        })
    }

    /// A dash pattern from a script: nil, or an array of lengths `ShapeContent` accepts.
    private static func dashPattern(_ lua: LuaValue) throws(ArgumentError) -> [Double]? {
        guard !lua.isNil else { return nil }
        guard let table = lua.tableValue else {
            throw ScriptValues.mismatch("lineDashPattern", "nil or an array of lengths such as {4, 2}", lua)
        }
        guard table.count <= ShapeContent.maximumDashCount else {
            throw ArgumentError(parameter: "lineDashPattern", requirement: "must hold at most \(ShapeContent.maximumDashCount) lengths",
                                value: "\(table.count)")
        }
        var lengths: [Double] = []
        for index in stride(from: 1, through: table.count, by: 1) {
            lengths.append(try Checked.number(table[index], "lineDashPattern[\(index)]"))
        }
        return try ShapeContent.checkedDashPattern(lengths)
    }
}
