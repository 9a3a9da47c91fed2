import CLua
import CLuaShim
import ChoreoCore

/// `Path`: CGPath's and UIBezierPath's builders for scripts, spelled as the Swift is.
///
///     local p = Path.new()                                   -- CGMutablePath()
///     p:move{0, 0}                                          -- move(to:)
///     p:addLine{100, 0}                                     -- addLine(to:)
///     p:addQuadCurve{to = {100, 100}, control = {150, 50}}
///     p:addCurve{to = {0, 100}, control1 = {50, 150}, control2 = {0, 150}}
///     p:closeSubpath()
///     p:addArc{center = {50, 50}, radius = 40, startAngle = 0, endAngle = math.pi, clockwise = true}
///     p:addArc{tangent1End = {100, 0}, tangent2End = {100, 100}, radius = 20}
///     p:addRelativeArc{center = {50, 50}, radius = 40, startAngle = 0, delta = math.pi / 2}
///     p:addEllipse{0, 0, 80, 40}; p:addRect{0, 0, 10, 10}
///     p:addRoundedRect{rect = {0, 0, 80, 40}, cornerWidth = 8, cornerHeight = 8}
///     p:addLines{{0, 0}, {10, 10}, {20, 0}}                  -- addLines(between:)
///     Path.arc{center = {50, 50}, radius = 40, startAngle = 0, endAngle = math.pi, clockwise = true}
///     Path.ovalIn{0, 0, 80, 80}; Path.roundedRect({0, 0, 80, 40}, 8); Path.rect{0, 0, 10, 10}
///
/// A path is the array of commands `ScriptPaths` reads, with the `Path` metatable, so each method
/// appends commands to it and returns it (calls chain). The geometry is `BezierPath`'s
/// (BezierPath+Arcs.swift): `clockwise = true` sweeps through growing angles, clockwise on screen.
extension ScriptHost {
    func installPathHelpers() {
        vm.registerGlobal("Path", functions: Self.pathConstructors.merging(Self.pathBuilders) { $1 })
        let state = vm.liveState("installPathHelpers")
        precondition(lua_checkstack(state, 4) != 0, "installPathHelpers: no stack space")
        lua_createtable(state, 0, 2)
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(lsx_ridx_globals()))
        LuaVM.push("Path", on: state)
        lua_rawget(state, -2)
        lua_setfield(state, -3, "__index")
        lsx_pop(state, 1)
        LuaVM.push("Path", on: state)
        lua_setfield(state, -2, "__name")
        lua_setfield(state, lsx_registryindex(), ScriptPaths.metatableKey)
    }

    /// `Path.new`, `Path.arc`, `Path.ovalIn` and the other whole shapes: each returns a new path.
    private static var pathConstructors: [String: LuaHostFunction] {
        func shape(_ make: @escaping (LuaCallContext) throws -> BezierPath) -> LuaHostFunction {
            { call in
                ScriptPaths.push(try make(call), call)
                return 1
            }
        }
        let oval = shape { call in BezierPath(ellipseIn: try ScriptValues.rect(call.value(at: 1), name: "rect")) }
        return [
            "new": shape { call in
                call.isNil(at: 1) ? BezierPath() : try ScriptPaths.bezierPath(call.value(at: 1), name: "path")
            },
            "rect": shape { call in BezierPath(rect: try ScriptValues.rect(call.value(at: 1), name: "rect")) },
            "roundedRect": shape { call in
                let rect = try ScriptValues.rect(call.value(at: 1), name: "rect")
                return BezierPath(roundedRect: rect, cornerRadius: try requireNonNegative(
                    try call.number(at: 2, name: "cornerRadius"), "cornerRadius"))
            },
            "ellipse": oval,
            "ovalIn": oval,
            "arc": shape { call in
                let spec = try call.table(at: 1, name: "arc")
                try spec.checkKeys(allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"], of: "field")
                let arc = try ArcArguments(spec)
                return BezierPath(arcCenter: arc.center, radius: arc.radius, startAngle: arc.startAngle,
                                  endAngle: arc.endAngle, clockwise: arc.clockwise)
            },
        ]
    }

    /// The builder methods (`path:addArc{...}`): each appends to the path it is called on.
    private static var pathBuilders: [String: LuaHostFunction] {
        func point(_ call: LuaCallContext, _ name: String) throws -> Point {
            try ScriptValues.point(call.value(at: 2), name: name)
        }
        func field(_ spec: LuaTableArgument, _ key: String) throws -> Point {
            try ScriptValues.point(spec.value(.name(key)), name: key)
        }
        return [
            "move": builder { call, path in path.move(to: try point(call, "point")) },
            "addLine": builder(needsCurrentPoint: true) { call, path in path.addLine(to: try point(call, "point")) },
            "addQuadCurve": builder(needsCurrentPoint: true) { call, path in
                let spec = try call.table(at: 2, name: "curve")
                try spec.checkKeys(allowed: ["to", "control"], of: "field")
                path.addQuadCurve(to: try field(spec, "to"), control: try field(spec, "control"))
            },
            "addCurve": builder(needsCurrentPoint: true) { call, path in
                let spec = try call.table(at: 2, name: "curve")
                try spec.checkKeys(allowed: ["to", "control1", "control2"], of: "field")
                path.addCurve(to: try field(spec, "to"), control1: try field(spec, "control1"),
                              control2: try field(spec, "control2"))
            },
            "closeSubpath": builder { _, path in path.closeSubpath() },
            "addArc": builder { call, path in
                let spec = try call.table(at: 2, name: "arc")
                if spec.value(.name("tangent1End")).isNil {
                    try spec.checkKeys(allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"], of: "field")
                    let arc = try ArcArguments(spec)
                    path.addArc(center: arc.center, radius: arc.radius, startAngle: arc.startAngle,
                                endAngle: arc.endAngle, clockwise: arc.clockwise)
                    return
                }
                try spec.checkKeys(allowed: ["tangent1End", "tangent2End", "radius"], of: "field")
                guard path.currentPoint != nil else {
                    throw ArgumentError(parameter: "path", requirement: "needs a current point for an arc by tangents "
                                        + "(start it with a move)", value: "an empty path")
                }
                path.addArc(tangent1End: try field(spec, "tangent1End"), tangent2End: try field(spec, "tangent2End"),
                            radius: try ArcArguments.radius(spec))
            },
            "addRelativeArc": builder { call, path in
                let spec = try call.table(at: 2, name: "arc")
                try spec.checkKeys(allowed: ["center", "radius", "startAngle", "delta"], of: "field")
                path.addRelativeArc(center: try field(spec, "center"), radius: try ArcArguments.radius(spec),
                                    startAngle: try ArcArguments.angle(spec, "startAngle"),
                                    delta: try ArcArguments.angle(spec, "delta"))
            },
            "addEllipse": builder { call, path in path.addEllipse(in: try ScriptValues.rect(call.value(at: 2), name: "rect")) },
            "addRect": builder { call, path in path.addRect(try ScriptValues.rect(call.value(at: 2), name: "rect")) },
            "addRoundedRect": builder { call, path in
                let spec = try call.table(at: 2, name: "roundedRect")
                try spec.checkKeys(allowed: ["rect", "cornerWidth", "cornerHeight"], of: "field")
                path.addRoundedRect(in: try ScriptValues.rect(spec.value(.name("rect")), name: "rect"),
                                    cornerWidth: try Checked.nonNegative(spec.value(.name("cornerWidth")), "cornerWidth"),
                                    cornerHeight: try Checked.nonNegative(spec.value(.name("cornerHeight")), "cornerHeight"))
            },
            "addLines": builder { call, path in
                let list = try call.table(at: 2, name: "points")
                var points: [Point] = []
                for index in stride(from: 1, through: list.count, by: 1) {
                    points.append(try ScriptValues.point(list.value(.index(index)), name: "points[\(index)]"))
                }
                path.addLines(between: points)
            },
        ]
    }

    /// A method that reads the path it is called on, lets `build` add to a copy, checks what was
    /// added (finite, within the element limit) and appends it to the same Lua table.
    private static func builder(
        needsCurrentPoint: Bool = false, _ build: @escaping (LuaCallContext, inout BezierPath) throws -> Void
    ) -> LuaHostFunction {
        { call in
            _ = try call.table(at: 1, name: "self")
            // The path's end, not the whole path: each call read every element, so a path built
            // element by element took quadratic time (5,000 addLine calls, 14 s).
            let (count, ending) = try ScriptPaths.ending(of: call.value(at: 1), name: "path")
            var path = ending
            if needsCurrentPoint, path.currentPoint == nil {
                throw ArgumentError(parameter: "path", requirement: "needs a current point (start it with a move)",
                                    value: "an empty path")
            }
            let kept = path.elements.count
            try build(call, &path)
            let table = LuaTableBuilder(context: call, index: 1)
            for (offset, element) in path.elements[kept...].enumerated() {
                try BezierPath.check(element, asElement: count + offset + 1, parameter: "path")
                ScriptPaths.set(element, at: count + offset + 1, in: table)
            }
            if call.reserve(1) { lua_pushvalue(call.state, 1) }
            return 1
        }
    }
}

/// The fields of an arc by angles, checked: `center`, `radius` (finite, ≥ 0), `startAngle` and
/// `endAngle` (finite radians) and `clockwise` (a boolean, required as in UIKit).
private struct ArcArguments {
    let center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool

    init(_ spec: LuaTableArgument) throws {
        center = try ScriptValues.point(spec.value(.name("center")), name: "center")
        radius = try Self.radius(spec)
        startAngle = try Self.angle(spec, "startAngle")
        endAngle = try Self.angle(spec, "endAngle")
        clockwise = try Checked.boolean(spec.value(.name("clockwise")), "clockwise")
    }

    static func radius(_ spec: LuaTableArgument) throws(ArgumentError) -> Double {
        try Checked.nonNegative(spec.value(.name("radius")), "radius")
    }

    static func angle(_ spec: LuaTableArgument, _ key: String) throws(ArgumentError) -> Double {
        try Checked.number(spec.value(.name(key)), key)
    }
}
