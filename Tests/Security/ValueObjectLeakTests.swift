import ChoreoLua
import Testing

/// A host object made per frame and dropped at once must be given back while the run goes on:
/// Lua paces its collector by its own bytes, sees each host object as a 16-byte userdata with
/// `__gc`, and such a box counts as live for one more cycle until it is finalized. When these
/// boxes were most of what a script allocated (`Point.new` in a display link), every cycle's
/// pause let the heap double, so the process grew by about 120 bytes per frame for good.
@Suite("Security: host objects a script makes and drops are given back during the run")
struct ValueObjectLeakTests {
    /// A bridged object that counts how many of it are alive.
    final class Tracked {
        nonisolated(unsafe) static var live = 0
        init() { Tracked.live += 1 }
        deinit { Tracked.live -= 1 }
    }

    @Test("200,000 objects made one per call and dropped leave fewer than 5,000 alive")
    func droppedObjectsAreReleased() throws {
        let vm = LuaVM()
        vm.register(LuaClass<Tracked>("Tracked"))
        vm.registerGlobal("Tracked", functions: ["new": { call in
            call.push(object: Tracked())
            return 1
        }])
        let frame = try #require(try vm.run(chunk: "return function() local t = Tracked.new() end", name: "frame.lua")[0]
            .functionValue)
        let before = Tracked.live
        var most = 0
        for _ in 0..<200_000 {
            try frame()
            most = max(most, Tracked.live - before)
        }
        // Before the fix: up to 68,571 alive and 8.5 MB of Lua heap (the pending set doubled each cycle).
        #expect(most < 5_000)
        #expect(vm.memoryInUse < 2 * 1024 * 1024)
        vm.collectGarbage()
        #expect(Tracked.live == before)
    }

    @Test("Point.new and Transform.rotation, 120,000 times each keeps the Lua heap under 2 MiB")
    func valuesPerFrame() throws {
        let host = try ScriptHost()
        let frame = try #require(try host.vm.run(
            chunk: "return function() local t = Point.new(1, 2); local r = Transform.rotation(0.5) end",
            name: "values.lua")[0].functionValue)
        var most = 0
        for _ in 0..<120_000 {
            try frame()
            most = max(most, host.vm.memoryInUse)
        }
        #expect(most < 2 * 1024 * 1024)
    }
}
