import ChoreoFuzz
import ChoreoLua
import Foundation
import Testing

/// The fuzzer's own parts (issue 15, "Tests and tools"): the generator is deterministic and
/// writes Lua that compiles; the classifier reads a run the way the issue defines the verdicts.
@Suite("Security: the fuzzer")
struct FuzzTests {
    @Test("The same seed gives the same script, and different seeds give different scripts")
    func deterministic() {
        for index in 0..<20 {
            let seed = FuzzRandom.scriptSeed(batch: 7, index: index)
            #expect(ScriptGenerator.script(seed: seed) == ScriptGenerator.script(seed: seed))
        }
        let scripts = Set((0..<20).map { ScriptGenerator.script(seed: FuzzRandom.scriptSeed(batch: 7, index: $0)).source })
        #expect(scripts.count == 20)
        // Script 0 of batch 1 is pinned: a change to the generator changes what CI's batch runs.
        #expect(FuzzRandom.scriptSeed(batch: 1, index: 0) == 10_451_216_379_200_822_465)
    }

    @Test("Generated scripts compile as Lua 5.4, scenes and scene tests alike", arguments: 0..<4)
    func scriptsCompile(slice: Int) throws {
        let vm = LuaVM()
        var kinds = Set<ScriptGenerator.Kind>()
        for index in (slice * 100)..<(slice * 100 + 100) {
            let script = ScriptGenerator.script(seed: FuzzRandom.scriptSeed(batch: 1, index: index))
            kinds.insert(script.kind)
            var level = 0
            while script.source.contains("]" + String(repeating: "=", count: level) + "]") { level += 1 }
            let equals = String(repeating: "=", count: level)
            let chunk = "local f, e = load([\(equals)[\(script.source)]\(equals)], '=\(script.fileName)', 't')\nreturn e"
            let result = try vm.run(chunk: chunk, name: "compile")
            let error = result.first ?? LuaValue.nil
            #expect(error == LuaValue.nil, "script \(index) does not compile: \(error)")
        }
        #expect(kinds == [.scene, .test])
    }

    @Test("A signal is a crash, a timeout a hang, whatever the output says")
    func crashAndHang() {
        let crashed = FuzzProcessResult(status: -1, signal: 4, timedOut: false, standardError: "Fatal error: arithmetic overflow")
        #expect(FuzzClassifier.classify(crashed, step: "run").verdict == .crash)
        #expect(FuzzClassifier.classify(crashed, step: "run").detail == "signal 4: Fatal error: arithmetic overflow")
        let hung = FuzzProcessResult(status: -1, signal: nil, timedOut: true, standardError: "scene.lua:1: x")
        #expect(FuzzClassifier.classify(hung, step: "trace").verdict == .hang)
    }

    @Test("A null, nan or inf value in a trace is NaN; the same word inside a view name is not")
    func nonFinite() {
        let line = #"{"frame":0,"time":0,"views":{"nan":{"opacity":1,"position":{"x":null,"y":2}}}}"#
        #expect(FuzzClassifier.nonFiniteLine(in: line) == line)
        #expect(FuzzClassifier.nonFiniteLine(in: #"{"frame":0,"views":{"null inf":{"transform":[1,0,0,1,0,nan]}}}"#) != nil)
        #expect(FuzzClassifier.nonFiniteLine(in: #"{"frame":0,"views":{"null,\"inf":{"opacity":0.5}}}"#) == nil)
        let result = FuzzProcessResult(status: 0, signal: nil, timedOut: false, standardError: "", trace: "{\"frame\":1}\n" + line)
        #expect(FuzzClassifier.classify(result, step: "trace").verdict == .nan)
    }

    @Test("An error is clear only with file:line and a named call; a caught unclear error is reported")
    func errors() {
        func verdict(_ errors: String, status: Int32 = 1) -> FuzzVerdict {
            FuzzClassifier.classify(FuzzProcessResult(status: status, signal: nil, timedOut: false, standardError: errors), step: "run").verdict
        }
        #expect(verdict("scene.lua:12: bad argument #1 to 'after' (seconds: number expected, got string)\nstack traceback:") == .clearError)
        #expect(verdict("bad argument #1 to 'after'\nscene.lua:3: in main chunk") == .unclearError)
        #expect(verdict("scene.lua:3: bad argument #1 to '?' (number expected)") == .unclearError)
        #expect(verdict("render: the scene size must be positive (got 0×0)") == .unclearError)
        #expect(verdict("ran 3 frames\nscene.lua:9: FUZZ-UNCLEAR: an error without file:line: boom", status: 0) == .unclearError)
        #expect(verdict("ran 3 frames to 1 s", status: 0) == .ok)
    }

    @Test("A failed scene test is clear when its message, after the test's prints, has file:line")
    func testReports() {
        let report = """
            FAIL a_test.lua
              ✗ box › moves
                  > 0.0	{
              "delay": 0
            }

                  a_test.lua:7: expect(received).toBe(expected)
                  stack traceback:
                    a_test.lua:7: in function <a_test.lua:3>
              ✓ box › stays

            1 passed, 1 failed
            """
        let clear = FuzzProcessResult(status: 1, signal: nil, timedOut: false, standardError: "", standardOutput: report)
        #expect(FuzzClassifier.classify(clear, step: "test") == FuzzOutcome(verdict: .clearError, step: "test", detail: "a_test.lua:7: expect(received).toBe(expected)"))
        let unclear = FuzzProcessResult(status: 1, signal: nil, timedOut: false, standardError: "",
                                        standardOutput: "FAIL a_test.lua\n  ✗ box\n      something broke\n\n0 passed, 1 failed")
        #expect(FuzzClassifier.classify(unclear, step: "test").verdict == .unclearError)
    }
}
