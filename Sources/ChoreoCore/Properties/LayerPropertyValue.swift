/// A type a layer property stores (`Double`, `Point`, `Size`, `Rect`, `Color`, `Transform3D`), with
/// the parts of it that Core Animation's key paths reach: `x` of a point, `size.width` of a rect,
/// `rotation.z` of a transform.
///
/// The property catalogue reads and writes every property through these requirements, so a new
/// property of an existing type needs no code of its own:
///
///     Point(x: 3, y: 4).value(at: .y)                     // .scalar(4)
///     var r = Rect.zero; r.setValue(.scalar(20), at: .sizeWidth)   // r.size.width == 20
///
/// A value of another kind than the component holds is ignored when written (values are checked
/// against `PropertyPath.valueKind` before they get here, when an animation is added or a script
/// sets a property).
protocol LayerPropertyValue: Sendable {
    /// The kind of `AnimationValue` the whole value is.
    static var valueKind: ValueKind { get }
    /// The value as animations carry it.
    var animationValue: AnimationValue { get }
    /// The value an `AnimationValue` of `valueKind` holds; nil for another kind.
    init?(_ value: AnimationValue)
    /// The part `component` names (`.whole`: the value itself).
    func value(at component: PropertyPath.Component) -> AnimationValue
    /// Writes the part `component` names.
    mutating func setValue(_ value: AnimationValue, at component: PropertyPath.Component)
    /// Whether every number of the value is finite, read in place (the renderer asks it of
    /// every property of every layer it draws).
    var isFiniteValue: Bool { get }
}

extension LayerPropertyValue {
    var isFiniteValue: Bool { animationValue.isFinite }

    /// Values with no parts: only `.whole`.
    func value(at component: PropertyPath.Component) -> AnimationValue { animationValue }

    mutating func setValue(_ value: AnimationValue, at component: PropertyPath.Component) {
        if component == .whole, let whole = Self(value) { self = whole }
    }
}

extension Double: LayerPropertyValue {
    static var valueKind: ValueKind { .scalar }
    var isFiniteValue: Bool { isFinite }
    var animationValue: AnimationValue { .scalar(self) }
    init?(_ value: AnimationValue) {
        guard case let .scalar(v) = value else { return nil }
        self = v
    }
}

extension Color: LayerPropertyValue {
    static var valueKind: ValueKind { .color }
    var isFiniteValue: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
    var animationValue: AnimationValue { .color(self) }
    init?(_ value: AnimationValue) {
        guard case let .color(v) = value else { return nil }
        self = v
    }
}

extension Point: LayerPropertyValue {
    static var valueKind: ValueKind { .point }
    var isFiniteValue: Bool { x.isFinite && y.isFinite }
    var animationValue: AnimationValue { .point(self) }
    init?(_ value: AnimationValue) {
        guard case let .point(v) = value else { return nil }
        self = v
    }

    func value(at component: PropertyPath.Component) -> AnimationValue {
        switch component {
        case .x: .scalar(x)
        case .y: .scalar(y)
        default: .point(self)
        }
    }

    mutating func setValue(_ value: AnimationValue, at component: PropertyPath.Component) {
        switch (component, value) {
        case let (.x, .scalar(v)): x = v
        case let (.y, .scalar(v)): y = v
        case let (.whole, .point(v)): self = v
        default: break
        }
    }
}

extension Size: LayerPropertyValue {
    static var valueKind: ValueKind { .size }
    var isFiniteValue: Bool { width.isFinite && height.isFinite }
    var animationValue: AnimationValue { .size(self) }
    init?(_ value: AnimationValue) {
        guard case let .size(v) = value else { return nil }
        self = v
    }

    func value(at component: PropertyPath.Component) -> AnimationValue {
        switch component {
        case .width: .scalar(width)
        case .height: .scalar(height)
        default: .size(self)
        }
    }

    mutating func setValue(_ value: AnimationValue, at component: PropertyPath.Component) {
        switch (component, value) {
        case let (.width, .scalar(v)): width = v
        case let (.height, .scalar(v)): height = v
        case let (.whole, .size(v)): self = v
        default: break
        }
    }
}

extension Rect: LayerPropertyValue {
    static var valueKind: ValueKind { .rect }
    var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue }
    var animationValue: AnimationValue { .rect(self) }
    init?(_ value: AnimationValue) {
        guard case let .rect(v) = value else { return nil }
        self = v
    }

    func value(at component: PropertyPath.Component) -> AnimationValue {
        switch component {
        case .origin: .point(origin)
        case .size: .size(size)
        case .originX: .scalar(origin.x)
        case .originY: .scalar(origin.y)
        case .sizeWidth: .scalar(size.width)
        case .sizeHeight: .scalar(size.height)
        default: .rect(self)
        }
    }

    mutating func setValue(_ value: AnimationValue, at component: PropertyPath.Component) {
        switch (component, value) {
        case let (.origin, .point(v)): origin = v
        case let (.size, .size(v)): size = v
        case let (.originX, .scalar(v)): origin.x = v
        case let (.originY, .scalar(v)): origin.y = v
        case let (.sizeWidth, .scalar(v)): size.width = v
        case let (.sizeHeight, .scalar(v)): size.height = v
        case let (.whole, .rect(v)): self = v
        default: break
        }
    }
}

/// An element of a list property (a gradient's `colors`, its `locations`): the list case of
/// `AnimationValue` that holds it.
protocol LayerPropertyListElement: Sendable {
    static var listKind: ValueKind { get }
    static func list(_ elements: [Self]) -> AnimationValue
    static func elements(of value: AnimationValue) -> [Self]?
}

extension Color: LayerPropertyListElement {
    static var listKind: ValueKind { .colors }
    static func list(_ elements: [Color]) -> AnimationValue { .colors(elements) }
    static func elements(of value: AnimationValue) -> [Color]? {
        if case let .colors(v) = value { v } else { nil }
    }
}

extension Double: LayerPropertyListElement {
    static var listKind: ValueKind { .numbers }
    static func list(_ elements: [Double]) -> AnimationValue { .numbers(elements) }
    static func elements(of value: AnimationValue) -> [Double]? {
        if case let .numbers(v) = value { v } else { nil }
    }
}

/// Lists are written whole: Core Animation's key paths reach no element of `colors`.
extension Array: LayerPropertyValue where Element: LayerPropertyListElement {
    static var valueKind: ValueKind { Element.listKind }
    var animationValue: AnimationValue { Element.list(self) }
    init?(_ value: AnimationValue) {
        guard let elements = Element.elements(of: value) else { return nil }
        self = elements
    }
}
