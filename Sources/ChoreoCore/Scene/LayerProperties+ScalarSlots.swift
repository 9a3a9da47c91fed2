/// A number a key path reaches directly, with no decomposition: `position.x`, `opacity`,
/// `bounds.size.width`, ... The frame loop reads and writes these without building an
/// `AnimationValue`, with the same arithmetic as `value(at:)` and `setValue(_:at:)`.
///
/// Which path names which slot is declared in `PropertyCatalogue`; the cases and the subscript
/// stay a switch because the subscript runs for every animated number every frame, and Swift
/// reads a field by a switch far faster than by a stored key path or a closure (a key path or a
/// byte offset read of a borrowed `LayerProperties` copies the whole struct first).
enum ScalarSlot: CaseIterable {
    case positionX, positionY, anchorPointX, anchorPointY
    case boundsOriginX, boundsOriginY, boundsWidth, boundsHeight
    case shadowOffsetWidth, shadowOffsetHeight
    case opacity, borderWidth, cornerRadius, zPosition, shadowOpacity, shadowRadius
    case strokeStart, strokeEnd, blurRadius

    /// The slot `path` names, or nil (transform components, colors, whole structs, custom keys).
    @inline(__always)
    init?(_ path: PropertyPath) {
        guard case let .single(slot) = path.slots else { return nil }
        self = slot
    }
}

extension ScalarSlot {
    /// The two slots of a point or size `path` reaches as a whole (`position`, `bounds.size`).
    @inline(__always)
    static func pair(_ path: PropertyPath) -> (ScalarSlot, ScalarSlot)? {
        guard case let .pair(first, second) = path.slots else { return nil }
        return (first, second)
    }

    /// The numbers a key path reaches as slots, worked out once from the catalogue when a path
    /// is made (`PropertyPath.slots`), so the frame loop and reads never look them up.
    enum Form: Hashable, Sendable {
        case none
        case single(ScalarSlot)
        case pair(ScalarSlot, ScalarSlot)

        init(_ entry: AnimatableProperty?, _ component: PropertyPath.Component) {
            guard let entry else {
                self = .none
                return
            }
            if let slot = entry.scalarSlots[component] {
                self = .single(slot)
            } else if let (first, second) = component.numericParts(in: entry.valueKind),
                      let a = entry.scalarSlots[first], let b = entry.scalarSlots[second] {
                self = .pair(a, b)
            } else {
                self = .none
            }
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
