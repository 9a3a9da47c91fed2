/// Statements over sequencing (issue 20): staggers (`Stagger{...}`, `s(i, n)`, `s:delays(n)`,
/// as the delay of view animations, animators and traits) and sequences (`sequence`, `wait`,
/// `await`, `all`, `any`, `cancel`), so that runaway bodies, waits in the wrong place and odd
/// arguments are fuzzed. Sequences go in the pool `Q`, staggers in `S` (made on first use:
/// the prelude's pools are older).
extension ScriptGenerator {
    /// A stagger expression: plausible options, sometimes hostile ones.
    mutating func staggerExpression() -> String {
        var fields: [String] = []
        switch rng.below(4) {
        case 0: fields.append("each = \(number(0...2, hostility: 0.2))")
        case 1: fields.append("amount = \(number(-2...2, hostility: 0.2))")
        case 2: fields.append("each = 0.1, amount = 1")
        default: break
        }
        if rng.chance(0.6) {
            fields.append("from = " + rng.pick([
                "\"start\"", "\"end\"", "\"center\"", "\"edges\"", "\"random\"", "\"middle\"", "1", "3", "0", "-2", "1.5",
                "{0.5, 0.5}", "{x = 1, y = 0}", "{0/0, 1}", "math.huge", "{}", "true",
            ]))
        }
        if rng.chance(0.5) {
            fields.append("grid = " + rng.pick([
                "{rows = 3, columns = 4}", "{columns = 5}", "{rows = 2}", "{rows = 0, columns = 3}", "{}", "{columns = 1e9}",
                "{rows = -1}", "{columns = 0/0}", "5",
            ]))
        }
        if rng.chance(0.3) { fields.append("axis = " + rng.pick(["\"x\"", "\"y\"", "\"z\"", "1"])) }
        if rng.chance(0.3) { fields.append("curve = \(curve())") }
        if rng.chance(0.3) { fields.append("base = \(number(-1...1, hostility: 0.25))") }
        if rng.chance(0.2) { fields.append("seed = " + rng.pick(["7", "0", "-1", "math.maxinteger", "1.5", "\"x\""])) }
        if rng.chance(0.03) { fields.append("nope = 1") }
        return "Stagger{ \(fields.joined(separator: ", ")) }"
    }

    /// A count of items for a stagger: small, sometimes odd.
    mutating func staggerCount() -> String {
        rng.chance(0.15) ? rng.pick(["0", "-1", "0/0", "1e300", "2^31", "\"3\"", "nil", "1.5"]) : String(rng.int(1...30))
    }

    /// Makes a stagger, reads it, or uses it as a delay.
    mutating func stagger() -> String {
        let made = "S = S or {}\nlocal _, s = P(function() return \(staggerExpression()) end)\n"
        let use: String
        switch rng.below(5) {
        case 0: use = "P(function() return s(\(staggerCount()), \(staggerCount())) end)"
        case 1: use = "P(function() return s:delays(\(staggerCount())) end)"
        case 2: use = "P(function() return View.animate{ duration = \(duration()), delay = s, animations = \(callback()) } end)"
        case 3:
            use = "P(function() N[#N + 1] = Animator.runningPropertyAnimator{ duration = \(duration()), delay = s, "
                + "animations = \(callback()) } end)"
        default:
            use = "P(function() R[#R + 1] = AnimationTraits.new{ duration = \(duration()), delay = s } end)"
        }
        return made + "S[#S + 1] = s\n" + use
    }

    /// Something to await: a sequence, an animator, a view animation's token, a group, or not
    /// an awaitable at all.
    mutating func awaitable() -> String {
        switch rng.below(7) {
        case 0 where (pools["Q"] ?? 0) > 0: return slot("Q")
        case 1 where (pools["N"] ?? 0) > 0: return slot("N")
        case 1 where (pools["G"] ?? 0) > 0: return slot("G")
        case 2: return "View.animate{ duration = \(duration()), animations = \(callback()) }"
        case 3: return "all(\(awaitableList()))"
        case 4: return "any(\(awaitableList()))"
        case 5: return "sequence(function(wait) wait(\(delay())) end)"
        default: return rng.pick(["42", "nil", "{}", "THROWING()", "scene", "\"x\""])
        }
    }

    private mutating func awaitableList() -> String {
        (0..<rng.int(0...3)).map { _ in
            rng.chance(0.5) ? "sequence(function(wait) wait(\(delay())) end)"
                : "View.animate{ duration = \(duration()), animations = function() end }"
        }.joined(separator: ", ")
    }

    /// A line of a sequence's body: a wait, an await, a loop of waits, an ordinary statement,
    /// or something that must be refused (a yield, a wait inside a block).
    private mutating func bodyLine() -> String {
        "Q = Q or {}\n" + bodyStatement()
    }

    private mutating func bodyStatement() -> String {
        switch rng.below(10) {
        case 0, 1: return "wait(\(rng.chance(0.3) ? "" : delay()))"
        case 2: return "P(function() return await(\(awaitable())) end)"
        case 3: return "for i = 1, \(rng.int(1...20)) do wait(\(rng.pick(["0", "0.1", "0.05", "1/60", "", "0.016"]))) end"
        case 4: return "P(function() View.animate{ duration = 0.2, animations = function() wait(1) end } end)"
        case 5: return rng.pick(["coroutine.yield()", "P(function() coroutine.wrap(function() wait(1) end)() end)",
                                 "while true do wait() end", "error(\"fuzz-sequence\")", "do return end"])
        default: return statement()
        }
    }

    /// A sequence: its body waits, awaits and calls the API; sometimes it nests another.
    mutating func newSequence() -> String {
        let slot = newSlot("Q")
        guard depth < 2 else { return "Q = Q or {}\n\(slot) = sequence(function(wait) wait(\(delay())) end)" }
        depth += 1
        defer { depth -= 1 }
        var body = ""
        for _ in 0..<rng.int(1...6) { body += bodyLine() + "\n" }
        if rng.chance(0.2) { body += "P(function() sequence(function(wait, await)\n\(bodyLine())\nend) end)\n" }
        let call = "\(slot) = sequence(function(wait, await)\n\(body)end)"
        return "Q = Q or {}\n" + (rng.chance(0.85) ? "P(function() \(call) end)" : call)
    }

    /// Controls and reads a sequence; waits and awaits outside any body (refused).
    mutating func sequenceControl() -> String {
        let target = (pools["Q"] ?? 0) > 0 ? slot("Q") : "sequence(function() end)"
        return "Q = Q or {}\n" + control(target)
    }

    private mutating func control(_ target: String) -> String {
        switch rng.below(6) {
        case 0: return "P(function() \(target):cancel() end)"
        case 1: return "P(function() \(target):addCompletion(\(callback(parameters: "finished"))) end)"
        case 2: return "P(function() print(\(target).isFinished, \(target).isCancelled, \(target).state) end)"
        case 3: return "P(function() wait(\(delay())) end)"
        case 4: return "P(function() return await(\(awaitable())) end)"
        default: return "P(function() return \(rng.pick(["all", "any"]))(\(awaitableList())) end)"
        }
    }
}
