import Foundation
import Testing
import ChoreoTestSupport

/// Outputs that lie or break: names that break CSV or JSONL, duplicate names that collapse,
/// prints that forge trace lines, and writes that fail silently.
@Suite("Security: outputs stay well-formed and failed writes are errors", .serialized)
struct OutputTests {
    /// A scene whose views have hostile names: a comma, a quote, a newline, a NUL, and duplicates
    /// (one of them spelled like the suffix a duplicate would get).
    static let hostileNames = """
        local s = Scene.new{ width = 100, height = 100 }
        for _, n in ipairs{ "a,b", 'q"t', "n\\nl", "z\\0z", "box", "box", "box#2" } do
          s.view:addSubview(View.new{ name = n, frame = {0, 0, 10, 10} })
        end
        """

    @Test("CSV quotes names with commas, quotes, line breaks and control characters (RFC 4180)")
    func csvQuoting() throws {
        let scene = try HostileRun.scene(Self.hostileNames)
        let run = try HostileRun.choreo(["trace", scene, "--props", "opacity", "--format", "csv"])
        #expect(run.status == 0)
        #expect(run.output == "frame,time,\"a,b.opacity\",\"q\"\"t.opacity\",\"n\nl.opacity\",\"z\u{0}z.opacity\","
            + "box.opacity,box#3.opacity,box#2.opacity\n0,0,1,1,1,1,1,1,1\n")
    }

    @Test("JSONL escapes every control character (a NUL truncates nothing) and duplicate names get #n suffixes")
    func jsonlEscapesAndUniqueNames() throws {
        let scene = try HostileRun.scene(Self.hostileNames)
        let run = try HostileRun.choreo(["trace", scene, "--props", "opacity"])
        #expect(run.status == 0)
        #expect(run.output == #"{"frame":0,"time":0,"views":{"a,b":{"opacity":1},"q\"t":{"opacity":1},"n\nl":{"opacity":1},"#
            + #""z\u0000z":{"opacity":1},"box":{"opacity":1},"box#3":{"opacity":1},"box#2":{"opacity":1}}}"# + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect((object?["views"] as? [String: Any])?.count == 7)
    }

    @Test("A script printing in a loop stops at 4 MiB in one turn with a clear error, having written no more")
    func printFloodIsCapped() throws {
        let scene = try HostileRun.scene("""
            local line = string.rep("x", 99)
            while true do print(line) end
            """)
        let run = try HostileRun.choreo(["run", scene], timeout: 120)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 1)
        #expect(run.output.utf8.count == 4_194_300)  // 41,943 lines of 100 bytes; the next would pass 4 MiB
        #expect(run.errors.contains("scene.lua:2: print: output limit exceeded (more than 4 MiB printed in one turn)"))
    }

    @Test("While the trace is on standard output, a script's print goes to standard error and cannot forge a frame")
    func printsCannotForgeFrames() throws {
        let scene = try HostileRun.scene("""
            Scene.new{}.view:addSubview(View.new{ name = "box" })
            print('{"frame":99,"time":0,"views":{}}')
            """)
        let run = try HostileRun.choreo(["trace", scene, "--props", "opacity"])
        #expect(run.status == 0)
        #expect(run.output == #"{"frame":0,"time":0,"views":{"box":{"opacity":1}}}"# + "\n")
        #expect(run.errors == #"{"frame":99,"time":0,"views":{}}"# + "\n")
        // run --trace /dev/stdout is the same stream: prints move to standard error there too.
        let runToStandardOutput = try HostileRun.choreo(["run", scene, "--trace", "/dev/stdout"])
        #expect(runToStandardOutput.status == 0)
        #expect(runToStandardOutput.output.hasPrefix(#"{"frame":0,"time":0,"views":{"box":{"#))
        #expect(!runToStandardOutput.output.contains(#"{"frame":99"#))
        #expect(runToStandardOutput.errors.hasPrefix(#"{"frame":99,"time":0,"views":{}}"# + "\n"))
        // With the trace in a file, prints stay on standard output.
        let file = try ScratchDirectory.path("choreo-trace", suffix: ".jsonl")
        let toFile = try HostileRun.choreo(["trace", scene, "--props", "opacity", "--out", file])
        #expect(toFile.status == 0)
        #expect(toFile.output == #"{"frame":99,"time":0,"views":{}}"# + "\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == #"{"frame":0,"time":0,"views":{"box":{"opacity":1}}}"# + "\n")
    }

    @Test("A failed write exits 1 naming the file: trace --out, run --trace, standard output, JUnit, a full pipe")
    func failedWrites() throws {
        let scene = try HostileRun.scene("Scene.new{}.view:addSubview(View.new{ name = 'box' }); print('hi')")
        let full = "choreo: cannot write /dev/full: No space left on device\n"
        let traceOut = try HostileRun.choreo(["trace", scene, "--out", "/dev/full"])
        #expect(traceOut.status == 1)
        #expect(traceOut.errors == full)
        let runTrace = try HostileRun.choreo(["run", scene, "--trace", "/dev/full"])
        #expect(runTrace.status == 1)
        #expect(runTrace.errors == full)

        let devFull = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in [["trace", scene], ["run", scene], ["curves", "list"]] {
            let run = try HostileRun.choreo(arguments, standardOutput: devFull)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errors.hasSuffix("choreo: cannot write standard output: No space left on device\n"), "\(arguments)")
        }

        let test = try HostileRun.scene("it('passes', function() expect(1).toBe(1) end)", name: "ok_test.lua")
        let junit = try HostileRun.choreo(["test", test, "--junit", "/dev/full"])
        #expect(junit.status == 1)
        #expect(junit.errors.hasSuffix(full))
    }

    @Test("A render whose PNG cannot be written exits 1 naming the file")
    func failedRenderWrite() throws {
        let scene = try HostileRun.scene("Scene.new{ width = 20, height = 20 }")
        let out = folder(of: scene) + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/frame-0000.png", withDestinationPath: "/dev/full")
        let run = try HostileRun.choreo(["render", scene, "--out", out, "--format", "png", "--to", "0"])
        #expect(run.status == 1)
        #expect(run.errors.contains("render: cannot write \(out)/frame-0000.png"))
    }

    @Test("A closed pipe on standard output ends the trace with an error, not silently")
    func closedPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let scene = try HostileRun.scene("""
            local s = Scene.new{}
            s.view:addSubview(View.new{ name = "box" })
            after(5, function() end)
            """)
        let run = try HostileRun.choreo(["trace", scene], standardOutput: pipe.fileHandleForWriting)
        #expect(!run.crashed && !run.hung)
        #expect(run.status == 1)
        #expect(run.errors.contains("choreo: cannot write standard output: Broken pipe"))
    }
}
