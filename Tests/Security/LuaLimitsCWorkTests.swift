import ChoreoLua
import Foundation
import Testing

/// Work done in C, where the count hook never looks: catastrophic patterns, a `__len` claiming
/// 2^40 elements, formatting and `utf8.char` bombs, `string.rep` and huge varargs. Each must end
/// with the instruction limit's error naming the function and the calling line, or with the
/// error Lua gives for an impossible size, within a time bound (the stock library runs for hours).
@Suite("Security: work done in C counts against the instruction limit")
struct LuaLimitsCWorkTests {
    @Test("Catastrophic patterns in string.find, match, gmatch and gsub end with the limit, naming the function",
          arguments: [
              ("local s = ('a'):rep(3e4)\nprint(s:find('.-.-.-.-b'))", "string.find"),
              ("local s = ('a'):rep(3e4)\nprint(s:match('(.-)(.-)(.-)b'))", "string.match"),
              ("local s = ('a'):rep(3e4)\nfor m in s:gmatch('.-.-.-b') do print(m) end", "string.gmatch"),
              ("local s = ('a'):rep(3e4)\nprint(s:gsub('.-.-.-b', 'x'))", "string.gsub"),
              // a plain search that compares 300,000 bytes at each of 3 million places
              ("local s = ('a'):rep(3e6)\nprint(s:find(('a'):rep(3e5) .. 'b', 1, true))", "string.find"),
          ])
    func catastrophicPatterns(source: String, function: String) throws {
        let run = try LuaLimitsTests.run(source + "\nprint('escaped')")
        LuaLimitsTests.expectKilled(run, "scene.lua:2: \(function): instruction limit exceeded")
    }

    @Test("A catastrophic toThrow pattern fails its test with the limit; the next test runs")
    func catastrophicToThrow() throws {
        let run = try LuaLimitsTests.run("""
            it("matches a runaway pattern", function()
              expect(function() error(("a"):rep(3e4)) end).toThrow(".-.-.-.-b")
            end)
            it("runs next", function() expect(1).toBe(1) end)
            """, name: "pattern_test.lua", command: "test")
        #expect(!run.hung && !run.crashed && run.seconds < 20)
        #expect(run.status == 1)
        #expect(run.output.contains("pattern_test.lua:2: string.find: instruction limit exceeded"), "\(run.output)")
        #expect(run.output.contains("1 passed, 1 failed"))
    }

    @Test("A __len of 2^40 handed to the table library ends at once with a clear error",
          arguments: [
              ("table.concat(t)", "scene.lua:3: table.concat: instruction limit exceeded"),
              ("table.concat(t, ',', 1, 2^40)", "scene.lua:3: table.concat: instruction limit exceeded"),
              ("table.unpack(t)", "scene.lua:3: too many results to unpack"),
              ("table.unpack({}, 1, 2^40)", "scene.lua:3: too many results to unpack"),
              ("table.sort(t)", "scene.lua:3: bad argument #1 to 'table.sort' (array too big)"),
              ("table.insert(t, 1, 'x')", "scene.lua:3: table.insert: too many elements to shift (at most 16777216)"),
              ("table.remove(t, 1)", "scene.lua:3: table.remove: too many elements to shift (at most 16777216)"),
              ("table.move(t, 1, 2^40, 2)", "scene.lua:3: table.move: too many elements to shift (at most 16777216)"),
          ])
    func hugeLength(call: String, message: String) throws {
        // __index is a C function returning a string: no Lua instruction runs per element
        let run = try LuaLimitsTests.run("""
            local t = setmetatable({}, { __len = function() return 2^40 end, __index = tostring })
            local ok = true
            \(call)
            print("escaped")
            """)
        LuaLimitsTests.expectKilled(run, message)
    }

    @Test("table.sort of a __len just under 2^31 elements is charged n log n and killed")
    func sortCharged() throws {
        let run = try LuaLimitsTests.run("""
            local t = setmetatable({}, { __len = function() return 2^30 end, __index = tostring })
            table.sort(t, rawequal)
            print("escaped")
            """)
        LuaLimitsTests.expectKilled(run, "scene.lua:2: table.sort: instruction limit exceeded")
    }

    @Test("Loops of cheap-looking calls doing big work in C are killed, naming the function",
          arguments: [
              ("local s = ('x'):rep(1e6)\nwhile true do local r = string.format('%s%s', s, s) end", "string.format") as (String, String?),
              ("local s = ('x'):rep(1e6)\nwhile true do local r = ('x'):rep(1e7) end", "string.rep"),
              ("local s = ('x'):rep(1e6)\nwhile true do local r = s:upper() end", "string.upper"),
              ("local s = ('x'):rep(1e6)\nwhile true do local r = utf8.len(s) end", "utf8.len"),
              ("local t = {} for i = 1, 2e5 do t[i] = 0x10FFFF end\nwhile true do local r = utf8.char(table.unpack(t)) end", "utf8.char"),
              // one VM instruction copying 50 MB: charged through its allocation
              ("local s = ('x'):rep(5e7)\nwhile true do local t = s .. 'y' end", nil),
              ("local t = {} for i = 1, 2e5 do t[i] = i end\nlocal function f(...) while true do local n = select('#', ...) end end f(table.unpack(t))", "select"),
              ("local s = ('x'):rep(1e6)\nwhile true do local a, b = s:byte(1, 2e5) end", "string.byte"),
              ("local s = ('x'):rep(1e6)\nwhile true do local r = s:reverse() end", "string.reverse"),
          ])
    func cWorkLoops(source: String, function: String?) throws {
        let run = try LuaLimitsTests.run(source + "\nprint('escaped')")
        LuaLimitsTests.expectKilled(run, "scene.lua:2: \(function.map { $0 + ": " } ?? "")instruction limit exceeded")
    }

    @Test("Impossible sizes fail with Lua's or the memory limit's error, not a hang",
          arguments: [
              ("local s = ('x'):rep(1e9)", "scene.lua:1: memory limit exceeded (16777216 bytes)"),
              ("local s = ('x'):rep(2^40)", "scene.lua:1: resulting string too large"),
              ("local s = ('x'):rep(math.maxinteger, ',')", "scene.lua:1: resulting string too large"),
              ("local s = (''):rep(math.maxinteger)", nil),
              ("local s = string.format('%99999d', 1)", "scene.lua:1: invalid conversion specification: '%99999d'"),
          ])
    func impossibleSizes(source: String, message: String?) throws {
        let run = try LuaLimitsTests.run(source + "\nprint('done')", ["--memory-limit", "16"])
        #expect(!run.hung && !run.crashed && run.seconds < 20)
        if let message {
            #expect(run.status == 1)
            #expect(run.errors.split(separator: "\n").first.map(String.init) == message, "\(run.errors)")
        } else {
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("done\n"))
        }
    }

    @Test("Work no count sees (a million-argument call is one instruction) ends at the turn's time limit")
    func timeLimit() throws {
        let vm = LuaVM()
        vm.timeLimit = 1
        let start = Date()
        #expect(throws: LuaError.instructionLimit(message: "scene.lua:3: time limit exceeded (1 s in one turn)", traceback: "")) {
            do {
                try vm.run(chunk: """
                    local t = {} for i = 1, 3e5 do t[i] = i end
                    local function g(...) end
                    local function f(...) while true do g(...) end end
                    f(table.unpack(t))
                    """, name: "scene.lua")
            } catch let LuaError.instructionLimit(message, _) {
                throw LuaError.instructionLimit(message: message, traceback: "")
            }
        }
        #expect(Date().timeIntervalSince(start) < 20)
        // the next turn has its own time
        #expect(try vm.run(chunk: "return 1 + 1", name: "next.lua") == [.integer(2)])
    }
}
