import Testing
@testable import ChoreoLua

@Suite("Scene tests: golden traces")
struct TraceSnapshotTests {
    private static let source = """
        it("records a second", function()
          after(0.5, function() end)
          expectTrace("second", {duration = 1, fps = 4})
          expect(CACurrentMediaTime()).toBe(1)
        end)
        """

    @Test("A missing golden fails; updating writes it; then it matches")
    func updateThenMatch() throws {
        let folder = try SceneTestFolder(["trace_test.lua": Self.source])
        let golden = "__snapshots__/trace_test.lua/second.jsonl"
        let missing = try #require(try folder.run().test("records a second")?.failure)
        #expect(missing == TestFailure(kind: .expectation, message: "\(folder.path)/trace_test.lua:3: expectTrace(\"second\"): "
            + "no golden trace at \(folder.path)/\(golden) (run choreo test --update-snapshots to record it)"))
        #expect(folder.read(golden) == nil)

        let updated = try folder.run { $0.updateSnapshots = true }
        #expect(updated.summary == "1 passed, 0 failed" && updated.snapshotsWritten == 1)
        #expect(folder.read(golden) == """
            {"frame":0,"time":0,"views":{}}
            {"frame":1,"time":0.25,"views":{}}
            {"frame":2,"time":0.5,"views":{}}
            {"frame":3,"time":0.75,"views":{}}
            {"frame":4,"time":1,"views":{}}

            """)
        let matched = try folder.run()
        #expect(matched.summary == "1 passed, 0 failed" && matched.snapshotsWritten == 0)
        // Updating again leaves a matching golden alone.
        #expect(try folder.run { $0.updateSnapshots = true }.snapshotsWritten == 0)
    }

    @Test("A golden that differs fails with its first differing line; numbers within 1e-9 still match")
    func mismatch() throws {
        let folder = try SceneTestFolder(["trace_test.lua": Self.source])
        _ = try folder.run { $0.updateSnapshots = true }
        let golden = "__snapshots__/trace_test.lua/second.jsonl"
        let recorded = try #require(folder.read(golden))
        try folder.write(golden, recorded.replacingOccurrences(of: "\"time\":0.25", with: "\"time\":0.2500000000001"))
        #expect(try folder.run().summary == "1 passed, 0 failed")

        try folder.write(golden, recorded.replacingOccurrences(of: "\"time\":0.75", with: "\"time\":0.8"))
        let failure = try #require(try folder.run().test("records a second")?.failure)
        #expect(failure == TestFailure(kind: .expectation, message: """
            \(folder.path)/trace_test.lua:3: expectTrace("second") differs from \(folder.path)/\(golden) at line 4
              Expected: {"frame":3,"time":0.8,"views":{}}
              Received: {"frame":3,"time":0.75,"views":{}}
            """))

        try folder.write(golden, recorded.split(separator: "\n").prefix(4).joined(separator: "\n") + "\n")
        #expect(try folder.run().test("records a second")?.failure?.message.hasSuffix("""
            at line 5
              Expected: (no line: the golden ends after 4 lines)
              Received: {"frame":4,"time":1,"views":{}}
            """) == true)

        let rewritten = try folder.run { $0.updateSnapshots = true }
        #expect(rewritten.snapshotsWritten == 1 && folder.read(golden) == recorded)
    }

    @Test("Each trace name belongs to one test of the file, and names are plain")
    func names() throws {
        let folder = try SceneTestFolder(["names_test.lua": """
            it("first", function() expectTrace("shared", {duration = 0}) end)
            it("second", function() expectTrace("shared", {duration = 0}) end)
            it("escapes", function() expectTrace("../x", {duration = 0}) end)
            """])
        let report = try folder.run { $0.updateSnapshots = true }
        #expect(report.test("first")?.passed == true)
        #expect(report.test("second")?.failure?.message == "\(folder.path)/names_test.lua:2: expectTrace: the trace name "
            + "\"shared\" is already used by the test 'first' in this file (give each trace its own name)")
        #expect(report.test("escapes")?.failure?.message.contains("expectTrace: bad trace name \"../x\"") == true)
    }

    @Test("Trace lines compare structure exactly and numbers within the tolerance")
    func comparison() {
        let line = #"{"frame":1,"time":0.25,"views":{"box2":{"opacity":1e-3,"position":{"x":-5,"y":1}}}}"#
        #expect(TraceComparison.linesMatch(line, line.replacingOccurrences(of: "-5", with: "-5.000000000001")))
        #expect(!TraceComparison.linesMatch(line, line.replacingOccurrences(of: "-5", with: "-5.0001")))
        #expect(!TraceComparison.linesMatch(line, line.replacingOccurrences(of: "box2", with: "box3")))
        #expect(!TraceComparison.linesMatch(line, line.replacingOccurrences(of: "\"y\":1", with: "\"y\":[1]")))
        #expect(TraceComparison.linesMatch(#"{"a":1e6}"#, #"{"a":1000000.0005}"#))
        #expect(TraceComparison.firstDifference(expected: ["a", "b"], received: ["a", "b", "c"]) == 2)
        #expect(TraceComparison.firstDifference(expected: ["a"], received: ["a"]) == nil)
    }
}
