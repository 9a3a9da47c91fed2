import Foundation
import Testing

/// Engine control called from inside callbacks (docs/lua-api.md, "Re-entrancy"): each call ends
/// the test with an error naming the call and what it was called from, with `file:line`, and
/// never corrupts the engine — the next test in the same file passes. Run through `choreo test`,
/// so the report is exactly what a user sees. (Tests/Security/Scenes/runaway_test.lua catches
/// the same errors with pcall and checks the engine inside the same test.)
@Suite("Security: re-entrant engine control")
struct ReentrancyTests {
    static let testFile = """
        local scene = Scene.new{}
        local box = View.new{ name = "box", frame = {0, 0, 10, 10} }
        scene.view:addSubview(box)
        it("advance in a timer", function() after(0.1, function() advance(1) end); advance(0.5) end)
        it("runUntilIdle in a completion", function()
          View.animate{ duration = 0.2, animations = function() box.alpha = 0 end, completion = function() runUntilIdle() end }
          advance(0.5)
        end)
        it("advance in an animations block", function()
          View.animate{ duration = 0.2, animations = function() advance(1) end }
        end)
        it("expectTrace in a display link", function()
          DisplayLink.new(function() expectTrace("t", { duration = 1 }) end)
          advance(0.5)
        end)
        it("it inside it", function() it("inner", function() end) end)
        it("yield inside View.animate", function()
          coroutine.wrap(function()
            View.animate{ duration = 1, animations = function() coroutine.yield() end }
          end)()
        end)
        it("layoutIfNeeded from its own layoutSubviews", function()
          box.layoutSubviews = function(view) view:layoutIfNeeded() end
          box:layoutIfNeeded()
        end)
        it("the engine still animates after all of them", function()
          View.animate{ duration = 1, animations = function() box.alpha = 0 end }
          advance(0.5)
          expect(box.layer.presentation.opacity).toBeCloseTo(0.5, 1e-9)
        end)
        """

    @Test("Each re-entrant call fails its test with a message naming the call and the callback; the next test passes")
    func reentrantCalls() throws {
        let folder = URL(fileURLWithPath: try HostileRun.scene(Self.testFile, name: "re_test.lua")).deletingLastPathComponent()
        let run = try HostileRun.choreo(["test", "re_test.lua"], in: folder)
        #expect(run.status == 1 && !run.hung && !run.crashed)
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in [
            "re_test.lua:4: advance: cannot advance the engine from inside a timer callback (call it from the test or hook itself)",
            "re_test.lua:6: runUntilIdle: cannot run the engine from inside a completion (call it from the test or hook itself)",
            "re_test.lua:10: advance: cannot advance the engine from inside an animations block (call it from the test or hook itself)",
            "re_test.lua:13: expectTrace: cannot record a trace from inside a display-link callback (call it from the test or hook itself)",
            "re_test.lua:16: it cannot be called inside a test or hook (declare tests at the top level or in describe)",
            "re_test.lua:19: View.animate: a coroutine cannot yield from inside an animations block "
                + "(finish the block, then yield)",
            "re_test.lua:23: layoutSubviews: script callbacks nested more than 50 deep (a layoutSubviews that lays out "
                + "its own view, or a completion that finishes an animator whose completion does the same?)",
            "✓ the engine still animates after all of them",
            "1 passed, 7 failed",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)\n\(run.output)")
        }
        #expect(run.seconds < 30)
    }
}
