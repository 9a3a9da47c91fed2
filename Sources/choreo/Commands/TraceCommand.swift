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
            Views are the named views of the scene; equal runs give byte-identical output. A name \
            that an earlier view already has gets a suffix in tree order (box, box#2, box#3). CSV \
            follows RFC 4180 (fields with commas, quotes or line breaks are quoted); JSON escapes \
            every control character. While the trace goes to standard output, the script's print \
            goes to standard error. Exit status: 0 on success, 1 on a script error or a failed \
            write, 2 on a usage error.
            """)

    @OptionGroup var script: ScriptOptions
    @Option(help: "Values to record: view.keyPath or keyPath items, comma-separated (default: position, bounds.size, opacity, transform, backgroundColor of every named view).")
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
        _ = try script.runHeadless(host)
        try file.finish()
    }
}
