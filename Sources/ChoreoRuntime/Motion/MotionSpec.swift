import ChoreoCore

/// Motion specs: `AnimationTraits` as JSON, so that motion can be tuned and shared as data —
/// one traits object per file, or a "motion stylesheet" naming several.
///
///     {"delay": 0, "duration": 0.35, "timingCurve": "easeInOut"}
///
///     {
///       "chip.expand":   {"duration": 0.35, "timingCurve": {"type": "cubic", "controlPoints": [0.4, 0, 0.2, 1]}},
///       "chip.collapse": {"duration": 0.5,
///                         "timingCurve": {"type": "spring", "dampingRatio": 0.8, "initialVelocity": 1200},
///                         "repetition": {"type": "count", "amount": 2, "autoreverses": true}}
///     }
///
/// A traits object has `delay` (s, default 0), `duration` (s), `timingCurve` and `repetition`:
/// - `timingCurve`: a curve name (`"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`,
///   `"default"`; the default is `"easeInOut"`), `{"type": "cubic", "controlPoints": [x1, y1, x2, y2]}`,
///   or `{"type": "spring", "dampingRatio": ζ, "initialVelocity": v, "duration": s}` — v in
///   points per second (default 0); the spring's duration defaults to the traits' `duration`,
///   and the traits' to the spring's, but one of them must be given.
/// - `repetition`: `{"type": "none" | "count" | "duration", "amount": n, "duration": s,
///   "autoreverses": bool}` — `amount` for "count", `duration` for "duration"; either may be the
///   string `"infinity"`.
///
/// A file is a single traits object when any of its keys is a traits key; otherwise every member
/// must be a traits object, and the file is a stylesheet. Every error names the file, the place
/// in the document (`["chip.expand"].timingCurve.controlPoints[0]`, or a line and column for a
/// syntax error) and the problem. `serialize` writes traits back so that they read back equal.
public enum MotionSpec {
    /// What a spec file holds.
    public enum Content: Equatable, Sendable {
        case traits(AnimationTraits)
        /// Named traits, in the file's order.
        case stylesheet([(name: String, traits: AnimationTraits)])

        public static func == (lhs: Content, rhs: Content) -> Bool {
            switch (lhs, rhs) {
            case let (.traits(a), .traits(b)): a == b
            case let (.stylesheet(a), .stylesheet(b)):
                a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.traits == $1.traits }
            default: false
            }
        }
    }

    static let traitsKeys = ["delay", "duration", "timingCurve", "repetition"]

    /// Parses the text of a spec file; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(MotionSpecError) -> Content {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw MotionSpecError(file: file, place: "line \(error.line), column \(error.column)", problem: error.problem)
        }
        let decoder = MotionSpecDecoder(file: file)
        guard case let .object(members) = document else {
            throw MotionSpecError(file: file, place: "(document)", problem: "must be an object (a traits object or a map of names to traits), got \(document.typeDescription)")
        }
        let isStylesheet = !members.isEmpty
            && !members.contains { traitsKeys.contains($0.key) }
            && members.allSatisfy { if case .object = $0.value { true } else { false } }
        guard isStylesheet else { return .traits(try decoder.traits(document, at: [])) }
        var sheet: [(name: String, traits: AnimationTraits)] = []
        for member in members {
            sheet.append((member.key, try decoder.traits(member.value, at: [.key(member.key)])))
        }
        return .stylesheet(sheet)
    }

    /// Traits as a JSON object; see the type's comment for the form.
    ///
    /// - Throws: `ArgumentError` for a custom timing curve, which has no JSON form.
    public static func json(_ traits: AnimationTraits) throws(ArgumentError) -> JSONValue {
        if traits.stagger != nil {
            // A spec holds seconds; a stagger would not read back equal.
            throw ArgumentError(parameter: "delay", requirement: "must be seconds to be written as a motion spec", value: "a Stagger")
        }
        var members: [JSONValue.Member] = [.init("delay", .number(traits.delay)), .init("duration", .number(traits.duration))]
        switch traits.timingCurve {
        case .cubic(let cubic):
            if let named = NamedCurve.allCases.first(where: { $0.curve == cubic }) {
                members.append(.init("timingCurve", .string(named.rawValue)))
            } else {
                members.append(.init("timingCurve", .object([
                    .init("type", .string("cubic")),
                    .init("controlPoints", .array([cubic.c1x, cubic.c1y, cubic.c2x, cubic.c2y].map { .number($0) })),
                ])))
            }
        case .spring(let spring):
            members.append(.init("timingCurve", .object([
                .init("type", .string("spring")), .init("duration", .number(spring.duration)),
                .init("dampingRatio", .number(spring.dampingRatio)),
                .init("initialVelocity", .number(spring.initialVelocity)),
            ])))
        case .custom:
            throw ArgumentError(
                parameter: "timingCurve", requirement: "must be a cubic or spring curve to be written to a motion spec",
                value: "a custom curve")
        }
        func amount(_ value: Double) -> JSONValue { value.isFinite ? .number(value) : .string("infinity") }
        var repetition: [JSONValue.Member] = []
        switch traits.repetition {
        case .none: if traits.autoreverses { repetition = [.init("type", .string("none"))] }
        case .count(let count): repetition = [.init("type", .string("count")), .init("amount", amount(count))]
        case .duration(let seconds): repetition = [.init("type", .string("duration")), .init("duration", amount(seconds))]
        }
        if !repetition.isEmpty {
            repetition.append(.init("autoreverses", .bool(traits.autoreverses)))
            members.append(.init("repetition", .object(repetition)))
        }
        return .object(members)
    }

    /// One traits object as spec text.
    public static func serialize(_ traits: AnimationTraits) throws(ArgumentError) -> String {
        try json(traits).serialized()
    }

    /// A stylesheet as spec text, in the order given.
    public static func serialize(stylesheet: [(name: String, traits: AnimationTraits)]) throws(ArgumentError) -> String {
        var members: [JSONValue.Member] = []
        for entry in stylesheet { members.append(.init(entry.name, try json(entry.traits))) }
        return JSONValue.object(members).serialized()
    }
}

/// A motion spec that cannot be used: which file, where in it, and what is wrong.
///
///     specs/chip.json: ["chip.expand"].duration: must be a finite number ≥ 0 (got -0.35)
public struct MotionSpecError: Error, Equatable, CustomStringConvertible {
    public let file: String
    /// The key path in the document (`timingCurve.controlPoints[0]`), or a line and column.
    public let place: String
    public let problem: String

    public var description: String { "\(file): \(place): \(problem)" }
}
