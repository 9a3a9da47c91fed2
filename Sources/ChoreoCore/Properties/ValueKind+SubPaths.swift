extension ValueKind {
    /// The sub-paths a property of this kind has (`x` and `y` of a point), each with the component
    /// it names, in the order the documentation lists them. `transform.rotation` is `rotation.z`.
    public var subPaths: [(name: String, component: PropertyPath.Component)] {
        switch self {
        case .point: [("x", .x), ("y", .y)]
        case .size: [("width", .width), ("height", .height)]
        case .rect: [("origin", .origin), ("origin.x", .originX), ("origin.y", .originY),
                     ("size", .size), ("size.width", .sizeWidth), ("size.height", .sizeHeight)]
        case .transform: [("rotation", .rotationZ), ("rotation.x", .rotationX), ("rotation.y", .rotationY),
                          ("rotation.z", .rotationZ), ("scale", .scale), ("scale.x", .scaleX), ("scale.y", .scaleY),
                          ("scale.z", .scaleZ), ("scale.xy", .scaleXY), ("translation", .translation), ("translation.x", .translationX),
                          ("translation.y", .translationY), ("translation.z", .translationZ)]
        case .scalar, .color, .path, .colors, .numbers: []
        }
    }
}

extension PropertyPath.Component {
    /// The kind of value this component of a `whole`-kind value holds.
    func valueKind(in whole: ValueKind) -> ValueKind {
        switch self {
        case .whole: whole
        case .origin: .point
        case .size, .translation: .size
        default: .scalar
        }
    }

    /// The two numbers a point or size component of a `whole`-kind value is made of
    /// (`position` → `x`, `y`; `bounds.origin` → `origin.x`, `origin.y`); nil for other components.
    func numericParts(in whole: ValueKind) -> (PropertyPath.Component, PropertyPath.Component)? {
        switch (self, whole) {
        case (.whole, .point): (.x, .y)
        case (.whole, .size): (.width, .height)
        case (.origin, _): (.originX, .originY)
        case (.size, _): (.sizeWidth, .sizeHeight)
        case (.translation, _): (.translationX, .translationY)
        default: nil
        }
    }
}
