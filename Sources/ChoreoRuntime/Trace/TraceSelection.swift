import ChoreoCore

/// Which values a trace records: named views and key paths on their layers.
///
/// `--props box.opacity,box.position.x` records those; a bare key path (`opacity`) applies to
/// every named view; with no selection every named view records `defaultKeyPaths`.
public struct TraceSelection: Sendable {
    /// One requested value: a view name (nil = every named view) and a key path.
    public struct Item: Hashable, Sendable {
        public var view: String?
        public var keyPath: String
    }

    public var items: [Item]

    /// What a trace records of each named view when nothing is chosen.
    public static let defaultKeyPaths = ["position", "bounds.size", "opacity", "transform", "backgroundColor"]

    public static let all = TraceSelection(items: [])

    public init(items: [Item]) { self.items = items }

    /// Parses `--props`: comma-separated `view.keyPath` or `keyPath` items. A first component that
    /// is a layer property (`opacity`, `position.x`) is a key path for every view; otherwise it
    /// names a view.
    public init(parsing text: String) throws(ArgumentError) {
        var items: [Item] = []
        for raw in text.split(separator: ",") {
            let item = raw.trimmingSpaces()
            guard !item.isEmpty else { continue }
            let head = String(item.prefix { $0 != "." })
            if PropertyCatalogue.named(head) != nil {
                _ = try PropertyPath(parsing: item)
                items.append(Item(view: nil, keyPath: item))
            } else {
                let keyPath = String(item.dropFirst(head.count + 1))
                guard !keyPath.isEmpty else {
                    throw ArgumentError(
                        parameter: "--props", requirement: "takes view.keyPath items such as box.opacity", value: "\"\(item)\"")
                }
                _ = try PropertyPath(parsing: keyPath)
                items.append(Item(view: head, keyPath: keyPath))
            }
        }
        self.items = items
    }

    /// The key paths recorded for the view named `name`.
    func keyPaths(for name: String) -> [String] {
        guard !items.isEmpty else { return Self.defaultKeyPaths }
        return items.filter { $0.view == nil || $0.view == name }.map(\.keyPath)
    }
}
