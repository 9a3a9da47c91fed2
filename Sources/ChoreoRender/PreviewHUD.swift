import CCairo
import ChoreoCore

/// The heads-up display `choreo preview` draws over the scene, into the same canvas: the
/// playhead's time, the speed, the in/out range, looping, paused, skipped frames, the reload
/// status and a timeline bar to scrub on; a script error as a red panel with its `file:line`.
///
///     let canvas = try renderer.render(scene)
///     PreviewHUD.draw(PreviewHUD.Content(time: 1.25, end: 4), on: canvas, scale: 2)
///
/// The HUD is drawn after the scene, on top of its pixels, so it never reaches `choreo render`
/// (which never calls it) and hiding it leaves exactly the rendered frame. Its sizes are in points
/// times `scale`, like the scene's, so it keeps its proportions at every `--scale`. Text uses the
/// renderer's font (DejaVu Sans, fonts-dejavu-core), so it draws the same glyphs on every machine.
public enum PreviewHUD {
    /// What the HUD shows: plain values, filled from the preview controller's state each frame.
    public struct Content: Equatable, Sendable {
        /// The playhead, in scene seconds.
        public var time: Double
        /// The timeline bar's end, in scene seconds (the bar spans 0...end).
        public var end: Double
        public var speed: Double = 1
        /// Global slow motion (`--slow-animations N`): shown when not 1.
        public var slowAnimations: Double = 1
        public var inPoint: Double?
        public var outPoint: Double?
        public var isLooping = false
        public var isPaused = false
        /// Frames the display link skipped since the preview started (Choreographer's count).
        public var skippedFrames = 0
        /// A short line about the last reload ("reloaded", "reloading…"), or nil before any.
        public var reloadStatus: String?
        /// The script error the last reload raised, with its `file:line` (the last good scene keeps
        /// running under it); nil when the scene loaded.
        public var error: String?

        public init(time: Double, end: Double) {
            self.time = time
            self.end = end
        }
    }

    /// The panel's height at the bottom of the canvas, in points.
    static let panelHeight = 46.0
    /// The timeline bar's inset from the panel's sides and its height, in points.
    static let barInset = 12.0, barHeight = 10.0

    /// The timeline bar's rectangle, in canvas pixels, for a canvas of `width`×`height` pixels
    /// drawn at `scale`: the window maps a mouse position on it to a time (ChoreoPreview's
    /// `TimelineBar` does the arithmetic).
    public static func timelineBar(width: Int, height: Int, scale: Double) -> Rect {
        let inset = barInset * scale
        let top = Double(height) - (barInset + barHeight) * scale
        return Rect(x: inset, y: top, width: max(Double(width) - 2 * inset, 1), height: barHeight * scale)
    }

    /// Whether canvas pixel (x, y) is on the timeline bar, with a few points of slack above and
    /// below so that a drag is easy to start.
    public static func isOnTimelineBar(x: Double, y: Double, width: Int, height: Int, scale: Double) -> Bool {
        let bar = timelineBar(width: width, height: height, scale: scale)
        let slack = 6 * scale
        return x >= bar.origin.x - slack && x <= bar.origin.x + bar.size.width + slack
            && y >= bar.origin.y - slack && y <= bar.origin.y + bar.size.height + slack
    }

    /// Draws the HUD over the canvas (`showsPanel`: the bottom panel; a script error is drawn
    /// either way, so that hiding the HUD never hides a broken save).
    public static func draw(_ content: Content, on canvas: Canvas, scale: Double, showsPanel: Bool = true) {
        let cr = canvas.makeContext()
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, SceneRenderer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        if showsPanel { drawPanel(content, cr, width: canvas.width, height: canvas.height, scale: scale) }
        if let error = content.error { drawError(error, cr, width: canvas.width, scale: scale) }
        cairo_surface_flush(cairo_get_target(cr))
    }

    /// The bottom panel: a line of status text over the timeline bar.
    private static func drawPanel(_ content: Content, _ cr: OpaquePointer, width: Int, height: Int, scale: Double) {
        let w = Double(width), h = Double(height), panel = panelHeight * scale
        cairo_set_source_rgba(cr, 0.08, 0.08, 0.1, 0.78)
        cairo_rectangle(cr, 0, h - panel, w, panel)
        cairo_fill(cr)

        cairo_set_font_size(cr, 11 * scale)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_move_to(cr, barInset * scale, h - panel + 16 * scale)
        cairo_show_text(cr, statusLine(content))
        if let reload = content.reloadStatus {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, reload, &extents)
            cairo_set_source_rgb(cr, 0.55, 0.85, 0.55)
            cairo_move_to(cr, w - barInset * scale - extents.x_advance, h - panel + 16 * scale)
            cairo_show_text(cr, reload)
        }

        let bar = timelineBar(width: width, height: height, scale: scale)
        let end = max(content.end, 1e-9)
        func x(_ t: Double) -> Double { bar.origin.x + min(max(t / end, 0), 1) * bar.size.width }
        cairo_set_source_rgba(cr, 1, 1, 1, 0.22)
        cairo_rectangle(cr, bar.origin.x, bar.origin.y, bar.size.width, bar.size.height)
        cairo_fill(cr)
        if content.inPoint != nil || content.outPoint != nil {
            let a = x(content.inPoint ?? 0), b = x(content.outPoint ?? end)
            if content.isLooping { cairo_set_source_rgba(cr, 1, 0.7, 0.2, 0.75) } else { cairo_set_source_rgba(cr, 0.35, 0.6, 1, 0.7) }
            cairo_rectangle(cr, a, bar.origin.y, max(b - a, 1), bar.size.height)
            cairo_fill(cr)
        }
        cairo_set_source_rgba(cr, 1, 1, 1, 0.55)
        cairo_rectangle(cr, bar.origin.x, bar.origin.y, x(content.time) - bar.origin.x, bar.size.height)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 0.25, 0.25)
        cairo_rectangle(cr, x(content.time) - scale, bar.origin.y - 3 * scale, 2 * scale, bar.size.height + 6 * scale)
        cairo_fill(cr)
    }

    /// "1.250 s / 4.000 s · ×0.5 · slow ×10 · paused · in 1.000 out 2.000 loop · skipped 3".
    static func statusLine(_ content: Content) -> String {
        var parts = ["\(fixed(content.time)) s / \(fixed(content.end)) s", "×\(formatNumber(content.speed))"]
        if content.slowAnimations != 1 { parts.append("slow ×\(formatNumber(content.slowAnimations))") }
        parts.append(content.isPaused ? "paused" : "playing")
        if content.inPoint != nil || content.outPoint != nil || content.isLooping {
            var range = "in \(fixed(content.inPoint ?? 0)) out \(content.outPoint.map(fixed) ?? "end")"
            if content.isLooping { range += " loop" }
            parts.append(range)
        } else if content.isLooping {
            parts.append("loop")
        }
        if content.skippedFrames > 0 { parts.append("skipped \(content.skippedFrames)") }
        return parts.joined(separator: " · ")
    }

    /// Seconds with three decimals ("1.250"): a stable width for a running clock.
    static func fixed(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let sign = millis < 0 ? "-" : ""
        let magnitude = abs(millis)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The error panel at the top: the message, wrapped to the width, up to 8 lines.
    private static func drawError(_ message: String, _ cr: OpaquePointer, width: Int, scale: Double) {
        let margin = 8 * scale, fontSize = 11 * scale
        cairo_select_font_face(cr, SceneRenderer.fontFamily + " Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, "M", &extents)
        let columns = max(Int((Double(width) - 4 * margin) / max(extents.x_advance, 1)), 8)
        let lines = Array(wrap(message, columns: columns).prefix(8))
        let lineHeight = fontSize * 1.3
        let height = Double(lines.count) * lineHeight + 2 * margin
        cairo_set_source_rgba(cr, 0.6, 0.05, 0.08, 0.92)
        cairo_rectangle(cr, margin, margin, Double(width) - 2 * margin, height)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        for (i, line) in lines.enumerated() {
            cairo_move_to(cr, 2 * margin, margin + margin + fontSize + Double(i) * lineHeight - fontSize * 0.2)
            cairo_show_text(cr, line)
        }
    }

    /// Splits text into lines of at most `columns` characters: at newlines, then at spaces where
    /// it can, else hard.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(paragraph.map { $0 == "\t" ? " " : String($0) }.joined())
            if rest.isEmpty { lines.append(""); continue }
            while rest.count > columns {
                let limit = rest.index(rest.startIndex, offsetBy: columns)
                let cut = rest[..<limit].lastIndex(of: " ").flatMap { $0 > rest.startIndex ? $0 : nil } ?? limit
                lines.append(String(rest[..<cut]))
                rest = rest[cut...].drop(while: { $0 == " " })
            }
            lines.append(String(rest))
        }
        return lines
    }
}
