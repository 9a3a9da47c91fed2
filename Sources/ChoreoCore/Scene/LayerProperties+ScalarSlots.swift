/// A number a key path reaches directly, with no decomposition: `position.x`, `opacity`,
/// `bounds.size.width`, ... The frame loop reads and writes these without building an
/// `AnimationValue`, with the same arithmetic as `value(at:)` and `setValue(_:at:)`.
enum ScalarSlot {
    case positionX, positionY, anchorPointX, anchorPointY
    case boundsOriginX, boundsOriginY, boundsWidth, boundsHeight
    case shadowOffsetWidth, shadowOffsetHeight
    case opacity, borderWidth, cornerRadius, zPosition, shadowOpacity, shadowRadius
    case strokeStart, strokeEnd, blurRadius

    /// The slot `path` names, or nil (transform components, colors, whole structs, custom keys).
    init?(_ path: PropertyPath) {
        switch (path.property, path.component) {
        case (.position, .x): self = .positionX
        case (.position, .y): self = .positionY
        case (.anchorPoint, .x): self = .anchorPointX
        case (.anchorPoint, .y): self = .anchorPointY
        case (.bounds, .originX): self = .boundsOriginX
        case (.bounds, .originY): self = .boundsOriginY
        case (.bounds, .sizeWidth): self = .boundsWidth
        case (.bounds, .sizeHeight): self = .boundsHeight
        case (.shadowOffset, .width): self = .shadowOffsetWidth
        case (.shadowOffset, .height): self = .shadowOffsetHeight
        case (.opacity, .whole): self = .opacity
        case (.borderWidth, .whole): self = .borderWidth
        case (.cornerRadius, .whole): self = .cornerRadius
        case (.zPosition, .whole): self = .zPosition
        case (.shadowOpacity, .whole): self = .shadowOpacity
        case (.shadowRadius, .whole): self = .shadowRadius
        case (.strokeStart, .whole): self = .strokeStart
        case (.strokeEnd, .whole): self = .strokeEnd
        case (.blurRadius, .whole): self = .blurRadius
        default: return nil
        }
    }
}

extension ScalarSlot {
    /// The two slots of a point or size `path` reaches as a whole (`position`, `bounds.size`).
    static func pair(_ path: PropertyPath) -> (ScalarSlot, ScalarSlot)? {
        switch (path.property, path.component) {
        case (.position, .whole): (.positionX, .positionY)
        case (.anchorPoint, .whole): (.anchorPointX, .anchorPointY)
        case (.bounds, .origin): (.boundsOriginX, .boundsOriginY)
        case (.bounds, .size): (.boundsWidth, .boundsHeight)
        case (.shadowOffset, .whole): (.shadowOffsetWidth, .shadowOffsetHeight)
        default: nil
        }
    }
}

extension LayerProperties {
    subscript(slot: ScalarSlot) -> Double {
        get {
            switch slot {
            case .positionX: position.x
            case .positionY: position.y
            case .anchorPointX: anchorPoint.x
            case .anchorPointY: anchorPoint.y
            case .boundsOriginX: bounds.origin.x
            case .boundsOriginY: bounds.origin.y
            case .boundsWidth: bounds.size.width
            case .boundsHeight: bounds.size.height
            case .shadowOffsetWidth: shadowOffset.width
            case .shadowOffsetHeight: shadowOffset.height
            case .opacity: opacity
            case .borderWidth: borderWidth
            case .cornerRadius: cornerRadius
            case .zPosition: zPosition
            case .shadowOpacity: shadowOpacity
            case .shadowRadius: shadowRadius
            case .strokeStart: strokeStart
            case .strokeEnd: strokeEnd
            case .blurRadius: blurRadius
            }
        }
        set {
            switch slot {
            case .positionX: position.x = newValue
            case .positionY: position.y = newValue
            case .anchorPointX: anchorPoint.x = newValue
            case .anchorPointY: anchorPoint.y = newValue
            case .boundsOriginX: bounds.origin.x = newValue
            case .boundsOriginY: bounds.origin.y = newValue
            case .boundsWidth: bounds.size.width = newValue
            case .boundsHeight: bounds.size.height = newValue
            case .shadowOffsetWidth: shadowOffset.width = newValue
            case .shadowOffsetHeight: shadowOffset.height = newValue
            case .opacity: opacity = newValue
            case .borderWidth: borderWidth = newValue
            case .cornerRadius: cornerRadius = newValue
            case .zPosition: zPosition = newValue
            case .shadowOpacity: shadowOpacity = newValue
            case .shadowRadius: shadowRadius = newValue
            case .strokeStart: strokeStart = newValue
            case .strokeEnd: strokeEnd = newValue
            case .blurRadius: blurRadius = newValue
            }
        }
    }
}
