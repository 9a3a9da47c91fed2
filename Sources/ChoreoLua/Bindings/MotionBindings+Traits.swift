import ChoreoCore
import ChoreoRuntime

/// `AnimationTraits` as scripts hold them: immutable, made by `AnimationTraits.new{...}` or
/// `AnimationTraits.load(path)`.
public final class ScriptAnimationTraits {
    public let traits: AnimationTraits
    init(_ traits: AnimationTraits) { self.traits = traits }
}

/// A `SpringTimingCurveGenerator` as scripts hold it (`SpringTimingCurveGenerator.new{...}`).
public final class ScriptSpringGenerator {
    public let generator: SpringTimingCurveGenerator
    init(_ generator: SpringTimingCurveGenerator) { self.generator = generator }
}

/// Reading traits from Lua tables and spec files, and writing them back as Lua values.
extension ScriptHost {
    static let traitsFields = ["delay", "duration", "timingCurve", "repetition"]
    static let repetitionFields = ["type", "amount", "duration", "autoreverses"]

    /// `AnimationTraits.new{ delay =, duration =, timingCurve =, repetition = {...} }`.
    ///
    /// `timingCurve` is a `SpringTimingCurveGenerator`, or anything a curve is accepted as
    /// (`curve(from:name:)`), made a traits curve by Core (`MotionTimingCurve(_:duration:)`): a
    /// cubic Bézier stays one (a spec can hold it); a damping-ratio spring is fitted to `duration`;
    /// any other curve is custom. `duration` may be left out with a spring generator, which
    /// lends its own.
    func traits(from options: LuaTableRef) throws -> AnimationTraits {
        try options.checkKeys(allowed: Self.traitsFields, of: "field")
        let delay = try Self.delay(from: options["delay"])
        var duration = try BindingInput.optionalNumber(options["duration"], "duration")
        var curve = MotionTimingCurve.cubic(.easeInOut)
        let curveValue = options["timingCurve"]
        if let spring = curveValue.objectValue as? ScriptSpringGenerator {
            curve = .spring(spring.generator)
            duration = duration ?? spring.generator.duration
        } else if !curveValue.isNil {
            let given = try self.curve(from: curveValue, name: "timingCurve")
            curve = try MotionTimingCurve(given, duration: duration ?? 0)
        }
        guard let duration else {
            throw ArgumentError(parameter: "duration", requirement: "is required (seconds)", value: "nil")
        }
        let (repetition, autoreverses) = try Self.repetition(options["repetition"])
        return try AnimationTraits(
            delay: delay.seconds, duration: duration, timingCurve: curve, repetition: repetition, autoreverses: autoreverses,
            stagger: delay.stagger)
    }

    /// `{ type = "none" | "count" | "duration", amount =, duration =, autoreverses = }`, or nil.
    private static func repetition(_ lua: LuaValue) throws -> (AnimationTraits.Repetition, Bool) {
        guard !lua.isNil else { return (.none, false) }
        guard let table = lua.tableValue else {
            throw ScriptValues.mismatch("repetition", "a table {type=, amount=, duration=, autoreverses=}", lua)
        }
        try table.checkKeys(allowed: repetitionFields, of: "repetition field")
        let autoreverses = table["autoreverses"].isNil ? false : try BindingInput.boolean(table["autoreverses"], "repetition.autoreverses")
        let type = try BindingInput.string(table["type"], "repetition.type")
        func only(_ allowed: [String]) throws {
            try table.checkKeys(allowed: allowed, of: "field of a \"\(type)\" repetition")
        }
        switch type {
        case "none":
            try only(["type", "autoreverses"])
            return (.none, autoreverses)
        case "count":
            try only(["type", "amount", "autoreverses"])
            return (.count(try BindingInput.number(table["amount"], "repetition.amount")), autoreverses)
        case "duration":
            try only(["type", "duration", "autoreverses"])
            return (.duration(try BindingInput.number(table["duration"], "repetition.duration")), autoreverses)
        default:
            throw ArgumentError.unknownName(type, parameter: "repetition.type", valid: ["none", "count", "duration"])
        }
    }

    /// `AnimationTraits.load(path)`: traits, or for a stylesheet a table of name → traits. The
    /// path is relative to the script's directory and must stay inside the sandbox (`FileSandbox`).
    func loadTraits(_ call: LuaCallContext) throws -> Int {
        let path = try call.string(at: 1, name: "path")
        let text = String(decoding: try files.read(path), as: UTF8.self)
        switch try MotionSpec.parse(text, file: path) {
        case .traits(let traits):
            call.push(object: ScriptAnimationTraits(traits))
        case .stylesheet(let sheet):
            call.pushNewTable(fieldCount: sheet.count) { table in
                for entry in sheet { table.set(.name(entry.name), .object(ScriptAnimationTraits(entry.traits))) }
            }
        }
        return 1
    }

    /// Reads a field of traits.
    static func pushField(_ key: String, of traits: AnimationTraits, _ call: LuaCallContext) throws {
        switch key {
        case "delay":
            if let stagger = traits.stagger { call.push(object: ScriptStagger(stagger)) } else { call.push(traits.delay) }
        case "duration": call.push(traits.duration)
        case "autoreverses": call.push(traits.autoreverses)
        case "timingCurve":
            switch traits.timingCurve {
            case .cubic(let cubic):
                let named = NamedCurve.allCases.first { $0.curve == cubic }
                call.push(object: ScriptCurve(cubic, name: named?.rawValue))
            case .spring(let spring): call.push(object: ScriptSpringGenerator(spring))
            case .custom(let curve): call.push(object: ScriptCurve.wrapping(curve))
            }
        case "repetition":
            call.pushNewTable(fieldCount: 3) { table in
                switch traits.repetition {
                case .none: table.set("type", .string("none"))
                case .count(let count):
                    table.set("type", .string("count"))
                    table.set("amount", .number(count))
                case .duration(let seconds):
                    table.set("type", .string("duration"))
                    table.set("duration", .number(seconds))
                }
                table.set("autoreverses", .boolean(traits.autoreverses))
            }
        default:
            throw LuaCallError(
                "AnimationTraits has no field '\(key)' (fields: \((traitsFields + ["autoreverses"]).joined(separator: ", ")); "
                    + "methods: toJSON)")
        }
    }
}
