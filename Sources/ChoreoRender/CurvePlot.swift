import CCairo
import ChoreoCore

/// A timing curve drawn as a chart: progress over the time fraction (above) and velocity
/// (below), with axes, ticks and labels; written as PNG or SVG (cairo's SVG surface).
///
///     try CurvePlot(curve: TimingCurves.easeInOut, name: "easeInOut").write(to: "easeInOut.svg")
///
/// Velocity is d(progress)/d(t) in fractions per fraction (1 for linear). Points where a curve
/// reports a non-finite velocity (the jump of a step) are left out of the line.
public struct CurvePlot {
    public enum Format: String, CaseIterable, Sendable { case png, svg }

    public var curve: any TimingCurve
    public var name: String
    public var width = 640.0
    public var height = 520.0
    public var samples = 400

    public init(curve: any TimingCurve, name: String) {
        self.curve = curve
        self.name = name
    }

    /// The format a path's extension asks for (.png or .svg), or nil.
    public static func format(of path: String) -> Format? {
        let lower = path.lowercased()
        return lower.hasSuffix(".png") ? .png : lower.hasSuffix(".svg") ? .svg : nil
    }

    public func write(to path: String) throws(RenderError) {
        guard let format = Self.format(of: path) else {
            throw .unwritableFile(path: path, reason: "the file name must end in .png or .svg")
        }
        switch format {
        case .png:
            let canvas = try Canvas(width: Int(width), height: Int(height))
            let cr = canvas.makeContext()
            draw(cr)
            cairo_destroy(cr)
            try canvas.writePNG(to: path)
        case .svg:
            guard let surface = cairo_svg_surface_create(path, width, height) else { throw .cairo("cannot create an SVG surface") }
            let cr = cairo_create(surface)!
            draw(cr)
            cairo_destroy(cr)
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw .unwritableFile(path: path, reason: String(cString: cairo_status_to_string(status)))
            }
        }
    }

    /// The sampled curve: (t, progress, velocity).
    var points: [(t: Double, progress: Double, velocity: Double)] {
        (0...samples).map { i in
            let t = Double(i) / Double(samples)
            return (t, curve.progress(at: t), curve.velocity(at: t))
        }
    }

    func draw(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_select_font_face(cr, SceneRenderer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 15)
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.12)
        cairo_move_to(cr, 60, 26)
        cairo_show_text(cr, name)
        let data = points
        let left = 60.0, right = width - 20
        let progressPanel = (top: 44.0, bottom: height * 0.62)
        let velocityPanel = (top: height * 0.62 + 36, bottom: height - 44)
        panel(cr, title: "progress", values: data.map(\.progress), data.map(\.t), x: (left, right), y: progressPanel,
              color: (0.12, 0.42, 0.85), includeUnitRange: true)
        panel(cr, title: "velocity", values: data.map(\.velocity), data.map(\.t), x: (left, right), y: velocityPanel,
              color: (0.85, 0.35, 0.12), includeUnitRange: false)
        label(cr, "t (fraction of the duration)", x: (left + right) / 2, y: height - 12, centered: true)
    }

    private func panel(_ cr: OpaquePointer, title: String, values: [Double], _ ts: [Double], x: (Double, Double),
                       y: (top: Double, bottom: Double), color: (Double, Double, Double), includeUnitRange: Bool) {
        let finite = values.filter(\.isFinite)
        var low = min(finite.min() ?? 0, 0), high = max(finite.max() ?? 1, includeUnitRange ? 1 : 0)
        if high - low < 1e-9 { high = low + 1 }
        let pad = (high - low) * 0.06
        (low, high) = (low - pad, high + pad)
        func px(_ t: Double) -> Double { x.0 + t * (x.1 - x.0) }
        func py(_ v: Double) -> Double { y.bottom - (v - low) / (high - low) * (y.bottom - y.top) }

        // Grid and ticks.
        cairo_set_line_width(cr, 1)
        cairo_select_font_face(cr, SceneRenderer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 11)
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            cairo_set_source_rgb(cr, 0.9, 0.9, 0.92)
            cairo_move_to(cr, px(t).rounded() + 0.5, y.top)
            cairo_line_to(cr, px(t).rounded() + 0.5, y.bottom)
            cairo_stroke(cr)
            label(cr, ContactSheet.formatFixed(t, 2), x: px(t), y: y.bottom + 14, centered: true)
        }
        let step = Self.niceStep((high - low) / 5)
        var v = (low / step).rounded(.up) * step
        while v <= high {
            cairo_set_source_rgb(cr, v == 0 ? 0.55 : 0.9, v == 0 ? 0.55 : 0.9, v == 0 ? 0.58 : 0.92)
            cairo_move_to(cr, x.0, py(v).rounded() + 0.5)
            cairo_line_to(cr, x.1, py(v).rounded() + 0.5)
            cairo_stroke(cr)
            label(cr, Self.tickLabel(v, step: step), x: x.0 - 6, y: py(v) + 4, centered: false, alignRight: true)
            v += step
        }
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.32)
        cairo_rectangle(cr, x.0 + 0.5, y.top + 0.5, x.1 - x.0 - 1, y.bottom - y.top - 1)
        cairo_stroke(cr)
        cairo_set_font_size(cr, 12)
        label(cr, title, x: x.0 + 6, y: y.top - 6, centered: false)

        // The line, broken where the value is not finite.
        cairo_save(cr)
        cairo_rectangle(cr, x.0, y.top, x.1 - x.0, y.bottom - y.top)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        var drawing = false
        for (t, value) in zip(ts, values) {
            guard value.isFinite else { drawing = false; continue }
            if drawing { cairo_line_to(cr, px(t), py(value)) } else { cairo_move_to(cr, px(t), py(value)) }
            drawing = true
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    private func label(_ cr: OpaquePointer, _ text: String, x: Double, y: Double, centered: Bool, alignRight: Bool = false) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.28)
        cairo_move_to(cr, centered ? x - extents.x_advance / 2 : alignRight ? x - extents.x_advance : x, y)
        cairo_show_text(cr, text)
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
        return power * 10
    }

    static func tickLabel(_ v: Double, step: Double) -> String {
        let digits = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        let value = abs(v) < step / 1000 ? 0 : v
        return digits == 0 ? String(Int(saturating: value.rounded())) : ContactSheet.formatFixed(value, digits)
    }
}
