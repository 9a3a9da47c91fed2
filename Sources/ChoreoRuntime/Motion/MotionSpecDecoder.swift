import ChoreoCore

/// Reads traits out of a parsed spec, keeping the key path for messages.
struct MotionSpecDecoder {
    let file: String

    /// One step of a key path: an object key or an array index.
    enum Step {
        case key(String)
        case index(Int)
    }

    /// `a.b[0]`, with keys that are not plain names quoted: `["chip.expand"].duration`.
    static func describe(_ path: [Step]) -> String {
        guard !path.isEmpty else { return "(document)" }
        var text = ""
        for step in path {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                text += plain ? (text.isEmpty ? key : "." + key) : "[\"\(key)\"]"
            }
        }
        return text
    }

    func failure(_ path: [Step], _ problem: String) -> MotionSpecError {
        MotionSpecError(file: file, place: Self.describe(path), problem: problem)
    }

    /// A Core check's failure, placed at `path`.
    func failure(_ path: [Step], _ error: ArgumentError) -> MotionSpecError {
        failure(path, "\(error.requirement) (got \(error.value))")
    }

    func traits(_ json: JSONValue, at path: [Step]) throws(MotionSpecError) -> AnimationTraits {
        let members = try object(json, at: path, keys: MotionSpec.traitsKeys)
        let delay = try members["delay"].map { value throws(MotionSpecError) in
            try nonNegative(value, at: path + [.key("delay")])
        } ?? 0
        var duration = try members["duration"].map { value throws(MotionSpecError) in
            try nonNegative(value, at: path + [.key("duration")])
        }
        var curve = MotionTimingCurve.cubic(.easeInOut)
        if let value = members["timingCurve"] {
            curve = try timingCurve(value, at: path + [.key("timingCurve")], traitsDuration: duration)
        }
        if duration == nil, case .spring(let spring) = curve { duration = spring.duration }
        guard let duration else {
            throw failure(path + [.key("duration")], "is required (seconds)")
        }
        var repetition = AnimationTraits.Repetition.none
        var autoreverses = false
        if let value = members["repetition"] {
            (repetition, autoreverses) = try self.repetition(value, at: path + [.key("repetition")])
        }
        do {
            return try AnimationTraits(
                delay: delay, duration: duration, timingCurve: curve, repetition: repetition, autoreverses: autoreverses)
        } catch {
            throw failure(path, error)  // unreachable: every field was checked where it was read
        }
    }

    private func timingCurve(_ json: JSONValue, at path: [Step], traitsDuration: Double?) throws(MotionSpecError) -> MotionTimingCurve {
        if case .string(let name) = json {
            guard let named = NamedCurve(name: name) else {
                let valid = NamedCurve.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw failure(path, "unknown curve name \"\(name)\" (valid: \(valid))")
            }
            return .cubic(named.curve)
        }
        guard case .object = json else {
            throw failure(path, "must be a curve name or an object with a \"type\", got \(json.typeDescription)")
        }
        let members = try object(json, at: path, keys: ["type", "controlPoints", "dampingRatio", "initialVelocity", "duration"])
        guard let typeValue = members["type"] else { throw failure(path + [.key("type")], "is required (\"cubic\" or \"spring\")") }
        let type = try string(typeValue, at: path + [.key("type")])
        switch type {
        case "cubic":
            try only(members, ["type", "controlPoints"], at: path, kind: "a cubic curve")
            let pointsPath = path + [.key("controlPoints")]
            guard let value = members["controlPoints"] else { throw failure(pointsPath, "is required ([x1, y1, x2, y2])") }
            guard case .array(let items) = value, items.count == 4 else {
                throw failure(pointsPath, "must be an array of four numbers [x1, y1, x2, y2], got \(Self.shape(value))")
            }
            var p: [Double] = []
            for (index, item) in items.enumerated() { p.append(try number(item, at: pointsPath + [.index(index)])) }
            do {
                return .cubic(try CubicBezierCurve(p[0], p[1], p[2], p[3]))
            } catch {
                let index = error.parameter == "controlPoint1.x" ? 0 : 2
                throw failure(pointsPath + [.index(index)], error)
            }
        case "spring":
            try only(members, ["type", "dampingRatio", "initialVelocity", "duration"], at: path, kind: "a spring")
            guard let ratio = members["dampingRatio"] else { throw failure(path + [.key("dampingRatio")], "is required") }
            let dampingRatio = try nonNegative(ratio, at: path + [.key("dampingRatio")])
            let velocity = try members["initialVelocity"].map { value throws(MotionSpecError) in
                try number(value, at: path + [.key("initialVelocity")])
            } ?? 0
            let durationPath = path + [.key("duration")]
            var duration = traitsDuration
            if let value = members["duration"] { duration = try number(value, at: durationPath) }
            guard let duration else {
                throw failure(durationPath, "is required when the traits have no duration (seconds)")
            }
            do {
                return .spring(try SpringTimingCurveGenerator(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity))
            } catch {
                throw failure(durationPath, error)  // the other fields were checked above
            }
        default:
            throw failure(path + [.key("type")], "unknown curve type \"\(type)\" (valid: \"cubic\", \"spring\")")
        }
    }

    private func repetition(_ json: JSONValue, at path: [Step]) throws(MotionSpecError) -> (AnimationTraits.Repetition, Bool) {
        let members = try object(json, at: path, keys: ["type", "amount", "duration", "autoreverses"])
        var autoreverses = false
        if let value = members["autoreverses"] {
            guard case .bool(let flag) = value else {
                throw failure(path + [.key("autoreverses")], "must be true or false, got \(value.typeDescription)")
            }
            autoreverses = flag
        }
        guard let typeValue = members["type"] else {
            throw failure(path + [.key("type")], "is required (\"none\", \"count\" or \"duration\")")
        }
        switch try string(typeValue, at: path + [.key("type")]) {
        case "none":
            try only(members, ["type", "autoreverses"], at: path, kind: "no repetition")
            return (.none, autoreverses)
        case "count":
            try only(members, ["type", "amount", "autoreverses"], at: path, kind: "a count")
            return (.count(try positiveOrInfinite(members["amount"], at: path + [.key("amount")])), autoreverses)
        case "duration":
            try only(members, ["type", "duration", "autoreverses"], at: path, kind: "a duration")
            return (.duration(try positiveOrInfinite(members["duration"], at: path + [.key("duration")])), autoreverses)
        case let other:
            throw failure(path + [.key("type")], "unknown repetition type \"\(other)\" (valid: \"none\", \"count\", \"duration\")")
        }
    }

    // MARK: Checks, named after what they check

    /// The members of an object whose keys are all in `keys`.
    private func object(_ json: JSONValue, at path: [Step], keys: [String]) throws(MotionSpecError) -> [String: JSONValue] {
        guard case .object(let members) = json else {
            throw failure(path, "must be an object, got \(json.typeDescription)")
        }
        var result: [String: JSONValue] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                let valid = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw failure(path + [.key(member.key)], "unknown key (valid: \(valid))")
            }
            result[member.key] = member.value
        }
        return result
    }

    /// Rejects keys that the chosen type does not take (`controlPoints` on a spring).
    private func only(_ members: [String: JSONValue], _ keys: [String], at path: [Step], kind: String) throws(MotionSpecError) {
        if let extra = members.keys.sorted().first(where: { !keys.contains($0) }) {
            let valid = keys.map { "\"\($0)\"" }.joined(separator: ", ")
            throw failure(path + [.key(extra)], "is not a key of \(kind) (valid: \(valid))")
        }
    }

    private func number(_ json: JSONValue, at path: [Step]) throws(MotionSpecError) -> Double {
        guard case .number(let value) = json else { throw failure(path, "must be a number, got \(json.typeDescription)") }
        return value
    }

    private func nonNegative(_ json: JSONValue, at path: [Step]) throws(MotionSpecError) -> Double {
        let value = try number(json, at: path)
        do { return try requireNonNegative(value, "") } catch { throw failure(path, error) }
    }

    private func string(_ json: JSONValue, at path: [Step]) throws(MotionSpecError) -> String {
        guard case .string(let value) = json else { throw failure(path, "must be a string, got \(json.typeDescription)") }
        return value
    }

    /// A number > 0, or the string "infinity".
    private func positiveOrInfinite(_ json: JSONValue?, at path: [Step]) throws(MotionSpecError) -> Double {
        guard let json else { throw failure(path, "is required (a number > 0 or \"infinity\")") }
        if case .string("infinity") = json { return .infinity }
        guard case .number(let value) = json else {
            throw failure(path, "must be a number > 0 or \"infinity\", got \(json.typeDescription)")
        }
        guard value > 0 else { throw failure(path, "must be a number > 0 or \"infinity\" (got \(formatNumber(value)))") }
        return value
    }

    private static func shape(_ json: JSONValue) -> String {
        if case .array(let items) = json { return "an array of \(items.count)" }
        return json.typeDescription
    }
}
