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
    @Test("print stops at 4 MiB in one turn and 64 MiB in all, with a clear error at file:line, and prints nothing past either")
    func printIsCapped() throws {
        let vm = LuaVM()
        var printed = 0, lines = 0
        vm.printHandler = { line in
            printed += line.utf8.count + 1
            lines += 1
        }
        // 100-byte lines (99 and a newline): 41,943 fit in 4 MiB (4,194,304 bytes), the next does not.
        let error = try #require(failure(of: "local line = string.rep('x', 99)\nfor i = 1, 1e7 do print(line) end", in: vm))
        #expect(error.message == "scene.lua:2: print: output limit exceeded (more than 4 MiB printed in one turn)")
        #expect(lines == 41_943 && printed == 4_194_300)
        // A pcall sees the same error, and the turn still prints nothing more.
        #expect(try vm.run(chunk: "return 1", name: "next.lua") == [1])
        // Each turn starts again: sixteen turns of 4,194,300 bytes fit in 64 MiB (67,108,864
        // bytes), the first among them; the seventeenth's first line does not.
        for _ in 0..<15 { try vm.run(chunk: "local line = string.rep('x', 99) for i = 1, 41943 do print(line) end", name: "turn.lua") }
        #expect(printed == 16 * 4_194_300)
        let all = try #require(failure(of: "local line = string.rep('x', 99) for i = 1, 41943 do print(line) end", name: "last.lua", in: vm))
        #expect(all.message == "last.lua:1: print: output limit exceeded (more than 64 MiB printed in all)")
        #expect(printed == 67_108_800, "nothing printed past the limit: \(printed)")
        let caught = try vm.run(chunk: "local ok, e = pcall(print, string.rep('x', 99)) return ok, e", name: "caught.lua")
        #expect(caught.first == false)
        #expect(caught.last?.stringValue == "print: output limit exceeded (more than 64 MiB printed in all)")
        try expectUsable(vm)
    }
}
