import CCairo
import ChoreoCore

/// A grid of frames, each labelled with its time: an animation at a glance.
///
///     let sheet = ContactSheet(columns: 4, maximumFrames: 12, cellWidth: 180, plannedFrameCount: 91)
///     for frame in frames { sheet.add(frame.canvas, time: frame.time) }
///     try sheet.render().writePNG(to: "out/sheet.png")
///
/// The sheet shows `maximumFrames` frames evenly spaced in time, the first and the last always
/// among them: of n frames on a regular grid, frame round(i × (n − 1) / (m − 1)) for i = 0 … m − 1
/// (`evenlySpacedIndices`), so neighbours are equally far apart, or one frame further where n − 1
/// is not a multiple of m − 1. Given the number of frames to come (`plannedFrameCount`: `choreo
/// render` knows it), it keeps exactly those frames. Without it (or if a different number comes),
/// frames come one at a time: the sheet keeps every k-th one (doubling k when it holds too many,
/// so memory stays bounded) and shows the kept frame nearest each evenly spaced one.
public final class ContactSheet {
    public let columns: Int
    public let maximumFrames: Int
    /// Width of a cell's picture, in pixels (the height follows the frames' aspect ratio).
    public let cellWidth: Int
    /// How many frames will be added, if known.
    public let plannedFrameCount: Int?
    /// The frame indices shown when `plannedFrameCount` frames come.
    private let plannedIndices: Set<Int>
    private var kept: [Int: (time: Double, thumbnail: Canvas)] = [:]
    /// The latest frame, full size (made small only if it ends up shown).
    private var last: (index: Int, time: Double, frame: Canvas)?
    private var stride = 1
    private var count = 0

    public init(columns: Int = 4, maximumFrames: Int = 12, cellWidth: Int = 180, plannedFrameCount: Int? = nil) {
        self.columns = max(1, columns)
        self.maximumFrames = max(1, maximumFrames)
        self.cellWidth = max(16, cellWidth)
        self.plannedFrameCount = plannedFrameCount
        plannedIndices = Set(plannedFrameCount.map { Self.evenlySpacedIndices(count: $0, shown: max(1, maximumFrames)) } ?? [])
    }

    /// The indices of `shown` frames evenly spaced among `count`, the first and the last included
    /// (every index when `count` ≤ `shown`; the first alone when `shown` is 1).
    public static func evenlySpacedIndices(count: Int, shown: Int) -> [Int] {
        guard count > shown else { return Array(0..<max(0, count)) }
        guard shown > 1 else { return [0] }
        return (0..<shown).map { i in Int((Double(i) * Double(count - 1) / Double(shown - 1)).rounded()) }
    }

    public func add(_ frame: Canvas, time: Double) throws(RenderError) {
        let index = count
        count += 1
        last = (index, time, frame)
        guard index % stride == 0 || plannedIndices.contains(index) else { return }
        kept[index] = (time, try Self.thumbnail(of: frame, width: cellWidth))
        let strided = kept.keys.filter { !plannedIndices.contains($0) }
        if strided.count > 4 * maximumFrames {
            stride *= 2
            for index in strided where index % stride != 0 { kept[index] = nil }
        }
    }

    /// The frames shown, as indices among those added: evenly spaced (`evenlySpacedIndices`),
    /// each the nearest frame kept (exactly them when `plannedFrameCount` frames came).
    var shownIndices: [Int] {
        var candidates = Array(kept.keys)
        if let last, kept[last.index] == nil { candidates.append(last.index) }
        candidates.sort()
        guard !candidates.isEmpty else { return [] }
        var shown: [Int] = []
        for target in Self.evenlySpacedIndices(count: count, shown: maximumFrames) {
            // The kept frame nearest the target (the earlier of two as near).
            var low = 0, high = candidates.count - 1
            while low < high {
                let middle = (low + high) / 2
                if candidates[middle] < target { low = middle + 1 } else { high = middle }
            }
            var pick = candidates[low]
            if low > 0, target - candidates[low - 1] <= abs(pick - target) { pick = candidates[low - 1] }
            if shown.last != pick { shown.append(pick) }
        }
        return shown
    }

    /// The frames shown, with their times.
    var shown: [(time: Double, thumbnail: Canvas)] {
        shownIndices.compactMap { index in
            if let frame = kept[index] { return frame }
            guard let last, last.index == index, let thumbnail = try? Self.thumbnail(of: last.frame, width: cellWidth) else { return nil }
            return (last.time, thumbnail)
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
