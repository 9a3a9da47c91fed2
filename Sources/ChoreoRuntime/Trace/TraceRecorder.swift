import ChoreoCore

/// Records presentation values frame by frame as JSONL or CSV (DESIGN §7).
///
///     {"frame":3,"time":0.05,"views":{"box":{"opacity":0.5,"position":{"x":60,"y":140}}}}
///
/// Views are the named views below the scene's root in tree order (depth first, back to front); values are
/// their layers' presentation at the frame's time. Numbers use the shortest form that reads back
/// to the same double (integers without a fraction), so equal runs give byte-identical traces.
/// Compound values: points `{"x","y"}`, sizes `{"width","height"}`, rects `{"x","y","width","height"}`,
/// colors `{"r","g","b","a"}` (components 0...1), transforms `[a,b,c,d,tx,ty]` when affine, else
/// their 16 entries m11…m44. CSV flattens them into columns (`box.position.x`, `box.color.r`).
///
/// Names are whatever scripts gave their views, so the output is made safe for them: JSON escapes
/// every control character, CSV quotes fields per RFC 4180, and a name that an earlier view of
/// the frame already has gets a suffix (`box`, `box#2`: see `traceNames`).
public final class TraceRecorder {
    public enum Format: String, CaseIterable, Sendable { case jsonl, csv }

    public let format: Format
    public let selection: TraceSelection
    private let write: (String) -> Void
    private var wroteHeader = false

    /// A recorder that hands each finished line (without newline) to `write`.
    public init(format: Format = .jsonl, selection: TraceSelection = .all, write: @escaping (String) -> Void) {
        self.format = format
        self.selection = selection
        self.write = write
    }

    /// One recorded value: the view's trace name, the key path, the value.
    private struct Column {
        var view: String
        var keyPath: String
        var value: AnimationValue
    }

    /// Records one frame of `scene` (at the scene's current time).
    ///
    /// A value that is not finite is never written: the frame is refused with an error naming the
    /// view, the property and the time (the last line of defence behind the input ranges).
    public func record(frame: Int, scene: Scene) throws(NonFiniteValueError) {
        var columns: [Column] = []
        for (name, view) in Self.traceNames(Self.namedViews(in: scene.rootView)) {
            let presentation = view.layer.presentation
            for keyPath in selection.keyPaths(for: name) {
                guard let path = try? view.layer.resolveAnimatablePath(keyPath) else { continue }
                let value = presentation.value(at: path)
                try NonFiniteValueError.check(value, layer: name, property: keyPath, time: scene.currentTime.seconds)
                columns.append(Column(view: name, keyPath: keyPath, value: value))
            }
        }
        switch format {
        case .jsonl: write(jsonLine(frame: frame, time: scene.currentTime, columns: columns))
        case .csv:
            if !wroteHeader {
                wroteHeader = true
                write((["frame", "time"] + columns.flatMap { csvNames($0) }).map(csvField).joined(separator: ","))
            }
            write(([String(frame), formatNumber(scene.currentTime.seconds)]
                + columns.flatMap { $0.value.components.map(formatTraceNumber) }).joined(separator: ","))
        }
    }

    /// The named views below the scene's root view, depth first, back to front.
    static func namedViews(in root: View) -> [View] {
        var result: [View] = []
        func visit(_ view: View) {
            if view.name != nil { result.append(view) }
            for child in view.subviews { visit(child) }
        }
        for child in root.subviews { visit(child) }
        return result
    }

    /// Each view with a name no other view of the frame has in the trace: its own name the first
    /// time (in tree order), then `name#2`, `name#3`, … (skipping any suffix that a view already
    /// has as its own name). So duplicate names never collapse into one key, and the names depend
    /// only on the tree: equal runs give equal traces.
    static func traceNames(_ views: [View]) -> [(String, View)] {
        var taken = Set(views.map { $0.name ?? "" })
        var seen: Set<String> = []
        var next: [String: Int] = [:]
        return views.map { view in
            let name = view.name ?? ""
            guard !seen.insert(name).inserted else { return (name, view) }
            var n = next[name] ?? 2
            while taken.contains("\(name)#\(n)") { n += 1 }
            next[name] = n + 1
            let unique = "\(name)#\(n)"
            taken.insert(unique)
            return (unique, view)
        }
    }

    private func jsonLine(frame: Int, time: MediaTime, columns: [Column]) -> String {
        var line = "{\"frame\":\(frame),\"time\":\(formatTraceNumber(time.seconds)),\"views\":{"
        var currentView: String?
        for column in columns {
            if column.view != currentView {
                if currentView != nil { line += "}," }
                line += "\(jsonString(column.view)):{"
                currentView = column.view
            } else {
                line += ","
            }
            line += "\(jsonString(column.keyPath)):\(jsonValue(column.value))"
        }
        if currentView != nil { line += "}" }
        return line + "}}"
    }

    private func jsonValue(_ value: AnimationValue) -> String {
        let names = value.componentNames
        let numbers = value.components.map(formatTraceNumber)
        if names.isEmpty {
            return numbers.count == 1 ? numbers[0] : "[" + numbers.joined(separator: ",") + "]"
        }
        return "{" + zip(names, numbers).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }

    private func csvNames(_ column: Column) -> [String] {
        let base = column.view + "." + column.keyPath, value = column.value
        let names = value.componentNames
        if !names.isEmpty { return names.map { "\(base).\($0)" } }
        let count = value.components.count
        return count == 1 ? [base] : (0..<count).map { "\(base)[\($0)]" }
    }

}

/// A number as traces write it: shortest round-trip form, integers bare, -0 as 0, and `null` for
/// NaN and infinities (JSON has no spelling for them).
func formatTraceNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return formatNumber(value == 0 ? 0 : value)
}

/// A CSV field per RFC 4180: quoted (with quotes doubled) when it holds a comma, a quote, a line
/// break or any other control character, else as is.
func csvField(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0.value < 0x20 || $0.value == 0x7F }) else { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
        if scalar == "\"" { out += "\"" }
        out.unicodeScalars.append(scalar)
    }
    return out + "\""
}

/// A JSON string literal: quotes, backslashes and every control character (U+0000–U+001F)
/// escaped, so no name can end a string, a line or a record early.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
