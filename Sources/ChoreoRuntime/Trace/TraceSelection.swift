import ChoreoCore

/// Which values a trace records: named layers (views are layers) and key paths on them.
///
/// `--props box.opacity,box.position.x` records those; a bare key path (`opacity`) applies to
/// every named layer; with no selection every named layer records `defaultKeyPaths`. Besides the
/// animatable key paths, `traceOnlyKeyPaths` (`isHidden`, `transition.progress`) can be traced.
public struct TraceSelection: Sendable {
    /// One requested value: a layer's name (nil = every named layer) and a key path.
    public struct Item: Hashable, Sendable {
        public var view: String?
        public var keyPath: String

        public init(view: String?, keyPath: String) {
            self.view = view
            self.keyPath = keyPath
        }

        /// The item as `--props` spells it: `box.opacity`, or `opacity` for every named layer.
        public var text: String { view.map { "\($0).\(keyPath)" } ?? keyPath }
    }

    public var items: [Item]

    /// What a trace records of each named layer when nothing is chosen.
    public static let defaultKeyPaths = ["position", "bounds.size", "opacity", "transform", "backgroundColor"]

    /// Values a trace can record that are not animatable properties: `isHidden` (the layer's own,
    /// `true` or `false`: it changes at once) and `transition.progress` (the progress of the
    /// transition running on the layer, 0...1, or null while none runs). Only when asked for.
    public static let traceOnlyKeyPaths = ["isHidden", "transition.progress"]

    public static let all = TraceSelection(items: [])

    public init(items: [Item]) { self.items = items }

    /// Parses `--props`: comma-separated `name.keyPath` or `keyPath` items. A first component that
    /// is a layer property (`opacity`, `position.x`) or a trace-only key path (`isHidden`) is a key
    /// path for every named layer; otherwise it names a layer (or view). A key path after a name
    /// that is not a layer property may be a custom property set with `setValue`: whether any
    /// layer has it shows only as the scene runs (`TraceRecorder.unmatchedItems`).
    public init(parsing text: String) throws(ArgumentError) {
        var items: [Item] = []
        for raw in text.split(separator: ",") {
            let item = raw.trimmingSpaces()
            guard !item.isEmpty else { continue }
            let head = String(item.prefix { $0 != "." })
            // A layer class's own names (an emitter's `birthRate`) are key paths too.
            let classScoped = PropertyCatalogue.all.contains { $0.isClassScoped && $0.name == item }
            if Self.traceOnlyKeyPaths.contains(item) || PropertyCatalogue.named(head) != nil || classScoped {
                if !Self.traceOnlyKeyPaths.contains(item) { _ = try PropertyPath(parsing: item) }
                items.append(Item(view: nil, keyPath: item))
                continue
            }
            let keyPath = String(item.dropFirst(head.count + 1))
            guard !keyPath.isEmpty else {
                throw ArgumentError(parameter: "--props", requirement: Self.itemRule(naming: head), value: "\"\(item)\"")
            }
            if !Self.traceOnlyKeyPaths.contains(keyPath) { _ = try PropertyPath(parsing: keyPath) }
            items.append(Item(view: head, keyPath: keyPath))
        }
        self.items = items
    }

    /// The key paths recorded for the layer named `name`.
    func keyPaths(for name: String) -> [String] {
        guard !items.isEmpty else { return Self.defaultKeyPaths }
        return items.filter { $0.view == nil || $0.view == name }.map(\.keyPath)
    }

    /// Every key path `--props` knows without running the scene: the catalogue's properties, then
    /// the trace-only ones.
    public static var knownKeyPaths: [String] { PropertyCatalogue.all.map(\.name) + traceOnlyKeyPaths }

    /// What a `--props` item must be, for one that is neither a key path nor `name.keyPath`; when
    /// `word` is a view's name for a layer property (`alpha`, `center`) it says which.
    static func itemRule(naming word: String) -> String {
        "takes keyPath items (\(knownKeyPaths.joined(separator: ", "))) or name.keyPath items such as box.opacity"
            + (propertyHint(word).map { "; \($0)" } ?? "")
    }

    /// "a view's alpha is the layer's opacity" for a UIKit name of a layer property, else nil.
    static func propertyHint(_ word: String) -> String? {
        guard let entry = PropertyCatalogue.all.first(where: { $0.viewName == word && $0.name != word }) else { return nil }
        return "a view's \(word) is the layer's \(entry.name)"
    }
}
