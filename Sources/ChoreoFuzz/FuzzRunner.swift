import Foundation

/// Runs one fuzz script as the `choreo` binary would be run on it, under small limits, and
/// gives the worst verdict of its steps.
///
/// A scene is traced (`choreo trace`, every numeric layer property of every named view, at
/// 30 fps, into a file: prints cannot mix with it), run (`choreo run` at 60 fps), and one time
/// in four rendered (`choreo render`, five frames at half scale). A test file runs under
/// `choreo test`. Each step has the wall-clock timeout; the script sits alone in a fresh folder
/// (its sandbox), deleted afterwards.
public struct FuzzRunner: Sendable {
    public var choreo: String
    public var timeout: Double = 10
    public var duration = "2"
    public var instructionLimit = "20"
    public var memoryLimit = "64"

    /// The properties the trace records: every numeric layer property, so NaN in any shows.
    static let traceProperties = [
        "position", "bounds", "opacity", "transform", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
        "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "zPosition", "anchorPoint", "strokeStart",
        "strokeEnd", "blurRadius",
    ].joined(separator: ",")

    public init(choreo: String) { self.choreo = choreo }

    /// The commands run on a script (file name `name`), each with its step name and trace file.
    public func steps(for script: FuzzScript) -> [(step: String, arguments: [String], trace: String?)] {
        let name = script.fileName
        let limits = ["--instruction-limit", instructionLimit, "--memory-limit", memoryLimit]
        switch script.kind {
        case .test:
            return [("test", ["test", name] + limits, nil)]
        case .scene:
            var steps: [(String, [String], String?)] = [
                ("trace", ["trace", name, "--duration", duration, "--fps", "30", "--props", Self.traceProperties, "--out", "trace.jsonl"] + limits, "trace.jsonl"),
                ("run", ["run", name, "--duration", duration] + limits, nil),
            ]
            if script.seed % 4 == 0 {
                steps.append(("render", ["render", name, "--duration", "1", "--fps", "4", "--scale", "0.5", "--out", "render"] + limits, nil))
            }
            return steps
        }
    }

    /// Runs every step (stopping at the first crash or hang) and returns the worst outcome.
    public func run(_ script: FuzzScript) -> FuzzOutcome {
        let directory = NSTemporaryDirectory() + "choreo-fuzz-\(getpid())-\(script.seed)"
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try script.source.write(toFile: directory + "/" + script.fileName, atomically: true, encoding: .utf8)
        } catch {
            return FuzzOutcome(verdict: .unclearError, step: "setup", detail: "could not write the script: \(error)")
        }
        var worst = FuzzOutcome(verdict: .ok, step: "", detail: "")
        for (step, arguments, trace) in steps(for: script) {
            let outcome: FuzzOutcome
            do {
                let result = try FuzzProcess.run(choreo, arguments, in: directory, timeout: timeout, trace: trace)
                outcome = FuzzClassifier.classify(result, step: step)
            } catch {
                return FuzzOutcome(verdict: .unclearError, step: step, detail: "could not run \(choreo): \(error)")
            }
            if outcome.verdict < worst.verdict { worst = outcome }
            if outcome.verdict == .crash || outcome.verdict == .hang { break }
        }
        return worst
    }
}

extension FuzzScript {
    /// A saved script: its kind from its name (`*_test.lua` is a test), its seed from its first
    /// line when the fuzzer wrote it.
    public init(replaying path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let kind: ScriptGenerator.Kind = path.hasSuffix("_test.lua") ? .test : .scene
        let firstLine = source.prefix { $0 != "\n" }
        let seed = firstLine.split(separator: " ").dropFirst(4).first.flatMap { UInt64($0.filter(\.isNumber)) } ?? 0
        self.init(seed: seed, kind: kind, source: source)
    }
}
