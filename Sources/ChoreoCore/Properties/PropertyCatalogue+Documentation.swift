/// The catalogue as the property table of docs/lua-api.md: a test compares the two, so the
/// documentation cannot drift from the properties scripts actually have.
extension PropertyCatalogue {
    /// The Markdown table of the animatable properties, one row each in catalogue order: key path,
    /// value kind, Core Animation's default (as a script would write it), sub-paths, the name on
    /// a view, and what it does.
    public static var documentationTable: String {
        var lines = [
            "| Property | Value | Default | Sub-paths | On a view | What it does |",
            "|---|---|---|---|---|---|",
        ]
        for property in all {
            let subPaths = property.valueKind.subPaths.map { "`.\($0.name)`" }.joined(separator: ", ")
            let view: String
            switch property.view {
            case .layerOnly: view = "—"
            case let .uikit(name): view = "`\(name)` (UIKit)"
            case .sameName: view = "`\(property.name)`"
            case let .contentView(kind): view = "`\(property.name)` (\(kind))"
            }
            let cells = [
                "`\(property.name)`", property.valueKind.rawValue, "`\(documentedDefaults[property.name] ?? luaLiteral(property.defaultValue))`",
                subPaths.isEmpty ? "—" : subPaths, view, property.summary,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as a script writes it: `1`, `{0.5, 0.5}`, `"#000000ff"`, `Transform.identity()`.
    static func luaLiteral(_ value: AnimationValue) -> String {
        switch value {
        case let .scalar(v): formatNumber(v)
        case let .point(p): "{\(formatNumber(p.x)), \(formatNumber(p.y))}"
        case let .size(s): "{\(formatNumber(s.width)), \(formatNumber(s.height))}"
        case let .rect(r):
            "{\([r.origin.x, r.origin.y, r.size.width, r.size.height].map(formatNumber).joined(separator: ", "))}"
        case let .color(c): "\"\(c.hexString)\""
        case let .transform(t): t == .identity ? "Transform.identity()" : t.description
        case let .path(path): "{" + path.elements.map(luaCommand).joined(separator: ", ") + "}"
        case let .colors(colors): "{\(colors.map { "\"\($0.hexString)\"" }.joined(separator: ", "))}"
        case let .numbers(numbers): "{\(numbers.map(formatNumber).joined(separator: ", "))}"
        }
    }

    /// A path element as a script's command: `{"move", 0, 0}`.
    private static func luaCommand(_ element: BezierPath.Element) -> String {
        let (verb, points): (String, [Point]) = switch element {
        case let .move(p): ("move", [p])
        case let .line(p): ("line", [p])
        case let .quadCurve(p, c): ("quad", [c, p])
        case let .curve(p, c1, c2): ("curve", [c1, c2, p])
        case .close: ("close", [])
        }
        return "{" + (["\"\(verb)\""] + points.flatMap { [formatNumber($0.x), formatNumber($0.y)] }).joined(separator: ", ") + "}"
    }
}
