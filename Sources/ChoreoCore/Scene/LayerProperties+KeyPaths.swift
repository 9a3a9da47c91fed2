/// Reading and writing layer properties by `PropertyPath`: how animations apply their values.
///
/// Each named property goes to its `PropertyCatalogue` declaration, which reaches the field and
/// the component (`LayerPropertyValue`): struct components (`position.x`, `bounds.size.width`)
/// read and write that field; transform components work on the decomposed transform, as Core
/// Animation's transform key paths do (see `Transform3D`'s `setValue(_:at:)`).
extension LayerProperties {
    /// The value at `path`; a custom property the layer does not have reads as 0.
    public func value(at path: PropertyPath) -> AnimationValue {
        var properties = self
        return Self.value(at: path, in: &properties)
    }

    /// `value(at:)` of properties reached in place (a layer's model: `Layer.modelValue(at:)`),
    /// through the catalogue's reader alone (`PropertyCatalogue.readers`), not a copy of its
    /// whole declaration.
    static func value(at path: PropertyPath, in properties: inout LayerProperties) -> AnimationValue {
        guard path.catalogueIndex >= 0 else {
            guard case let .custom(name) = path.property else { return .scalar(0) }
            return .scalar(properties.custom[name] ?? 0)
        }
        return PropertyCatalogue.readers[Int(path.catalogueIndex)](&properties, path.component)
    }

    /// Writes `value` at `path`. The value's kind must be `path.valueKind` (checked when an
    /// animation is added or a script sets a property); a mismatched value is ignored.
    public mutating func setValue(_ value: AnimationValue, at path: PropertyPath) {
        // A number or point a path reaches as slots is written in place, as the frame's kernel
        // writes it, without the catalogue's writer (a closure through a thunk).
        switch (path.slots, value) {
        case let (.single(slot), .scalar(v)):
            self[slot] = v
            return
        case let (.pair(x, y), .point(p)) where path.valueKind == .point:
            (self[x], self[y]) = (p.x, p.y)
            return
        default:
            break
        }
        guard path.catalogueIndex >= 0 else {
            if case let .custom(name) = path.property, case let .scalar(v) = value { custom[name] = v }
            return
        }
        PropertyCatalogue.writers[Int(path.catalogueIndex)](&self, value, path.component)
    }

    // MARK: Transform components

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
        case .scaleXY: (parts.scale.x, parts.scale.y) = (v, v)
        case .translationX: parts.translation.x = v
        case .translationY: parts.translation.y = v
        case .translationZ: parts.translation.z = v
        default: return false
        }
        return true
    }
}
