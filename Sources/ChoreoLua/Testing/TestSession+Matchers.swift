import ChoreoCore

/// What each matcher checks. Values are described with `TestValueFormat` (exact, stable).
extension TestSession {
    /// The default tolerance of `toBeCloseTo` when none is given.
    static let defaultTolerance = 1e-9

    func verdict(_ matcher: Matcher, _ actual: LuaValue, _ argument: (Int) -> LuaValue) throws -> Verdict {
        let vm = host.vm
        let received = TestValueFormat.describe(actual, in: vm)
        switch matcher {
        case .toBe:
            return Verdict(pass: vm.rawEqual(actual, argument(1)), expected: show(argument(1)), received: received)
        case .toEqual:
            var seen: Set<[UInt]> = []
            let difference: Difference?
            do {
                difference = try self.difference(actual, argument(1), at: "", depth: 0, seen: &seen)
            } catch {
                return Verdict(pass: false, expected: "", received: received, usageError:
                    "tables nested more than \(Self.maximumEqualDepth) levels deep cannot be compared")
            }
            var verdict = Verdict(pass: difference == nil, expected: show(argument(1)), received: received)
            if let difference, !difference.path.isEmpty {
                verdict.notes = ["Difference at \(difference.path): expected \(difference.expected), received \(difference.received)"]
            }
            return verdict
        case .toBeCloseTo:
            return closeness(actual, argument(1), tolerance: argument(2), received: received)
        case .toThrow:
            return try throwing(actual, pattern: argument(1), received: received)
        case .toMatch:
            guard let text = actual.stringValue else {
                return Verdict(pass: false, expected: "", received: received, usageError: "received value must be a string")
            }
            guard let pattern = argument(1).stringValue else {
                return Verdict(pass: false, expected: "", received: received, usageError: "pattern must be a string")
            }
            return Verdict(pass: try matches(text, pattern), expected: "a string matching \(TestValueFormat.quoted(pattern))",
                           received: received)
        case .toBeNil:
            return Verdict(pass: actual.isNil, expected: "nil", received: received)
        case .toBeTruthy:
            return Verdict(pass: !isFalsy(actual), expected: "a truthy value (not nil or false)", received: received)
        case .toBeFalsy:
            return Verdict(pass: isFalsy(actual), expected: "a falsy value (nil or false)", received: received)
        case .toBeGreaterThan, .toBeGreaterThanOrEqual, .toBeLessThan, .toBeLessThanOrEqual:
            guard let a = actual.doubleValue, let b = argument(1).doubleValue else {
                return Verdict(pass: false, expected: "", received: received, usageError: "received and expected values must be numbers")
            }
            let (pass, word): (Bool, String) = switch matcher {
            case .toBeGreaterThan: (a > b, ">")
            case .toBeGreaterThanOrEqual: (a >= b, ">=")
            case .toBeLessThan: (a < b, "<")
            default: (a <= b, "<=")
            }
            return Verdict(pass: pass, expected: "\(word) \(show(argument(1)))", received: received)
        }
    }

    private func show(_ value: LuaValue) -> String { TestValueFormat.describe(value, in: host.vm) }

    private func isFalsy(_ value: LuaValue) -> Bool {
        value.isNil || value.boolValue == false
    }

    // MARK: toEqual

    struct Difference {
        var path: String
        var expected: String
        var received: String
    }

    /// Where `received` first differs from `expected` (keys in sorted order), or nil when they
    /// are deeply equal: raw-equal; numbers equal (NaN equals NaN); script values exactly equal,
    /// also to a table or string that describes the same value (`{x = 1, y = 2}`, `"orange"`);
    /// tables with the same keys and deeply equal values (metatables are not compared).
    ///
    /// Recursive, so bounded: tables nested deeper than `maximumEqualDepth` throw
    /// `NestedTooDeeply` (a script can build a chain of tables 100,000 deep, which would
    /// overflow the stack).
    func difference(
        _ received: LuaValue, _ expected: LuaValue, at path: String, depth: Int, seen: inout Set<[UInt]>
    ) throws(NestedTooDeeply) -> Difference? {
        let vm = host.vm
        if vm.rawEqual(received, expected) { return nil }
        if let a = received.doubleValue, let b = expected.doubleValue, a.isNaN && b.isNaN { return nil }
        let differ = Difference(path: path, expected: show(expected), received: show(received))
        let boxedReceived = received.objectValue as? ScriptValue, boxedExpected = expected.objectValue as? ScriptValue
        if let kind = (boxedReceived ?? boxedExpected)?.value.kind {
            let a = boxedReceived?.value ?? (try? ScriptValues.animationValue(received, kind: kind, name: "received"))
            let b = boxedExpected?.value ?? (try? ScriptValues.animationValue(expected, kind: kind, name: "expected"))
            return a != nil && a == b ? nil : differ
        }
        guard let a = received.tableValue, let b = expected.tableValue else { return differ }
        let pair = [vm.identity(of: a), vm.identity(of: b)]
        if seen.contains(pair) { return nil }  // already being compared further up
        guard depth < Self.maximumEqualDepth else { throw NestedTooDeeply() }
        seen.insert(pair)
        for entry in TestValueFormat.sortedEntries(b) {
            let step = path + TestValueFormat.pathStep(entry.key)
            if let found = try difference(vm.rawGet(a, key: entry.key), entry.value, at: step, depth: depth + 1, seen: &seen) {
                return found
            }
        }
        for entry in TestValueFormat.sortedEntries(a) where vm.rawGet(b, key: entry.key).isNil {
            return Difference(path: path + TestValueFormat.pathStep(entry.key), expected: "nil", received: show(entry.value))
        }
        return nil
    }

    /// How deep `toEqual` follows nested tables: 200 levels (as deep as Lua's own C calls nest).
    static let maximumEqualDepth = 200

    /// Tables nested deeper than `maximumEqualDepth`.
    struct NestedTooDeeply: Error {}

    // MARK: toBeCloseTo

    private func closeness(_ actual: LuaValue, _ expected: LuaValue, tolerance: LuaValue, received: String) -> Verdict {
        let tolerance = tolerance.isNil ? Self.defaultTolerance : tolerance.doubleValue ?? -1
        guard tolerance >= 0 else {
            return Verdict(pass: false, expected: "", received: received, usageError: "tolerance must be a number ≥ 0")
        }
        let expectedText = "\(show(expected)) ± \(formatNumber(tolerance))"
        guard let a = components(of: actual, as: nil), let b = components(of: expected, as: a.kind), a.values.count == b.values.count else {
            return Verdict(pass: false, expected: expectedText, received: received, usageError:
                "toBeCloseTo compares numbers, or points, sizes, rects, colors and transforms component by component")
        }
        let differences = zip(a.values, b.values).map { $0 == $1 ? 0 : abs($0 - $1) }
        let rank = differences.map { $0.isNaN ? Double.infinity : $0 }  // a NaN component is the worst
        let worst = rank.indices.max { rank[$0] < rank[$1] } ?? 0
        var verdict = Verdict(pass: differences.allSatisfy { $0 <= tolerance }, expected: expectedText, received: received)
        let place = a.names.isEmpty ? "" : " (in .\(a.names[worst]))"
        verdict.notes = ["Largest difference: \(formatNumber(differences[worst]))\(place)"]
        return verdict
    }

    /// The numbers of a number or a script value; a table or string is read as a value of `kind`.
    private func components(of value: LuaValue, as kind: ValueKind?) -> (kind: ValueKind, values: [Double], names: [String])? {
        if let number = value.doubleValue { return kind == nil || kind == .scalar ? (.scalar, [number], []) : nil }
        let animationValue: AnimationValue
        if let boxed = value.objectValue as? ScriptValue {
            animationValue = boxed.value
        } else if let kind, let converted = try? ScriptValues.animationValue(value, kind: kind, name: "expected") {
            animationValue = converted
        } else {
            return nil
        }
        switch animationValue {
        case let .scalar(v): return (.scalar, [v], [])
        case let .point(p): return (.point, [p.x, p.y], ["x", "y"])
        case let .size(s): return (.size, [s.width, s.height], ["width", "height"])
        case let .rect(r): return (.rect, [r.origin.x, r.origin.y, r.size.width, r.size.height], ["x", "y", "width", "height"])
        case let .color(c): return (.color, [c.red, c.green, c.blue, c.alpha], ["r", "g", "b", "a"])
        case let .transform(t):
            return (.transform, t.entries, (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } })
        case .path:
            return (.path, animationValue.components, animationValue.namedComponents.map(\.0))
        case .colors, .numbers: return (animationValue.kind, animationValue.components, animationValue.namedComponents.map(\.0))
        }
    }

    // MARK: toThrow and patterns

    private func throwing(_ actual: LuaValue, pattern: LuaValue, received: String) throws -> Verdict {
        guard let function = actual.functionValue else {
            return Verdict(pass: false, expected: "", received: received, usageError: "received value must be a function")
        }
        guard pattern.isNil || pattern.stringValue != nil else {
            return Verdict(pass: false, expected: "", received: received, usageError: "pattern must be a string or nil")
        }
        var thrown: String?
        do { try host.vm.call(function) } catch {
            // Only errors the function raised count; running out of instructions or memory ends the test.
            guard case let .runtime(message, _) = error else { throw error }
            thrown = message
        }
        let expected = pattern.stringValue.map { "an error matching \(TestValueFormat.quoted($0))" } ?? "an error"
        let receivedText = thrown.map { "error \(TestValueFormat.quoted($0))" } ?? "no error"
        guard let message = thrown else { return Verdict(pass: false, expected: expected, received: receivedText) }
        let pass = try pattern.stringValue.map { try matches(message, $0) } ?? true
        return Verdict(pass: pass, expected: expected, received: receivedText)
    }

    /// Whether `text` contains `pattern` as plain text or matches it as a Lua pattern (both in
    /// Lua, on the budget: a search in Swift would be work the instruction limit never sees).
    func matches(_ text: String, _ pattern: String) throws -> Bool {
        if pattern.isEmpty { return true }
        guard let findPattern else { return false }
        return try host.vm.call(findPattern, [.string(text), .string(pattern)]).first?.boolValue == true
    }
}
