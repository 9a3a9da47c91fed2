import ArgumentParser
import ChoreoCore
import ChoreoLua
import ChoreoRuntime

/// `choreo trace SCENE.lua`: the scene's presentation values, frame by frame.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print a scene's presentation values frame by frame (JSONL or CSV).",
        discussion: """
            Each JSONL line is one frame: {"frame":n,"time":t,"views":{"box":{"opacity":0.5,...}}}.
            Views are the named views and layers of the scene; equal runs give byte-identical \
            output. A name that an earlier view already has gets a suffix in tree order (box, \
            box#2, box#3). CSV has one header for every row (a transform is always its 16 entries) \
            and follows RFC 4180 (fields with commas, quotes or line breaks are quoted); JSON escapes \
            every control character. A --props item that matches nothing in any frame is a usage \
            error naming what would match. While the trace goes to standard output, the script's print \
            goes to standard error. Without --duration the trace ends when the scene is idle, at \
            \(formatNumber(defaultLimit)) s at the latest (a scene that never goes idle says so on \
            standard error). Exit status: 0 on success, 1 on a script error or a failed write, 2 on \
            a usage error.
            """)

    /// The longest trace without --duration, in seconds (as `render`'s).
    static let defaultLimit = RenderCommand.defaultLimit

    @OptionGroup var script: ScriptOptions
    @Option(help: "Values to record: view.keyPath or keyPath items, comma-separated: layer properties, isHidden and transition.progress (default: position, bounds.size, opacity, transform, backgroundColor of every named view and layer).")
    var props: String?
    @Option(help: "jsonl or csv.") var format: String = "jsonl"
    @Flag(help: "Also record how fast each value changes, in units per second: in JSONL a \"velocity\" object after \"views\", in CSV a column NAME.velocity for each value column NAME, after the values.")
    var velocity = false
    @Option(help: "Write to this file instead of standard output.") var out: String?

    func validate() throws {
        guard TraceRecorder.Format(rawValue: format) != nil else { throw ValidationError("--format must be jsonl or csv") }
        if let props {
            do { _ = try TraceSelection(parsing: props) } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        let selection = try props.map { try TraceSelection(parsing: $0) } ?? .all
        let file = try out.map { try OutputFile(path: $0) } ?? .standardOutput()
        let host = try script.makeHost(printsToStandardError: file.sharesStandardOutput)
        let recorder = TraceRecorder(
            format: TraceRecorder.Format(rawValue: format)!, selection: selection, recordsVelocity: velocity) { file.writeLine($0) }
        host.engine.addFrameSink { try recorder.record(frame: $0.number, scene: $0.scene) }
        let report = try script.runHeadless(host, defaultLimit: Self.defaultLimit)
        try file.finish()
        if script.duration == nil, report.reason == .timeLimit {
            writeToStandardError("trace: the scene still runs at \(formatNumber(Self.defaultLimit)) s; pass --duration to trace more\n")
        }
        if !recorder.csvColumnsLeftOut.isEmpty {
            writeToStandardError("trace: the CSV header is the first frame's; columns of layers named later are left out ("
                + recorder.csvColumnsLeftOut.joined(separator: ", ") + "); name them in --props, or use --format jsonl\n")
        }
        // Checked once the run is over: a custom property or a layer may appear at any frame.
        if let item = recorder.unmatchedItems.first {
            writeToStandardError("choreo trace: \(recorder.explainUnmatched(item))\n")
            throw ExitCode(2)
        }
    }
}
