import ArgumentParser
import ChoreoFuzz
import Foundation

/// `choreo-fuzz`: runs seeded random scripts over Choreo's Lua API through the `choreo` binary and
/// classifies each run (ok, clear error, unclear error, crash, hang, NaN in the trace).
@main
struct ChoreoFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choreo-fuzz",
        abstract: "Run seeded random Lua scripts through choreo and classify each run.",
        discussion: """
            Script i of seed S is the same on every machine. Scripts that are not ok are saved \
            under --out/<verdict>/ with their message beside them (<file>.txt); --replay runs one \
            again. Exit status: 0 when no script crashed, hung or put NaN in a trace; 1 otherwise.
            """)

    @Option(help: "The batch's seed.") var seed: UInt64 = 1
    @Option(help: "How many scripts to run.") var count: Int = 100
    @Option(help: "Scripts to run at once.") var jobs: Int = 2
    @Option(help: "Wall-clock seconds each choreo run may take before it counts as a hang.") var timeout: Double = 10
    @Option(help: "Where to save the scripts that are not ok.") var out: String = ".build/fuzz"
    @Option(help: "The choreo binary (default: the one beside choreo-fuzz).") var choreo: String?
    @Option(help: "Run one saved script (a file) again and print its verdict.") var replay: String?
    @Option(help: "Print the script of index N of the batch instead of running anything.") var print: Int?

    func validate() throws {
        if count < 0 { throw ValidationError("--count must be ≥ 0") }
        if jobs < 1 { throw ValidationError("--jobs must be ≥ 1") }
        if !(timeout.isFinite && timeout > 0) { throw ValidationError("--timeout must be a number > 0") }
    }

    func run() throws {
        if let index = print {
            Swift.print(ScriptGenerator.script(seed: FuzzRandom.scriptSeed(batch: seed, index: index)).source, terminator: "")
            return
        }
        var runner = FuzzRunner(choreo: try choreoPath())
        runner.timeout = timeout
        if let replay {
            let script = try FuzzScript(replaying: replay)
            let outcome = runner.run(script)
            Swift.print("\(outcome.verdict.rawValue)\(outcome.step.isEmpty ? "" : " in choreo \(outcome.step)")\(outcome.detail.isEmpty ? "" : ": \(outcome.detail)")")
            if outcome.verdict.isFailure { throw ExitCode(1) }
            return
        }
        var campaign = FuzzCampaign(runner: runner, seed: seed, count: count)
        campaign.jobs = jobs
        campaign.outputDirectory = out
        let total = count
        let findings = campaign.run { done in
            if done % 50 == 0 || done == total { FileHandle.standardError.write(Data("choreo-fuzz: \(done)/\(total)\n".utf8)) }
        }
        Swift.print(FuzzCampaign.summary(findings, seed: seed), terminator: "")
        if findings.contains(where: { $0.outcome.verdict != .ok }) { Swift.print("saved under \(out)/<verdict>/") }
        if findings.contains(where: { $0.outcome.verdict.isFailure }) { throw ExitCode(1) }
    }

    func choreoPath() throws -> String {
        if let choreo { return choreo }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            throw ValidationError("no choreo beside choreo-fuzz (\(beside)); build it or give --choreo PATH")
        }
        return beside
    }
}
