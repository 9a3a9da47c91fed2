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
/// `transform.translation` (a size: x and y), `transform.translation.x/y/z`.
/// A plain name that is not a layer property is a custom property; whether the layer has it is
/// checked where the path is used.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible {
    public enum Property: Hashable, Sendable {
        case position, bounds, anchorPoint, opacity, backgroundColor, borderWidth, borderColor, cornerRadius
        case transform, zPosition, shadowColor, shadowOffset, shadowOpacity, shadowRadius
        case strokeStart, strokeEnd, blurRadius
        case custom(String)
    }

    public enum Component: Hashable, Sendable {
        case whole
        case x, y                                   // points
        case width, height                          // sizes
        case origin, size, originX, originY, sizeWidth, sizeHeight   // rects
        case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ
        case translation, translationX, translationY, translationZ   // transforms
    }

    public let property: Property
    public let component: Component

    public init(_ property: Property, _ component: Component = .whole) {
        self.property = property
        self.component = component
    }

    /// The named properties with their value kinds, in the order error messages list them.
    static let namedProperties: [(String, Property, ValueKind)] = [
        ("position", .position, .point), ("bounds", .bounds, .rect), ("anchorPoint", .anchorPoint, .point),
        ("opacity", .opacity, .scalar), ("backgroundColor", .backgroundColor, .color),
        ("borderWidth", .borderWidth, .scalar), ("borderColor", .borderColor, .color),
        ("cornerRadius", .cornerRadius, .scalar), ("transform", .transform, .transform),
        ("zPosition", .zPosition, .scalar), ("shadowColor", .shadowColor, .color),
        ("shadowOffset", .shadowOffset, .size), ("shadowOpacity", .shadowOpacity, .scalar),
        ("shadowRadius", .shadowRadius, .scalar), ("strokeStart", .strokeStart, .scalar),
        ("strokeEnd", .strokeEnd, .scalar), ("blurRadius", .blurRadius, .scalar),
    ]

    /// The sub-paths each kind of value has.
    private static let components: [ValueKind: [String: Component]] = [
        .point: ["x": .x, "y": .y],
        .size: ["width": .width, "height": .height],
        .rect: ["origin": .origin, "size": .size, "origin.x": .originX, "origin.y": .originY,
                "size.width": .sizeWidth, "size.height": .sizeHeight],
        .transform: ["rotation": .rotationZ, "rotation.x": .rotationX, "rotation.y": .rotationY,
                     "rotation.z": .rotationZ, "scale": .scale, "scale.x": .scaleX, "scale.y": .scaleY,
                     "scale.z": .scaleZ, "translation": .translation, "translation.x": .translationX,
                     "translation.y": .translationY, "translation.z": .translationZ],
    ]

    /// Resolves a key path; an unknown sub-path lists the valid ones.
    public init(parsing keyPath: String) throws(ArgumentError) {
        let head = keyPath.prefix { $0 != "." }
        let rest = keyPath.dropFirst(head.count + 1)
        guard let (name, property, kind) = Self.namedProperties.first(where: { $0.0 == head }) else {
            guard !head.isEmpty, !keyPath.contains("."), keyPath.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                throw ArgumentError(
                    parameter: "keyPath",
                    requirement: "must be a layer property ("
                        + Self.namedProperties.map(\.0).joined(separator: ", ") + "), one of their sub-paths, or a custom property name",
                    value: "\"\(keyPath)\"")
            }
            self.init(.custom(keyPath))
            return
        }
        if rest.isEmpty && keyPath.count == name.count {
            self.init(property)
            return
        }
        guard let component = Self.components[kind]?[String(rest)] else {
            let valid = (Self.components[kind] ?? [:]).keys.sorted().map { "\(name).\($0)" }
            throw ArgumentError(
                parameter: "keyPath",
                requirement: valid.isEmpty
                    ? "must be \"\(name)\" (it has no sub-paths)"
                    : "must be \"\(name)\" or one of " + valid.map { "\"\($0)\"" }.joined(separator: ", "),
                value: "\"\(keyPath)\"")
        }
        self.init(property, component)
    }

    /// The kind of value the path holds.
    public var valueKind: ValueKind {
        switch component {
        case .whole:
            if case .custom = property { return .scalar }
            return Self.namedProperties.first { $0.1 == property }!.2
        case .origin: return .point
        case .size, .translation: return .size
        default: return .scalar
        }
    }

    /// The path of the whole property this one is part of (`position` for `position.x`).
    public var wholeProperty: PropertyPath { PropertyPath(property) }

    /// The canonical key path string.
    public var description: String {
        let name: String
        if case let .custom(custom) = property {
            name = custom
        } else {
            name = Self.namedProperties.first { $0.1 == property }!.0
        }
        guard component != .whole else { return name }
        let kind = PropertyPath(property).valueKind
        let sub = Self.components[kind]!.filter { $0.value == component }.map(\.key).max { $0.count < $1.count }!
        return "\(name).\(sub)"
    }
}
