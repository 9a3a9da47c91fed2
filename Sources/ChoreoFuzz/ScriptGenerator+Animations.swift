/// Statements over Core Animation animations, view animations and property animators.
extension ScriptGenerator {
    /// CAMediaTiming and the other fields every animation has, set at random.
    mutating func timingFields(_ target: String) -> String {
        var lines: [String] = []
        for _ in 0..<rng.int(1...4) {
            switch rng.below(11) {
            case 0: lines.append("\(target).duration = \(duration())")
            case 1: lines.append("\(target).beginTime = CACurrentMediaTime() + \(number(-2...3))")
            case 2: lines.append("\(target).speed = \(propertyValue("speed"))")
            case 3: lines.append("\(target).timeOffset = \(number(-3...3))")
            case 4: lines.append("\(target).repeatCount = \(rng.pick(["2", "1.5", "math.huge", "0/0", "-1", "1e308", "0"]))")
            case 5: lines.append("\(target).repeatDuration = \(duration())")
            case 6: lines.append("\(target).autoreverses = \(rng.pick(["true", "false", "5"]))")
            case 7: lines.append("\(target).fillMode = \(rng.pick(["\"forwards\"", "\"backwards\"", "\"both\"", "\"removed\"", "\"sideways\""]))")
            case 8: lines.append("\(target).timingFunction = \(curve())")
            case 9: lines.append("\(target).isRemovedOnCompletion = \(rng.pick(["true", "false"]))")
            default: lines.append("\(target).\(rng.pick(["isAdditive", "isCumulative"])) = \(rng.pick(["true", "false"]))")
            }
        }
        return lines.joined(separator: "\n")
    }

    mutating func basicAnimation() -> String {
        let slot = newSlot("A"), path = keyPath()
        var lines = ["\(slot) = BasicAnimation.new(\(rng.chance(0.05) ? value() : path))"]
        for field in ["fromValue", "toValue", "byValue"] where rng.chance(0.6) {
            lines.append("\(slot).\(field) = \(value(for: path))")
        }
        lines.append(timingFields(slot))
        return lines.joined(separator: "\n")
    }

    mutating func keyframeAnimation() -> String {
        let slot = newSlot("A"), path = keyPath()
        let count = rng.pick([1, 2, 3, 4, 6, 0, 50])
        var lines = ["\(slot) = KeyframeAnimation.new(\(path))"]
        if count >= 50 {
            lines.append("\(slot).values = (function() local t = {} for i = 1, \(rng.pick(["50", "2000"])) do t[i] = i end return t end)()")
        } else {
            lines.append("\(slot).values = {\((0..<count).map { _ in value(for: path) }.joined(separator: ", "))}")
        }
        if rng.chance(0.5) { lines.append("\(slot).keyTimes = {\((0..<rng.int(0...5)).map { _ in fraction() }.joined(separator: ", "))}") }
        if rng.chance(0.5) { lines.append("\(slot).calculationMode = \(rng.pick(["\"linear\"", "\"discrete\"", "\"paced\"", "\"cubic\"", "\"cubicPaced\"", "\"wobbly\""]))") }
        if rng.chance(0.3) { lines.append("\(slot).timingFunctions = {\((0..<rng.int(0...4)).map { _ in curve() }.joined(separator: ", "))}") }
        if rng.chance(0.2) {
            let field = rng.pick(["tensionValues", "continuityValues", "biasValues"])
            lines.append("\(slot).\(field) = {\((0..<rng.int(0...4)).map { _ in number(-2...2) }.joined(separator: ", "))}")
        }
        if rng.chance(0.2) { lines.append("\(slot).path = \(self.path())") }
        if rng.chance(0.15) { lines.append("\(slot).rotationMode = \(rng.pick(["\"rotateAuto\"", "\"rotateAutoReverse\"", "\"spin\""]))") }
        lines.append(timingFields(slot))
        return lines.joined(separator: "\n")
    }

    mutating func springAnimation() -> String {
        let slot = newSlot("A"), path = keyPath()
        var lines = ["\(slot) = SpringAnimation.new(\(path))", "\(slot).toValue = \(value(for: path))"]
        for field in ["mass", "stiffness", "damping", "initialVelocity"] where rng.chance(0.5) {
            lines.append("\(slot).\(field) = \(rng.chance(0.3) ? rng.pick(["1e-300", "0", "-1", "1e308", "0/0", "5e-324"]) : number(0...200))")
        }
        if rng.chance(0.3) { lines.append("\(slot).allowsOverdamping = \(rng.pick(["true", "false"]))") }
        if rng.chance(0.5) { lines.append("\(slot).duration = \(slot).settlingDuration") }
        lines.append(timingFields(slot))
        return lines.joined(separator: "\n")
    }

    mutating func groupAnimation() -> String {
        let slot = newSlot("A")
        let members = (0..<rng.int(0...3)).map { _ in (pools["A"] ?? 0) > 1 ? self.slot("A") : "BasicAnimation.new(\"opacity\")" }
        var lines = ["\(slot) = AnimationGroup.new()", "\(slot).animations = {\(members.joined(separator: ", "))}"]
        if rng.chance(0.1) { lines.append("\(slot).animations = {\(slot)}") }
        lines.append(timingFields(slot))
        return lines.joined(separator: "\n")
    }

    mutating func transitionAnimation() -> String {
        let slot = newSlot("A")
        let type = rng.pick(["\"fade\"", "\"moveIn\"", "\"push\"", "\"reveal\"", "\"flipFromLeft\"", "\"curlUp\"", "\"crossDissolve\"", "\"warp\"", "5"])
        var lines = ["\(slot) = Transition.new{ type = \(type), subtype = \(rng.pick(["\"fromLeft\"", "\"fromTop\"", "nil", "\"sideways\""])) }"]
        if rng.chance(0.4) { lines.append("\(slot).startProgress = \(fraction())\n\(slot).endProgress = \(fraction())") }
        lines.append(timingFields(slot))
        return lines.joined(separator: "\n")
    }

    mutating func addAnimation() -> String {
        let animation = (pools["A"] ?? 0) > 0 ? slot("A") : "BasicAnimation.new(\"opacity\")"
        let key = rng.chance(0.1) ? rng.pick(["nil", "5", "\"\"", "string.rep(\"k\", 1000)"]) : "\"k\(rng.below(4))\""
        return "\(layer()):addAnimation(\(animation), \(key))"
    }

    mutating func animationControl() -> String {
        let target = layer()
        switch rng.below(5) {
        case 0: return "\(target):removeAnimation(\"k\(rng.below(4))\")"
        case 1: return "\(target):removeAllAnimations()"
        case 2: return "print(#\(target):animationKeys())"
        case 3: return "local a = \(target):animation(\"k\(rng.below(4))\")\nif a then \(target):addAnimation(a:copy(), \"k\(rng.below(4))\") end"
        default: return (pools["A"] ?? 0) > 0 ? "\(newSlot("A")) = \(slot("A")):copy()" : "local _ = BasicAnimation.new(\"opacity\"):copy()"
        }
    }

    mutating func delegate() -> String {
        let animation = (pools["A"] ?? 0) > 0 ? slot("A") : "BasicAnimation.new(\"opacity\")"
        if rng.chance(0.1) { return "\(animation).delegate = \(rng.pick(["5", "THROWING()", "{animationDidStop = 5}", "BOOM"]))" }
        return "\(animation).delegate = { animationDidStart = \(callback(parameters: "anim")), animationDidStop = \(callback(parameters: "anim, finished")) }"
    }

    /// Finite numbers whose arithmetic overflows: what the other statements draw only now and then.
    static let overflowingNumbers = ["1e308", "-1e308", "1.7976931348623157e308", "-1.7e308", "1e300", "-1e300", "5e-324", "1e-300"]

    /// A named view moved by extreme but finite values, as the issue's NaN findings were: an
    /// animation between extremes, a Lua curve returning 1e308, a spring of tiny mass, a
    /// perspective of 5e-324, a Bézier with a huge control y.
    mutating func extremeMotion() -> String {
        let view = newSlot("V")
        var lines = ["\(view) = View.new{ name = \(string()), frame = {10, 10, 50, 50} }", "scene.view:addSubview(\(view))"]
        let scalar = rng.pick(["\"position.x\"", "\"opacity\"", "\"cornerRadius\"", "\"transform.rotation.z\"", "\"transform.scale\"", "\"bounds.size.width\"", "\"shadowRadius\"", "\"zPosition\""])
        switch rng.below(6) {
        case 0:
            lines.append("local a = BasicAnimation.new(\(scalar))\na.fromValue, a.toValue = \(rng.pick(Self.overflowingNumbers)), \(rng.pick(Self.overflowingNumbers))\na.duration = 1")
            lines.append("\(view).layer:addAnimation(a, \"x\")")
        case 1:
            lines.append("local a = BasicAnimation.new(\(scalar))\na.toValue = \(rng.pick(Self.overflowingNumbers))\na.duration = 1\na.timingFunction = function(t) return \(rng.pick(Self.overflowingNumbers)) * t end")
            lines.append("\(view).layer:addAnimation(a, \"x\")")
        case 2:
            lines.append("local a = SpringAnimation.new(\(scalar))\na.toValue = \(number(-400...400))\na.mass = \(rng.pick(["1e-300", "5e-324", "1e300"]))\na.stiffness = \(rng.pick(["1e300", "100", "1e-300"]))\na.damping = \(rng.pick(["0", "10", "1e300"]))\na.duration = 1")
            lines.append("\(view).layer:addAnimation(a, \"x\")")
        case 3:
            lines.append("\(view).layer.transform = Transform.perspective(\(rng.pick(Self.overflowingNumbers))):rotated(0.5, 0, 1, 0)")
            lines.append("View.animate{ duration = 1, animations = function() \(view).alpha = 0.5 end }")
        case 4:
            lines.append("View.animate{ duration = 1, curve = \"cubic-bezier(0.5, \(rng.pick(Self.overflowingNumbers)), 0.5, \(rng.pick(Self.overflowingNumbers)))\", animations = function() \(view).center = {200, 200} end }")
        default:
            lines.append("\(view).layer.\(rng.pick(["position", "bounds", "cornerRadius", "shadowRadius", "zPosition", "anchorPoint"])) = \(rng.chance(0.5) ? "{\(rng.pick(Self.overflowingNumbers)), \(rng.pick(Self.overflowingNumbers))}" : rng.pick(Self.overflowingNumbers))")
            lines.append("View.animate{ duration = 1, animations = function() \(view).transform = Transform.scale(\(rng.pick(Self.overflowingNumbers))) end }")
        }
        return lines.joined(separator: "\n")
    }

    mutating func viewAnimate() -> String {
        var fields = ["duration = \(duration())"]
        if rng.chance(0.4) { fields.append("delay = \(duration())") }
        if rng.chance(0.6) { fields.append("options = \(options())") }
        if rng.chance(0.2) { fields.append("curve = \(curve())") }
        if rng.chance(0.2) { fields.append("usingSpringWithDamping = \(fraction()), initialSpringVelocity = \(number(-10...10))") }
        if rng.chance(0.95) { fields.append("animations = \(callback())") }
        if rng.chance(0.5) { fields.append("completion = \(callback(parameters: "finished"))") }
        if rng.chance(0.04) { fields.append("nope = 1") }
        return "View.animate{ \(fields.joined(separator: ", ")) }"
    }

    mutating func animateKeyframes() -> String {
        var body = ""
        for _ in 0..<rng.int(0...4) {
            body += "P(function() View.addKeyframe(\(fraction()), \(fraction()), \(callback())) end)\n"
        }
        let options = options(["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced", "calculationModeCubic", "calculationModeCubicPaced"])
        var fields = ["duration = \(duration())", "options = \(options)", "animations = function()\n\(body)end"]
        if rng.chance(0.4) { fields.append("delay = \(duration())") }
        if rng.chance(0.5) { fields.append("completion = \(callback(parameters: "finished"))") }
        let call = "View.animateKeyframes{ \(fields.joined(separator: ", ")) }"
        return rng.chance(0.1) ? "View.addKeyframe(0, 1, function() end)\n" + call : call
    }

    mutating func viewTransition() -> String {
        let kinds = ["transitionFlipFromLeft", "transitionFlipFromTop", "transitionCurlUp", "transitionCurlDown", "transitionCrossDissolve", "showHideTransitionViews"]
        if rng.chance(0.5) {
            return "View.transition{ with = \(view()), duration = \(duration()), options = \(options(kinds)), animations = \(callback())\(rng.chance(0.5) ? ", completion = \(callback(parameters: "finished"))" : "") }"
        }
        return "View.transitionFrom{ from = \(view()), to = \(view()), duration = \(duration()), options = \(options(kinds))\(rng.chance(0.5) ? ", completion = \(callback(parameters: "finished"))" : "") }"
    }

    mutating func performWithoutAnimation() -> String { "View.performWithoutAnimation(\(callback()))" }

    mutating func newAnimator() -> String {
        let slot = newSlot("N")
        switch rng.below(6) {
        case 0: return "\(slot) = Animator.new{ duration = \(duration()), curve = \(curve()), animations = \(callback()) }"
        case 1: return "\(slot) = Animator.new{ duration = \(duration()), controlPoint1 = \(point()), controlPoint2 = \(point()) }"
        case 2: return "\(slot) = Animator.new{ duration = \(duration()), dampingRatio = \(fraction()), animations = \(callback()) }"
        case 3: return "\(slot) = Animator.new{ duration = \(duration()), timingParameters = \(timingParameters()) }"
        case 4: return "\(slot) = Animator.runningPropertyAnimator{ duration = \(duration()), delay = \(duration()), options = \(options()), animations = \(callback())\(rng.chance(0.5) ? ", completion = \(callback(parameters: "position"))" : "") }"
        default: return "\(slot) = Animator.new(\(value()))"
        }
    }

    mutating func timingParameters() -> String {
        switch rng.below(6) {
        case 0: return "CubicTimingParameters.new{ animationCurve = \(rng.pick(["\"easeIn\"", "\"linear\"", "\"wobble\"", "5"])) }"
        case 1: return "CubicTimingParameters.new{ controlPoint1 = \(point()), controlPoint2 = \(point()) }"
        case 2: return "SpringTimingParameters.new{ dampingRatio = \(fraction())\(rng.chance(0.5) ? ", initialVelocity = \(point())" : "") }"
        case 3: return "SpringTimingParameters.new{ mass = \(number(0...50)), stiffness = \(number(0...2000)), damping = \(number(0...300)) }"
        case 4: return "SpringTimingParameters.new{ duration = \(duration()), bounce = \(number(-1...1)) }"
        default: return "SpringTimingParameters.new{ response = \(duration()), dampingRatio = \(fraction()) }"
        }
    }

    mutating func animatorControl() -> String {
        let target = (pools["N"] ?? 0) > 0 ? slot("N") : "Animator.new{ duration = 1 }"
        switch rng.below(12) {
        case 0: return "\(target):startAnimation(\(rng.chance(0.5) ? duration() : ""))"
        case 1: return "\(target):pauseAnimation()"
        case 2: return "\(target):stopAnimation(\(rng.pick(["true", "false", "nil"])))"
        case 3: return "\(target):finishAnimation(\(rng.pick(["\"end\"", "\"start\"", "\"current\"", "\"middle\"", "nil"])))"
        case 4: return "\(target):addAnimations(\(callback())\(rng.chance(0.5) ? ", \(fraction())" : ""))"
        case 5: return "\(target):addCompletion(\(callback(parameters: "position")))"
        case 6: return "\(target):continueAnimation(\(rng.chance(0.5) ? timingParameters() : "nil"), \(fraction()))"
        case 7: return "\(target).fractionComplete = \(fraction())"
        case 8: return "\(target).\(rng.pick(["isReversed", "pausesOnCompletion", "scrubsLinearly", "isInterruptible"])) = \(rng.pick(["true", "false", "5"]))"
        case 9: return "print(\(target).state, \(target).isRunning, \(target).fractionComplete)"
        case 10: return "\(target):pauseAnimation()\n\(target).fractionComplete = \(fraction())\n\(target):continueAnimation(nil, \(fraction()))"
        default: return "\(target).\(rng.pick(["duration", "delay", "state"])) = 1"
        }
    }
}
