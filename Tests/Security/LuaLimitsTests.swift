import Foundation
import Testing

/// The instruction limit as an attacker sees it: it must hold across coroutines, no catcher in
/// Lua may swallow it, and work done in C must count. Each scene runs the built `choreo` with a
/// 10-million-instruction budget; "escaped" printed, a clean exit or a hang would be a hole.
@Suite("Security: the instruction limit cannot be escaped")
struct LuaLimitsTests {
    /// Runs `source` as scene.lua in its folder (so messages say `scene.lua:N:`) with a small
    /// budget and `options`.
    static func run(_ source: String, name: String = "scene.lua", command: String = "run", _ options: [String] = []) throws -> HostileRun {
        let path = URL(fileURLWithPath: try HostileRun.scene(source, name: name))
        return try HostileRun.choreo(
            [command, name, "--instruction-limit", "10"] + options, in: path.deletingLastPathComponent())
    }

    /// The run ended with exit 1 and `message` as the first line of its errors, within 20 s,
    /// and the script never got past the kill.
    static func expectKilled(_ run: HostileRun, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.hung && !run.crashed, "hung or crashed: \(run.errors)", sourceLocation: sourceLocation)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.errors.split(separator: "\n").first.map(String.init) == message, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(!run.output.contains("escaped"), sourceLocation: sourceLocation)
        #expect(run.seconds < 20, sourceLocation: sourceLocation)
    }

    @Test("A tree of coroutines, each ending before the hook would see it, is charged and killed")
    func coroutineTree() throws {
        // 4^8 leaves per round, each a coroutine of a few instructions, forever
        let run = try Self.run("""
            local function tree(depth)
              if depth == 0 then return end
              for i = 1, 4 do coroutine.wrap(tree)(depth - 1) end
            end
            while true do tree(8) end
            print("escaped")
            """)
        #expect(run.errors.hasPrefix("scene.lua:"))
        #expect(run.errors.split(separator: "\n").first?.hasSuffix("instruction limit exceeded") == true)
        #expect(run.status == 1 && !run.hung && !run.crashed && run.seconds < 20)
        #expect(!run.output.contains("escaped"))
    }

    @Test("Coroutines created and resumed with coroutine.resume are charged too")
    func coroutineResumeTree() throws {
        let run = try Self.run("""
            while true do
              local co = coroutine.create(function() local x = 1 end)
              coroutine.resume(co)
            end
            """)
        Self.expectKilled(run, "scene.lua:3: coroutine.resume: instruction limit exceeded")
    }

    @Test("pcall in a loop cannot swallow the kill")
    func pcallLoop() throws {
        let run = try Self.run("""
            while true do pcall(function() while true do end end) end
            print("escaped")
            """)
        Self.expectKilled(run, "scene.lua:1: instruction limit exceeded")
    }

    @Test("coroutine.resume that catches the kill and then returns normally still fails the run")
    func resumeCatches() throws {
        let run = try Self.run("""
            local co = coroutine.create(function() while true do end end)
            local ok, message = coroutine.resume(co)
            print("escaped", ok, message)
            """)
        Self.expectKilled(run, "scene.lua:1: instruction limit exceeded")
    }

    @Test("A coroutine.wrap function that catches the kill inside, and a pcall around it, cannot go on")
    func wrapCatches() throws {
        let run = try Self.run("""
            local f = coroutine.wrap(function()
              pcall(function() while true do end end)
              return "caught"
            end)
            print(pcall(f))
            print("escaped")
            """)
        Self.expectKilled(run, "scene.lua:2: instruction limit exceeded")
    }

    @Test("xpcall's handler, load's reader and coroutine.close cannot swallow the kill either")
    func otherCatchers() throws {
        for (source, line) in [
            ("xpcall(function() while true do end end, function(m) return m end) print('escaped')", 1),
            ("load(function() while true do end end) print('escaped')", 1),
            ("""
            local co = coroutine.create(function()
              local guard <close> = setmetatable({}, { __close = function() while true do end end })
              coroutine.yield()
            end)
            coroutine.resume(co)
            print(coroutine.close(co))
            print('escaped')
            """, 2),
        ] {
            let run = try Self.run(source)
            Self.expectKilled(run, "scene.lua:\(line): instruction limit exceeded")
        }
    }

    @Test("A host callback that loops is killed; the kill is not turned into a host error")
    func hostCallback() throws {
        let run = try Self.run("""
            after(0.1, function() while true do end end)
            after(0.2, function() print("escaped") end)
            """)
        Self.expectKilled(run, "scene.lua:1: instruction limit exceeded")
    }
}
