import CCairo
import ChoreoCore

/// A grid of frames, each labelled with its time: an animation at a glance.
///
///     let sheet = ContactSheet(columns: 4, maximumFrames: 12, cellWidth: 180)
///     for frame in frames { sheet.add(frame.canvas, time: frame.time) }
///     try sheet.render().writePNG(to: "out/sheet.png")
///
/// Frames may come one at a time without knowing how many there will be: the sheet keeps every
/// k-th one (doubling k when it holds too many, so memory stays bounded), and shows
/// `maximumFrames` of them evenly spread, always with the first and the last.
public final class ContactSheet {
    public let columns: Int
    public let maximumFrames: Int
    /// Width of a cell's picture, in pixels (the height follows the frames' aspect ratio).
    public let cellWidth: Int
    private var kept: [(index: Int, time: Double, thumbnail: Canvas)] = []
    /// The latest frame, full size (made small only if it ends up shown).
    private var last: (index: Int, time: Double, frame: Canvas)?
    private var stride = 1
    private var count = 0

    public init(columns: Int = 4, maximumFrames: Int = 12, cellWidth: Int = 180) {
        self.columns = max(1, columns)
        self.maximumFrames = max(1, maximumFrames)
        self.cellWidth = max(16, cellWidth)
    }

    public func add(_ frame: Canvas, time: Double) throws(RenderError) {
        let index = count
        count += 1
        last = (index, time, frame)
        guard index % stride == 0 else { return }
        kept.append((index, time, try Self.thumbnail(of: frame, width: cellWidth)))
        if kept.count > 4 * maximumFrames {
            stride *= 2
            kept.removeAll { $0.index % stride != 0 }
        }
    }

    /// The frames shown: evenly spread over those kept, with the last frame seen.
    var shown: [(time: Double, thumbnail: Canvas)] {
        var all = kept
        if let last, all.last?.index != last.index, let thumbnail = try? Self.thumbnail(of: last.frame, width: cellWidth) {
            all.append((last.index, last.time, thumbnail))
        }
        guard all.count > maximumFrames else { return all.map { ($0.time, $0.thumbnail) } }
        return (0..<maximumFrames).map { i in
            let j = maximumFrames == 1 ? 0 : Int((Double(i) * Double(all.count - 1) / Double(maximumFrames - 1)).rounded())
            return (all[j].time, all[j].thumbnail)
        }
    }

    /// Draws the sheet: cells on a light grey ground, each with its time below ("0.25 s").
    public func render() throws(RenderError) -> Canvas {
        let cells = shown
        guard let first = cells.first else { throw .invalidSize("a contact sheet needs at least one frame") }
        let (gap, label) = (12, 22)
        let cellHeight = first.thumbnail.height
        let cols = min(columns, cells.count), rows = (cells.count + columns - 1) / columns
        let sheet = try Canvas(width: gap + cols * (cellWidth + gap), height: gap + rows * (cellHeight + label + gap))
        let cr = sheet.makeContext()
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.94)
        cairo_paint(cr)
        cairo_select_font_face(cr, SceneRenderer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 13)
        for (i, cell) in cells.enumerated() {
            let x = Double(gap + (i % columns) * (cellWidth + gap)), y = Double(gap + (i / columns) * (cellHeight + label + gap))
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_rectangle(cr, x, y, Double(cellWidth), Double(cell.thumbnail.height))
            cairo_fill(cr)
            cairo_set_source_surface(cr, cell.thumbnail.surface, x, y)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0.6, 0.6, 0.62)
            cairo_set_line_width(cr, 1)
            cairo_rectangle(cr, x - 0.5, y - 0.5, Double(cellWidth) + 1, Double(cell.thumbnail.height) + 1)
            cairo_stroke(cr)
            let text = Self.timeLabel(cell.time)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.22)
            cairo_move_to(cr, x + (Double(cellWidth) - extents.x_advance) / 2, y + Double(cell.thumbnail.height) + 16)
            cairo_show_text(cr, text)
        }
        return sheet
    }

    /// "0.25 s": a frame's time with two decimals (three when that is not exact enough to tell
    /// 60 fps frames apart).
    static func timeLabel(_ time: Double) -> String {
        let centi = (time * 100).rounded()
        if abs(time * 100 - centi) < 1e-6 { return "\(formatFixed(time, 2)) s" }
        return "\(formatFixed(time, 3)) s"
    }

    static func formatFixed(_ value: Double, _ digits: Int) -> String {
        var factor = 1.0
        for _ in 0..<digits { factor *= 10 }
        let scaled = Int(saturating: (abs(value) * factor).rounded())
        let whole = scaled / Int(factor), fraction = scaled % Int(factor)
        var text = String(fraction)
        while text.count < digits { text = "0" + text }
        return (value < 0 && scaled != 0 ? "-" : "") + "\(whole).\(text)"
    }

    /// A frame scaled to `width` pixels wide (height in proportion), with a good filter. A frame
    /// taller than `maximumAspect` widths (a 11×766-point scene) is scaled to fit that height
    /// instead and centred, so that a sheet of a few rows stays within a canvas's largest side.
    static func thumbnail(of frame: Canvas, width: Int) throws(RenderError) -> Canvas {
        let proportional = Double(frame.height) * Double(width) / Double(frame.width)
        let height = max(1, Int(min(proportional, Double(width * maximumAspect)).rounded()))
        let factor = min(Double(width) / Double(frame.width), Double(height) / Double(frame.height))
        let thumbnail = try Canvas(width: width, height: height)
        let cr = thumbnail.makeContext()
        defer { cairo_destroy(cr) }
        cairo_translate(cr, (Double(width) - Double(frame.width) * factor) / 2, 0)
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, frame.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        return thumbnail
    }

    /// The tallest a thumbnail may be, in widths (a phone screen is about 2).
    static let maximumAspect = 4
}
