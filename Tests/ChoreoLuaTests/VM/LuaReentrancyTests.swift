import Testing
@testable import ChoreoLua

@Suite("Host functions that call back into Lua")
struct LuaReentrancyTests {
    /// `again(f, ...)` calls f from Swift and returns its results.
    private func vmWithAgain() -> LuaVM {
        let vm = LuaVM(instructionLimit: 10_000_000)
        vm.registerGlobal("again") { call in
            let function = try call.function(at: 1)
            let arguments = (2...max(2, call.argumentCount)).map { call.value(at: $0) }
            let results = try call.vm.call(function, Array(arguments.prefix(call.argumentCount - 1)))
            for result in results { call.push(result) }
            return results.count
        }
        return vm
    }

    @Test("Errors inside a nested call keep their own position")
    func nestedErrorKeepsPosition() throws {
        let vm = vmWithAgain()
        let error = try #require(failure(of: "local function bad() error('inner') end\n\nagain(bad)", in: vm))
        #expect(error.message == "scene.lua:1: inner")
        #expect(try vm.run(chunk: "return again(function(a, b) return a + b end, 2, 3)", name: "ok.lua") == [5])
    }

    @Test("Unbounded Lua → Swift → Lua recursion ends in a Lua error, not a crash")
    func deepRecursionIsAnError() throws {
        let vm = vmWithAgain()
        let error = try #require(failure(of: "local function f(n) return again(f, n + 1) end\nf(1)", in: vm))
        guard case .runtime(let message, _) = error else { Issue.record("got \(error)"); return }
        #expect(message.contains("stack overflow"))
        #expect(try vm.run(chunk: "return 1", name: "after.lua") == [1])
    }

    @Test("Host functions called from coroutines call back on the coroutine's stack")
    func coroutinesCallBack() throws {
        let vm = vmWithAgain()
        #expect(try vm.run(chunk: """
            local co = coroutine.wrap(function(x)
              local y = again(function(v) return v * 2 end, x)
              coroutine.yield(y)
              return again(function() return 'done' end)
            end)
            return co(21), co()
            """, name: "co.lua") == [42, "done"])
        let yielded = try #require(failure(of: "coroutine.wrap(function() again(coroutine.yield, 1) end)()", in: vm))
        #expect(yielded.message.contains("attempt to yield"))
        #expect(vm.stackTop == 0)
    }
}
