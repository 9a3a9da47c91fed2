import Testing
@testable import ChoreoLua

@Suite("Instruction and memory limits")
struct LuaLimitsTests {
    /// After a limit error the same VM must run a new chunk normally.
    private func expectUsable(_ vm: LuaVM) throws {
        #expect(try vm.run(chunk: "local s = 0 for i = 1, 1000 do s = s + i end return s", name: "after.lua") == [500500])
    }

    @Test("while true do end ends with 'instruction limit exceeded' at file:line")
    func infiniteLoopIsKilled() throws {
        let vm = LuaVM(instructionLimit: 2_000_000)
        let error = try #require(failure(of: "local x = 0\nwhile true do x = x + 1 end", name: "loop.lua", in: vm))
        guard case .instructionLimit(let message, let traceback) = error else { Issue.record("got \(error)"); return }
        #expect(message == "loop.lua:2: instruction limit exceeded")
        #expect(traceback.contains("loop.lua:2: in main chunk"))
        try expectUsable(vm)
    }

    @Test("The default budget also stops a runaway loop")
    func defaultBudget() throws {
        let vm = LuaVM()
        #expect(failure(of: "while true do end", in: vm)?.message == "scene.lua:1: instruction limit exceeded")
        try expectUsable(vm)
    }

    @Test("A script's pcall cannot swallow the kill")
    func pcallCannotSwallowTheKill() throws {
        let vm = LuaVM(instructionLimit: 2_000_000)
        let error = try #require(failure(of: """
            while true do
              pcall(function() while true do end end)
            end
            """, in: vm))
        guard case .instructionLimit(let message, _) = error else { Issue.record("got \(error)"); return }
        #expect(message.hasPrefix("scene.lua:"))
        #expect(message.hasSuffix("instruction limit exceeded"))
        let viaError = try #require(failure(of: """
            local ok, e = pcall(function() while true do end end)
            return e
            """, in: vm))
        #expect(viaError.message.hasSuffix("instruction limit exceeded"))
        try expectUsable(vm)
    }

    @Test("A runaway loop inside a coroutine is stopped")
    func coroutineLoopIsKilled() throws {
        let vm = LuaVM(instructionLimit: 2_000_000)
        let error = try #require(failure(of: """
            local co = coroutine.wrap(function() while true do end end)
            co()
            """, in: vm))
        guard case .instructionLimit = error else { Issue.record("got \(error)"); return }
        let resumed = try #require(failure(of: """
            local co = coroutine.create(function() while true do end end)
            while true do coroutine.resume(co) end
            """, in: vm))
        guard case .instructionLimit = resumed else { Issue.record("got \(resumed)"); return }
        try expectUsable(vm)
    }

    @Test("Each outermost run gets a fresh budget; calls from host functions share it")
    func budgetIsPerRun() throws {
        let vm = LuaVM(instructionLimit: 200_000)
        for _ in 0..<20 {  // 20 × ~100k instructions: only fits because each run is re-armed
            try vm.run(chunk: "local s = 0 for i = 1, 30000 do s = s + i end", name: "part.lua")
        }
        vm.registerGlobal("again") { call in
            try call.vm.call(try call.function(at: 1))
            return 0
        }
        let error = try #require(failure(of: "while true do again(function() end) end", in: vm))
        guard case .instructionLimit = error else { Issue.record("got \(error)"); return }
        try expectUsable(vm)
    }

    @Test("Memory bombs end with a memory-limit error, and the VM stays usable", arguments: [
        "local s = 'x' while true do s = s .. s end",
        "local t = {} local i = 0 while true do i = i + 1 t[i] = {i} end",
        "local s = string.rep('x', 1 << 30)",
        "local t = {} for i = 1, 1e9 do t[#t + 1] = tostring(i) .. 'padding' end",
    ])
    func memoryBomb(chunk: String) throws {
        let vm = LuaVM(memoryLimit: 8 << 20, instructionLimit: 50_000_000)
        let error = try #require(failure(of: "\n" + chunk, name: "bomb.lua", in: vm))
        guard case .memoryLimit(let message) = error else { Issue.record("got \(error)"); return }
        #expect(message.hasPrefix("bomb.lua:2:"))
        #expect(message.hasSuffix("memory limit exceeded (8388608 bytes)"))
        #expect(vm.memoryInUse < 8 << 20)
        try expectUsable(vm)
    }

    @Test("A memory error caught by pcall leaves the script running")
    func memoryErrorCaughtByPcall() throws {
        let vm = LuaVM(memoryLimit: 8 << 20)
        let results = try vm.run(chunk: """
            local ok, err = pcall(function() local s = 'x' while true do s = s .. s end end)
            return ok, err
            """, name: "caught.lua")
        #expect(results == [false, "not enough memory"])
    }

    @Test("A host function that pushes past the cap is stopped when it returns")
    func hostOvershootIsCaught() throws {
        let vm = LuaVM(memoryLimit: 8 << 20)
        vm.registerGlobal("big") { call in
            call.push(String(repeating: "y", count: 4 << 20))
            return 1
        }
        let error = try #require(failure(of: "local keep = {}\nfor i = 1, 10 do keep[i] = big() end", in: vm))
        guard case .memoryLimit(let message) = error else { Issue.record("got \(error)"); return }
        #expect(message.hasPrefix("scene.lua:2:"))
        try expectUsable(vm)
    }
}
