import ChoreoCore

/// Records presentation values frame by frame as JSONL or CSV (DESIGN §7).
///
///     {"frame":3,"time":0.05,"views":{"box":{"opacity":0.5,"position":{"x":60,"y":140}}}}
///
/// Views are the named views and named stand-alone layers below the scene's root in tree order (depth first, back to front); values are
/// their layers' presentation at the frame's time. Numbers use the shortest form that reads back
/// to the same double (integers without a fraction), so equal runs give byte-identical traces.
/// Compound values: points `{"x","y"}`, sizes `{"width","height"}`, rects `{"x","y","width","height"}`,
/// colors `{"r","g","b","a"}` (components 0...1), transforms `[a,b,c,d,tx,ty]` when affine, else
/// their 16 entries m11…m44. CSV flattens them into columns (`box.position.x`, `box.color.r`).
///
/// Names are whatever scripts gave their views, so the output is made safe for them: JSON escapes
/// every control character, CSV quotes fields per RFC 4180, and a name that an earlier view of
/// the frame already has gets a suffix (`box`, `box#2`: see `traceNames`).
///
/// With `recordsVelocity` (`choreo trace --velocity`) each frame also records how fast each value
/// changes, in units per second (`Layer.presentationVelocity`), laid out as the values are: in
/// JSONL a `velocity` object after `views`, with the same views and key paths,
///
///     {"frame":3,"time":0.05,"views":{"box":{"position":{"x":60,"y":140}}},"velocity":{"box":{"position":{"x":100,"y":0}}}}
///
/// and in CSV one more column per value column, after all of them, named after it with
/// `.velocity` (`box.position.x.velocity`). A transform's velocity is the rate of its entries,
/// written as its value is (six `[a,b,c,d,tx,ty]` when the value is affine, else 16). Without it
/// the trace is exactly as before.
public final class TraceRecorder {
    public enum Format: String, CaseIterable, Sendable { case jsonl, csv }

    public let format: Format
    public let selection: TraceSelection
    /// Whether each value's velocity is recorded too.
    public let recordsVelocity: Bool
    private let write: (String) -> Void
    private var wroteHeader = false

    /// A recorder that hands each finished line (without newline) to `write`.
    public init(
        format: Format = .jsonl, selection: TraceSelection = .all, recordsVelocity: Bool = false,
        write: @escaping (String) -> Void
    ) {
        self.format = format
        self.selection = selection
        self.recordsVelocity = recordsVelocity
        self.write = write
    }

    /// One recorded value: the view's trace name, the key path, the value, and (when recorded)
    /// its velocity's numbers in the value's layout.
    private struct Column {
        var view: String
        var keyPath: String
        var value: AnimationValue
        var velocity: [Double] = []
    }

    /// Records one frame of `scene` (at the scene's current time).
    ///
    /// A value that is not finite is never written: the frame is refused with an error naming the
    /// view, the property and the time (the last line of defence behind the input ranges).
    public func record(frame: Int, scene: Scene) throws(NonFiniteValueError) {
        var columns: [Column] = []
        for (name, layer) in Self.traceNames(Self.namedLayers(in: scene.rootView)) {
            for keyPath in selection.keyPaths(for: name) {
                guard let path = try? layer.resolveAnimatablePath(keyPath) else { continue }
                let value = layer.presentationValue(at: path)
                try NonFiniteValueError.check(value, layer: name, property: keyPath, time: scene.currentTime.seconds)
                var column = Column(view: name, keyPath: keyPath, value: value)
                if recordsVelocity {
                    let velocity = layer.presentationVelocity(at: path)
                    try NonFiniteValueError.check(
                        velocity, layer: name, property: keyPath + ".velocity", time: scene.currentTime.seconds)
                    column.velocity = Self.velocityComponents(velocity, laidOutAs: value)
                }
                columns.append(column)
            }
        }
        switch format {
        case .jsonl: write(jsonLine(frame: frame, time: scene.currentTime, columns: columns))
        case .csv:
            if !wroteHeader {
                wroteHeader = true
                let names = columns.flatMap { csvNames($0) }
                let velocityNames = recordsVelocity ? names.map { $0 + ".velocity" } : []
                write((["frame", "time"] + names + velocityNames).map(csvField).joined(separator: ","))
            }
            let velocities = recordsVelocity ? columns.flatMap { $0.velocity.map(formatTraceNumber) } : []
            write(([String(frame), formatNumber(scene.currentTime.seconds)]
                + columns.flatMap { $0.value.components.map(formatTraceNumber) } + velocities).joined(separator: ","))
        }
    }

    /// The numbers of `velocity` in the layout of `value`'s `components`: the same fields, and for
    /// a transform the six affine entries when the value is affine (its 16 entries otherwise).
    static func velocityComponents(_ velocity: AnimationValue, laidOutAs value: AnimationValue) -> [Double] {
        guard case let .transform(rate) = velocity, case let .transform(transform) = value else { return velocity.components }
        return transform.isAffine ? [rate.m11, rate.m12, rate.m21, rate.m22, rate.m41, rate.m42] : rate.entries
    }

    /// The named layers below the scene's root view, depth first, back to front: the layers of
    /// named views, and stand-alone layers (`Layer.new`, `ShapeLayer.new`) given a name.
    static func namedLayers(in root: View) -> [Layer] {
        var result: [Layer] = []
        func visit(_ layer: Layer) {
            if layer.name != nil { result.append(layer) }
            for child in layer.sublayers { visit(child) }
        }
        for child in root.layer.sublayers { visit(child) }
        return result
    }

    /// Each layer with a name no other layer of the frame has in the trace: its own name the first
    /// time (in tree order), then `name#2`, `name#3`, … (skipping any suffix that a layer already
    /// has as its own name). So duplicate names never collapse into one key, and the names depend
    /// only on the tree: equal runs give equal traces.
    static func traceNames(_ layers: [Layer]) -> [(String, Layer)] {
        var taken = Set(layers.map { $0.name ?? "" })
        var seen: Set<String> = []
        var next: [String: Int] = [:]
        return layers.map { layer in
            let name = layer.name ?? ""
            guard !seen.insert(name).inserted else { return (name, layer) }
            var n = next[name] ?? 2
            while taken.contains("\(name)#\(n)") { n += 1 }
            next[name] = n + 1
            let unique = "\(name)#\(n)"
            taken.insert(unique)
            return (unique, layer)
        }
    }

    private func jsonLine(frame: Int, time: MediaTime, columns: [Column]) -> String {
        var line = "{\"frame\":\(frame),\"time\":\(formatTraceNumber(time.seconds)),\"views\":"
        line += jsonViews(columns) { jsonValue($0.value.componentNames, $0.value.components) }
        if recordsVelocity {
            line += ",\"velocity\":" + jsonViews(columns) { jsonValue($0.value.componentNames, $0.velocity) }
        }
        return line + "}"
    }

    /// `{"view":{"keyPath":value,...},...}` with each column's value written by `value`.
    private func jsonViews(_ columns: [Column], _ value: (Column) -> String) -> String {
        var text = "{"
        var currentView: String?
        for column in columns {
            if column.view != currentView {
                if currentView != nil { text += "}," }
                text += "\(jsonString(column.view)):{"
                currentView = column.view
            } else {
                text += ","
            }
            text += "\(jsonString(column.keyPath)):\(value(column))"
        }
        if currentView != nil { text += "}" }
        return text + "}"
    }

    /// A value's numbers as JSON: a bare number, an object of its named fields, or an array.
    private func jsonValue(_ names: [String], _ components: [Double]) -> String {
        let numbers = components.map(formatTraceNumber)
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
