import ChoreoCore
import Testing
@testable import ChoreoLua

/// A host with a 100 × 100 box at the origin (position (50, 50)) whose layer scripts see as
/// `boxLayer`, and the layer animation methods as `testLayer.addAnimation(boxLayer, anim, key)`.
struct AnimationTestStage {
    let host: ScriptHost
    let box: View

    init() throws {
        host = try ScriptHost(scriptDirectory: nil)
        box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try box.layer.setValue(.scalar(0), forKeyPath: "progress")
        host.engine.scene.rootView.addSubview(box)
        if host.vm.classInfo(for: Layer.self) == nil { host.vm.register(LuaClass<Layer>("Layer")) }
        host.vm.registerGlobal("testLayer", functions: host.layerAnimationMethods())
        host.vm.setGlobal("boxLayer", .object(box.layer))
    }

    /// Runs a scene script's top level (committed, at the engine's current time).
    func run(_ source: String) throws { try host.run(source: source, chunkName: "scene.lua") }

    /// The message of the error a script raises (nil if it runs).
    func error(_ source: String) -> String? {
        do {
            try run(source)
            return nil
        } catch {
            return (error as? LuaError)?.message ?? "\(error)"
        }
    }

    @discardableResult
    func values(_ source: String) throws -> [LuaValue] { try host.vm.run(chunk: source, name: "scene.lua") }

    /// The box's presentation at engine time `t`.
    func presentation(at t: Double) throws -> LayerProperties {
        try host.engine.advance(to: t)
        return box.layer.presentation
    }
}

@Suite("Lua: Core Animation animations")
struct AnimationBindingsTests {
    @Test("A basic animation added from Lua drives presentation values at exact times")
    func basicAnimation() throws {
        let stage = try AnimationTestStage()
        let top = stage.host.vm.stackTop
        try stage.run("""
            local fade = BasicAnimation.new("opacity")
            fade.fromValue, fade.toValue, fade.duration = 0, 1, 2
            fade.timingFunction = TimingFunction.new("easeIn")
            testLayer.addAnimation(boxLayer, fade, "fade")
            fade.toValue = 0.1  -- the layer runs a copy
            local move = BasicAnimation.new{ keyPath = "position", fromValue = {0, 0}, toValue = {x = 200, y = 100}, duration = 1 }
            testLayer.addAnimation(boxLayer, move, "move")
            """)
        #expect(try stage.presentation(at: 0.5).opacity == CubicBezierCurve.easeIn.progress(at: 0.25))
        #expect(try stage.presentation(at: 0.75).position == Point(x: 150, y: 75))
        #expect(try stage.presentation(at: 2.5).opacity == 1)
        #expect(stage.box.layer.presentation.position == Point(x: 50, y: 50))
        #expect(stage.host.vm.stackTop == top)
    }

    @Test("Properties read back as they were set; curves keep their identity")
    func propertiesReadBack() throws {
        let stage = try AnimationTestStage()
        let results = try stage.values("""
            local a = BasicAnimation.new("position.x")
            local ease = TimingFunction.new("easeOut")
            a.timingFunction = ease; a.fillMode = "both"; a.repeatCount = math.huge; a.byValue = 10
            a.name = "slide"; a.autoreverses = true; a.speed = 2; a.isAdditive = true
            local b = BasicAnimation.new{ keyPath = "bounds", toValue = {0, 0, 10, 20}, timingFunction = "easeIn" }
            return a.timingFunction == ease, a.fillMode, a.repeatCount, a.byValue, a.fromValue, a.keyPath, a.name,
                   a.isRemovedOnCompletion, a.autoreverses, a.speed, a.isAdditive, tostring(a),
                   b.toValue.height, tostring(b.timingFunction), a:copy().name
            """)
        #expect(results == [
            true, "both", .number(.infinity), 10.0, nil, "position.x", "slide", true, true, 2.0, true,
            "BasicAnimation(position.x)", 20.0, "Curve(easeIn)", "slide",
        ])
    }

    @Test("Wrong types, ranges, names and unknown properties are refused with clear messages")
    func propertyErrors() throws {
        let stage = try AnimationTestStage()
        try stage.run("a = BasicAnimation.new('opacity'); s = SpringAnimation.new('opacity')")
        #expect(stage.error("a.fillMode = 'sideways'")
            == #"scene.lua:1: BasicAnimation.fillMode: fillMode must be one of "removed", "forwards", "backwards", "both" (got "sideways")"#)
        #expect(stage.error("\na.duration = 'long'")
            == #"scene.lua:2: BasicAnimation.duration: duration must be a number (got the string "long")"#)
        #expect(stage.error("a.duration = -1") == "scene.lua:1: BasicAnimation.duration: duration must be a finite number ≥ 0 (got -1)")
        #expect(stage.error("a.autoreverses = 1") == "scene.lua:1: BasicAnimation.autoreverses: autoreverses must be a boolean (got a number)")
        #expect(stage.error("a.fromValu = 1")?.hasPrefix(
            "scene.lua:1: BasicAnimation has no property 'fromValu' (properties: beginTime, duration, speed, timeOffset,") == true)
        #expect(stage.error("local v = a.values")?.hasSuffix("keyPath, isAdditive, isCumulative, fromValue, toValue, byValue)") == true)
        #expect(stage.error("s.settlingDuration = 1") == "scene.lua:1: SpringAnimation.settlingDuration is read-only")
        #expect(stage.error("s.mass = 0") == "scene.lua:1: SpringAnimation.mass: mass must be a finite number > 0 (got 0)")
        #expect(stage.error("a.timingFunction = 3")
            == "scene.lua:1: BasicAnimation.timingFunction: timingFunction must be " + ScriptHost.curveExpectation + " (got a number)")
        #expect(stage.error("BasicAnimation.new('position').toValue = 5")
            == "scene.lua:1: BasicAnimation.toValue: toValue must be a point ({x=, y=} or {x, y}) for key path \"position\" (got a number)")
        #expect(stage.error("BasicAnimation.new('position.z')")
            == #"scene.lua:1: BasicAnimation.new: keyPath must be "position" or one of "position.x", "position.y" (got "position.z")"#)
        #expect(stage.error("BasicAnimation.new(42)")
            == "scene.lua:1: bad argument #1 to 'BasicAnimation.new' (keyPath: string expected, got number)")
        #expect(stage.error("BasicAnimation.new{ keyPath = 'opacity', toValu = 1 }")?.hasPrefix(
            "scene.lua:1: BasicAnimation.new: unknown property 'toValu' (valid: keyPath, beginTime,") == true)
        #expect(stage.error("a.delegate = { animationDidStop = 3 }")
            == "scene.lua:1: BasicAnimation.delegate: delegate.animationDidStop must be a function (got a number)")
    }

    @Test("Adding checks the whole animation against the layer")
    func addTimeErrors() throws {
        let stage = try AnimationTestStage()
        #expect(stage.error("testLayer.addAnimation(boxLayer, BasicAnimation.new('glow'), 'g')")
            == #"scene.lua:1: testLayer.addAnimation: keyPath must name a layer property or a custom property set with setValue ("glow" is neither) (got "glow")"#)
        #expect(stage.error("testLayer.addAnimation(boxLayer, BasicAnimation.new{ keyPath = 'progress', fromValue = 0, toValue = 1, byValue = 1 })")
            == "scene.lua:1: testLayer.addAnimation: fromValue, toValue, byValue may not all be set (at most two) (got all three)")
        #expect(stage.error("testLayer.addAnimation(boxLayer, {}, 'x')")
            == "scene.lua:1: bad argument #2 to 'testLayer.addAnimation' (animation: Animation expected, got table)")
        #expect(stage.error("""
            local k = KeyframeAnimation.new{ keyPath = 'opacity', values = {0, 1}, keyTimes = {0, 0.5} }
            testLayer.addAnimation(boxLayer, k)
            """) == "scene.lua:2: testLayer.addAnimation: keyTimes[2] must be 1, the end of the animation (got 0.5)")
        // A custom property set with setValue animates by its key path.
        try stage.run("testLayer.addAnimation(boxLayer, BasicAnimation.new{ keyPath = 'progress', toValue = 10, duration = 1 })")
        #expect(try stage.presentation(at: 0.5).custom["progress"] == 5)
    }

    @Test("Keyframe animations take values, key times, modes and paths")
    func keyframes() throws {
        let stage = try AnimationTestStage()
        try stage.run("""
            k = KeyframeAnimation.new("position.x")
            k.values = {0, 100, 40}; k.keyTimes = {0, 0.5, 1}; k.duration = 1
            k.timingFunctions = { "linear", function(t) return t end }
            testLayer.addAnimation(boxLayer, k, "k")
            c = KeyframeAnimation.new("opacity")
            c.calculationMode = "calculationModeCubic"; c.tensionValues = {0, 0.5}
            """)
        #expect(try stage.values("return #k.values, k.keyTimes[2], #k.timingFunctions, c.calculationMode, c.tensionValues[2], c.path")
            == [3, 0.5, 2, "cubic", 0.5, nil])
        #expect(try stage.presentation(at: 0.25).position.x == 50)
        #expect(try stage.presentation(at: 0.75).position.x == 70)
        try stage.run("""
            p = KeyframeAnimation.new{ keyPath = "position", duration = 2, rotationMode = "auto",
                                       path = { {"move", 0, 0}, {"line", 100, 0} } }
            testLayer.addAnimation(boxLayer, p, "p")
            """)
        #expect(try stage.values("return p.rotationMode, p.path[2][1], p.path[2][2], #p.path") == ["rotateAuto", "line", 100.0, 2])
        #expect(try stage.presentation(at: 1.75).position == Point(x: 50, y: 0))  // 1 s into p, which began at 0.75
        #expect(stage.error("local p = KeyframeAnimation.new('position'); p.path = { {'line', 1, 2} }")
            == "scene.lua:1: KeyframeAnimation.path: path[1] must be a move, since a path starts with one (got a line)")
        #expect(stage.error("local k = KeyframeAnimation.new('position.x'); k.values = {0, 'x'}")
            == #"scene.lua:1: KeyframeAnimation.values: values[2] must be a number for key path "position.x" (got the string "x")"#)
        #expect(stage.error("local k = KeyframeAnimation.new('opacity'); k.biasValues = {0, 2}")
            == "scene.lua:1: KeyframeAnimation.biasValues: biasValues[2] must be within -1...1 (got 2)")
        #expect(stage.error("local k = KeyframeAnimation.new('position'); k.rotationMode = 'spin'")
            == #"scene.lua:1: KeyframeAnimation.rotationMode: rotationMode must be one of "rotateAuto", "rotateAutoReverse", "auto", "autoReverse" (got "spin")"#)
    }

    @Test("Spring animations follow the closed-form spring in seconds")
    func springs() throws {
        let stage = try AnimationTestStage()
        let results = try stage.values("""
            local s = SpringAnimation.new{ keyPath = "position.y", fromValue = 0, toValue = 100, damping = 5 }
            s.duration = s.settlingDuration
            testLayer.addAnimation(boxLayer, s, "drop")
            local p = SpringAnimation.new{ keyPath = "opacity", perceptualDuration = 0.5, bounce = 0.3 }
            return s.settlingDuration, s.duration, p.stiffness, p.allowsOverdamping, p.duration == p.settlingDuration, p.bounce
            """)
        #expect(abs((results[0].doubleValue ?? 0) - 2.85) < 0.01 && results[0] == results[1])
        #expect(abs((results[2].doubleValue ?? 0) - 157.9) < 0.05)
        #expect(results[3] == true && results[4] == true && abs((results[5].doubleValue ?? 0) - 0.3) < 1e-9)
        stage.host.engine.perform {}
        let spring = try SpringCurve(parameters: SpringParameters(mass: 1, stiffness: 100, damping: 5))
        #expect(abs(try stage.presentation(at: 0.3).position.y - 100 * spring.value(atSeconds: 0.3)) < 1e-9)
    }

    @Test("Groups run their children in the group's time; a group cannot contain itself")
    func groups() throws {
        let stage = try AnimationTestStage()
        try stage.run("""
            fade = BasicAnimation.new{ keyPath = "opacity", fromValue = 0, toValue = 1 }
            local move = BasicAnimation.new{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 4 }
            g = AnimationGroup.new{ animations = { fade, move }, duration = 2 }
            testLayer.addAnimation(boxLayer, g, "g")
            """)
        #expect(try stage.values("return #g.animations, g.animations[1] == fade, tostring(g)")
            == [2, true, "AnimationGroup(2 animations)"])
        let halfway = try stage.presentation(at: 1)
        #expect(halfway.opacity == 0.5 && halfway.position.x == 25)
        #expect(stage.error("g.animations = { AnimationGroup.new{ animations = { g } } }")
            == "scene.lua:1: AnimationGroup.animations: animations[1] must not contain the group itself (got the group)")
        #expect(stage.error("g.animations = { fade, 'move' }")
            == #"scene.lua:1: AnimationGroup.animations: animations[2] must be an animation (got the string "move")"#)
    }

    @Test("Transitions take Core Animation's and UIKit's names")
    func transitions() throws {
        let stage = try AnimationTestStage()
        let results = try stage.values("""
            local t = Transition.new{ type = "push", subtype = "fromLeft", duration = 1 }
            testLayer.addAnimation(boxLayer, t)
            local flip = Transition.new(); flip.type = "transitionFlipFromLeft"; flip.endProgress = 0.5
            return t.type, t.subtype, tostring(t), flip.type, flip.subtype, flip.endProgress, testLayer.animationKeys(boxLayer)[1]
            """)
        #expect(results == ["push", "fromLeft", "Transition(push, fromLeft)", "flipFromLeft", nil, 0.5, "transition"])
        stage.host.engine.perform {}
        try stage.host.engine.advance(to: 0.5)
        let transition = try #require(stage.box.layer.presentationTransition)
        #expect(transition.type == .push && transition.subtype == .fromLeft && transition.progress == 0.5)
        #expect(stage.error("Transition.new{ type = 'spin' }")
            == #"scene.lua:1: Transition.new: type must be one of "fade", "moveIn", "push", "reveal", "flipFromLeft", "flipFromRight", "flipFromTop", "flipFromBottom", "curlUp", "curlDown", "crossDissolve" (got "spin")"#)
        #expect(stage.error("Transition.new().startProgress = 2")
            == "scene.lua:1: Transition.startProgress: startProgress must be within 0...1 (got 2)")
    }

    @Test("Delegates hear start and stop in order, with finished; their errors are kept for the host")
    func delegates() throws {
        let stage = try AnimationTestStage()
        try stage.run("""
            log = {}
            local fade = BasicAnimation.new{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1, name = "fade" }
            fade.delegate = {
              animationDidStart = function(anim) log[#log + 1] = "start " .. anim.name end,
              animationDidStop = function(anim, finished) log[#log + 1] = "stop " .. anim.name .. " " .. tostring(finished) end,
            }
            local spin = BasicAnimation.new{ keyPath = "transform.rotation.z", toValue = 3, duration = 5, name = "spin",
                                             delegate = fade.delegate }
            testLayer.addAnimation(boxLayer, fade, "fade")
            testLayer.addAnimation(boxLayer, spin, "spin")
            after(2, function() testLayer.removeAnimation(boxLayer, "spin") end)
            """)
        try stage.host.engine.advance(to: 3)
        #expect(try stage.values("return table.concat(log, ', ')") == ["start fade, start spin, stop fade true, stop spin false"])

        try stage.run("""
            local late = BasicAnimation.new{ keyPath = "opacity", toValue = 0, duration = 1 }
            late.delegate = { animationDidStop = function(anim, finished)
              error("late " .. tostring(finished))
            end }
            testLayer.addAnimation(boxLayer, late, "late")
            """)
        try stage.host.engine.advance(to: 5)
        #expect(stage.host.deferredError?.message == "scene.lua:3: late true")
    }

    @Test("Layer methods add, list, copy and remove animations by key")
    func layerMethods() throws {
        let stage = try AnimationTestStage()
        let top = stage.host.vm.stackTop
        try stage.run("""
            a = BasicAnimation.new{ keyPath = "opacity", toValue = 0.5, duration = 10, name = "a" }
            testLayer.addAnimation(boxLayer, a, "a")
            testLayer.addAnimation(boxLayer, BasicAnimation.new{ keyPath = "position.x", toValue = 10, duration = 10 }, "b")
            """)
        let listed = try stage.values("""
            local copy = testLayer.animation(boxLayer, "a")
            return table.concat(testLayer.animationKeys(boxLayer), ","), copy ~= a, copy.name, copy.toValue,
                   testLayer.animation(boxLayer, "zzz")
            """)
        #expect(listed == ["a,b", true, "a", 0.5, nil])
        try stage.run("testLayer.removeAnimation(boxLayer, 'a')")
        #expect(stage.box.layer.animationKeys() == ["b"])
        try stage.run("testLayer.removeAllAnimations(boxLayer)")
        #expect(stage.box.layer.animationKeys().isEmpty)
        #expect(stage.error("testLayer.removeAnimation(boxLayer)")
            == "scene.lua:1: bad argument #2 to 'testLayer.removeAnimation' (key: string expected, got no value)")
        #expect(stage.host.vm.stackTop == top)
    }

    @Test("Registered and inline Lua curves pace animations; a broken one is reported with file and line")
    func luaCurvesInAnimations() throws {
        let stage = try AnimationTestStage()
        try stage.run("""
            Timing.register("square", function(t) return t * t end)
            testLayer.addAnimation(boxLayer, BasicAnimation.new{ keyPath = "opacity", fromValue = 0, toValue = 1,
                                                                 duration = 1, timingFunction = "square" })
            testLayer.addAnimation(boxLayer, BasicAnimation.new{ keyPath = "position.x", fromValue = 0, toValue = 100,
                                                                 duration = 1, timingFunction = function(t) return t ^ 3 end })
            """)
        let half = try stage.presentation(at: 0.5)
        #expect(half.opacity == 0.25 && half.position.x == 12.5)

        try stage.run("""
            local bad = BasicAnimation.new{ keyPath = "cornerRadius", toValue = 10, duration = 1 }
            bad.timingFunction = function(t)
              return "fast"
            end
            testLayer.addAnimation(boxLayer, bad, "bad")
            """)
        // Every frame computes the animated numbers: the curve first runs at the first frame after
        // `bad` was added, a 60th of a second into it.
        #expect(try stage.presentation(at: 1).cornerRadius == 5)  // the curve answers linearly meanwhile
        #expect(throws: LuaError.runtime(
            message: #"scene.lua:2: timing curve 'timingFunction' must return a finite number (got the string "fast" at t = 0.01666666666666672)"#,
            traceback: "")) { try stage.host.throwDeferredError() }
    }

    @Test("A damping-ratio spring is fitted to the duration of the animation that uses it")
    func fittedSprings() throws {
        let stage = try AnimationTestStage()
        let results = try stage.values("""
            local s = SpringTimingParameters.new{ dampingRatio = 0.4, initialVelocity = 2 }
            local a = BasicAnimation.new{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 2, timingFunction = s }
            testLayer.addAnimation(boxLayer, a, "a")
            return a.timingFunction == s, testLayer.animation(boxLayer, "a").timingFunction.duration
            """)
        #expect(results == [true, 2.0])
        stage.host.engine.perform {}
        let fitted = try SpringCurve(dampingRatio: 0.4, duration: 2, initialVelocity: 2)
        #expect(abs(try stage.presentation(at: 0.5).position.x - 100 * fitted.progress(at: 0.25)) < 1e-9)
    }

    @Test("Fill modes and begin times show the start before it and hold the end after it")
    func fillModes() throws {
        let stage = try AnimationTestStage()
        try stage.run("""
            local fade = BasicAnimation.new{ keyPath = "opacity", fromValue = 0.2, toValue = 1, duration = 1,
                                             fillMode = "both", isRemovedOnCompletion = false }
            fade.beginTime = CACurrentMediaTime() + 1
            testLayer.addAnimation(boxLayer, fade, "fade")
            """)
        #expect(try stage.presentation(at: 0.5).opacity == 0.2)
        #expect(abs(try stage.presentation(at: 1.5).opacity - 0.6) < 1e-12)
        #expect(try stage.presentation(at: 3).opacity == 1)
        #expect(stage.box.layer.animationKeys() == ["fade"])
    }
}
