import Synchronization

/// A key path into a layer's animatable properties, resolved once: `position.x`, `bounds.size`,
/// `transform.rotation.z`, `opacity`, or a custom numeric property by name.
///
///     let path = try PropertyPath(parsing: "transform.rotation.z")
///     path.property     // .transform
///     path.component    // .rotationZ
///     path.valueKind    // .scalar — the animation's values are numbers (radians)
///
/// Key paths follow Core Animation's names (CALayer's KVC extensions for structs and transforms):
/// `position.x/y`, `anchorPoint.x/y`, `bounds.origin(.x/.y)`, `bounds.size(.width/.height)`,
/// `shadowOffset.width/height`, `transform.rotation.x/y/z` (`transform.rotation` is `.z`),
/// `transform.scale` (all three axes; reads their average), `transform.scale.x/y/z`,
/// `transform.scale.xy` (x and y together; reads their average),
/// `transform.translation` (a size: x and y), `transform.translation.x/y/z`.
/// A plain name that is not a layer property is a custom property; whether the layer has it is
/// checked where the path is used. The names and sub-paths are `PropertyCatalogue`'s.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible {
    public enum Property: Hashable, Sendable {
        case position, bounds, anchorPoint, opacity, backgroundColor, borderWidth, borderColor, cornerRadius
        case transform, zPosition, shadowColor, shadowOffset, shadowOpacity, shadowRadius
        case strokeStart, strokeEnd, blurRadius
        case sublayerTransform, shadowPath
        case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase
        case colors, locations, startPoint, endPoint
        case instanceDelay, instanceTransform, instanceColor
        case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
        case emitterPosition, emitterSize
        case emitterBirthRate, emitterLifetime, emitterVelocity, emitterScale, emitterSpin
        case custom(String)
    }

    public enum Component: Hashable, Sendable {
        case whole
        case x, y                                   // points
        case width, height                          // sizes
        case origin, size, originX, originY, sizeWidth, sizeHeight   // rects
        case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ, scaleXY
        case translation, translationX, translationY, translationZ   // transforms
    }

    public let property: Property
    public let component: Component
    /// The property's position in `PropertyCatalogue.all`, or -1 for a custom property: reads and
    /// writes by path go straight to its declaration.
    let catalogueIndex: Int16
    /// The kind of value the path holds.
    public let valueKind: ValueKind
    /// The numbers the path reaches as scalar slots, if any.
    let slots: ScalarSlot.Form

    public init(_ property: Property, _ component: Component = .whole) {
        self.property = property
        self.component = component
        catalogueIndex = PropertyCatalogue.index(of: property).map(Int16.init) ?? -1
        guard catalogueIndex >= 0 else {
            (valueKind, slots) = (.scalar, .none)
            return
        }
        let derived = Self.derived[Int(catalogueIndex)]
        valueKind = component.valueKind(in: derived.kind)
        slots = component == .whole ? derived.whole : derived.forms[component] ?? .none
    }

    /// Per catalogue property, what a path derives from its declaration: the value kind, and the
    /// slot form of the whole (apart: most paths made are whole ones, found with no hashing) and
    /// of each sub-path. Worked out once, so making a path (a model change makes a few) neither
    /// copies a declaration nor looks its slots up.
    private static let derived: [(kind: ValueKind, whole: ScalarSlot.Form, forms: [Component: ScalarSlot.Form])] =
        PropertyCatalogue.all.map { entry in
            var forms: [Component: ScalarSlot.Form] = [:]
            for component in entry.valueKind.subPaths.map(\.component) {
                forms[component] = ScalarSlot.Form(entry, component)
            }
            return (entry.valueKind, ScalarSlot.Form(entry, .whole), forms)
        }

    /// Whether the path is the whole `transform`: two tag tests. (A pattern match, not `==`:
    /// equality of `Property` compares the custom case's string; and not the catalogue place,
    /// whose lazily made constant costs a `swift_once` call a read.)
    var isWholeTransform: Bool {
        @inline(__always) get {
            guard case .transform = property else { return false }
            return component == .whole
        }
    }

    /// The property's declaration; nil for a custom property.
    public var catalogueEntry: AnimatableProperty? {
        catalogueIndex >= 0 ? PropertyCatalogue.all[Int(catalogueIndex)] : nil
    }

    /// Whether the path reaches a catalogue property (`catalogueEntry != nil` without copying
    /// the declaration out: a declaration is a dozen fields and closures, and a model change asks).
    public var isCatalogueProperty: Bool { catalogueIndex >= 0 }

    /// The layer class of the catalogue property, read in place; nil for a custom property.
    var catalogueLayerClass: LayerClass? {
        catalogueIndex >= 0 ? PropertyCatalogue.layerClasses[Int(catalogueIndex)] : nil
    }

    /// Key paths resolved before, by their text: scripts name the same few paths again and again
    /// (`layer:setValue(x, "position.x")` for every view of a scene), and resolving one by its
    /// text walks the catalogue. Bounded, as custom names are up to scripts.
    private static let resolved = Mutex<[String: PropertyPath]>([:])
    private static var resolvedLimit: Int { 4_096 }

    /// The longest key path, in UTF-8 bytes: 256. A custom property's name is a script's string;
    /// a megabyte-long one was kept as the layer's key, in the resolved paths and in messages.
    public static let maximumLength = 256

    /// Resolves a key path; an unknown sub-path lists the valid ones.
    public init(parsing keyPath: String) throws(ArgumentError) {
        guard keyPath.utf8.count <= Self.maximumLength else {
            throw ArgumentError(parameter: "keyPath", requirement: "must be at most \(Self.maximumLength) bytes long",
                                value: "\(keyPath.utf8.count) bytes")
        }
        if let known = Self.resolved.withLock({ $0[keyPath] }) {
            self = known
            return
        }
        try self.init(resolving: keyPath)
        let path = self
        Self.resolved.withLock { table in
            if table.count < Self.resolvedLimit { table[keyPath] = path }
        }
    }

    private init(resolving keyPath: String) throws(ArgumentError) {
        let head = keyPath.prefix { $0 != "." }
        let rest = keyPath.dropFirst(head.count + 1)
        guard let entry = PropertyCatalogue.named(head) else {
            guard !head.isEmpty, !keyPath.contains("."), keyPath.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                throw ArgumentError(
                    parameter: "keyPath",
                    requirement: "must be a layer property ("
                        + PropertyCatalogue.all.filter { !$0.isClassScoped }.map(\.name).joined(separator: ", ")
                        + "), one of their sub-paths, or a custom property name",
                    value: "\"\(keyPath)\"")
            }
            self.init(.custom(keyPath))
            return
        }
        let name = entry.name
        if rest.isEmpty && keyPath.count == name.count {
            self.init(entry.property)
            return
        }
        let subPaths = entry.valueKind.subPaths
        guard let component = subPaths.first(where: { $0.name == rest })?.component else {
            let valid = subPaths.map(\.name).sorted().map { "\(name).\($0)" }
            throw ArgumentError(
                parameter: "keyPath",
                requirement: valid.isEmpty
                    ? "must be \"\(name)\" (it has no sub-paths)"
                    : "must be \"\(name)\" or one of " + valid.map { "\"\($0)\"" }.joined(separator: ", "),
                value: "\"\(keyPath)\"")
        }
        self.init(entry.property, component)
    }

    /// The path of the whole property this one is part of (`position` for `position.x`).
    public var wholeProperty: PropertyPath {
        guard component != .whole else { return self }
        return catalogueIndex >= 0 ? Self.wholePaths[Int(catalogueIndex)] : PropertyPath(property)
    }

    /// The kind of the whole property (`valueKind` is the component's).
    private var valueKindOfWhole: ValueKind { Self.derived[Int(catalogueIndex)].kind }

    /// Each catalogue property's whole path, made once (a model change asks for it every time).
    private static let wholePaths = PropertyCatalogue.all.map { PropertyPath($0.property) }

    /// The canonical key path string (`transform.rotation.z` for `transform.rotation`).
    public var description: String {
        if case let .custom(custom) = property { return custom }
        let name = PropertyCatalogue.names[Int(catalogueIndex)]  // no copy of the declaration
        guard component != .whole else { return name }
        let sub = valueKindOfWhole.subPaths.filter { $0.component == component }.map(\.name).max { $0.count < $1.count }!
        return "\(name).\(sub)"
    }
}
