import ChoreoCore

/// Records presentation values frame by frame as JSONL or CSV (DESIGN §7).
///
///     {"frame":3,"time":0.05,"views":{"box":{"opacity":0.5,"position":{"x":60,"y":140}}}}
///
/// The traced layers are the named layers below the scene's root layer in tree order (depth first,
/// back to front): the views' layers under their views' names, and stand-alone layers
/// (`Layer.new{ name = ... }` added to the tree) under theirs. Values are their presentation at
/// the frame's time. Numbers use the shortest form that reads back
/// to the same double (integers without a fraction), so equal runs give byte-identical traces.
/// Compound values: points `{"x","y"}`, sizes `{"width","height"}`, rects `{"x","y","width","height"}`,
/// colors `{"r","g","b","a"}` (components 0...1), transforms `[a,b,c,d,tx,ty]` when affine, else
/// their 16 entries m11…m44. CSV flattens them into columns (`box.position.x`, `box.color.r`),
/// laid out by the value's kind, never by one frame's value, so that one header fits every row:
/// a transform is always its 16 entries (`box.transform.m11` … `m44`), affine or not
/// (TraceRecorder+CSV.swift).
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
/// written as its value is (in JSONL six `[a,b,c,d,tx,ty]` when the value is affine, else 16; in
/// CSV always 16). The trace-only values (`isHidden`, `transition.progress`) have no velocity.
/// Without it the trace is exactly as before.
///
/// Selected items that never record anything (`--props bx.opacity` when no layer is named `bx`,
/// `box.alpha` when no layer has a custom `alpha`) are listed by `unmatchedItems` once the run
/// is over, and `explainUnmatched` says what would have matched: `choreo trace` makes them a
/// usage error.
public final class TraceRecorder {
    public enum Format: String, CaseIterable, Sendable { case jsonl, csv }

    public let format: Format
    public let selection: TraceSelection
    /// Whether each value's velocity is recorded too.
    public let recordsVelocity: Bool
    let write: (String) -> Void
    /// The CSV header's value columns, fixed at the first frame (TraceRecorder+CSV.swift).
    var csvColumns: [String]?
    /// CSV columns of later frames that the header does not have (a layer named after the first
    /// frame), in the order first met; at most `maximumReportedNames`.
    public internal(set) var csvColumnsLeftOut: [String] = []
    var csvLeftOutSet: Set<String> = []
    /// The selected items that have recorded a value in some frame.
    private var matchedItems: Set<TraceSelection.Item> = []
    /// The trace names of the layers seen, in the order first met; at most `maximumReportedNames`.
    public private(set) var layerNamesSeen: [String] = []
    private var layerNamesSeenSet: Set<String> = []

    /// How many names an error message or warning lists at most.
    static let maximumReportedNames = 50

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

    /// What one column records: an animatable property's value, or a trace-only one.
    enum Value {
        case animatable(AnimationValue)
        /// `isHidden`.
        case flag(Bool)
        /// `transition.progress`: nil while no transition runs.
        case optionalNumber(Double?)
    }

    /// One recorded value: the layer's trace name, the key path, the value, and (when recorded)
    /// its velocity's value (animatable properties only).
    struct Column {
        var view: String
        var keyPath: String
        var value: Value
        var velocity: AnimationValue?
    }

    /// Records one frame of `scene` (at the scene's current time).
    ///
    /// A value that is not finite is never written: the frame is refused with an error naming the
    /// layer, the property and the time (the last line of defence behind the input ranges).
    public func record(frame: Int, scene: Scene) throws(NonFiniteValueError) {
        var columns: [Column] = []
        let time = scene.currentTime.seconds
        for (name, layer) in Self.traceNames(Self.namedLayers(in: scene.rootLayer)) {
            noteLayerName(name)
            let items = selection.items.isEmpty
                ? TraceSelection.defaultKeyPaths.map { TraceSelection.Item(view: nil, keyPath: $0) }
                : selection.items.filter { $0.view == nil || $0.view == name }
            for item in items {
                guard let column = try Self.column(item.keyPath, of: layer, named: name, time: time, velocity: recordsVelocity)
                else { continue }
                matchedItems.insert(item)
                columns.append(column)
            }
        }
        switch format {
        case .jsonl: write(jsonLine(frame: frame, time: scene.currentTime, columns: columns))
        case .csv: writeCSV(frame: frame, time: time, columns: columns)
        }
    }

    /// The column `keyPath` records of `layer`, or nil when the layer has no such property (a
    /// custom property it never set).
    private static func column(
        _ keyPath: String, of layer: Layer, named name: String, time: Double, velocity: Bool
    ) throws(NonFiniteValueError) -> Column? {
        switch keyPath {
        case "isHidden": return Column(view: name, keyPath: keyPath, value: .flag(layer.isHidden))
        case "transition.progress":
            let progress = layer.presentationTransition?.progress
            if let progress { try NonFiniteValueError.check(.scalar(progress), layer: name, property: keyPath, time: time) }
            return Column(view: name, keyPath: keyPath, value: .optionalNumber(progress))
        default:
            guard let path = try? layer.resolveAnimatablePath(keyPath) else { return nil }
            let value = layer.presentationValue(at: path)
            try NonFiniteValueError.check(value, layer: name, property: keyPath, time: time)
            var column = Column(view: name, keyPath: keyPath, value: .animatable(value))
            if velocity {
                let rate = layer.presentationVelocity(at: path)
                try NonFiniteValueError.check(rate, layer: name, property: keyPath + ".velocity", time: time)
                column.velocity = rate
            }
            return column
        }
    }

    private func noteLayerName(_ name: String) {
        guard layerNamesSeen.count < Self.maximumReportedNames, layerNamesSeenSet.insert(name).inserted else { return }
        layerNamesSeen.append(name)
    }

    /// The selected items that recorded nothing in any frame so far, naming a layer or a property
    /// that is not a layer property: a layer no frame had, or a property none of its layers had.
    /// (A bare layer property, `opacity`, records nothing only when no layer is named.)
    public var unmatchedItems: [TraceSelection.Item] {
        selection.items.filter { item in
            !matchedItems.contains(item) && (item.view != nil || PropertyCatalogue.named(item.keyPath.prefix { $0 != "." }) == nil)
        }
    }

    /// Why `item` recorded nothing, naming what would have: the named layers seen, or the key
    /// paths a layer has.
    public func explainUnmatched(_ item: TraceSelection.Item) -> String {
        let seen = layerNamesSeen.isEmpty ? "no layer or view has a name" : "named: " + layerNamesSeen.joined(separator: ", ")
        if let view = item.view, !layerNamesSeenSet.contains(view) {
            return "--props \(item.text) matched nothing: no layer or view is named \"\(view)\" in any frame (\(seen))"
        }
        let hint = TraceSelection.propertyHint(item.keyPath).map { "; \($0)" } ?? ""
        return "--props \(item.text) matched nothing: \"\(item.keyPath)\" is not a property of any traced layer (key paths: "
            + TraceSelection.knownKeyPaths.joined(separator: ", ") + ", or a custom property set with setValue\(hint))"
    }

    /// The numbers of `velocity` in the layout of `value`'s `components`: the same fields, and for
    /// a transform the six affine entries when the value is affine (its 16 entries otherwise).
    static func velocityComponents(_ velocity: AnimationValue, laidOutAs value: AnimationValue) -> [Double] {
        guard case let .transform(rate) = velocity, case let .transform(transform) = value else { return velocity.components }
        return transform.isAffine ? [rate.m11, rate.m12, rate.m21, rate.m22, rate.m41, rate.m42] : rate.entries
    }

    /// The named layers below `root`, depth first, back to front: views' layers (a view's name is
    /// its layer's) and stand-alone layers alike.
    static func namedLayers(in root: Layer) -> [Layer] {
        var result: [Layer] = []
        func visit(_ layer: Layer) {
            if layer.name != nil { result.append(layer) }
            for child in layer.sublayers { visit(child) }
        }
        for child in root.sublayers { visit(child) }
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
        line += jsonViews(columns) { Self.jsonValue($0.value) }
        if recordsVelocity {
            let rated = columns.filter { $0.velocity != nil }
            line += ",\"velocity\":" + jsonViews(rated) { column in
                guard case let .animatable(value) = column.value, let rate = column.velocity else { return "null" }
                return Self.jsonNumbers(value.componentNames, Self.velocityComponents(rate, laidOutAs: value))
            }
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

    private static func jsonValue(_ value: Value) -> String {
        switch value {
        case let .animatable(value): jsonNumbers(value.componentNames, value.components)
        case let .flag(flag): flag ? "true" : "false"
        case let .optionalNumber(number): number.map(formatTraceNumber) ?? "null"
        }
    }

    /// A value's numbers as JSON: a bare number, an object of its named fields, or an array.
    private static func jsonNumbers(_ names: [String], _ components: [Double]) -> String {
        let numbers = components.map(formatTraceNumber)
        if names.isEmpty {
            return numbers.count == 1 ? numbers[0] : "[" + numbers.joined(separator: ",") + "]"
        }
        return "{" + zip(names, numbers).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
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
public func jsonString(_ text: String) -> String {
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
