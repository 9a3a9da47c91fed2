import Foundation
import Testing
import ChoreoTestSupport

/// Structures a script can make arbitrarily deep end in a clear error at the call that would pass
/// the documented depth, never in a stack overflow (in building them, using them or freeing them).
@Suite("Security: deep structures are refused at a documented depth, never overflow the stack")
struct DeepStructureTests {
    @Test("A view chain 130,000 deep stops at level 128 with an error naming addSubview and its line")
    func deepViewChain() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local parent = scene.view
            for i = 1, 130000 do
              local child = View.new{ frame = {0, 0, 10, 10} }
              parent:addSubview(child)
              parent = child
            end
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(
            "scene.lua:5: View:addSubview: the view tree would be more than 128 levels deep"))
        #expect(run.seconds < 20)
    }

    @Test("The deepest allowed tree is attached, laid out, searched, traced, rendered and freed")
    func deepestAllowedTree() throws {
        // 127 views under the root: 128 levels. Built bottom-up (the chain joins the tree whole),
        // then used by every tree walk the runtime has, then freed.
        let path = try HostileRun.scene("""
            local scene = Scene.new{ width = 40, height = 40 }
            local top = View.new{ name = "top", frame = {0, 0, 10, 10} }
            local leaf = top
            for i = 2, 127 do
              local child = View.new{ frame = {0, 0, 10, 10} }
              leaf:addSubview(child)
              leaf = child
            end
            leaf.tag = 7
            leaf.layoutSubviews = function(view) end
            scene.view:addSubview(top)
            assert(scene.view:viewWithTag(7) == leaf)
            scene.view:layoutIfNeeded()
            View.animate{ duration = 0.1, animations = function() leaf.alpha = 0.5 end }
            local ok, message = pcall(function() leaf:addSubview(View.new{}) end)
            assert(not ok and message:find("more than 128 levels deep", 1, true), message)
            after(0.2, function() top:removeFromSuperview(); top = nil; leaf = nil end)
            """)
        let run = try HostileRun.choreo(["trace", path, "--duration", "0.3"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 0, "\(run.errors)")
        let folder = try ScratchDirectory.path("choreo-deep")
        let render = try HostileRun.choreo(["render", path, "--duration", "0.1", "--out", folder], timeout: 60)
        #expect(!render.hung && !render.crashed)
        #expect(render.status == 0, "\(render.errors)")
    }

    @Test("Moving a deep chain under another deep chain is refused when the sum passes the limit")
    func joiningChains() throws {
        let path = try HostileRun.scene("""
            local function chain(n)
              local top = View.new{}
              local leaf = top
              for i = 2, n do local child = View.new{}; leaf:addSubview(child); leaf = child end
              return top, leaf
            end
            local scene = Scene.new{}
            local a, aLeaf = chain(70)
            local b = chain(70)
            aLeaf:addSubview(b)
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:10: View:addSubview: the view tree would be more than 128 levels deep"))
    }

    @Test("Layers nest under the same limit as views")
    func deepLayerChain() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local parent = scene.view.layer
            for i = 1, 50000 do
              local child = Layer.new{}
              parent:addSublayer(child)
              parent = child
            end
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:5: Layer:addSublayer: the layer tree would be more than 128 levels deep"))
    }

    @Test("A chain of 100,000 animation groups is refused when added, and freed without overflow")
    func deepGroupChain() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local top = AnimationGroup.new()
            local group = top
            for i = 1, 100000 do
              local child = AnimationGroup.new()
              group.animations = { child }
              group = child
            end
            scene.view.layer:addAnimation(top, "deep")
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:9: Layer:addAnimation: animations may nest groups at most 100 deep"))
    }

    @Test("Groups sharing one child at every level are refused once a child's tree passes 10,000, not walked")
    func exponentialGroups() throws {
        // Each level doubles the tree: the assignment that would hold a child of more than
        // 10,000 animations (the 13th level's) is refused there, before any layer sees it.
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local g = BasicAnimation.new("opacity")
            for i = 1, 60 do local c = AnimationGroup.new(); c.animations = { g, g }; g = c end
            scene.view.layer:addAnimation(g, "wide")
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(
            "scene.lua:3: AnimationGroup.animations: animations[1] may hold at most 10000 animations, nested ones included"))
        #expect(run.seconds < 20)
    }

    @Test("A group cannot be made to hold itself through a child too large to search (its copy recursed until the stack overflowed)")
    func cycleThroughLargeChild() throws {
        // The search for the group in `big` stops after 10,000 animations, before it reaches `c`
        // (the first child, searched last). That answer, "cannot tell", was taken as "no".
        let path = try HostileRun.scene("""
            local c = AnimationGroup.new()
            local kids = { c }
            for i = 1, 10000 do kids[#kids + 1] = BasicAnimation.new("opacity") end
            local big = AnimationGroup.new()
            big.animations = kids
            c.animations = { big }
            local copy = c:copy()
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(
            "scene.lua:6: AnimationGroup.animations: animations[1] may hold at most 10000 animations, nested ones included"))
    }

    @Test("Copying a group whose children together pass 10,000 animations is refused before anything is copied")
    func copyOfLargeGroup() throws {
        // Each child is within the bound, which is all `group.animations =` can check of it;
        // the copy measures the whole tree first.
        let path = try HostileRun.scene("""
            local kids = {}
            for i = 1, 9000 do kids[i] = BasicAnimation.new("opacity") end
            local g = AnimationGroup.new()
            g.animations = kids
            local c = AnimationGroup.new()
            c.animations = { g, g }
            local small = g:copy()
            assert(#small.animations == 9000)
            local copy = c:copy()
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:9: AnimationGroup:copy: animations may hold at most 10000 animations, nested ones included"))
    }

    @Test("A curve reversed 200,000 times is refused at the 33rd time")
    func deepCurveChain() throws {
        let path = try HostileRun.scene("""
            local curve = Timing.steps(2, "jump-end")
            for i = 1, 200000 do curve = curve:reversed() end
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:2: Curve:reversed: a curve may be reversed or mirrored at most 32 times in a row"))
    }

    @Test("toEqual on tables 100,000 deep is a test error at the expect line, not a crash")
    func deepToEqual() throws {
        let path = try HostileRun.scene("""
            local function nest(n) local t = {} for i = 1, n do t = { t } end return t end
            describe("deep", function()
              it("compares", function()
                expect(nest(100000)).toEqual(nest(100000))
              end)
            end)
            """, name: "deep_test.lua")
        let run = try HostileRun.choreo(["test", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        let text = run.output + run.errors
        #expect(text.contains("deep_test.lua:4"))
        #expect(text.contains("tables nested more than 200 levels deep cannot be compared"))
    }

    @Test("Timelines nested 100,000 deep are refused at level 101, naming Timeline:add and its line (starting 20,000 levels overflowed the stack)")
    func deepTimelines() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local t = Timeline.new()
            t:call(function() end)
            for i = 1, 100000 do local n = Timeline.new(); n:add(t); t = n end
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:4: Timeline:add: timelines may nest at most 100 deep (got 101 levels)"), "\(run.errors)")
        #expect(run.seconds < 20)
    }

    @Test("The deepest timeline allowed, 100 levels, plays to its end")
    func deepestTimelinePlays() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local box = View.new{ frame = { 0, 0, 10, 10 } }
            scene.view:addSubview(box)
            local t = Timeline.new()
            t:animate({ duration = 0.2, animations = function() box.alpha = 0.5 end })
            for i = 1, 99 do local n = Timeline.new(); n:add(t); t = n end
            t:startAnimation()
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "1"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("A timeline tree of more than 10,000 children is refused at the add that passes it, those of nested timelines counted")
    func largeTimelineTree() throws {
        let path = try HostileRun.scene("""
            local root = Timeline.new()
            for i = 1, 101 do
              local t = Timeline.new()
              for j = 1, 99 do t:call(function() end) end
              root:add(t)
            end
            """)
        let run = try HostileRun.choreo(["run", path], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(
            "scene.lua:5: Timeline:add: a timeline may hold at most 10000 children, those of nested timelines included (got 10100)"),
            "\(run.errors)")
    }

    @Test("all(...) nested 100,000 deep is refused at level 101 (finishing the innermost member overflowed the stack)")
    func deepAwaitGroups() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local a = View.animate{ duration = 0.1, animations = function() scene.view.alpha = 0.5 end }
            for i = 1, 100000 do a = all(a) end
            sequence(function() await(a) end)
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "1"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains("scene.lua:3: all: all(...) and any(...) may nest at most 100 deep (got 101 levels)"), "\(run.errors)")
    }

    @Test("all(...) over more than 10,000 awaitables, one given many times counted each time, is refused before await lists them")
    func wideAwaitGroups() throws {
        let path = try HostileRun.scene("""
            local scene = Scene.new{}
            local a = View.animate{ duration = 0.1, animations = function() scene.view.alpha = 0.5 end }
            local many = {}
            for i = 1, 200 do many[i] = a end
            local b = all(table.unpack(many))
            for i = 1, 60 do many[i] = b end
            local c = all(table.unpack(many, 1, 60))
            """)
        let run = try HostileRun.choreo(["run", path, "--duration", "1"], timeout: 60)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.errors.contains(
            "scene.lua:7: all: all(...) and any(...) may hold at most 10000 awaitables, nested ones included (one given twice counts twice) (got 12060)"),
            "\(run.errors)")
    }
}
