/// Statements over timelines (issue 20): `Timeline.new` with plausible and hostile timing,
/// children at positions of the grammar (and outside it), nested timelines and animators, and
/// controls (start, pause, stop, seek with and without callbacks, scrubbing, reversing) from the
/// top level and from the timelines' own callbacks. Timelines go in the pool `G` (made on first
/// use: the prelude's pools are older).
extension ScriptGenerator {
    /// A position: nil, a number, a string of the grammar, or something outside it.
    mutating func timelinePosition() -> String {
        if rng.chance(0.2) { return "nil" }
        if rng.chance(0.25) { return number(-2...4, hostility: 0.2) }
        return rng.pick([
            "\"<\"", "\">\"", "\"<0.2\"", "\">-0.3\"", "\"<+=0.1\"", "\">-=0.4\"", "\"<50%\"", "\"+=50%\"", "\"-=25%\"",
            "\"+=0.3\"", "\"-=1\"", "\"intro\"", "\"intro+=0.2\"", "\"outro-=0.5\"", "\"3\"", "\"\"", "\"<abc\"",
            "\"+=\"", "\"=1\"", "\"+=inf\"", "\"a<b\"", "{}", "true",
        ])
    }

    /// Makes a timeline and fills it with blocks, callbacks, labels, animators and timelines.
    mutating func newTimeline() -> String {
        let slot = newSlot("G")
        var fields: [String] = []
        if rng.chance(0.4) { fields.append("speed = \(rng.pick(["1", "2", "0.5", "0", "-1", "0/0", "1e9"]))") }
        if rng.chance(0.4) { fields.append("repeatCount = \(rng.pick(["2", "1.5", "math.huge", "0", "-1", "0/0"]))") }
        if rng.chance(0.2) { fields.append("repeatDuration = \(rng.pick(["1", "0.25", "math.huge", "-1"]))") }
        if rng.chance(0.3) { fields.append("autoreverses = \(rng.pick(["true", "false", "1"]))") }
        if rng.chance(0.2) { fields.append("defaults = { duration = \(duration()), curve = \(curve()) }") }
        if rng.chance(0.2) { fields.append("completion = \(callback(parameters: "position"))") }
        var lines = ["G = G or {}", "\(slot) = Timeline.new{ \(fields.joined(separator: ", ")) }"]
        for _ in 0..<rng.int(1...5) { lines.append("P(function() \(timelineChild(slot)) end)") }
        return "P(function()\n\(lines.joined(separator: "\n"))\nend)"
    }

    /// One child added to `target`.
    private mutating func timelineChild(_ target: String) -> String {
        switch rng.below(7) {
        case 0, 1:
            let delay = rng.chance(0.3) ? "Stagger{ each = \(number(0...1, hostility: 0.2)) }" : self.delay()
            let timing = rng.chance(0.3) ? "options = \(options())" : "curve = \(curve())"
            return "\(target):animate({ duration = \(duration()), delay = \(delay), \(timing), animations = \(callback()) }, "
                + "\(timelinePosition()))"
        case 2: return "\(target):call(\(callback()), \(timelinePosition()))"
        case 3: return "\(target):addLabel(\(rng.pick(["\"intro\"", "\"outro\"", "\"\"", "1"])), \(timelinePosition()))"
        case 4: return "\(target):add(Animator.new{ duration = \(duration()), animations = \(callback()) }, \(timelinePosition()))"
        case 5: return "\(target):add(\((pools["G"] ?? 0) > 0 ? slot("G") : "Timeline.new{}"), \(timelinePosition()))"
        default: return "\(target):add(\(rng.pick(["42", "nil", "{}", "scene"])))"
        }
    }

    /// Controls and reads a timeline (from the top level, or from one of its callbacks).
    mutating func timelineControl() -> String {
        let target = (pools["G"] ?? 0) > 0 ? slot("G") : "Timeline.new{}"
        let control: String
        switch rng.below(9) {
        case 0: control = "\(target):startAnimation(\(rng.chance(0.7) ? "" : delay()))"
        case 1: control = "\(target):pauseAnimation()"
        case 2: control = "\(target):stopAnimation()"
        case 3: control = "\(target):seek(\(timelinePosition()), { callbacks = \(rng.pick(["true", "false", "1"])) })"
        case 4: control = "\(target).fractionComplete = \(fraction())"
        case 5: control = "\(target).isReversed = \(rng.pick(["true", "false"]))"
        case 6: control = "\(target):addCompletion(\(callback(parameters: "position")))"
        case 7: control = "print(\(target).state, \(target).currentTime, \(target).duration, \(target).fractionComplete, \(target).labels)"
        default: control = "\(target):call(function() P(function() \(target).isReversed = not \(target).isReversed end) end, "
            + "\(timelinePosition()))"
        }
        return "G = G or {}\nP(function() \(control) end)"
    }
}
