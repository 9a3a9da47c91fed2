import Foundation

/// A batch of fuzz scripts: script `i` of batch seed `S` has seed `FuzzRandom.scriptSeed(batch: S,
/// index: i)`, so a batch is the same on every machine and any one script can be regenerated.
/// Runs them on `jobs` threads, saves each script that is not ok (as the exact text that ran,
/// under `<out>/<verdict>/`, with the message beside it in a `.txt`) and sums the verdicts.
public struct FuzzCampaign: Sendable {
    public var runner: FuzzRunner
    public var seed: UInt64
    public var count: Int
    public var jobs = 2
    /// Where non-ok scripts are saved (nil: nowhere).
    public var outputDirectory: String?

    public init(runner: FuzzRunner, seed: UInt64, count: Int) {
        (self.runner, self.seed, self.count) = (runner, seed, count)
    }

    public struct Finding: Sendable {
        public var index: Int
        public var script: FuzzScript
        public var outcome: FuzzOutcome
    }

    /// Runs the batch; `progress` is called (from any thread) after each script.
    public func run(progress: @escaping @Sendable (Int) -> Void = { _ in }) -> [Finding] {
        let results = FindingLog()
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            while let index = next.take(below: count) {
                let script = ScriptGenerator.script(seed: FuzzRandom.scriptSeed(batch: seed, index: index))
                let outcome = runner.run(script)
                results.append(Finding(index: index, script: script, outcome: outcome))
                progress(results.count)
            }
        }
        let findings = results.all.sorted { $0.index < $1.index }
        if let outputDirectory { save(findings.filter { $0.outcome.verdict != .ok }, in: outputDirectory) }
        return findings
    }

    func save(_ findings: [Finding], in directory: String) {
        for finding in findings {
            let folder = directory + "/" + finding.outcome.verdict.rawValue
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/" + finding.script.fileName
            try? finding.script.source.write(toFile: path, atomically: true, encoding: .utf8)
            let note = "\(finding.outcome.verdict.rawValue) in choreo \(finding.outcome.step): \(finding.outcome.detail)\n"
                + "batch seed \(seed), index \(finding.index); replay: choreo-fuzz --replay \(path)\n"
            try? note.write(toFile: path + ".txt", atomically: true, encoding: .utf8)
        }
    }

    /// The summary: a count per verdict, then one line per script that is not ok (clear errors
    /// only counted), in index order.
    public static func summary(_ findings: [Finding], seed: UInt64) -> String {
        var text = "choreo-fuzz: seed \(seed), \(findings.count) scripts: "
        text += FuzzVerdict.allCases.reversed().map { verdict in
            "\(findings.filter { $0.outcome.verdict == verdict }.count) \(verdict.rawValue)"
        }.joined(separator: ", ") + "\n"
        for finding in findings where finding.outcome.verdict < .clearError {
            text += "  #\(finding.index) \(finding.outcome.verdict.rawValue) (\(finding.script.fileName), choreo \(finding.outcome.step)): \(finding.outcome.detail)\n"
        }
        return text
    }
}

/// The next index to run, shared by the worker threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Findings appended by the worker threads.
final class FindingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var findings: [FuzzCampaign.Finding] = []

    func append(_ finding: FuzzCampaign.Finding) {
        lock.lock()
        findings.append(finding)
        lock.unlock()
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return findings.count }
    var all: [FuzzCampaign.Finding] { lock.lock(); defer { lock.unlock() }; return findings }
}
