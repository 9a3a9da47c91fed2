/// The animatable layer properties, each declared once (Lottie's `LayerProperty` idea).
///
/// The order is the one error messages and the documentation list them in. Adding an animatable
/// property: a stored field in `LayerProperties` (its initial value is Core Animation's default),
/// a `PropertyPath.Property` case, and one entry here; a property whose numbers the frame loop
/// should reach directly also names its `ScalarSlot`s (a case and its two subscript lines). The
/// renderer draws it. Tests check the rest follows (key paths, Lua bindings, the docs table).
///
///     PropertyCatalogue.named("opacity")?.view      // .uikit("alpha")
///     PropertyCatalogue.all.map(\.name)             // ["position", "bounds", "anchorPoint", ...]
public enum PropertyCatalogue {
    public static let all: [AnimatableProperty] = [
        .init("position", .position, "where the anchor point sits in the superlayer", applyOrder: 20,
              get: { $0.position }, set: { $0.position = $1 }, view: .uikit("center"),
              slots: [.x: .positionX, .y: .positionY]),
        .init("bounds", .bounds, "the layer's own rectangle: its size, and the origin its sublayers are placed from",
              applyOrder: 10, get: { $0.bounds }, set: { $0.bounds = $1 }, view: .uikit("bounds"),
              slots: [.originX: .boundsOriginX, .originY: .boundsOriginY,
                      .sizeWidth: .boundsWidth, .sizeHeight: .boundsHeight]),
        .init("anchorPoint", .anchorPoint,
              "the point of the bounds, in unit coordinates, that position places and transforms turn around",
              applyOrder: 0, get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 },
              slots: [.x: .anchorPointX, .y: .anchorPointY]),
        .init("opacity", .opacity, "0 (transparent) to 1 (opaque), for the layer and its sublayers", applyOrder: 50,
              get: { $0.opacity }, set: { $0.opacity = $1 }, view: .uikit("alpha"), slots: [.whole: .opacity]),
        .init("backgroundColor", .backgroundColor, "fills the bounds, inside the rounded corners", applyOrder: 60,
              get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 }, view: .uikit("backgroundColor")),
        .init("borderWidth", .borderWidth, "the border's width, drawn inside the bounds", applyOrder: 80,
              get: { $0.borderWidth }, set: { $0.borderWidth = $1 }, view: .sameName, slots: [.whole: .borderWidth]),
        .init("borderColor", .borderColor, "the border's color", applyOrder: 90,
              get: { $0.borderColor }, set: { $0.borderColor = $1 }, view: .sameName),
        .init("cornerRadius", .cornerRadius, "rounds the background and the border", applyOrder: 70,
              get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 }, view: .sameName, slots: [.whole: .cornerRadius]),
        .init("transform", .transform, "a 3D transform about the anchor point (a view's `transform` is its 2D face)",
              applyOrder: 30, get: { $0.transform }, set: { $0.transform = $1 }, view: .uikit("transform")),
        .init("zPosition", .zPosition, "drawing order among siblings: higher is in front", applyOrder: 40,
              get: { $0.zPosition }, set: { $0.zPosition = $1 }, slots: [.whole: .zPosition]),
        .init("shadowColor", .shadowColor, "the shadow's color", applyOrder: 100,
              get: { $0.shadowColor }, set: { $0.shadowColor = $1 }, view: .sameName),
        .init("shadowOffset", .shadowOffset, "the shadow's offset from the layer", applyOrder: 110,
              get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 }, view: .sameName,
              slots: [.width: .shadowOffsetWidth, .height: .shadowOffsetHeight]),
        .init("shadowOpacity", .shadowOpacity, "the shadow's opacity (0, the default, hides it)", applyOrder: 120,
              get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 }, view: .sameName,
              slots: [.whole: .shadowOpacity]),
        .init("shadowRadius", .shadowRadius, "how far the shadow is blurred", applyOrder: 130,
              get: { $0.shadowRadius }, set: { $0.shadowRadius = $1 }, view: .sameName,
              slots: [.whole: .shadowRadius]),
        .init("strokeStart", .strokeStart, "where a shape's stroke starts, as a fraction of its path", applyOrder: 140,
              get: { $0.strokeStart }, set: { $0.strokeStart = $1 }, view: .contentView("ShapeView"), slots: [.whole: .strokeStart]),
        .init("strokeEnd", .strokeEnd, "where a shape's stroke ends, as a fraction of its path", applyOrder: 150,
              get: { $0.strokeEnd }, set: { $0.strokeEnd = $1 }, view: .contentView("ShapeView"), slots: [.whole: .strokeEnd]),
        .init("blurRadius", .blurRadius, "a BlurView's blur of what is behind it (a Gaussian's deviation, in points)",
              applyOrder: 160, get: { $0.blurRadius }, set: { $0.blurRadius = $1 }, view: .contentView("BlurView"),
              slots: [.whole: .blurRadius]),
    ] + featureProperties + shapeProperties + gradientProperties + replicatorProperties + emitterProperties

    /// The property a key path's first component names; nil for custom properties (and for the
    /// names only a layer class has, `AnimatableProperty.isClassScoped`).
    public static func named(_ name: some StringProtocol) -> AnimatableProperty? {
        all.first { $0.name == name && !$0.isClassScoped }
    }

    /// The property named `name` on a layer of `layerClass`, the class-scoped ones included.
    public static func named(_ name: some StringProtocol, on layerClass: LayerClass) -> AnimatableProperty? {
        all.first { $0.name == name && (!$0.isClassScoped || $0.layerClass == layerClass) }
    }

    /// The declaration of a named property; nil for `.custom`.
    public static func entry(for property: PropertyPath.Property) -> AnimatableProperty? {
        index(of: property).map { all[$0] }
    }

    /// The position of `property` in `all`; nil for `.custom`.
    static func index(of property: PropertyPath.Property) -> Int? {
        if case .custom = property { return nil }
        return all.firstIndex { $0.property == property }
    }

    /// Per layer class, whether each of its properties' values in some properties is finite (in
    /// `all`'s order), for the properties whose numbers are not all scalar slots (those the
    /// renderer checks in place, `LayerProperties.slotsAreFinite`): it asks this of every layer it
    /// draws, every frame, so it reaches each field through a closure of its own rather than
    /// through a copy of the declaration, and asks a class's only of a layer that holds that
    /// class's properties.
    static let finiteChecks: [LayerClass: [@Sendable (inout LayerProperties) -> Bool]] =
        Dictionary(grouping: all.filter { PropertyPath($0.property).slots == .none }, by: \.layerClass)
            .mapValues { $0.map(\.isFiniteIn) }
    static let finiteChecksOfEveryLayer = finiteChecks[.layer] ?? []

    /// The properties in the order constructors (`Layer.new{...}`, `View.new{...}`) apply them.
    public static let inApplyOrder = all.sorted { $0.applyOrder < $1.applyOrder }

    /// Each property's reader and writer, by catalogue index: reading or writing by path takes
    /// one closure out of these, where indexing `all` copies the whole declaration out (a dozen
    /// fields and closures, retained and released on every model change).
    static let readers = all.map(\.read)
    static let writers = all.map(\.write)
    /// Each property's name and layer class, by catalogue index, for the same reason.
    static let names = all.map(\.name)
    static let layerClasses = all.map(\.layerClass)

    /// Every key path of every property, in catalogue order (`position`, `position.x`, ...).
    public static var keyPaths: [String] { all.flatMap(\.keyPaths) }
}
