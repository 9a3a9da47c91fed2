import ChoreoCore

/// `Point`, `Size`, `Rect`, `Color` and `Transform` for scripts.
///
///     local p = Point.new(10, 20)          -- or {x = 10, y = 20} wherever a point is taken
///     local r = Rect.new(0, 0, 100, 50); r.size.width = 80
///     local c = Color.rgb(1, 0.5, 0, 1)    -- or "#ff8000", "orange"
///     local t = Transform.rotation(math.pi / 8):scaledBy(2, 2)
extension ScriptHost {
    func installValueTypes() {
        vm.register(LuaClass<ScriptValue>(
            "Value",
            methods: transformMethods(),
            getProperty: { call, box, key in try ScriptValueFields.get(call, box, key) },
            setProperty: { call, box, key in try ScriptValueFields.set(call, box, key) },
            describe: { ScriptValueFields.describe($0.value) },
            // `Transform.identity()` and `Point.zero()`, the call forms of the constants: a copy.
            call: { call in
                call.push(object: ScriptValue(try call.object(at: 1, as: ScriptValue.self).value))
                return 1
            }))

        func make(_ value: AnimationValue) -> (LuaCallContext) -> Int {
            { call in
                call.push(object: ScriptValue(value))
                return 1
            }
        }
        vm.registerGlobal("Point", functions: ["new": { call in
            let p = Point(x: try finite(call, 1, "x"), y: try finite(call, 2, "y"))
            return make(.point(p))(call)
        }])
        vm.registerGlobal("Size", functions: ["new": { call in
            let s = Size(width: try finite(call, 1, "width"), height: try finite(call, 2, "height"))
            return make(.size(s))(call)
        }])
        vm.registerGlobal("Rect", functions: ["new": { call in
            let r = Rect(x: try finite(call, 1, "x"), y: try finite(call, 2, "y"),
                         width: try finite(call, 3, "width"), height: try finite(call, 4, "height"))
            return make(.rect(r))(call)
        }])
        vm.registerGlobal("Color", functions: [
            "rgb": { call in
                let alpha = try call.optionalNumber(at: 4, name: "alpha") ?? 1
                let color = try Color.rgb(try call.number(at: 1, name: "red"), try call.number(at: 2, name: "green"),
                                          try call.number(at: 3, name: "blue"), alpha)
                return make(.color(color))(call)
            },
            "new": { call in
                make(.color(try ScriptValues.color(call.value(at: 1), name: "color")))(call)
            },
            // A CSS named color, where UIKit's name would win in a plain color string ("green").
            "css": { call in
                let name = try call.string(at: 1, name: "name")
                guard let color = Color.css(named: name.lowercased()) else {
                    throw ArgumentError(parameter: "name", requirement: "must be a CSS color name", value: "\"\(name)\"")
                }
                return make(.color(color))(call)
            },
        ])
        // UIColor's class properties as values: `UIColor.green`, `UIColor.systemBlue`, `UIColor.label`.
        vm.registerGlobal("UIColor", functions: [:])
        vm.registerGlobalConstants("UIColor") { name in
            Color.uikitNamedColors.contains { $0.name == name } ? Color.uikit(named: name).map { .object(ScriptValue(.color($0))) } : nil
        }
        vm.registerGlobal("Transform", functions: [
            "rotation": { call in
                let angle = try finite(call, 1, "angle")
                if call.isNil(at: 2) { return make(.transform(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)))(call) }
                return make(.transform(try Transform3D.rotation(
                    angle, try finite(call, 2, "x"), try finite(call, 3, "y"), try finite(call, 4, "z"))))(call)
            },
            "scale": { call in
                let sx = try finite(call, 1, "sx")
                let sy = try call.optionalNumber(at: 2, name: "sy") ?? sx
                let sz = try call.optionalNumber(at: 3, name: "sz") ?? 1
                return make(.transform(try Transform3D.scale(sx, sy, sz)))(call)
            },
            "translation": { call in
                let tz = try call.optionalNumber(at: 3, name: "tz") ?? 0
                return make(.transform(try Transform3D.translation(try finite(call, 1, "tx"), try finite(call, 2, "ty"), tz)))(call)
            },
            "perspective": { call in make(.transform(try Transform3D.perspective(try finite(call, 1, "eyeDistance"))))(call) },
            "new": { call in make(.transform(try ScriptValues.transform(call.value(at: 1), name: "transform")))(call) },
        ])
        // The constants UIKit and Core Animation spell as properties (CGAffineTransform.identity,
        // CATransform3DIdentity, CGPoint.zero, CGSize.zero, CGRect.zero): values, a fresh copy
        // per read, and callable as well (`Transform.identity()`, the spelling before them).
        let constants: [(String, String, AnimationValue)] = [
            ("Transform", "identity", .transform(.identity)), ("Point", "zero", .point(.zero)),
            ("Size", "zero", .size(.zero)), ("Rect", "zero", .rect(.zero)),
        ]
        for (table, key, value) in constants {
            vm.registerGlobalConstants(table) { name in name == key ? .object(ScriptValue(value)) : nil }
        }
    }

    /// Methods of transform values: each returns a new transform, whose entries must stay within
    /// ±1e15 (a chain of `scaledBy(1e15)` would reach infinity).
    private func transformMethods() -> [String: LuaHostFunction] {
        func transformSelf(_ call: LuaCallContext) throws -> Transform3D {
            let box = try call.object(at: 1, as: ScriptValue.self)
            guard case let .transform(t) = box.value else {
                throw ArgumentError(parameter: "self", requirement: "must be a transform", value: "a \(box.value.kind.rawValue)")
            }
            return t
        }
        func result(_ call: LuaCallContext, _ t: Transform3D) throws -> Int {
            call.push(object: ScriptValue(try requireFinite(.transform(t), "result")))
            return 1
        }
        return [
            "concatenating": { call in
                try result(call, try transformSelf(call).concatenating(try ScriptValues.transform(call.value(at: 2), name: "other")))
            },
            "inverted": { call in
                guard let inverse = try transformSelf(call).inverted() else {
                    throw ArgumentError(parameter: "transform", requirement: "must be invertible", value: "a singular matrix")
                }
                return try result(call, inverse)
            },
            "rotated": { call in
                let angle = try finite(call, 2, "angle")
                let (x, y, z) = call.isNil(at: 3) ? (0.0, 0.0, 1.0)
                    : (try finite(call, 3, "x"), try finite(call, 4, "y"), try finite(call, 5, "z"))
                return try result(call, try transformSelf(call).rotated(by: angle, x: x, y: y, z: z))
            },
            "scaledBy": { call in
                let sx = try finite(call, 2, "sx")
                let sy = try call.optionalNumber(at: 3, name: "sy") ?? sx
                return try result(call, try transformSelf(call).scaledBy(x: sx, y: sy, z: try call.optionalNumber(at: 4, name: "sz") ?? 1))
            },
            "translatedBy": { call in
                try result(call, try transformSelf(call).translatedBy(
                    x: try finite(call, 2, "tx"), y: try finite(call, 3, "ty"), z: try call.optionalNumber(at: 4, name: "tz") ?? 0))
            },
        ]
    }
}

/// A finite number argument.
func finite(_ call: LuaCallContext, _ index: Int, _ name: String) throws -> Double {
    try requireFinite(try call.number(at: index, name: name), name)
}
