import ChoreoCore

/// A timing curve as scripts hold it: what `TimingFunction.new`, `CubicTimingParameters.new`,
/// `SpringTimingParameters.new`, `Timing.steps`, `Timing.get`, ... return (one Lua class, `Curve`).
///
///     local ease = TimingFunction.new("easeInOut")
///     ease:progress(0.5)                 --> 0.5
///     fade.timingFunction = ease         -- fade.timingFunction == ease afterwards
///
/// It is itself a `TimingCurve`: an animation given a curve object holds that very object, so
/// reading the property back gives the same Lua value. Immutable, so it is `Sendable` when its
/// base is (a Lua function curve is engine-confined, see `LuaFunctionCurve`).
public final class ScriptCurve: TimingCurve {
    /// The curve itself.
    public let base: any TimingCurve
    /// The name it was made or registered under (`easeIn`, `smoothstep`); nil for anonymous ones.
    public let name: String?
    /// UISpringTimingParameters' per-axis initial velocity (progress per second; 1 = the whole
    /// distance in one second). The curve's own motion uses `dx`; position animators use both.
    public let initialVelocity: Vector?
    /// How many `reversed`/`mirrored` wrappers the base is (0 for a plain curve).
    let compositionDepth: Int

    /// How many times a curve may be reversed or mirrored in a row: 32. Each wrapper is a level
    /// of recursion on every sample, so a chain 200,000 long overflowed the stack.
    static let maximumCompositionDepth = 32

    public convenience init(_ base: any TimingCurve, name: String? = nil, initialVelocity: Vector? = nil) {
        self.init(base, name: name, initialVelocity: initialVelocity, compositionDepth: 0)
    }

    init(_ base: any TimingCurve, name: String? = nil, initialVelocity: Vector? = nil, compositionDepth: Int) {
        self.base = (base as? ScriptCurve)?.base ?? base
        self.name = name
        self.initialVelocity = initialVelocity
        self.compositionDepth = compositionDepth
    }

    /// This curve wrapped once more (`reversed`, `mirrored`), refused past the depth limit.
    func composed(_ wrap: (AnyTimingCurve) -> any TimingCurve) throws -> ScriptCurve {
        guard compositionDepth < Self.maximumCompositionDepth else {
            throw BindingError("a curve may be reversed or mirrored at most \(Self.maximumCompositionDepth) times in a row")
        }
        return ScriptCurve(wrap(AnyTimingCurve(base)), compositionDepth: compositionDepth + 1)
    }

    /// `curve` as a curve object: itself when it already is one, else a new wrapper.
    static func wrapping(_ curve: any TimingCurve, name: String? = nil) -> ScriptCurve {
        (curve as? ScriptCurve) ?? ScriptCurve(curve, name: name)
    }

    public func progress(within t: Double) -> Double { base.progress(within: t) }
    public func velocity(within t: Double) -> Double? { base.velocity(within: t) }
    public var duration: Double? { base.duration }
    public var cubicBezier: CubicBezierCurve? { base.cubicBezier }

    /// The base resolved for `duration` (a damping-ratio spring fitted to it), without this
    /// wrapper; nil, keeping this very object, when the base does not depend on the duration.
    public func resolved(forDuration duration: Double) throws(ArgumentError) -> (any TimingCurve)? {
        try base.resolved(forDuration: duration)
    }

    /// The base without `AnyTimingCurve` wrappers.
    var unwrapped: any TimingCurve { (base as? AnyTimingCurve)?.base ?? base }

    /// What `tostring` shows inside `Curve(...)`: the name, else a CSS-like description.
    var label: String { name ?? ScriptCurve.describe(unwrapped) }

    static func describe(_ curve: any TimingCurve) -> String {
        let f = formatNumber
        switch curve {
        case let curve as ScriptCurve: return curve.label
        case let any as AnyTimingCurve: return describe(any.base)
        case let cubic as CubicBezierCurve:
            if let named = NamedCurve.allCases.first(where: { $0.curve == cubic }) { return named.rawValue }
            return "cubic-bezier(\([cubic.c1x, cubic.c1y, cubic.c2x, cubic.c2y].map(f).joined(separator: ", ")))"
        case let spring as SpringCurve:
            let p = spring.parameters
            return "spring(mass: \(f(p.mass)), stiffness: \(f(p.stiffness)), damping: \(f(p.damping)))"
        case let fitted as FittedSpringCurve: return "spring(dampingRatio: \(f(fitted.dampingRatio)))"
        case let steps as StepsCurve: return "steps(\(steps.steps), \(steps.position.rawValue))"
        case let linear as PiecewiseLinearCurve: return "linear(\(linear.outputs.count) points)"
        case let function as LuaFunctionCurve: return "function '\(function.name)'"
        default: return "custom"
        }
    }
}

// MARK: - The Curve class

extension ScriptHost {
    /// Fields a curve object may have; the spring and cubic ones read nil on other curves.
    static let curveFields = [
        "name", "duration", "mass", "stiffness", "damping", "dampingRatio", "bounce", "perceptualDuration",
        "settlingDuration", "initialVelocity", "controlPoint1", "controlPoint2", "animationCurve",
    ]

    func registerCurveClass() {
        vm.register(LuaClass<ScriptCurve>(
            "Curve",
            methods: [
                "progress": { [unowned self] call in try evaluate(call) { $0.progress(at: $1) } },
                "velocity": { [unowned self] call in try evaluate(call) { $0.velocity(at: $1) } },
                "reversed": { call in
                    let curve = try call.object(at: 1, as: ScriptCurve.self)
                    call.push(object: try curve.composed { ReversedCurve($0) })
                    return 1
                },
                "mirrored": { call in
                    let curve = try call.object(at: 1, as: ScriptCurve.self)
                    call.push(object: try curve.composed { MirroredCurve($0) })
                    return 1
                },
            ],
            getProperty: { call, curve, key in
                guard ScriptHost.curveFields.contains(key) else {
                    throw LuaCallError(
                        "Curve has no field '\(key)' (fields: \(ScriptHost.curveFields.joined(separator: ", ")); "
                            + "methods: progress, velocity, reversed, mirrored)")
                }
                if key == "initialVelocity", let v = ScriptHost.springVelocity(of: curve) {
                    call.pushNewTable(fieldCount: 2) { table in
                        table.set("dx", .number(v.dx))
                        table.set("dy", .number(v.dy))
                    }
                } else {
                    call.push(ScriptHost.field(key, of: curve))
                }
                return 1
            },
            setProperty: { _, _, key in throw LuaCallError("Curve.\(key) cannot be set: curves are immutable") },
            describe: { "Curve(\($0.label))" }))
    }

    /// `curve:progress(t)` and `curve:velocity(t)`: an error a Lua curve makes during the call is
    /// raised here and now, instead of waiting in `deferredError`.
    private func evaluate(_ call: LuaCallContext, _ body: (ScriptCurve, Double) -> Double) throws -> Int {
        let curve = try call.object(at: 1, as: ScriptCurve.self)
        let t = try call.number(at: 2, name: "t")
        let hadError = deferredError != nil
        let value = body(curve, t)
        if !hadError, let error = deferredError {
            deferredError = nil
            throw error
        }
        call.push(value)
        return 1
    }

    /// A spring's initial velocity as a vector (`{dx=, dy=}` in Lua): the one it was given, or
    /// its scalar velocity on both axes; nil for other curves.
    static func springVelocity(of curve: ScriptCurve) -> Vector? {
        if let v = curve.initialVelocity { return v }
        let scalar: Double
        switch curve.unwrapped {
        case let spring as SpringCurve: scalar = spring.initialVelocity
        case let fitted as FittedSpringCurve: scalar = fitted.initialVelocity
        default: return nil
        }
        return Vector(dx: scalar, dy: scalar)
    }

    /// A field's value, or nil when the curve does not have it.
    private static func field(_ key: String, of curve: ScriptCurve) -> LuaValue {
        let base = curve.unwrapped
        let spring = base as? SpringCurve
        let fitted = base as? FittedSpringCurve
        let cubic = base as? CubicBezierCurve
        func number(_ value: Double?) -> LuaValue { value.map { .number($0) } ?? .nil }
        switch key {
        case "name": return curve.name.map { .string($0) } ?? .nil
        // A physics spring reports SwiftUI's values: `duration` is the perceptual duration
        // (2π·√(m/k)), `settlingDuration` the time it takes to come to rest (what an animator or
        // a view animation with this spring lasts). A spring fitted to a duration reports that.
        case "duration":
            guard let spring, spring.lastsUntilSettled else { return number(curve.duration) }
            return number(spring.parameters.perceptualDuration)
        case "mass": return number(spring?.mass ?? fitted?.mass)
        case "stiffness": return number(spring?.stiffness)
        case "damping": return number(spring?.damping)
        case "dampingRatio": return number(spring?.dampingRatio ?? fitted?.dampingRatio)
        case "bounce": return number(spring?.bounce ?? fitted?.bounce)
        case "perceptualDuration": return number(spring?.parameters.perceptualDuration)
        case "settlingDuration": return number(spring?.settlingDuration)
        case "controlPoint1": return cubic.map { .object(ScriptValue(.point(Point(x: $0.c1x, y: $0.c1y)))) } ?? .nil
        case "controlPoint2": return cubic.map { .object(ScriptValue(.point(Point(x: $0.c2x, y: $0.c2y)))) } ?? .nil
        case "animationCurve":
            guard cubic != nil, let name = curve.name, NamedCurve(rawValue: name) != nil else { return .nil }
            return .string(name)
        default: return .nil
        }
    }
}
