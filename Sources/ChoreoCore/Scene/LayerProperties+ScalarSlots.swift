/// A number a key path reaches directly, with no decomposition: `position.x`, `opacity`,
/// `bounds.size.width`, ... The frame loop reads and writes these without building an
/// `AnimationValue`, with the same arithmetic as `value(at:)` and `setValue(_:at:)`.
///
/// Which path names which slot is declared in `PropertyCatalogue`; the cases and the subscript
/// stay a switch because the subscript runs for every animated number every frame, and Swift
/// reads a field by a switch far faster than by a stored key path or a closure (a key path or a
/// byte offset read of a borrowed `LayerProperties` copies the whole struct first).
enum ScalarSlot: UInt8, CaseIterable {
    case positionX, positionY, anchorPointX, anchorPointY
    case boundsOriginX, boundsOriginY, boundsWidth, boundsHeight
    case shadowOffsetWidth, shadowOffsetHeight
    case opacity, borderWidth, cornerRadius, zPosition, shadowOpacity, shadowRadius
    case strokeStart, strokeEnd, blurRadius
    /// The components of the colors, so a color animation runs in the number kernel too (no key
    /// path names one alone: they are the numbers of a whole color, `Form.quad`).
    case backgroundRed, backgroundGreen, backgroundBlue, backgroundAlpha
    case borderRed, borderGreen, borderBlue, borderAlpha
    case shadowRed, shadowGreen, shadowBlue, shadowAlpha

    /// The slot `path` names, or nil (transform components, colors, whole structs, custom keys).
    @inline(__always)
    init?(_ path: PropertyPath) {
        guard case let .single(slot) = path.slots else { return nil }
        self = slot
    }
}

extension ScalarSlot {
    /// The four slots of a whole rect or color `path` (x, y, width, height; red, green, blue, alpha).
    @inline(__always)
    static func quad(_ path: PropertyPath) -> (ScalarSlot, ScalarSlot, ScalarSlot, ScalarSlot)? {
        guard case let .quad(first) = path.slots else { return nil }
        let raw = first.rawValue
        return (first, ScalarSlot(rawValue: raw + 1)!, ScalarSlot(rawValue: raw + 2)!, ScalarSlot(rawValue: raw + 3)!)
    }

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
        /// A whole rect (x, y, width, height) or color (red, green, blue, alpha): four slots
        /// declared one after another, named by the first (so a path stays small).
        case quad(ScalarSlot)

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
            } else if component == .whole, entry.valueKind == .rect, let x = entry.scalarSlots[.originX],
                      let y = entry.scalarSlots[.originY], let width = entry.scalarSlots[.sizeWidth],
                      let height = entry.scalarSlots[.sizeHeight] {
                self = Self.consecutive(x, y, width, height)
            } else if component == .whole, entry.valueKind == .color, let slots = Self.colorSlots(entry.property) {
                self = Self.consecutive(slots.0, slots.1, slots.2, slots.3)
            } else {
                self = .none
            }
        }

        /// `.quad(a)` for four slots declared in a row (they are: the cases above keep each
        /// rect's and color's numbers together, in their order).
        private static func consecutive(_ a: ScalarSlot, _ b: ScalarSlot, _ c: ScalarSlot, _ d: ScalarSlot) -> Form {
            precondition(b.rawValue == a.rawValue + 1 && c.rawValue == a.rawValue + 2 && d.rawValue == a.rawValue + 3,
                         "the four slots of a rect or color are declared one after another")
            return .quad(a)
        }

        /// The slots of a color property's components.
        private static func colorSlots(_ property: PropertyPath.Property) -> (ScalarSlot, ScalarSlot, ScalarSlot, ScalarSlot)? {
            switch property {
            case .backgroundColor: (.backgroundRed, .backgroundGreen, .backgroundBlue, .backgroundAlpha)
            case .borderColor: (.borderRed, .borderGreen, .borderBlue, .borderAlpha)
            case .shadowColor: (.shadowRed, .shadowGreen, .shadowBlue, .shadowAlpha)
            default: nil
            }
        }
    }
}

extension AnimationValue {
    /// The value at `path` made of the numbers of its scalar slots (`number(slot)`): a number,
    /// a point or size (two slots), a whole rect or color (four); nil for a path whose value is
    /// not its slots' numbers (a transform, a path, a custom property). Presentation and model
    /// reads by key path build their values through this, reading only the fields they need.
    @inline(__always)
    static func fromSlots(of path: PropertyPath, _ number: (ScalarSlot) -> Double) -> AnimationValue? {
        switch path.slots {
        case let .single(slot):
            return .scalar(number(slot))
        case let .pair(first, second):
            let (a, b) = (number(first), number(second))
            return path.valueKind == .point ? .point(Point(x: a, y: b)) : .size(Size(width: a, height: b))
        case .quad:
            let (first, second, third, fourth) = ScalarSlot.quad(path)!
            let (p, q, r, t) = (number(first), number(second), number(third), number(fourth))
            return path.valueKind == .rect ? .rect(Rect(x: p, y: q, width: r, height: t))
                : .color(Color(red: p, green: q, blue: r, alpha: t))
        case .none:
            return nil
        }
    }
}

extension LayerProperties {
    /// Whether the number in every scalar slot is finite: every number of the properties made
    /// of numbers (positions, sizes, rects, colors, the scalars), read in place.
    var slotsAreFinite: Bool {
        @inline(__always) get {
            for slot in ScalarSlot.allCases where !self[slot].isFinite { return false }
            return true
        }
    }

    subscript(slot: ScalarSlot) -> Double {
        // Inlined, a read of a layer's model in place loads the one field: called, the whole
        // struct (296 bytes) is copied out first to be passed.
        @inline(__always) get {
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
            case .backgroundRed: backgroundColor.red
            case .backgroundGreen: backgroundColor.green
            case .backgroundBlue: backgroundColor.blue
            case .backgroundAlpha: backgroundColor.alpha
            case .borderRed: borderColor.red
            case .borderGreen: borderColor.green
            case .borderBlue: borderColor.blue
            case .borderAlpha: borderColor.alpha
            case .shadowRed: shadowColor.red
            case .shadowGreen: shadowColor.green
            case .shadowBlue: shadowColor.blue
            case .shadowAlpha: shadowColor.alpha
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
            case .backgroundRed: backgroundColor.red = newValue
            case .backgroundGreen: backgroundColor.green = newValue
            case .backgroundBlue: backgroundColor.blue = newValue
            case .backgroundAlpha: backgroundColor.alpha = newValue
            case .borderRed: borderColor.red = newValue
            case .borderGreen: borderColor.green = newValue
            case .borderBlue: borderColor.blue = newValue
            case .borderAlpha: borderColor.alpha = newValue
            case .shadowRed: shadowColor.red = newValue
            case .shadowGreen: shadowColor.green = newValue
            case .shadowBlue: shadowColor.blue = newValue
            case .shadowAlpha: shadowColor.alpha = newValue
            }
        }
    }
}
