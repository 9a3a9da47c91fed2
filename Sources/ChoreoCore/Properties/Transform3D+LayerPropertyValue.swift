/// Transform key paths (`transform.rotation.z`, `transform.scale`, `transform.translation.x`) work
/// on the decomposed transform, as Core Animation's do: writing `rotation.z` keeps the scale and
/// translation and replaces the rotation, so animating it from 0 to 2π turns a full circle
/// (interpolating matrices could not). A transform that cannot be decomposed (a zero scale) keeps
/// its translation and is otherwise treated as the identity when a component is written.
extension Transform3D: LayerPropertyValue {
    static var valueKind: ValueKind { .transform }
    var isFiniteValue: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }
    var animationValue: AnimationValue { .transform(self) }
    init?(_ value: AnimationValue) {
        guard case let .transform(v) = value else { return nil }
        self = v
    }

    func value(at component: PropertyPath.Component) -> AnimationValue {
        if component == .whole { return .transform(self) }
        let w = m44 != 0 ? 1 / m44 : 1
        switch component {
        case .translation: return .size(Size(width: m41 * w, height: m42 * w))
        case .translationX: return .scalar(m41 * w)
        case .translationY: return .scalar(m42 * w)
        case .translationZ: return .scalar(m43 * w)
        default: break
        }
        let parts = decomposed
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
        case .scaleXY:
            guard let s = parts?.scale else { return .scalar(0) }
            return .scalar((s.x + s.y) / 2)
        default: return .transform(self)
        }
    }

    mutating func setValue(_ value: AnimationValue, at component: PropertyPath.Component) {
        if component == .whole {
            if case let .transform(v) = value { self = v }
            return
        }
        var parts = LayerProperties.writableParts(of: self)
        switch (component, value) {
        case let (.translation, .size(v)): parts.translation.x = v.width; parts.translation.y = v.height
        case let (_, .scalar(v)): guard LayerProperties.setScalarComponent(component, of: &parts, to: v) else { return }
        default: return
        }
        self = Transform3D(parts)
    }
}
