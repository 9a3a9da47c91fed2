import Foundation
import Testing
import ChoreoTestSupport

/// Host work that used to grow with the square of the input now grows linearly (or n log n), or
/// is bounded with a clear error. Sizes are chosen so that quadratic work would take minutes; the
/// time bounds are generous (a loaded 2-core machine), the limits exact.
@Suite("Security: no quadratic host work; sizes past the documented limits are clear errors")
struct QuadraticWorkTests {
    @Test("10,000 keyed animations on one layer are added in linear time; the 10,001st is refused")
    func manyAnimationsOnOneLayer() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local box = View.new{ frame = {0, 0, 10, 10} }
            scene.view:addSubview(box)
            for i = 1, 10000 do
              local fade = BasicAnimation.new("opacity")
              fade.fromValue, fade.toValue, fade.duration = 0, 1, 10
              box.layer:addAnimation(fade, "fade" .. i)
            end
            local extra = BasicAnimation.new("opacity")
            extra.fromValue, extra.toValue = 0, 1
            box.layer:addAnimation(extra, "fade1")   -- replaces one: allowed
            box.layer:addAnimation(extra, "one too many")
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "0.1"], timeout: 120)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(
            "scene.lua:12: Layer:addAnimation: animation cannot be added: a layer holds at most 10000 animations"))
        #expect(run.seconds < 20)
    }

    @Test("10,000 animations on one layer, each starting from the presentation, are added in linear time")
    func animationsFromThePresentation() throws {
        // No fromValue: each animation starts from the presentation, which the layer's row
        // computes; the row grows in place (it was laid out anew over every animation: 28 s).
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local box = View.new{ frame = {0, 0, 10, 10} }
            scene.view:addSubview(box)
            for i = 1, 10000 do
              local move = BasicAnimation.new(i % 2 == 0 and "position.x" or "opacity")
              move.toValue, move.duration = i / 10000, 10
              box.layer:addAnimation(move, "move" .. i)
            end
            print(#box.layer:animationKeys())
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "0.1"], timeout: 120)
        Self.expectFinished(run, printing: "10000\n", within: 20)
    }

    @Test("3,000 View.animate blocks retargeting one view in one turn take seconds, not minutes")
    func manyBlocksOnOneView() throws {
        // Each block reads the view's presentation and changes its model while every earlier
        // block's animation runs: the model change laid the layer's row out anew, and the block
        // composed every animation to recover the model value (2,000 blocks took 9 s in a release
        // build, 10,000 reached the 60 s turn limit). Now the row takes the model's values in
        // place, the tracks are computed once per instant, and the model value is the model's:
        // what is left is each read computing the view's steps (10,000 blocks: 0.6 s released;
        // this debug build takes about 8 s for 3,000).
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local box = View.new{ frame = {0, 0, 10, 10} }
            scene.view:addSubview(box)
            for i = 1, 3000 do
              View.animate{ duration = 1, animations = function()
                box.center = { i % 300, 20 }
                box.alpha = i / 3000
              end }
            end
            print(#box.layer:animationKeys())
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "0.1"], timeout: 120)
        Self.expectFinished(run, printing: "6000\n", within: 50)
    }

    @Test("Tagging 40,000 views and finding one by tag takes linear time")
    func manyTags() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            for i = 1, 40000 do
              local view = View.new{}
              scene.view:addSubview(view)
              view.tag = i
            end
            assert(scene.view:viewWithTag(40000).tag == 40000)
            print("tagged")
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 120)
        Self.expectFinished(run, printing: "tagged", within: 20)
    }

    @Test("20,000 leaves added under a view 127 levels deep: each addition walks at most 128 ancestors")
    func leavesUnderADeepView() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local deep = scene.view
            for i = 1, 126 do local child = View.new{}; deep:addSubview(child); deep = child end
            for i = 1, 20000 do deep:addSubview(View.new{}) end
            print(#deep.subviews)
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 120)
        Self.expectFinished(run, printing: "20000", within: 20)
    }

    @Test("A cubicPaced keyframe animation takes 10,000 values in linear time; 10,001 are refused")
    func manyKeyframeValues() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local box = View.new{ frame = {0, 0, 10, 10} }
            scene.view:addSubview(box)
            local function values(n) local v = {} for i = 1, n do v[i] = (i * 7919) % 1000 end return v end
            local move = KeyframeAnimation.new("position.x")
            move.values, move.calculationMode, move.duration = values(10000), "cubicPaced", 1
            box.layer:addAnimation(move, "move")
            move.values = values(10001)
            box.layer:addAnimation(move, "too many")
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "0.1"], timeout: 120)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:9: Layer:addAnimation: values must hold at most 10000 values (got 10001)"))
        #expect(run.seconds < 30)
    }

    @Test("A path takes 100,000 elements; a million-segment path is refused at the 100,001st")
    func millionSegmentPath() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local function path(n)
              local p = {{"move", 0, 0}}
              for i = 1, n - 1 do p[#p + 1] = {"line", i % 100, (i * 7) % 100} end
              return p
            end
            local shape = ShapeView.new{ path = path(100000), frame = {0, 0, 100, 100}, strokeColor = "white" }
            scene.view:addSubview(shape)
            shape.path = path(1000000)
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 120)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:9: "))
        #expect(run.errors.contains("path must hold at most 100000 elements"))
        #expect(run.seconds < 30)
    }

    @Test("Rendering a 100,000-character label in a narrow frame truncates by bisection, in seconds")
    func longLabelTruncation() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{ width = 60, height = 40 }
            scene.view:addSubview(Label.new{ text = string.rep("abcdefghij", 10000), frame = {0, 0, 50, 30} })
            """)
        let folder = try ScratchDirectory.path("choreo-label")
        let run = try HostileRun.choreo(["render", path, "--out", folder, "--format", "png"], timeout: 120)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.seconds < 20)
    }

    /// A run that finished on its own: no hang or crash, exit 0, its output with `text` (the
    /// scene's proof of work), within `seconds` (generous: the work was once quadratic).
    static func expectFinished(_ run: HostileRun, printing text: String, within seconds: Double,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.hung && !run.crashed, sourceLocation: sourceLocation)
        #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.output.contains(text), "\(run.output.prefix(200))", sourceLocation: sourceLocation)
        #expect(run.seconds < seconds, sourceLocation: sourceLocation)
    }
}
