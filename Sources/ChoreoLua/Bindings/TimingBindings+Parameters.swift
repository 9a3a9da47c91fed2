import ChoreoCore

/// `TimingFunction`, `CubicTimingParameters` and `SpringTimingParameters`: each makes a curve
/// object (`ScriptCurve`).
///
///     TimingFunction.new("easeIn"); TimingFunction.new(0.57, -0.4, 0.96, 0.87)
///     CubicTimingParameters.new{ animationCurve = "easeOut" }
///     CubicTimingParameters.new{ controlPoint1 = {0.25, 0.1}, controlPoint2 = {0.25, 1} }
///     SpringTimingParameters.new{ dampingRatio = 0.5, initialVelocity = {1, 0.2} }
///     SpringTimingParameters.new{ mass = 1, stiffness = 100, damping = 10 }
///     SpringTimingParameters.new{ duration = 0.5, bounce = 0.3 }
///     SpringTimingParameters.new{ response = 0.4, dampingRatio = 0.8 }
extension ScriptHost {
    func installTimingParameters() {
        vm.registerGlobal("TimingFunction", functions: ["new": { call in
            if case .string(let text) = call.value(at: 1) {
                let named = try NamedCurve(parsing: text)
                call.push(object: ScriptCurve(named.curve, name: named.rawValue))
            } else {
                let curve = try CubicBezierCurve(
                    try call.number(at: 1, name: "c1x"), try call.number(at: 2, name: "c1y"),
                    try call.number(at: 3, name: "c2x"), try call.number(at: 4, name: "c2y"))
                call.push(object: ScriptCurve(curve))
            }
            return 1
        }])

        vm.registerGlobal("CubicTimingParameters", functions: ["new": { call in
            let argument = call.value(at: 1)
            let curve: ScriptCurve
            switch argument {
            case .nil: curve = ScriptCurve(CubicBezierCurve.default, name: NamedCurve.default.rawValue)
            case .string: curve = try ScriptHost.cubicParameters(animationCurve: argument)
            case .table(let table): curve = try ScriptHost.cubicParameters(table)
            default: throw call.badArgument(1, "table or curve name expected, got \(call.typeName(at: 1))")
            }
            call.push(object: curve)
            return 1
        }])

        vm.registerGlobal("SpringTimingParameters", functions: ["new": { call in
            switch call.value(at: 1) {
            case .nil: call.push(object: ScriptCurve(try ScriptHost.defaultSystemSpring()))
            case .table(let options): call.push(object: try ScriptHost.springParameters(options))
            default: throw call.badArgument(1, "table expected, got \(call.typeName(at: 1))")
            }
            return 1
        }])
    }

    /// UICubicTimingParameters: a named curve, two control points, or (empty) the default curve.
    static func cubicParameters(_ options: LuaTableRef) throws -> ScriptCurve {
        try options.checkKeys(allowed: ["animationCurve", "controlPoint1", "controlPoint2"], of: "parameter")
        let named = options["animationCurve"], c1 = options["controlPoint1"], c2 = options["controlPoint2"]
        if !named.isNil {
            guard c1.isNil, c2.isNil else {
                throw ArgumentError(
                    parameter: "animationCurve", requirement: "cannot be combined with controlPoint1/controlPoint2",
                    value: "both")
            }
            return try cubicParameters(animationCurve: named)
        }
        guard !c1.isNil || !c2.isNil else { return ScriptCurve(CubicBezierCurve.default, name: NamedCurve.default.rawValue) }
        let p1 = try ScriptValues.point(c1, name: "controlPoint1"), p2 = try ScriptValues.point(c2, name: "controlPoint2")
        return ScriptCurve(try CubicBezierCurve(p1.x, p1.y, p2.x, p2.y))
    }

    private static func cubicParameters(animationCurve lua: LuaValue) throws(ArgumentError) -> ScriptCurve {
        let text = try BindingInput.string(lua, "animationCurve")
        do {
            let named = try NamedCurve(parsing: text)
            return ScriptCurve(named.curve, name: named.rawValue)
        } catch {
            throw ArgumentError(parameter: "animationCurve", requirement: error.requirement, value: error.value)
        }
    }

    /// `SpringTimingParameters.new()`: UIKit's "default system spring". Apple documents only its
    /// damping ratio, 4.56; mass 3, stiffness 1000, damping 500 is the spring with that ratio
    /// (500 / (2·√3000) = 4.564) that UIKit is widely observed to use. Its duration is its own.
    static func defaultSystemSpring(initialVelocity: Double = 0) throws(ArgumentError) -> SpringCurve {
        try SpringCurve(parameters: SpringParameters(mass: 3, stiffness: 1000, damping: 500), initialVelocity: initialVelocity)
    }

    static let springForms =
        "{dampingRatio=}, {mass=, stiffness=, damping=}, {duration=, bounce=} or {response=, dampingRatio=}"
        + " (each with an optional initialVelocity)"

    /// UISpringTimingParameters and SwiftUI's springs, by the fields given (see `springForms`).
    ///
    /// - `dampingRatio` alone: fitted to the duration of what uses it (`FittedSpringCurve`).
    /// - `mass` (default 1), `stiffness`, `damping`: a physics spring lasting until it settles.
    /// - `duration` (perceptual), `bounce` (default 0): SwiftUI's `Spring(duration:bounce:)`.
    /// - `response`, `dampingRatio`: SwiftUI's `Spring(response:dampingRatio:)`.
    ///
    /// `initialVelocity` is a vector (`{1, 0.2}`) or a number for both axes, in progress per
    /// second; the curve itself moves with its `dx`.
    static func springParameters(_ options: LuaTableRef) throws -> ScriptCurve {
        let fields = ["dampingRatio", "initialVelocity", "mass", "stiffness", "damping", "duration", "bounce", "response"]
        try options.checkKeys(allowed: fields, of: "parameter")
        func given(_ key: String) -> Bool { !options[key].isNil }
        let velocity = given("initialVelocity") ? try BindingInput.vector(options["initialVelocity"], "initialVelocity") : nil
        let v0 = velocity?.dx ?? 0
        var forms: [String] = []
        if given("mass") || given("stiffness") || given("damping") { forms.append("physics") }
        if given("duration") || given("bounce") { forms.append("perceptual") }
        if given("response") { forms.append("response") } else if given("dampingRatio") { forms.append("fitted") }
        guard forms.count <= 1 else {
            let used = fields.filter { $0 != "initialVelocity" && given($0) }
            throw ArgumentError(parameter: "parameters", requirement: "must use one form: " + springForms,
                                value: used.joined(separator: ", "))
        }
        let curve: any TimingCurve
        switch forms.first {
        case "physics":
            let parameters = try SpringParameters(
                mass: try BindingInput.optionalNumber(options["mass"], "mass") ?? 1,
                stiffness: try BindingInput.number(options["stiffness"], "stiffness"),
                damping: try BindingInput.number(options["damping"], "damping"))
            curve = try SpringCurve(parameters: parameters, initialVelocity: v0)
        case "perceptual":
            curve = try SpringCurve(
                duration: try BindingInput.number(options["duration"], "duration"),
                bounce: try BindingInput.optionalNumber(options["bounce"], "bounce") ?? 0, initialVelocity: v0)
        case "response":
            curve = try SpringCurve(
                response: try BindingInput.number(options["response"], "response"),
                dampingRatio: try BindingInput.number(options["dampingRatio"], "dampingRatio"), initialVelocity: v0)
        case "fitted":
            curve = try FittedSpringCurve(
                dampingRatio: try BindingInput.number(options["dampingRatio"], "dampingRatio"), initialVelocity: v0)
        default:
            curve = try defaultSystemSpring(initialVelocity: v0)
        }
        return ScriptCurve(curve, initialVelocity: velocity)
    }
}
