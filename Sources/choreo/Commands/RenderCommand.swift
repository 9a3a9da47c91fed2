import ArgumentParser
import ChoreoCore
import ChoreoLua
import ChoreoRender
import ChoreoRuntime

/// `choreo render SCENE.lua --out DIR`: the scene's frames as PNG files, a contact sheet and an
/// animated GIF.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene headless to PNG frames, a contact sheet and an animated GIF.",
        discussion: """
            Frames are taken on the --fps grid from --from to --to (scene seconds). Without --to or \
            --duration the run ends when the scene is idle, at \(formatNumber(defaultLimit)) s at the latest.

            Files: DIR/frame-0000.png..., DIR/NAME-sheet.png, DIR/NAME.gif (NAME: the script's name), \
            and with --timeline DIR/NAME-timeline.png. The contact sheet shows frames evenly spaced \
            in time, the first and the last included. The GIF keeps at most 50 frames a second (GIF \
            viewers slow down shorter delays).

            Exit status: 0 on success, 1 on a script or rendering error or a failed write, 2 on a \
            usage error.
            """)

    /// The longest run without --to or --duration, in seconds.
    static let defaultLimit = 10.0

    enum Format: String, CaseIterable { case png, sheet, gif, all }

    @OptionGroup var script: ScriptOptions
    @Option(help: "The folder to write into (created when missing).") var out: String
    @Option(parsing: .unconditional, help: "Device pixels per point, within 0.01...16.") var scale: Double = 1
    @Option(parsing: .unconditional, help: "The first frame's time, in seconds.") var from: Double = 0
    @Option(parsing: .unconditional, help: "The last frame's time, in seconds (default: the end of the run).") var to: Double?
    @Option(help: "png, sheet, gif or all.") var format: String = "all"
    @Option(parsing: .unconditional, help: "How many frames the contact sheet shows, evenly spaced in time.") var sheetFrames: Int = 12
    @Flag(help: "Also draw the scene's animations over time, a bar each (DIR/NAME-timeline.png).") var timeline = false

    func validate() throws {
        guard scale.isFinite, SceneRenderer.scaleRange.contains(scale) else { throw ValidationError("--scale must be a number within 0.01...16 (got \(formatNumber(scale)))") }
        let latest = ScriptOptions.maximumDuration
        guard from.isFinite, from >= 0, from <= latest else {
            throw ValidationError("--from must be a number of seconds within 0...\(formatNumber(latest)) (got \(formatNumber(from)))")
        }
        if let to, !(to.isFinite && to >= from && to <= latest) {
            throw ValidationError("--to must be a number of seconds within --from (\(formatNumber(from)))...\(formatNumber(latest)) (got \(formatNumber(to)))")
        }
        guard Format(rawValue: format) != nil else { throw ValidationError("--format must be one of png, sheet, gif, all (got \(format))") }
        guard (1...200).contains(sheetFrames) else { throw ValidationError("--sheet-frames must be within 1...200 (got \(sheetFrames))") }
        if out.isEmpty { throw ValidationError("--out must name a folder") }
    }

    func run() throws {
        let kind = Format(rawValue: format)!
        let folder: OutputFolder, renderer: SceneRenderer
        do {
            folder = try OutputFolder(path: out)
            renderer = try SceneRenderer(scale: scale)
        } catch {
            throw RenderFailure(message: "\(error)")
        }
        let host = try script.makeHost()
        try script.runTopLevel(host)
        guard host.hasMadeScene else {
            throw RenderFailure(message: "\(script.scene) made no Scene, so there is nothing to draw (a scene script calls Scene.new{ width =, height = } at its top level)")
        }
        let name = Self.baseName(of: script.scene)
        let end = [to, script.duration].compactMap { $0 }.min()
        let limit = end ?? max(from, Self.defaultLimit)
        let fps = script.fps
        // GIF viewers treat delays under 2 cs as 10 cs: keep every `gifStride`-th frame.
        let gifStride = Int(saturating: (fps / 50).rounded(.up))
        let epsilon = 0.5 / fps
        let firstFrame = Int(saturating: (from * fps - 1e-9).rounded(.up))
        let expected = end.map { Int(saturating: ($0 * fps + 1e-9).rounded(.down)) - firstFrame + 1 }
        let progress = ProgressBar(total: expected, label: "render")

        let sheet = kind == .sheet || kind == .all
            ? ContactSheet(maximumFrames: sheetFrames, plannedFrameCount: try countFrames(from: from, to: limit))
            : nil
        var gif: GIFWriter?
        let strip = timeline ? TimingStrip() : nil
        var rendered = 0
        var failure: Error?
        // Every frame has the screen's size (Scene.screenSize: Scene.new's width and height, else
        // the root view's bounds at the first frame): a script that resizes (or animates) the root
        // view's bounds changes what is drawn, not the image size, which the contact sheet and
        // the GIF need to stay the same.
        var canvasSize: Size?
        host.engine.addFrameSink { frame in
            guard failure == nil, frame.time >= from - epsilon, frame.time <= limit + epsilon else { return }
            do {
                let size = canvasSize ?? frame.scene.screenSize ?? frame.scene.rootLayer.presentation.bounds.size
                canvasSize = size
                let canvas = try renderer.render(frame.scene.rootLayer, size: size)
                if kind == .png || kind == .all {
                    try canvas.writePNG(to: folder.file("frame-\(Self.padded(rendered)).png"))
                }
                try sheet?.add(canvas, time: frame.time)
                strip?.record(frame.scene)
                if kind == .gif || kind == .all, rendered % gifStride == 0 {
                    if gif == nil { gif = try GIFWriter(path: folder.file("\(name).gif"), width: canvas.width, height: canvas.height) }
                    try gif?.add(canvas, delay: GIFWriter.delay(ofFrame: rendered / gifStride, fps: fps / Double(gifStride)))
                }
                rendered += 1
                progress.update(rendered, detail: "frames, at \(formatNumber((frame.time * 100).rounded() / 100)) s")
            } catch {
                failure = error
            }
        }
        let report = try host.engine.run(until: .time(limit), fps: fps)
        progress.finish()
        try script.check(report, host)
        if let failure { throw RenderFailure(message: "\(failure)") }
        guard rendered > 0 else {
            let ended = report.reason == .idle ? "the scene had nothing left to do" : "the run ended"
            throw RenderFailure(message: "no frame to render: \(ended) at \(formatNumber(report.endTime)) s, before --from \(formatNumber(from)) s")
        }
        var written: [String] = []
        if kind == .png || kind == .all { written.append("\(rendered) frames: \(folder.file("frame-\(Self.padded(0)).png"))…") }
        if let sheet {
            let path = folder.file("\(name)-sheet.png")
            do { try sheet.render().writePNG(to: path) } catch { throw RenderFailure(message: "\(error)") }
            written.append("contact sheet: \(path)")
        }
        if let gif {
            do { try gif.finish() } catch { throw RenderFailure(message: "\(error)") }
            written.append("GIF (\(gif.frameCount) frames): \(gif.path)")
        }
        if let strip {
            let path = folder.file("\(name)-timeline.png")
            do { try strip.render().writePNG(to: path) } catch { throw RenderFailure(message: "\(error)") }
            written.append("timeline: \(path)")
        }
        if end == nil, report.reason == .timeLimit {
            writeToStandardError("render: the scene still runs at \(formatNumber(limit)) s; pass --to or --duration to render more\n")
        }
        for line in written { print(line) }
    }

    /// How many frames a render from `from` to `limit` draws (the scene may go idle before
    /// `limit`, even with --to): the scene is run once more, headless, without drawing (runs are
    /// deterministic), so that the contact sheet can pick evenly spaced frames among exactly
    /// those to come.
    private func countFrames(from: Double, to limit: Double) throws -> Int {
        let probe = try script.makeHost(warnsAboutPlugins: false)  // the real run warns
        probe.vm.printHandler = { _ in }  // the real run prints
        try script.runTopLevel(probe)
        let epsilon = 0.5 / script.fps
        var count = 0
        probe.engine.addFrameSink { frame in
            if frame.time >= from - epsilon, frame.time <= limit + epsilon { count += 1 }
        }
        try script.check(try probe.engine.run(until: .time(limit), fps: script.fps), probe)
        return count
    }

    static func padded(_ n: Int) -> String {
        let digits = String(n)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// "flight-info" for "Scripts/Examples/flight-info.lua".
    static func baseName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
    }
}

/// A rendering error (an unreadable image, an unwritable file): standard error, exit status 1.
struct RenderFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "render: " + message }
}
