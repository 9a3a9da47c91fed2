/// Reading and writing layer properties by `PropertyPath`: how animations apply their values.
///
/// Struct components (`position.x`, `bounds.size.width`) read and write that field. Transform
/// components (`transform.rotation.z`, `transform.scale`, `transform.translation.x`) work on the
/// decomposed transform, as Core Animation's transform key paths do: writing `rotation.z` keeps the
/// scale and translation and replaces the rotation, so animating it from 0 to 2π turns a full
/// circle (interpolating matrices could not). A transform that cannot be decomposed (a zero scale)
/// keeps its translation and is otherwise treated as the identity when a component is written.
extension LayerProperties {
    /// The value at `path`; a custom property the layer does not have reads as 0.
    public func value(at path: PropertyPath) -> AnimationValue {
        switch path.property {
        case .position: return Self.pointValue(position, path.component)
        case .anchorPoint: return Self.pointValue(anchorPoint, path.component)
        case .bounds: return Self.rectValue(bounds, path.component)
        case .shadowOffset: return Self.sizeValue(shadowOffset, path.component)
        case .transform: return Self.transformValue(transform, path.component)
        case .opacity: return .scalar(opacity)
        case .borderWidth: return .scalar(borderWidth)
        case .cornerRadius: return .scalar(cornerRadius)
        case .zPosition: return .scalar(zPosition)
        case .shadowOpacity: return .scalar(shadowOpacity)
        case .shadowRadius: return .scalar(shadowRadius)
        case .strokeStart: return .scalar(strokeStart)
        case .strokeEnd: return .scalar(strokeEnd)
        case .blurRadius: return .scalar(blurRadius)
        case .backgroundColor: return .color(backgroundColor)
        case .borderColor: return .color(borderColor)
        case .shadowColor: return .color(shadowColor)
        case let .custom(name): return .scalar(custom[name] ?? 0)
        }
    }

    /// Writes `value` at `path`. The value's kind must be `path.valueKind` (checked when an
    /// animation is added or a script sets a property); a mismatched value is ignored.
    public mutating func setValue(_ value: AnimationValue, at path: PropertyPath) {
        switch (path.property, value) {
        case let (.position, v): Self.setPoint(&position, v, path.component)
        case let (.anchorPoint, v): Self.setPoint(&anchorPoint, v, path.component)
        case let (.bounds, v): Self.setRect(&bounds, v, path.component)
        case let (.shadowOffset, v): Self.setSize(&shadowOffset, v, path.component)
        case let (.transform, v): Self.setTransform(&transform, v, path.component)
        case let (.opacity, .scalar(v)): opacity = v
        case let (.borderWidth, .scalar(v)): borderWidth = v
        case let (.cornerRadius, .scalar(v)): cornerRadius = v
        case let (.zPosition, .scalar(v)): zPosition = v
        case let (.shadowOpacity, .scalar(v)): shadowOpacity = v
        case let (.shadowRadius, .scalar(v)): shadowRadius = v
        case let (.strokeStart, .scalar(v)): strokeStart = v
        case let (.strokeEnd, .scalar(v)): strokeEnd = v
        case let (.blurRadius, .scalar(v)): blurRadius = v
        case let (.backgroundColor, .color(v)): backgroundColor = v
        case let (.borderColor, .color(v)): borderColor = v
        case let (.shadowColor, .color(v)): shadowColor = v
        case let (.custom(name), .scalar(v)): custom[name] = v
        default: break
        }
    }

    // MARK: Struct components

    private static func pointValue(_ p: Point, _ component: PropertyPath.Component) -> AnimationValue {
        switch component {
        case .x: .scalar(p.x)
        case .y: .scalar(p.y)
        default: .point(p)
        }
    }

    private static func setPoint(_ p: inout Point, _ value: AnimationValue, _ component: PropertyPath.Component) {
        switch (component, value) {
        case let (.x, .scalar(v)): p.x = v
        case let (.y, .scalar(v)): p.y = v
        case let (.whole, .point(v)): p = v
        default: break
        }
    }

    private static func sizeValue(_ s: Size, _ component: PropertyPath.Component) -> AnimationValue {
        switch component {
        case .width: .scalar(s.width)
        case .height: .scalar(s.height)
        default: .size(s)
        }
    }

    private static func setSize(_ s: inout Size, _ value: AnimationValue, _ component: PropertyPath.Component) {
        switch (component, value) {
        case let (.width, .scalar(v)): s.width = v
        case let (.height, .scalar(v)): s.height = v
        case let (.whole, .size(v)): s = v
        default: break
        }
    }

    private static func rectValue(_ r: Rect, _ component: PropertyPath.Component) -> AnimationValue {
        switch component {
        case .origin: .point(r.origin)
        case .size: .size(r.size)
        case .originX: .scalar(r.origin.x)
        case .originY: .scalar(r.origin.y)
        case .sizeWidth: .scalar(r.size.width)
        case .sizeHeight: .scalar(r.size.height)
        default: .rect(r)
        }
    }

    private static func setRect(_ r: inout Rect, _ value: AnimationValue, _ component: PropertyPath.Component) {
        switch (component, value) {
        case let (.origin, .point(v)): r.origin = v
        case let (.size, .size(v)): r.size = v
        case let (.originX, .scalar(v)): r.origin.x = v
        case let (.originY, .scalar(v)): r.origin.y = v
        case let (.sizeWidth, .scalar(v)): r.size.width = v
        case let (.sizeHeight, .scalar(v)): r.size.height = v
        case let (.whole, .rect(v)): r = v
        default: break
        }
    }

    // MARK: Transform components

    private static func transformValue(_ t: Transform3D, _ component: PropertyPath.Component) -> AnimationValue {
        if component == .whole { return .transform(t) }
        let w = t.m44 != 0 ? 1 / t.m44 : 1
        switch component {
        case .translation: return .size(Size(width: t.m41 * w, height: t.m42 * w))
        case .translationX: return .scalar(t.m41 * w)
        case .translationY: return .scalar(t.m42 * w)
        case .translationZ: return .scalar(t.m43 * w)
        default: break
        }
        let parts = t.decomposed
        switch component {
        case .rotationX: return .scalar(parts?.rotation.x ?? 0)
        case .rotationY: return .scalar(parts?.rotation.y ?? 0)
        case .rotationZ: return .scalar(parts?.rotation.z ?? 0)
        case .scaleX: return .scalar(parts?.scale.x ?? 0)
        case .scaleY: return .scalar(parts?.scale.y ?? 0)
        case .scaleZ: return .scalar(parts?.scale.z ?? 0)
        case .scale:
            guard let s = parts?.scale else { return .scalar(0) }
            return .scalar((s.x + s.y + s.z) / 3)
        default: return .transform(t)
        }
    }

    private static func setTransform(_ t: inout Transform3D, _ value: AnimationValue, _ component: PropertyPath.Component) {
        if component == .whole {
            if case let .transform(v) = value { t = v }
            return
        }
        var parts = writableParts(of: t)
        switch (component, value) {
        case let (.translation, .size(v)): parts.translation.x = v.width; parts.translation.y = v.height
        case let (_, .scalar(v)): guard setScalarComponent(component, of: &parts, to: v) else { return }
        default: return
        }
        t = Transform3D(parts)
    }

    /// The parts a transform component is written into: the decomposition, or, for a transform
    /// that cannot be decomposed, its translation alone.
    static func writableParts(of t: Transform3D) -> Transform3D.Decomposed {
        let w = t.m44 != 0 ? 1 / t.m44 : 1
        return t.decomposed ?? Transform3D.Decomposed(translation: .init(x: t.m41 * w, y: t.m42 * w, z: t.m43 * w))
    }

    /// Writes a numeric transform component (rotation, scale or translation, whole or one axis)
    /// into `parts`; false for a component that is not a number.
    static func setScalarComponent(_ component: PropertyPath.Component, of parts: inout Transform3D.Decomposed, to v: Double) -> Bool {
        switch component {
        case .rotationX: parts.rotation.x = v
        case .rotationY: parts.rotation.y = v
        case .rotationZ: parts.rotation.z = v
        case .scale: parts.scale = .init(x: v, y: v, z: v)
        case .scaleX: parts.scale.x = v
        case .scaleY: parts.scale.y = v
        case .scaleZ: parts.scale.z = v
        case .translationX: parts.translation.x = v
        case .translationY: parts.translation.y = v
        case .translationZ: parts.translation.z = v
        default: return false
        }
        return true
    }
}
