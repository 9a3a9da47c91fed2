import Foundation
import Testing

/// An error in a multi-megabyte chunk still gives a line, whether it is a syntax error, a runtime
/// error or the memory limit reached while compiling (which Lua reports without a position).
@Suite("Security: errors in huge chunks give a line")
struct LuaLimitsChunkTests {
    static let bigTable = "local t = {" + String(repeating: "\"x\",", count: 2_000_000) + "}"
    static let manyLines = String(repeating: "x = 1\n", count: 100_000)

    @Test("Huge chunks report the line of a syntax or runtime error",
          arguments: [
              (LuaLimitsChunkTests.bigTable + " error('boom')", "scene.lua:1: boom"),
              (LuaLimitsChunkTests.manyLines + "y = = 2\n", "scene.lua:100001: unexpected symbol near '='"),
              (LuaLimitsChunkTests.manyLines + "local z = nil + 1\n", "scene.lua:100001: attempt to perform arithmetic on a nil value"),
          ])
    func errorLines(source: String, message: String) throws {
        let run = try LuaLimitsTests.run(source)
        #expect(!run.hung && !run.crashed && run.seconds < 30)
        #expect(run.status == 1)
        #expect(run.errors.split(separator: "\n").first.map(String.init) == message)
    }

    @Test("Running out of memory while compiling a huge chunk names the line being read",
          arguments: [
              (LuaLimitsChunkTests.bigTable, "scene.lua:1: memory limit exceeded (16777216 bytes)"),
              (LuaLimitsChunkTests.manyLines + LuaLimitsChunkTests.bigTable, "scene.lua:100001: memory limit exceeded (16777216 bytes)"),
          ])
    func memoryWhileCompiling(source: String, message: String) throws {
        let run = try LuaLimitsTests.run(source, ["--memory-limit", "16"])
        #expect(!run.hung && !run.crashed && run.seconds < 30)
        #expect(run.status == 1)
        #expect(run.errors.split(separator: "\n").first.map(String.init) == message)
    }

    @Test("A syntax error at a 5 MB token quotes 400 bytes of it and says how much was cut")
    func longToken() throws {
        let run = try LuaLimitsTests.run("local s = \"" + String(repeating: "a", count: 5_000_000) + "\n")
        #expect(!run.hung && !run.crashed && run.status == 1)
        let first = run.errors.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("scene.lua:1: unfinished string near '\"aaaa"))
        #expect(first.hasSuffix("... (4999639 more bytes)"))
        #expect(first.utf8.count < 450)
    }
}
