import ChoreoCore
import ChoreoLua
import ChoreoRuntime
import Foundation
import Testing

/// Host objects count against `--memory-limit` with the Lua heap, and what a script drops is freed.
@Suite("Security: host memory is bounded by the memory limit, and dropped objects are freed")
struct HostMemoryTests {
    @Test("A million views under --memory-limit 16 end in a clear error naming View.new and its line, fast")
    func millionViews() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local keep = {}
            for i = 1, 1000000 do keep[i] = View.new{} end
            """)
        let run = try HostileRun.choreo(["run", path, "--memory-limit", "16"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:3: View.new: memory limit exceeded (16 MiB): "))
        #expect(run.seconds < 20)
    }

    @Test("Animators and timelines count too: made by the hundred thousand, they stop at the limit")
    func animatorsAndTimelines() throws {
        // Each loop prints how many it made every thousand. Plain Lua tables held the same way
        // reach over 200,000 under this limit; animators and timelines, charged as host
        // objects, stop under 100,000 (about 15,000). The allocation that crosses the limit is
        // the constructor's charge (`scene.lua:2: Timeline.new: memory limit exceeded (16 MiB)
        // …`) or a Lua allocation of the same line (the `keep` table growing, the object's
        // userdata: `scene.lua:2: memory limit exceeded (16777216 bytes)`), whichever comes
        // first as object sizes move.
        for (line, body) in [
            ("Animator.new", "for i = 1, 1000000 do keep[i] = Animator.new{ duration = 1, animations = function() v.alpha = 0 end }; if i % 1000 == 0 then print(i) end end"),
            ("Timeline.new", "for i = 1, 1000000 do keep[i] = Timeline.new{}; if i % 1000 == 0 then print(i) end end"),
        ] {
            let path = try HostileRun.scene("""
                local scene = Scene.new{}; local v = View.new{}; scene.view:addSubview(v); local keep = {}
                \(body)
                """)
            let run = try HostileRun.choreo(["run", path, "--memory-limit", "16"], timeout: 60)
            #expect(!run.hung && !run.crashed, "\(line)")
            #expect(run.status == 1)
            #expect(run.errors.contains("scene.lua:2: ") && run.errors.contains("memory limit exceeded"), "\(run.errors)")
            let made = run.output.split(separator: "\n").last.flatMap { Int($0) } ?? 0
            #expect(made > 0 && made < 100_000, "\(line): \(made) made before the limit")
        }
    }

    @Test("Views kept in the tree count too: the million-view tree stops at the limit, not at 2 GB")
    func viewsInTheTree() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            for i = 1, 1000000 do scene.view:addSubview(View.new{}) end
            """)
        let run = try HostileRun.choreo(["run", path, "--memory-limit", "16"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:2: "))
        #expect(run.errors.contains("memory limit exceeded"))
        #expect(run.seconds < 20)
    }

    @Test("Each kind of host object is charged its documented estimate and given back when it goes")
    func chargesFollowObjects() throws {
        let host = try ScriptHost()
        let base = host.vm.hostMemory.bytes
        try host.run(source: """
            keep = {
              View.new{}, Layer.new{}, Label.new{ text = string.rep("x", 1000) },
              KeyframeAnimation.new{ keyPath = "opacity", values = {0, 1, 0.5} },
              after(1, function() end),
            }
            """, chunkName: "charges.lua")
        let charged = host.vm.hostMemory.bytes - base
        let expected = HostMemoryEstimate.view + HostMemoryEstimate.layer + HostMemoryEstimate.view + 1000
            + HostMemoryEstimate.animation + 3 * HostMemoryEstimate.keyframeValue + HostMemoryEstimate.timer
        #expect(charged == expected)
        try host.run(source: "keep = nil", chunkName: "drop.lua")
        host.engine.scene.commit()
        try host.engine.run(until: .idle)  // the timer fires and lets its callback go
        host.vm.collectGarbage()
        #expect(host.vm.hostMemory.bytes == base)
    }

    @Test("A label's text that grows past the limit is refused at the assignment, naming the property's line")
    func growingText() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local label = Label.new{}
            local text = string.rep("x", 4 * 1024 * 1024)
            local labels = {}
            for i = 1, 100 do labels[i] = Label.new{}; labels[i].text = text end
            """)
        let run = try HostileRun.choreo(["run", path, "--memory-limit", "16"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:5: "))
        #expect(run.errors.contains("memory limit exceeded (16 MiB)"))
    }

    @Test("A scene dropped every frame is freed: a thousand frames of Scene.new keep the host count flat")
    func droppedScenes() throws {
        let host = try ScriptHost()
        try host.run(source: """
            Scene.new{}
            local frames = 0
            local link
            link = DisplayLink.new(function()
              local dropped = Scene.new{ width = 10, height = 10 }
              dropped.view:addSubview(View.new{})
              frames = frames + 1
              if frames == 1000 then link:invalidate() end
            end)
            """, chunkName: "scenes.lua")
        try host.engine.run(until: .idle)
        host.vm.collectGarbage()
        #expect(host.createdScenes.count == 1)
        // The engine's scene and nothing else: no scene, view or display link is left charged.
        #expect(host.vm.hostMemory.bytes == HostMemoryEstimate.scene)
    }

    @Test("Finished timers and display links are freed: 100,000 of each leave the process small")
    func finishedCallbacks() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local n = 0
            local function tick()
              n = n + 1
              if n % 2 == 0 then
                local link
                link = DisplayLink.new(function() link:invalidate(); tick() end)
              elseif n < 200000 then
                after(0.001, tick)
              end
            end
            tick()
            """)
        // With a 4 MiB limit, 200,000 finished callbacks only fit if each is given back.
        let run = try HostileRun.choreo(["run", path, "--memory-limit", "4", "--duration", "3600"], timeout: 120)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("A timeline's label names and a layer's animation keys, strings of any length, count against the limit: refused at the call that passes it",
          arguments: [0, 1])
    func longNamesAndKeys(kind: Int) throws {
        // A megabyte each: 16 of them pass a 16 MiB limit, though their Lua strings are dropped
        // at once (only the host's copies stay). Both went uncounted (600 took a 64 MiB run to
        // 612 MB).
        let line = kind == 0
            ? "for i = 1, 100 do timeline:addLabel(big .. i) end"
            : "for i = 1, 100 do scene.view.layer:addAnimation(BasicAnimation.new(\"opacity\"), big .. i) end"
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local timeline = Timeline.new()
            local big = string.rep("x", 1000000)
            \(line)
            """)
        let run = try HostileRun.choreo(["run", path, "--memory-limit", "16"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(kind == 0 ? "scene.lua:4: Timeline:addLabel: memory limit exceeded (16 MiB)"
                                              : "scene.lua:4: Layer:addAnimation: memory limit exceeded (16 MiB)"), "\(run.errors)")
    }

    @Test("A label refused by the memory limit is taken back: refusals caught in a loop keep no label, and a small one still fits")
    func refusedLabelsAreTakenBack() throws {
        let host = try ScriptHost(memoryLimit: 16 << 20, instructionLimit: 200_000_000, framesPerSecond: 60)
        try host.run(source: """
            timeline = Timeline.new()
            local big = string.rep("x", 3000000)
            refused = 0
            for i = 1, 40 do
              if not pcall(timeline.addLabel, timeline, big .. i) then refused = refused + 1 end
            end
            """, chunkName: "labels.lua")
        let refused = Int(try host.vm.run(chunk: "return refused", name: "check.lua").first?.doubleValue ?? 0)
        let timeline = try #require(try host.vm.run(chunk: "return timeline", name: "check.lua").first?.objectValue as? Timeline)
        #expect(refused >= 30)
        #expect(timeline.labels.count == 40 - refused)
        host.vm.collectGarbage()
        _ = try host.vm.run(chunk: "timeline:addLabel('small')", name: "small.lua")
        #expect(timeline.labels["small"] != nil)
    }

    @Test("Blocks and completions an animator or a timeline keeps are charged: a loop adding them stops at the limit, naming the call",
          arguments: ["a:addAnimations(f)", "a:addCompletion(f)", "t:addCompletion(f)"])
    func waitingClosures(line: String) throws {
        // Each is a closure holding a Lua function (the same one each time): uncounted, three
        // million of them took a 32 MiB run past 200 MB.
        let path = try HostileRun.scene("""
            local a, t = Animator.new{ duration = 1, curve = "easeIn" }, Timeline.new()
            local f = function() end
            for i = 1, 3000000 do \(line) end
            """)
        let run = try HostileRun.choreo(["run", path, "--memory-limit", "16"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        let call = line.hasPrefix("a:") ? "Animator:" + line.dropFirst(2).prefix { $0 != "(" } : "Timeline:addCompletion"
        #expect(run.errors.contains("scene.lua:3: \(call): memory limit exceeded (16 MiB)"), "\(run.errors)")
    }

    @Test("A key path is at most 256 bytes: a longer custom property name is refused at setValue, and one that long is charged in full")
    func customPropertyNames() throws {
        let longest = String(repeating: "y", count: 256)
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            scene.view.layer:setValue(1, "\(longest)")
            scene.view.layer:setValue(1, string.rep("x", 1000000))
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:3: Layer:setValue: keyPath must be at most 256 bytes long (got 1000000 bytes)"),
                "\(run.errors)")

        // 20,000 names of up to 256 bytes pass 4 MiB only when each is charged its longest name.
        let many = try HostileRun.scene("""
            local scene = Scene.new{}
            for i = 1, 20000 do scene.view.layer:setValue(1, "p" .. i) end
            """)
        let charged = try HostileRun.choreo(["run", many, "--memory-limit", "4"], timeout: 60)
        #expect(!charged.hung && !charged.crashed)
        #expect(charged.status == 1)
        // Which allocation crosses the limit first, a name's charge or the Lua string of the next
        // name, depends on every byte in use before (a slot's size moved it): either is the limit.
        #expect(charged.errors.contains("scene.lua:2: Layer:setValue: memory limit exceeded (4 MiB)")
                    || charged.errors.contains("scene.lua:2: memory limit exceeded (4194304 bytes)"), "\(charged.errors)")
    }

    @Test("A custom property refused by the memory limit is taken back: refusals caught in a loop keep none of them")
    func refusedCustomPropertiesAreTakenBack() throws {
        let host = try ScriptHost(memoryLimit: 4 << 20, instructionLimit: 200_000_000, framesPerSecond: 60)
        try host.run(source: """
            local scene = Scene.new{}
            refused = 0
            for i = 1, 30000 do
              if not pcall(scene.view.layer.setValue, scene.view.layer, 1, "p" .. i) then refused = refused + 1 end
            end
            """, chunkName: "custom.lua")
        let refused = Int(try host.vm.run(chunk: "return refused", name: "check.lua").first?.doubleValue ?? 0)
        #expect(refused > 10_000)
        #expect(host.engine.scene.rootLayer.model.custom.count == 30_000 - refused)
    }
}
