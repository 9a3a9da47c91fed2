import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Unknown fields and methods of closed classes are errors naming the class, the name and what there is")
struct UnknownMemberTests {
    /// A script's objects of every closed class, made fresh.
    static let objects = """
        tl = Timeline.new(); an = Animator.new{ duration = 1 }; st = Stagger{ each = 0.1 }
        tm = after(1, function() end); dl = DisplayLink.new(function() end); sc = Scene.new{}
        """

    @Test("Every listed field of a timeline, an animator, a timer, a display link, a scene and a stagger reads without error")
    func listedFieldsRead() throws {
        let stage = try AnimationTestStage()
        try stage.run(Self.objects)
        for (object, fields) in [
            ("tl", ["state", "isRunning", "isReversed", "fractionComplete", "currentTime", "duration", "speed",
                    "repeatCount", "repeatDuration", "autoreverses", "labels"]),
            ("an", ["state", "isRunning", "isReversed", "fractionComplete", "duration", "delay", "isInterruptible",
                    "scrubsLinearly", "pausesOnCompletion", "timingParameters"]),
            ("tm", ["deadline", "interval", "isCancelled", "isValid"]),
            ("dl", ["timestamp", "targetTimestamp", "duration", "isPaused", "preferredFramesPerSecond",
                    "preferredFrameRateRange", "skippedFrames"]),
            ("sc", ["view", "width", "height", "backgroundColor"]),
        ] {
            for field in fields { #expect(stage.error("local _ = \(object).\(field)") == nil, "\(object).\(field)") }
        }
        // A field that reads as nil is still a field: a timer without an interval.
        #expect(try stage.values("return tm.interval") == [.nil])
        #expect(stage.error("local _ = st.delays") == nil)
    }

    @Test("Another tool's name is answered with ours, a typo with the nearest name, and the message lists the fields and methods")
    func messages() throws {
        let stage = try AnimationTestStage()
        try stage.run(Self.objects)
        #expect(stage.error("tl:play()") == "scene.lua:1: Timeline has no field or method 'play'; did you mean startAnimation? "
            + "(fields: state, isRunning, isReversed, fractionComplete, currentTime, duration, speed, repeatCount, "
            + "repeatDuration, autoreverses, labels; methods: add, addCompletion, addLabel, animate, call, pauseAnimation, "
            + "seek, startAnimation, stopAnimation)")
        #expect(stage.error("\nlocal p = tl.progress")?.hasPrefix(
            "scene.lua:2: Timeline has no field or method 'progress'; did you mean fractionComplete? (fields: ") == true)
        #expect(stage.error("tl:startAnimaton()")?.hasPrefix(
            "scene.lua:1: Timeline has no field or method 'startAnimaton'; did you mean startAnimation? (") == true)
        #expect(stage.error("an:play()")?.hasPrefix(
            "scene.lua:1: Animator has no field or method 'play'; did you mean startAnimation? (fields: state,") == true)
        #expect(stage.error("local _ = an.fractionCompleted")?.hasPrefix(
            "scene.lua:1: Animator has no field or method 'fractionCompleted'; did you mean fractionComplete?") == true)
        #expect(stage.error("tm:invalidate()")
            == "scene.lua:1: Timer has no field or method 'invalidate'; did you mean cancel? "
            + "(fields: deadline, interval, isCancelled, isValid; methods: cancel)")
        #expect(stage.error("dl:remove()")?.hasPrefix(
            "scene.lua:1: DisplayLink has no field or method 'remove'; did you mean invalidate? (fields: timestamp,") == true)
        #expect(stage.error("st:foo()") == "scene.lua:1: Stagger has no field or method 'foo' (methods: delays)")
        #expect(stage.error("local _ = sc.rootView")?.hasPrefix(
            "scene.lua:1: Scene has no field or method 'rootView'; did you mean view? (fields: view, width, height, backgroundColor; methods: ") == true)
        #expect(stage.error("local _ = tl.zzz")?.contains("'zzz' (fields: ") == true)  // nothing near: no suggestion
    }

    @Test("A view's unknown names are errors too, while its fields that read as nil still read as nil")
    func views() throws {
        let stage = try AnimationTestStage()
        try stage.run("vw = View.new{}")
        #expect(try stage.values("return vw.superview, vw.layoutSubviews, vw.mask") == [.nil, .nil, .nil])
        #expect(stage.error("vw:setNeedsLayout()")?.hasPrefix(
            "scene.lua:1: View has no field or method 'setNeedsLayout'; did you mean layoutIfNeeded? (fields: name, frame,") == true)
        #expect(stage.error("local _ = vw.backgroundColour")?.hasPrefix(
            "scene.lua:1: View has no field or method 'backgroundColour'; did you mean backgroundColor? (") == true)
        #expect(stage.error("vw.layer:setValue(3, 'progress'); local _ = vw.layer.progress, vw.layer.somethingUnset") == nil)
    }

    @Test("After an unknown name the objects and the script keep working")
    func keepsWorking() throws {
        let stage = try AnimationTestStage()
        try stage.run(Self.objects)
        #expect(stage.error("tl:play()") != nil)
        #expect(try stage.values("tl:startAnimation(); return tl.state, pcall(function() return an.nope end)")
            .prefix(2) == [.string("active"), .boolean(false)])
    }
}
