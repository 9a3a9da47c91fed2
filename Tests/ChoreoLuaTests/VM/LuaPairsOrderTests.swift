import Testing
@testable import ChoreoLua

/// `pairs` visits keys in a fixed order (Lua 5.4 seeds its string hashes from the clock and
/// addresses, so Lua's own order changed from run to run, and with it every scene that made
/// views in a `pairs` loop).
@Suite("pairs visits keys in a fixed order")
struct LuaPairsOrderTests {
    /// The keys a loop over `table` visits, joined by spaces (`tostring` of each).
    private static func visit(_ table: String) -> String {
        """
        local t = \(table)
        local seen = {}
        for k in pairs(t) do seen[#seen + 1] = tostring(k) end
        return table.concat(seen, " ")
        """
    }

    @Test("Numbers in increasing order, then strings in byte order, then false and true")
    func order() throws {
        let keys = """
            { b = 1, a = 1, ab = 1, B = 1, [""] = 1, [true] = 1, [false] = 1, [10] = 1, [-1] = 1, [2.5] = 1,
              [3] = 1, [1e300] = 1, [-math.huge] = 1, [2^63] = 1, [math.mininteger] = 1, "first", "second" }
            """
        let result = try LuaVM().run(chunk: Self.visit(keys), name: "order.lua")
        #expect(result == [.string(
            "-inf -9223372036854775808 -1 1 2 2.5 3 10 9.2233720368548e+18 1e+300  B a ab b false true")])
    }

    @Test("States with different hash seeds visit the same table in the same order")
    func sameOrderInEveryState() throws {
        // Two hundred names, inserted in a scrambled order: Lua's order follows each state's seed.
        let script = Self.visit("""
            (function()
              local t = {}
              for i = 1, 200 do t["name" .. (i * 7919 % 200)] = i end
              return t
            end)()
            """)
        let orders = try (0..<6).map { _ in try LuaVM().run(chunk: script, name: "names.lua") }
        #expect(Set(orders.map { $0.first?.stringValue ?? "" }).count == 1)
        let names = (0..<200).map { "name\($0)" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(orders.first == [.string(names.joined(separator: " "))])
    }

    @Test("Host objects come in the order Lua first saw them, after the other ordered keys")
    func hostObjects() throws {
        let (_, results) = try runScript("""
            local a, b, c = View.new{ name = "a" }, View.new{ name = "b" }, View.new{ name = "c" }
            local t = {}
            t[c] = 1; t[a] = 1; t.z = 1; t[b] = 1; t[7] = 1
            local seen = {}
            for k in pairs(t) do seen[#seen + 1] = type(k) == "string" and k or type(k) == "number" and tostring(k) or k.name end
            capture(table.concat(seen, " "))
            """)
        #expect(results == [.string("7 z a b c")])
    }

    @Test("Clearing a field in the loop skips it; __pairs is called; the values are raw; a non-table is an error")
    func semantics() throws {
        let vm = LuaVM()
        let cleared = try vm.run(chunk: """
            local t = { a = 1, b = 2, c = 3, d = 4 }
            local seen = {}
            for k, v in pairs(t) do
              seen[#seen + 1] = k .. v
              if k == "a" then t.c = nil; t.b = 20 end
            end
            return table.concat(seen, " ")
            """, name: "clear.lua")
        #expect(cleared == [.string("a1 b20 d4")])
        let custom = try vm.run(chunk: """
            local t = setmetatable({}, { __pairs = function(self) return function(_, k) if not k then return 1, "one" end end, self, nil end })
            local raw = setmetatable({ x = 1 }, { __index = function() return "from __index" end })
            local seen = {}
            for k, v in pairs(t) do seen[#seen + 1] = k .. "=" .. v end
            for k, v in pairs(raw) do seen[#seen + 1] = k .. "=" .. v end
            return table.concat(seen, " ")
            """, name: "meta.lua")
        #expect(custom == [.string("1=one x=1")])
        #expect(failure(of: "for k in pairs(5) do end", in: vm)?.message
            == "scene.lua:1: bad argument #1 to 'pairs' (table expected, got number)")
    }

    @Test("A loop over a huge table is charged for its keys and its sort: the instruction limit stops it")
    func charged() throws {
        let vm = LuaVM(instructionLimit: 4_000_000)
        // Building 200,000 keys takes about 1.4 million instructions; sorting them is charged
        // 200,000 × 18 comparisons, far past the rest of the budget.
        let error = try #require(failure(of: """
            local t = {}
            for i = 1, 200000 do t[i * 2] = true end
            for k in pairs(t) do end
            """, in: vm))
        #expect(error.message == "scene.lua:3: pairs: instruction limit exceeded")
        #expect(try vm.run(chunk: Self.visit("{ 3, 2, 1, x = 0 }"), name: "after.lua") == [.string("1 2 3 x")])
    }

    @Test("The host lists a table's keys in the same order: an options table with several unknown keys names the first in byte order, in every state")
    func hostKeyOrder() throws {
        // zeta, beta and qux are unknown (alpha is a view's property): beta comes first.
        let messages = (0..<5).map { _ in
            errorMessage { _ = try runScript("View.new{ zeta = 1, beta = 2, qux = 3, alpha = 4, frame = {0, 0, 1, 1} }") }
        }
        #expect(Set(messages).count == 1)
        #expect(messages.first??.hasPrefix("scene.lua:1: View.new: unknown property 'beta' (valid: ") == true)
        let (_, results) = try runScript("""
            local ok, message = pcall(View.animate, { duration = 1, zz = 1, aa = 2, mm = 3, animations = function() end })
            capture(message)
            """)
        #expect(results.first?.stringValue?.hasSuffix("View.animate: unknown option 'aa' (valid: duration, withDuration, springDuration, delay, options, animations, completion, usingSpringWithDamping, bounce, initialSpringVelocity, curve)") == true)
    }
}
