import ArgumentParser
import ChoreoLua
import ChoreoRuntime

/// `choreo run SCENE.lua`: runs a scene headless (or in real time) and says what ran.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scene script headless (default) or in real time.",
        discussion: "Exit status: 0 on success, 1 on a script error (message with file:line and traceback on standard error) or a failed write, 2 on a usage error.")

    @OptionGroup var script: ScriptOptions
    @Flag(help: "Run in real time on the display link instead of headless.") var realtime = false
    @Option(help: "Also write the JSONL trace of every frame to this file (prints go to standard error when it is standard output).") var trace: String?
    @Flag(help: "With --trace, also record how fast each value changes, as choreo trace --velocity does.") var velocity = false
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --realtime, run scene time n times slower than the clock (timers and display links too), within 1...100 (default: CHOREO_SLOW_ANIMATIONS, else 1).",
            valueName: "n"))
    var slowAnimations: Double?

    func validate() throws {
        if realtime && script.duration == nil { throw ValidationError("--realtime needs --duration") }
        if velocity && trace == nil { throw ValidationError("--velocity needs --trace") }
        if slowAnimations != nil && !realtime { throw ValidationError("--slow-animations needs --realtime") }
        if realtime { _ = try slowdown() }
    }

    /// The slow-motion factor: --slow-animations, else CHOREO_SLOW_ANIMATIONS, else 1.
    private func slowdown() throws -> Double {
        do {
            return try SlowAnimations.factor(option: slowAnimations)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        let output = try trace.map { try OutputFile(path: $0) }
        let host = try script.makeHost(printsToStandardError: output?.sharesStandardOutput ?? false)
        if let file = output {
            let recorder = TraceRecorder(recordsVelocity: velocity, write: { file.writeLine($0) })
            host.engine.addFrameSink { try recorder.record(frame: $0.number, scene: $0.scene) }
        }
        let report: RunReport
        if realtime {
            try script.runTopLevel(host)
            report = try host.engine.runRealtime(
                duration: script.duration ?? 0, fps: script.fps, slowAnimations: try slowdown())
            try script.check(report, host)
        } else {
            report = try script.runHeadless(host)
        }
        try output?.finish()
        writeToStandardError(summary(report) + "\n")
    }

    private func summary(_ report: RunReport) -> String {
        var parts = ["ran \(report.frames) frames to \(fixed(report.endTime)) s"]
        switch report.reason {
        case .idle: parts.append("nothing left to do")
        case .timeLimit:
            let p = report.pending
            parts.append("time limit; still pending: "
                + [p.hasAnimations ? "animations" : nil, p.timers > 0 ? "\(p.timers) timers" : nil,
                   p.displayLinks > 0 ? "\(p.displayLinks) display links" : nil].compactMap { $0 }.joined(separator: ", "))
        case .error: parts.append("stopped by an error")
        }
        if report.timersFired > 0 { parts.append("\(report.timersFired) timer callbacks") }
        if report.displayLinkCallbacks > 0 { parts.append("\(report.displayLinkCallbacks) display-link callbacks") }
        if report.droppedFrames > 0 { parts.append("\(report.droppedFrames) dropped frames") }
        return parts.joined(separator: "; ")
    }
}
