/// Statements over engine time (timers, display links, transactions), curves, values, Material
/// Motion, the scene-test API and Lua itself.
extension ScriptGenerator {
    /// A delay for a timer: mostly within the run's two seconds, sometimes zero, negative or odd.
    mutating func delay() -> String {
        if rng.chance(0.15) { return rng.pick(["0", "-1", "0/0", "math.huge", "1e308", "5e-324", "1e-9", "\"1\"", "nil"]) }
        return "\(rng.int(0...2)).\(rng.below(100))"
    }

    mutating func after() -> String {
        let slot = newSlot("T")
        return "\(slot) = after(\(delay()), \(callback(parameters: "timer")))"
    }

    mutating func every() -> String {
        let slot = newSlot("T")
        // A repeating timer that cancels itself after a few runs, or (sometimes) runs on.
        let limit = rng.int(1...6)
        let body = callback(parameters: "timer")
        if body.hasPrefix("function(") && rng.chance(0.7) {
            return "local n = 0\n\(slot) = every(\(delay()), function(timer)\nn = n + 1\nif n >= \(limit) then timer:cancel() end\nlocal f = \(body)\nf(timer)\nend)"
        }
        return "\(slot) = every(\(delay()), \(body))"
    }

    mutating func timerControl() -> String {
        let target = (pools["T"] ?? 0) > 0 ? slot("T") : "after(1, function() end)"
        switch rng.below(3) {
        case 0: return "\(target):cancel()"
        case 1: return "print(\(target).deadline, \(target).interval, \(target).isCancelled, \(target).isValid)"
        default: return "\(target).deadline = 5"
        }
    }

    mutating func displayLink() -> String {
        let slot = newSlot("K")
        let limit = rng.int(1...30)
        let body = callback(parameters: "link")
        if body.hasPrefix("function(") && rng.chance(0.7) {
            return "local n = 0\n\(slot) = DisplayLink.new(function(link)\nn = n + 1\nif n >= \(limit) then link:invalidate() end\nlocal f = \(body)\nf(link)\nend)"
        }
        return "\(slot) = DisplayLink.new(\(body))"
    }

    mutating func linkControl() -> String {
        let target = (pools["K"] ?? 0) > 0 ? slot("K") : "DisplayLink.new(function(l) l:invalidate() end)"
        switch rng.below(6) {
        case 0: return "\(target):invalidate()"
        case 1: return "\(target).isPaused = \(rng.pick(["true", "false", "5"]))"
        case 2: return "\(target).preferredFramesPerSecond = \(rng.pick(["30", "0", "-1", "120", "1e308", "0/0", "7", "math.maxinteger"]))"
        case 3:
            let rates = ["0", "10", "30", "60", "120", "-1", "1e308", "0/0", "nil", "'x'"]
            return "\(target).preferredFrameRateRange = \(rng.chance(0.1) ? "30" : "{ minimum = \(rng.pick(rates)), maximum = \(rng.pick(rates)), preferred = \(rng.pick(rates)) }")"
        case 4: return "print(\(target).skippedFrames, \(target).preferredFrameRateRange.minimum, \(target).preferredFrameRateRange.preferred)"
        default: return "print(\(target).timestamp, \(target).targetTimestamp, \(target).duration)"
        }
    }

    mutating func transaction() -> String {
        var lines = rng.chance(0.9) ? ["Transaction.begin()"] : []
        for _ in 0..<rng.int(0...3) {
            switch rng.below(5) {
            case 0: lines.append("Transaction.setAnimationDuration(\(duration()))")
            case 1: lines.append("Transaction.setAnimationTimingFunction(\(curve()))")
            case 2: lines.append("Transaction.setDisableActions(\(rng.pick(["true", "false", "5"])))")
            case 3: lines.append("Transaction.setCompletionBlock(\(callback()))")
            default: lines.append("local _ = Transaction.animationDuration(), Transaction.disableActions()")
            }
        }
        if rng.chance(0.8) { lines.append(setLayerProperty()) }
        if rng.chance(0.3) { lines.append(rng.chance(0.5) ? transaction() : "Transaction.flush()") }
        lines.append(rng.chance(0.9) ? "Transaction.commit()" : "Transaction.commit()\nTransaction.commit()")
        return lines.joined(separator: "\n")
    }

    mutating func timing() -> String {
        switch rng.below(10) {
        case 0: return "\(newSlot("C")) = TimingFunction.new(\(rng.chance(0.5) ? rng.pick(Self.curveNames) : "\(fraction()), \(number(-2...2)), \(fraction()), \(number(-2...2))"))"
        case 1: return "\(newSlot("C")) = \(timingParameters())"
        case 2: return "\(newSlot("C")) = Timing.steps(\(rng.pick(["4", "0", "-3", "1e308", "math.maxinteger", "2.5", "0/0"])), \(rng.pick(["\"jump-start\"", "\"jump-none\"", "\"jump-both\"", "\"jump-end\"", "\"sideways\""])))"
        case 3: return "\(newSlot("C")) = Timing.piecewiseLinear{ \((0..<rng.int(0...4)).map { _ in "{\(fraction()), \(number(-2...2))}" }.joined(separator: ", ")) }"
        case 4:
            let bake = rng.pick(["", ", { bake = 16 }", ", { bake = true }", ", { bake = 0 }", ", { bake = 1e9 }", ", { bake = -1 }"])
            return "Timing.register(\(rng.pick(["\"fuzzcurve\"", "\"smoothstep\"", "\"linear\"", "\"\"", "\"penner.easeIn\""])), \(curve())\(bake))"
        case 5: return "\(newSlot("C")) = Timing.get(\(rng.pick(Self.curveNames))\(rng.chance(0.3) ? ", { \(rng.pick(["overshoot", "period", "bounce"])) = \(number(0...5)) }" : ""))"
        case 6: return "print(#Timing.list())"
        case 7:
            let target = (pools["C"] ?? 0) > 0 ? slot("C") : "Timing.get(\"easeIn\")"
            return "print(\(target):progress(\(fraction())), \(target):velocity(\(fraction())))"
        case 8:
            let target = (pools["C"] ?? 0) > 0 ? slot("C") : "Timing.get(\"easeOut\")"
            return "\(newSlot("C")) = \(target):\(rng.pick(["reversed", "mirrored"]))()"
        default:
            let target = (pools["C"] ?? 0) > 0 ? slot("C") : "Timing.get(\"linear\")"
            return "print(\(target).duration, \(target).name, \(target).dampingRatio, \(target).settlingDuration, \(target).controlPoint1)"
        }
    }

    mutating func values() -> String {
        switch rng.below(7) {
        case 0: return "local p = \(point())\nprint(p.x, p.y)"
        case 1: return "local r = Rect.new(\(number()), \(number()), \(number()), \(number()))\nprint(r.midX, r.maxY, r.size.width)\nr.size.width = \(number())"
        case 2: return "local c = Color.new(\(rng.pick(Self.colorNames + ["\"#12\"", "5", "\"nope\""])))\nprint(c.hex, c.r, c.a)"
        case 3: return "local t = \(transform())\nprint(t.a, t.m34, t.isIdentity, t.isAffine)\nt.m34 = \(number(-1...1))"
        case 4: return "print(\(transform()))"
        case 5: return "local s = Size.new(\(number()), \(number()))\ns.width = \(number())"
        default: return "\(view()).center.x = \(view()).center.x + \(number(-100...100))"
        }
    }

    mutating func motion() -> String {
        switch rng.below(7) {
        case 0:
            let repetition = rng.chance(0.3) ? ", repetition = { type = \(rng.pick(["\"count\"", "\"duration\"", "\"none\"", "\"forever\""])), amount = \(number(0...5)), duration = \(duration()), autoreverses = \(rng.pick(["true", "false"])) }" : ""
            return "\(newSlot("R")) = AnimationTraits.new{ delay = \(duration()), duration = \(duration()), timingCurve = \(rng.chance(0.2) ? "SpringTimingCurveGenerator.new{ duration = \(duration()), dampingRatio = \(fraction()), initialVelocity = \(number(-2000...2000)) }" : curve())\(repetition) }"
        case 1: return "\(newSlot("M")) = MotionAnimator.new()\n\(slot("M")).\(rng.pick(["shouldReverseValues", "beginFromCurrentState", "additive"])) = \(rng.pick(["true", "false"]))"
        case 2, 3:
            let animator = (pools["M"] ?? 0) > 0 ? slot("M") : "MotionAnimator.new()"
            let traits = (pools["R"] ?? 0) > 0 ? slot("R") : "AnimationTraits.new{ duration = \(duration()) }"
            if rng.chance(0.5) {
                let path = keyPath()
                return "\(animator):animate(\(traits), {\(value(for: path)), \(value(for: path))}, \(layer()), \(path)\(rng.chance(0.4) ? ", \(callback(parameters: "finished"))" : ""))"
            }
            return "\(animator):animate(\(traits), \(callback())\(rng.chance(0.4) ? ", \(callback(parameters: "finished"))" : ""))"
        case 4:
            let animator = (pools["M"] ?? 0) > 0 ? slot("M") : "MotionAnimator.new()"
            return "\(animator):addTracer(\(callback(parameters: "layer, animation")))"
        case 5:
            let animator = (pools["M"] ?? 0) > 0 ? slot("M") : "MotionAnimator.new()"
            return "\(animator):\(rng.pick(["stopAllAnimations", "removeAllAnimations"]))()"
        default:
            let traits = (pools["R"] ?? 0) > 0 ? slot("R") : "AnimationTraits.new{ duration = 0.3 }"
            return rng.chance(0.3) ? "AnimationTraits.load(\(rng.pick(["\"specs/missing.json\"", "\"\"", "5"])))"
                : "print(\(traits).delay, \(traits).duration, \(traits):toJSON())"
        }
    }

    /// Lua itself around the API: coroutines (yields inside API callbacks), load, strings.
    mutating func luaOddity() -> String {
        switch rng.below(6) {
        case 0: return "local co = coroutine.wrap(function()\n\(statement())\ncoroutine.yield()\n\(statement())\nend)\nco()\nco()"
        case 1: return "View.animate{ duration = 0.3, animations = function() coroutine.yield() end }"
        case 2: return "local co = coroutine.create(function() View.animate{ duration = 0.2, animations = function() coroutine.yield(1) end } end)\nprint(coroutine.resume(co))\nprint(coroutine.resume(co))"
        case 3: return "local f = load(\"return \" .. \(rng.pick(["\"1 + 1\"", "\"View.new{}\"", "\"(\"", "string.rep(\"(\", 300)"])))\nif f then print(f()) end"
        case 4: return "local s = string.format(\"%5.1f %s %q\", \(number()), tostring(\(value())), \"x\")\nprint(#s)"
        default: return "print(tostring(\(value())), type(\(view())))"
        }
    }

    mutating func printing() -> String { "print(\(value()), \(rng.pick(["\"frame 3\"", "\"{\\\"frame\\\":1}\"", "\"\""])))" }

    mutating func requiring() -> String { "local m = require(\(rng.pick(["\"lib.missing\"", "\"\"", "\"..\"", "5", "\"a.b.c\""])))" }

    /// The scene-test API (only in test files): advance, runUntilIdle, expect, nesting.
    mutating func testCall() -> String {
        switch rng.below(9) {
        case 0, 1: return "advance(\(rng.chance(0.85) ? "0.\(rng.below(100))" : rng.pick(["-1", "0/0", "math.huge", "1e308", "\"1\"", "nil"])))"
        case 2: return "runUntilIdle()"
        case 3: return "expect(\(value())).toBe(\(value()))"
        case 4: return "expect(\(value())).toEqual(\(rng.chance(0.2) ? "DEEP(\(rng.pick(["10", "1000"])))" : value()))"
        case 5: return "expect(\(number())).toBeCloseTo(\(number()), \(rng.pick(["0.01", "0", "-1", "0/0", "nil"])))"
        case 6: return "expect(function() \(statement()) end).toThrow(\(rng.pick(["\"bad\"", "\"\"", "nil", "\"%d+\"", "\"[\""])))"
        case 7: return "after(\(delay()), function() \(rng.pick(["advance(0.1)", "runUntilIdle()", "it(\"inner\", function() end)", "describe(\"inner\", function() end)"])) end)"
        default: return "it(\"nested\", function() \(statement()) end)"
        }
    }
}
