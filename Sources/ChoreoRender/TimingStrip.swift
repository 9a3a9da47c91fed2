import CCairo
import ChoreoCore

/// A scene's animations over time, one bar each: the strip of the seed's CAMediaTiming figures.
///
///     let strip = TimingStrip()
///     engine.addFrameSink { strip.record($0.scene) }
///     try strip.render().writePNG(to: "out/scene-timeline.png")
///
/// Each frame samples every animation attached under a key to a layer of the scene (its timing
/// state at the layer's local time). In a bar, colour is the animation's progress through its
/// cycle (light at 0, dark at 1), so a repeat shows as a saw-tooth and an autoreversing half
/// darkens back; filled time (fill modes backwards/forwards/both) is drawn pale; a white tick
/// marks each new repetition, an orange underline the reversing halves; a gap is time without
/// effect (a delay without backwards fill, or after the end). An animation replaced under the
/// same key with a new begin time gets a new bar.
public final class TimingStrip {
    struct Sample { var time: Double; var state: TimingState }
    struct Row { var label: String; var samples: [Sample] }

    private var rows: [Row] = []
    private var rowIndex: [String: Int] = [:]
    private var times: [Double] = []

    public init() {}

    /// Samples the scene's animations at its current time.
    public func record(_ scene: Scene) {
        let now = scene.currentTime
        times.append(now.seconds)
        visit(scene.rootLayer, now)
    }

    private func visit(_ layer: Layer, _ now: MediaTime) {
        let local = layer.timeMapping.localTime(from: now)
        for key in layer.animationKeys() {
            guard let animation = layer.animation(forKey: key) else { continue }
            let id = "\(ObjectIdentifier(layer).hashValue)|\(key)|\(animation.timing.beginTime.seconds)"
            let index: Int
            if let existing = rowIndex[id] {
                index = existing
            } else {
                index = rows.count
                rowIndex[id] = index
                rows.append(Row(label: Self.label(layer, key, animation), samples: []))
            }
            rows[index].samples.append(Sample(time: now.seconds, state: animation.timing.state(at: local)))
        }
        for child in layer.sublayers { visit(child, now) }
    }

    static func label(_ layer: Layer, _ key: String, _ animation: Animation) -> String {
        let what: String = switch animation {
        case let property as PropertyAnimation: property.keyPath
        case let transition as TransitionAnimation: "transition " + transition.type.rawValue
        case is AnimationGroup: "group " + key
        default: key
        }
        return (layer.name ?? "layer") + "." + what
    }

    /// Draws the bars under a time axis, with a legend.
    public func render(width: Int = 960) throws(RenderError) -> Canvas {
        guard let first = times.min(), let last = times.max() else {
            throw .invalidSize("the timeline has no frame")
        }
        let step = times.count > 1 ? (last - first) / Double(times.count - 1) : 1 / 60
        let (t0, t1) = (first, max(last + step, first + 1e-6))
        let (labelWidth, top, rowHeight, gap) = (230.0, 44.0, 16.0, 6.0)
        let height = Int(top + Double(max(rows.count, 1)) * (rowHeight + gap) + 48)
        let canvas = try Canvas(width: width, height: height)
        let cr = canvas.makeContext()
        defer { cairo_destroy(cr) }
        let right = Double(width) - 16
        func px(_ t: Double) -> Double { labelWidth + (t - t0) / (t1 - t0) * (right - labelWidth) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_select_font_face(cr, SceneRenderer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 11)

        // Time axis.
        let tick = CurvePlot.niceStep((t1 - t0) / 10)
        var t = (t0 / tick).rounded(.up) * tick
        while t <= t1 + 1e-9 {
            cairo_set_source_rgb(cr, 0.9, 0.9, 0.92)
            cairo_move_to(cr, px(t).rounded() + 0.5, top - 8)
            cairo_line_to(cr, px(t).rounded() + 0.5, Double(height) - 40)
            cairo_stroke(cr)
            text(cr, CurvePlot.tickLabel(t, step: tick) + " s", x: px(t), y: top - 14, centered: true)
            t += tick
        }
        if rows.isEmpty { text(cr, "(no animation ran)", x: labelWidth, y: top + 12, centered: false) }

        for (i, row) in rows.enumerated() {
            let y = top + Double(i) * (rowHeight + gap)
            text(cr, Self.clipped(row.label, 34), x: 8, y: y + 12, centered: false)
            cairo_set_source_rgb(cr, 0.94, 0.94, 0.95)
            cairo_rectangle(cr, labelWidth, y + rowHeight / 2 - 0.5, right - labelWidth, 1)
            cairo_fill(cr)
            var previous: TimingState?
            for sample in row.samples {
                defer { previous = sample.state }
                guard let progress = sample.state.progress else { continue }
                // Whole pixels, so neighbouring samples meet without seams.
                // (A hair more than a step, so rounding never leaves a seam before the next sample.)
                let x0 = px(sample.time).rounded(), x1 = max(px(min(sample.time + step * 1.01, t1)).rounded(), x0 + 1)
                let p = min(max(progress, 0), 1)
                let (r, g, b) = (0.78 - 0.73 * p, 0.87 - 0.57 * p, 1 - 0.25 * p)
                cairo_set_source_rgba(cr, r, g, b, sample.state.phase == .active ? 1 : 0.35)
                cairo_rectangle(cr, x0, y, max(x1 - x0, 0.5), rowHeight)
                cairo_fill(cr)
                if sample.state.isReversing {
                    cairo_set_source_rgb(cr, 0.95, 0.55, 0.1)
                    cairo_rectangle(cr, x0, y + rowHeight - 3, max(x1 - x0, 0.5), 3)
                    cairo_fill(cr)
                }
                if let previous, previous.phase == .active, sample.state.phase == .active,
                   previous.iteration != sample.state.iteration {
                    cairo_set_source_rgb(cr, 1, 1, 1)
                    cairo_rectangle(cr, x0 - 1, y, 2, rowHeight)
                    cairo_fill(cr)
                }
            }
        }
        text(cr, "colour: progress 0 (light) → 1 (dark) · pale: fill · white tick: new repetition · orange: autoreversing half · gap: no effect",
             x: 8, y: Double(height) - 16, centered: false)
        return canvas
    }

    private func text(_ cr: OpaquePointer, _ s: String, x: Double, y: Double, centered: Bool) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, s, &extents)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.23)
        cairo_move_to(cr, centered ? x - extents.x_advance / 2 : x, y)
        cairo_show_text(cr, s)
    }

    static func clipped(_ s: String, _ n: Int) -> String { s.count <= n ? s : String(s.prefix(n - 1)) + "…" }
}
