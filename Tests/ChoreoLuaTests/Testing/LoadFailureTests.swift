import Testing
@testable import ChoreoLua

@Suite("Scene tests: files that fail to load")
struct LoadFailureTests {
    @Test("A syntax error, a runaway loop, a memory bomb and a top-level error each fail their file alone")
    func badFilesFailAlone() throws {
        let folder = try SceneTestFolder([
            "a_good_test.lua": "it('passes', function() expect(1).toBe(1) end)\n",
            "b_syntax_test.lua": "it('never', function()\n  local = 1\nend)\n",
            "c_loop_test.lua": "local n = 0\nwhile true do n = n + 1 end\n",
            "d_memory_test.lua": "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end\n",
            "e_error_test.lua": "it('declared', function() end)\nerror('no scene here')\n",
            "f_good_test.lua": "describe('still', function() it('runs', function() end) end)\n",
        ])
        let report = try folder.run()
        let path = folder.path
        #expect(report.files.map(\.file.name) == [
            "a_good_test.lua", "b_syntax_test.lua", "c_loop_test.lua", "d_memory_test.lua", "e_error_test.lua", "f_good_test.lua",
        ])
        #expect(report.file("a_good_test.lua")?.passed == true)
        #expect(report.file("f_good_test.lua")?.passed == true)
        #expect(report.file("b_syntax_test.lua")?.loadFailure?.message == "\(path)/b_syntax_test.lua:2: <name> expected near '='")
        let loop = try #require(report.file("c_loop_test.lua")?.loadFailure)
        #expect(loop.message == "\(path)/c_loop_test.lua:2: instruction limit exceeded")
        #expect(loop.traceback.contains("in main chunk"))
        let memory = try #require(report.file("d_memory_test.lua")?.loadFailure)
        #expect(memory.message == "\(path)/d_memory_test.lua:2: memory limit exceeded (16777216 bytes)")
        let error = try #require(report.file("e_error_test.lua")?.loadFailure)
        #expect(error.message == "\(path)/e_error_test.lua:2: no scene here")
        #expect(error.kind == .error && error.traceback.hasPrefix("stack traceback:"))
        #expect(report.file("e_error_test.lua")?.tests == [])
        #expect(report.summary == "2 passed, 4 failed")
    }

    @Test("A runaway loop or memory bomb inside a test fails that test; the next test runs")
    func limitsInsideTests() throws {
        let folder = try SceneTestFolder(["limits_test.lua": """
            it("loops", function() while true do end end)
            it("allocates", function()
              after(1, function() local t = {} ; while true do t[#t + 1] = string.rep("y", 4096) .. #t end end)
              advance(2)
            end)
            it("still runs", function() expect(true).toBeTruthy() end)
            """])
        let report = try folder.run()
        #expect(report.test("loops")?.failure?.message == "\(folder.path)/limits_test.lua:1: instruction limit exceeded")
        #expect(report.test("allocates")?.failure?.message.hasSuffix("memory limit exceeded (16777216 bytes)") == true)
        #expect(report.test("still runs")?.passed == true)
    }

    @Test("A file that declares no tests fails")
    func noTests() throws {
        let folder = try SceneTestFolder(["empty_test.lua": "-- nothing yet\nprint('loaded')\n"])
        let file = try #require(try folder.run().files.first)
        #expect(file.loadFailure?.message
            == "\(folder.path)/empty_test.lua: the file declares no tests (add one with it(name, function() ... end))")
        #expect(file.output == ["loaded"])
    }
}
