/// Argument values: plausible ones for the parameter, and the implausible ones a hostile or
/// careless script passes (wrong types, NaN, ±inf, extremes, deep and throwing tables).
extension ScriptGenerator {
    /// Numbers at the edges of what a double or an integer holds, and not-numbers.
    static let extremeNumbers = [
        "0/0", "math.huge", "-math.huge", "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-5e-324",
        "1e-300", "1e300", "-1e300", "math.maxinteger", "math.mininteger", "2^53", "-2^63", "1e15", "-1e15",
        "-1", "0", "-0.0", "1e10", "-1e10", "2^31", "4294967296",
    ]
    static let notNumbers = ["\"12\"", "\"abc\"", "nil", "true", "{}", "function() end", "THROWING()", "LIAR()"]

    /// A number for a parameter whose plausible values lie in `range`: mostly plausible, one in
    /// six extreme, a few not numbers at all.
    mutating func number(_ range: ClosedRange<Int> = 0...400, hostility: Double = 0.16) -> String {
        if rng.chance(hostility) {
            return rng.chance(0.75) ? rng.pick(Self.extremeNumbers) : rng.pick(Self.notNumbers)
        }
        let whole = rng.int(range)
        return rng.chance(0.5) ? String(whole) : "\(whole).\(rng.below(100))"
    }

    /// A duration: mostly short, sometimes negative, zero, NaN or huge.
    mutating func duration() -> String {
        if rng.chance(0.2) { return rng.pick(["-1", "0", "-0.5", "0/0", "math.huge", "1e308", "5e-324", "1e-9", "-math.huge", "\"1\"", "{}"]) }
        return "0.\(rng.int(0...9))\(rng.below(10))"
    }

    /// A fraction, mostly within 0...1.
    mutating func fraction() -> String {
        if rng.chance(0.15) { return rng.pick(["-1", "2", "0/0", "math.huge", "-math.huge", "1e308", "-0.0", "1.0000001", "\"0.5\""]) }
        return "0.\(rng.below(100))"
    }

    mutating func point() -> String {
        switch rng.below(10) {
        case 0: return "Point.new(\(number()), \(number()))"
        case 1: return rng.pick(["{}", "{1}", "\"point\"", "5", "DEEP(50)", "THROWING()", "LIAR()", "{x = 0/0, y = 1}"])
        case 2...5: return "{\(number()), \(number())}"
        default: return "{x = \(number()), y = \(number())}"
        }
    }

    mutating func size() -> String {
        switch rng.below(8) {
        case 0: return "Size.new(\(number()), \(number()))"
        case 1: return rng.pick(["{}", "{-1, -1}", "\"size\"", "DEEP(20)", "THROWING()"])
        case 2...4: return "{\(number()), \(number())}"
        default: return "{width = \(number()), height = \(number())}"
        }
    }

    mutating func rect() -> String {
        switch rng.below(12) {
        case 0: return "Rect.new(\(number()), \(number()), \(number()), \(number()))"
        case 1: return rng.pick(["{}", "{1, 2}", "\"rect\"", "7", "DEEP(100)", "THROWING()", "LIAR()", "{1, 2, 3, 4, 5}"])
        case 2: return "{origin = \(point()), size = \(size())}"
        case 3...8: return "{\(number()), \(number()), \(number(0...300)), \(number(0...300))}"
        default: return "{x = \(number()), y = \(number()), width = \(number(0...300)), height = \(number(0...300))}"
        }
    }

    static let colorNames = [
        "\"orange\"", "\"white\"", "\"black\"", "\"rebeccapurple\"", "\"#1d7fc1\"", "\"#fff\"", "\"#11223344\"",
        "\"blue\"", "\"red\"", "\"clear\"",
    ]

    mutating func color() -> String {
        switch rng.below(10) {
        case 0: return "Color.rgb(\(fraction()), \(fraction()), \(fraction())\(rng.chance(0.5) ? ", \(fraction())" : ""))"
        case 1: return "{\(fraction()), \(fraction()), \(fraction())}"
        case 2: return rng.pick(["\"#12\"", "\"notacolor\"", "\"\"", "5", "{}", "\"#zzzzzz\"", "THROWING()", "Color.new(\"#abc\")"])
        default: return rng.pick(Self.colorNames)
        }
    }

    mutating func transform() -> String {
        var base: String
        switch rng.below(9) {
        case 0: base = "Transform.identity()"
        case 1: base = "Transform.rotation(\(number(-7...7))\(rng.chance(0.3) ? ", \(number(-1...1)), \(number(-1...1)), \(number(-1...1))" : ""))"
        case 2: base = "Transform.scale(\(number(0...3))\(rng.chance(0.5) ? ", \(number(0...3))" : ""))"
        case 3: base = "Transform.translation(\(number()), \(number()))"
        case 4: base = "Transform.perspective(\(number(1...1000)))"
        case 5: base = "Transform.new{\((0..<6).map { _ in number(-2...2, hostility: 0.05) }.joined(separator: ", "))}"
        case 6: base = "Transform.new{\((0..<16).map { _ in number(-2...2, hostility: 0.05) }.joined(separator: ", "))}"
        case 7: return rng.pick(["{1, 2, 3}", "\"transform\"", "{}", "7", "THROWING()", "Transform.new{}"])
        default: base = "Transform.identity()"
        }
        for _ in 0..<rng.int(0...2) {
            switch rng.below(5) {
            case 0: base += ":concatenating(\(transform()))"
            case 1: base += ":inverted()"
            case 2: base += ":rotated(\(number(-7...7)))"
            case 3: base += ":scaledBy(\(number(0...3)))"
            default: base += ":translatedBy(\(number()), \(number()))"
            }
        }
        return base
    }

    /// A number as text inside a curve spec string: plain, extreme, or not a number.
    mutating func literal() -> String {
        if rng.chance(0.2) { return rng.pick(["1e308", "-1e308", "nan", "inf", "-inf", "5e-324", "", "x", "1e999", "-0"]) }
        return rng.chance(0.5) ? "0.\(rng.below(100))" : "\(rng.int(-2...2)).\(rng.below(10))"
    }

    static let curveNames = [
        "\"linear\"", "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"", "\"default\"", "\"penner.easeOutBounce\"",
        "\"penner.easeInOutElastic\"", "\"penner.easeOutBack\"", "\"physics.decay\"", "\"material.standard\"",
        "\"springs.bouncy\"", "\"nope.nope\"", "\"unknown\"", "\"\"", "\"smoothstep\"", "\"fuzzcurve\"",
    ]

    /// Anything a curve is accepted as, good or bad.
    mutating func curve() -> String {
        switch rng.below(14) {
        case 0: return "\"cubic-bezier(\(literal()),\(literal()),\(literal()),\(literal()))\""
        case 1: return "\"steps(\(rng.pick(["4", "0", "-1", "1e308", "9223372036854775807", "3"]))\(rng.pick(["", ", jump-start", ", jump-none", ", jump-both", ", sideways"])))\""
        case 2: return rng.pick(["\"linear(0, 0.9 60%, 1)\"", "\"linear()\"", "\"linear(0, 1e308, 1)\"", "\"spring(1, 100, 10)\"",
                                 "\"spring(1e-300, 1, 1)\"", "\"spring(0, 0, 0)\"", "\"cubic-bezier(\"", "\"steps(\""])
        case 3: return "function(t) return \(rng.pick(["t", "t * t", "1 - t", "0/0", "1e308", "-1e308", "math.huge", "\"x\"", "nil", "error(\"fuzz-curve\")", "t * 1e300", "(t > 0.5) and 2 or -1"])) end"
        case 4: return "{ progress = function(t) return \(rng.pick(["t", "0/0", "2"])) end\(rng.chance(0.5) ? ", velocity = function(t) return 1 end" : "")\(rng.chance(0.5) ? ", duration = \(duration())" : "") }"
        case 5: return "{\(rng.pick(Self.curveNames))\(rng.chance(0.6) ? ", \(rng.pick(["overshoot", "amplitude", "period", "velocity", "deceleration", "bounce", "duration", "nope"])) = \(number(0...5))" : "")}"
        case 6: return (pools["C"] ?? 0) > 0 ? slot("C") : "\"linear\""
        case 7: return "TimingFunction.new(\(fraction()), \(number(-2...2)), \(fraction()), \(number(-2...2)))"
        case 8: return "SpringTimingParameters.new{ dampingRatio = \(fraction()) }"
        case 9: return rng.pick(["5", "{}", "THROWING()", "true", "DEEP(30)"])
        default: return rng.pick(Self.curveNames)
        }
    }

    static let keyPaths = [
        "opacity", "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width",
        "transform", "transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.x",
        "transform.translation.x", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "shadowOpacity",
        "shadowRadius", "shadowOffset", "shadowColor", "zPosition", "anchorPoint", "strokeStart", "strokeEnd",
        "blurRadius", "progress", "nope.nope", "", "transform.rotation.q", "position.z", "bounds.origin",
    ]

    mutating func keyPath() -> String { "\"\(rng.pick(Self.keyPaths))\"" }

    /// A value that fits `keyPath` (mostly), for fromValue, toValue, setValue and keyframes.
    mutating func value(for keyPath: String) -> String {
        if rng.chance(0.1) { return value() }
        let path = keyPath.trimmingCharacters(in: "\"")
        if path.hasSuffix("Color") { return color() }
        if path == "position" || path == "anchorPoint" || path == "shadowOffset" { return point() }
        if path == "bounds" { return rect() }
        if path == "bounds.size" { return size() }
        if path == "transform" { return transform() }
        return number(-400...400)
    }

    /// A value of any type: the fallback for "the wrong type here".
    mutating func value() -> String {
        switch rng.below(12) {
        case 0: return number()
        case 1: return string()
        case 2: return rng.pick(["{}", "{1, 2, 3}", "{a = 1}", "DEEP(\(rng.pick(["10", "200", "5000"])))"])
        case 3: return rng.pick(["THROWING()", "LIAR()", "BOOM", "setmetatable({}, {__index = function() return BOOM end})"])
        case 4: return rng.pick(["nil", "true", "false"])
        case 5: return point()
        case 6: return color()
        case 7: return "scene"
        case 8: return view()
        case 9: return rng.pick(Self.extremeNumbers)
        case 10: return "coroutine.create(function() end)"
        default: return "function() return \(rng.pick(["0/0", "1", "nil", "BOOM()"])) end"
        }
    }

    /// A string: a name, an unknown option, or an odd one (empty, long, with separators).
    mutating func string() -> String {
        switch rng.below(10) {
        case 0: return rng.pick(["\"\"", "\"a,b\"", "\"q\\\"uote\"", "\"line\\nbreak\"", "\"nul\\0byte\"", "\"\\255\\254\""])
        case 1: return "string.rep(\"x\", \(rng.pick(["100", "10000"])))"
        default: return "\"\(rng.pick(["box", "card", "title", "dot", "v", "plane", "logo", "hand", "x"]))\(rng.below(10))\""
        }
    }

    /// A table of UIKit option strings for View.animate and friends.
    mutating func options(_ extra: [String] = []) -> String {
        let all = [
            "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "repeat", "autoreverse",
            "beginFromCurrentState", "overrideInheritedDuration", "overrideInheritedCurve", "overrideInheritedOptions",
            "allowUserInteraction", "layoutSubviews", "nope", "",
        ] + extra
        if rng.chance(0.08) { return rng.pick(["\"repeat\"", "5", "{5}", "THROWING()", "DEEP(20)"]) }
        return "{" + (0..<rng.int(0...3)).map { _ in "\"\(rng.pick(all))\"" }.joined(separator: ", ") + "}"
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
