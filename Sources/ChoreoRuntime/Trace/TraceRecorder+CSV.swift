import ChoreoCore

/// CSV: one header for every row.
///
/// The header is written with the first frame: `frame,time`, then a column per number of each
/// value the first frame records, then (with velocity) a `.velocity` column per value column.
/// Columns are laid out by the value's kind, never by the frame's value: a transform is always
/// its 16 entries `NAME.m11` … `NAME.m44` (affine or not), so a transform that turns 3D halfway
/// keeps its columns. Selected `name.keyPath` items whose layer the first frame does not have
/// yet get their columns too (laid out by the key path's kind), after the others. A later row
/// leaves a field empty when its layer or value is absent (a removed layer, no transition
/// running); a column the header lacks (a layer named only later, found by a bare key path or
/// the default selection) is left out and listed in `csvColumnsLeftOut`, which `choreo trace`
/// reports (JSONL records every frame in full).
extension TraceRecorder {
    func writeCSV(frame: Int, time: Double, columns: [Column]) {
        var fields: [String: String] = [:]
        var names: [String] = []
        var velocityNames: [String] = []
        for column in columns {
            for (name, field) in Self.csvFields(column.value, base: column.view + "." + column.keyPath) {
                fields[name] = field
                names.append(name)
            }
            if let rate = column.velocity {
                for (name, number) in Self.csvNumbers(rate, base: column.view + "." + column.keyPath) {
                    fields[name + ".velocity"] = formatTraceNumber(number)
                    velocityNames.append(name + ".velocity")
                }
            }
        }
        if csvColumns == nil {
            let absent = selection.items.filter { item in
                item.view != nil && !columns.contains { $0.view == item.view && $0.keyPath == item.keyPath }
            }
            let planned = absent.map { Self.plannedColumns($0, velocity: recordsVelocity) }
            let header = names + planned.flatMap(\.values) + velocityNames + planned.flatMap(\.velocities)
            csvColumns = header
            write((["frame", "time"] + header).map(csvField).joined(separator: ","))
        }
        let header = csvColumns ?? []
        let known = Set(header)
        for name in names + velocityNames where !known.contains(name) && csvLeftOutSet.insert(name).inserted {
            if csvColumnsLeftOut.count < Self.maximumReportedNames { csvColumnsLeftOut.append(name) }
        }
        write(([String(frame), formatNumber(time)] + header.map { fields[$0] ?? "" }).joined(separator: ","))
    }

    /// The columns and fields of one value: numbers by `csvNumbers`; `isHidden` as `true` or
    /// `false`; a transition's progress, or an empty field while none runs.
    static func csvFields(_ value: Value, base: String) -> [(String, String)] {
        switch value {
        case let .animatable(value): csvNumbers(value, base: base).map { ($0, formatTraceNumber($1)) }
        case let .flag(flag): [(base, flag ? "true" : "false")]
        case let .optionalNumber(number): [(base, number.map(formatTraceNumber) ?? "")]
        }
    }

    /// The columns of a value by its kind: `base` for a number, `base.x` … for compound values,
    /// `base.m11` … `base.m44` for a transform (all 16 entries, affine or not).
    static func csvNumbers(_ value: AnimationValue, base: String) -> [(String, Double)] {
        value.namedComponents.map { name, number in (name.isEmpty ? base : base + "." + name, number) }
    }

    /// The columns a selected `name.keyPath` item will have, from its key path's kind: the
    /// default value of a layer property, one number for a custom property.
    static func plannedColumns(_ item: TraceSelection.Item, velocity: Bool) -> (values: [String], velocities: [String]) {
        let base = item.text
        if TraceSelection.traceOnlyKeyPaths.contains(item.keyPath) { return ([base], []) }
        let value = (try? PropertyPath(parsing: item.keyPath)).map { LayerProperties().value(at: $0) } ?? .scalar(0)
        let values = csvNumbers(value, base: base).map(\.0)
        return (values, velocity ? values.map { $0 + ".velocity" } : [])
    }
}
