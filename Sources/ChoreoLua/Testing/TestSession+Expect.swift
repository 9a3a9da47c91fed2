/// `expect(value)` and its matchers, Jest's words with `never` for Jest's `not` (a Lua keyword):
///
///     expect(CACurrentMediaTime()).toBe(0.5)                  -- raw equality (rawequal)
///     expect(box.center).toEqual({x = 100, y = 140})          -- deep: tables, values, exact
///     expect(layer.presentation.opacity).toBeCloseTo(0.5, 1e-6)
///     expect(function() link.preferredFramesPerSecond = -1 end).toThrow("must be")
///     expect(log).never.toEqual({})
///
/// Matchers are called with a dot (`expect(v).toBe(x)`) or a colon (`expect(v):toBe(x)`). A
/// failure raises an error whose message starts with the `file:line:` of the `expect` call and
/// shows the expectation, what was expected and what was received:
///
///     scenes/fade_test.lua:12: expect(received).toBe(expected)
///       Expected: 0.5
///       Received: 0.25
final class Expectation {
    let actual: LuaValue
    let isNegated: Bool
    /// `file:line:` of the `expect` call.
    let position: String

    init(actual: LuaValue, isNegated: Bool, position: String) {
        self.actual = actual
        self.isNegated = isNegated
        self.position = position
    }
}

/// The matchers `expect(v)` offers.
enum Matcher: String, CaseIterable {
    case toBe, toEqual, toBeCloseTo, toThrow, toMatch
    case toBeNil, toBeTruthy, toBeFalsy
    case toBeGreaterThan, toBeGreaterThanOrEqual, toBeLessThan, toBeLessThanOrEqual

    /// How the failure message spells the call: `toBeCloseTo(expected, tolerance)`.
    var signature: String {
        switch self {
        case .toBeNil, .toBeTruthy, .toBeFalsy: "\(rawValue)()"
        case .toBeCloseTo: "toBeCloseTo(expected, tolerance)"
        case .toThrow, .toMatch: "\(rawValue)(pattern)"
        default: "\(rawValue)(expected)"
        }
    }
}

/// A matcher's finding, before `never` is applied.
struct Verdict {
    var pass: Bool
    /// What was expected, after `Expected: ` (`not ` is added under `never`); "" for none.
    var expected: String
    /// What was received, after `Received: `.
    var received: String
    /// More lines: where two tables differ, the largest difference.
    var notes: [String] = []
    /// The matcher cannot judge these values (toBeCloseTo on a string): fails even under `never`.
    var usageError: String?
}

extension TestSession {
    func installExpect() {
        // string.find and pcall as loaded, before any test code could replace them; a bad pattern
        // is no match. Both searches run on the sandbox's counted matcher: a catastrophic pattern
        // ends with the instruction limit (which pcall cannot swallow), never a hang.
        findPattern = try? host.vm.run(chunk: """
            local find, pcall = string.find, pcall
            return function(s, p)
              if find(s, p, 1, true) then return true end
              local ok, i = pcall(find, s, p)
              return ok and i ~= nil
            end
            """, name: "=expect").first?.functionValue

        host.vm.register(LuaClass<Expectation>(
            "Expectation",
            getProperty: { [unowned self] call, expectation, key in
                if key == "never" {
                    call.push(object: Expectation(
                        actual: expectation.actual, isNegated: !expectation.isNegated, position: expectation.position))
                    return 1
                }
                guard let matcher = Matcher(rawValue: key) else {
                    let names = Matcher.allCases.map(\.rawValue).joined(separator: ", ")
                    throw LuaCallError("expect(...).\(key) is not a matcher (matchers: \(names); never before one negates it)")
                }
                call.push(function: key) { [unowned self] matcherCall in
                    try check(matcher, expectation, matcherCall)
                    return 0
                }
                return 1
            },
            describe: { $0.isNegated ? "Expectation(never)" : "Expectation" }))

        host.vm.registerGlobal("expect") { call in
            call.push(object: Expectation(actual: call.value(at: 1), isNegated: false, position: call.callerPosition))
            return 1
        }
    }

    /// Applies a matcher; raises the expectation failure when it does not hold.
    private func check(_ matcher: Matcher, _ expectation: Expectation, _ call: LuaCallContext) throws {
        let shift = call.value(at: 1).objectValue === expectation ? 1 : 0  // called with a colon
        let verdict = try self.verdict(matcher, expectation.actual) { call.value(at: $0 + shift) }
        if verdict.usageError == nil && verdict.pass != expectation.isNegated { return }
        var lines = ["expect(received)." + (expectation.isNegated ? "never." : "") + matcher.signature]
        if let problem = verdict.usageError {
            lines.append("  Matcher error: \(problem)")
        } else if !verdict.expected.isEmpty {
            lines.append("  Expected: " + (expectation.isNegated ? "not " : "") + verdict.expected)
        }
        lines.append("  Received: " + verdict.received)
        if !expectation.isNegated || verdict.usageError != nil { lines += verdict.notes.map { "  " + $0 } }
        throw failExpectation(lines.joined(separator: "\n"), at: expectation.position)
    }
}
