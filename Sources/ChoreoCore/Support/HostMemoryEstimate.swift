/// The sizes `HostMemoryAccount` charges for host objects: documented estimates (docs/lua-api.md,
/// "Limits"), close to what the objects take on the heap, so that a script's memory limit bounds
/// the process and not only its Lua heap.
///
///     HostMemoryEstimate.view          // 2,048 bytes: the view, its layer, model and presentation
///     layer.estimatedHostBytes          // the base size plus its text, path or image name
///
/// Images are charged for their file name only: a decoded image lives in the renderer's cache,
/// which `render` bounds by the images a scene names.
public enum HostMemoryEstimate {
    /// A view with its layer (model and presentation properties, tree links, caches).
    public static let view = 2_048
    /// A standalone layer.
    public static let layer = 1_536
    /// A scene: its root view, effect stack and transaction state.
    public static let scene = 8_192
    /// An animation object, before its keyframe values, key times and path.
    public static let animation = 512
    /// A timer (`after`, `every`) or a display link, with its callback.
    public static let timer = 256
    /// Per keyframe value.
    public static let keyframeValue = MemoryLayout<AnimationValue>.stride
    /// Per transform keyframe value besides: the heap box its matrix lives in (`AnimationValue`'s
    /// indirect case: the matrix and the object header).
    public static let keyframeTransformBox = MemoryLayout<Transform3D>.stride + 16
    /// Per path element.
    public static let pathElement = MemoryLayout<BezierPath.Element>.stride
    /// Per custom property a layer holds (`setValue(_:forKey:)`): its entry, and its name at the
    /// longest a key path may be (`PropertyPath.maximumLength`; counted so, a charge needs no walk
    /// over the names).
    public static let customProperty = 64 + PropertyPath.maximumLength
    /// Per key time, timing function, tension, continuity or bias value.
    public static let keyframeNumber = 16
}

extension Layer {
    /// The bytes this layer (with its view, if it has one) is charged: the base size plus its
    /// content (text bytes, path elements, dash lengths, image file name) and the copies of
    /// animations the runtime attached to it.
    public var estimatedHostBytes: Int {
        (view == nil ? HostMemoryEstimate.layer : HostMemoryEstimate.view) + content.estimatedHostBytes
            + (name?.utf8.count ?? 0) + model.custom.count * HostMemoryEstimate.customProperty + attachedChargeBytes
            + (model.hasShapeProperties ? model.shape.path.elements.count * HostMemoryEstimate.pathElement : 0)
            + (model.gradient?.estimatedHostBytes ?? 0)
            + (model.instancing?.estimatedHostBytes ?? 0)
    }
}

extension Layer {
    /// A function that puts back what `estimatedHostBytes` counts (content, name, custom
    /// properties) as it is now: how a change that does not fit under the memory limit is undone.
    public func estimateRestorer() -> () -> Void {
        // The custom properties' count, not a copy of them: a copy held while the change ran
        // made the change copy them all (one more custom property cost all of them).
        let (content, name, customCount) = (self.content, self.name, model.customStorage?.count ?? 0)
        let (path, gradient, instancing) = (model.shape.path, model.gradient, model.instancing)
        return { [self] in
            self.content = content
            self.name = name
            if model.custom.count > customCount, let added = extras?.lastNewCustomKey { model.custom[added] = nil }
            if model.hasShapeProperties, model.shape.path != path { model.shape.path = path }
            if model.gradient != gradient { model.gradient = gradient }
            if model.instancing != instancing { model.instancing = instancing }
        }
    }
}

extension LayerContent {
    /// The bytes the content holds beyond the layer.
    public var estimatedHostBytes: Int {
        switch self {
        case .none, .blur: 0
        case .text(let text): text.text.utf8.count
        case .image(let image): image.path.utf8.count
        case .shape(let shape): (shape.lineDashPattern?.count ?? 0) * MemoryLayout<Double>.stride
        }
    }
}

extension Animation {
    /// The bytes this animation is charged: the base size plus keyframe values, key times and
    /// path, and the elements of list values (a gradient's colors) (a group's children carry
    /// charges of their own).
    public var estimatedHostBytes: Int {
        var bytes = HostMemoryEstimate.animation
        if let keyframe = self as? KeyframeAnimation {
            bytes += keyframe.values.count * HostMemoryEstimate.keyframeValue
            bytes += keyframe.values.lazy.filter { $0.kind == .transform }.count * HostMemoryEstimate.keyframeTransformBox
            bytes += keyframe.values.reduce(0) { sum, value in
                if case let .path(path) = value { sum + path.elements.count * HostMemoryEstimate.pathElement } else { sum }
            }
            bytes += keyframe.values.reduce(0) { $0 + $1.listHostBytes }
            bytes += (keyframe.path?.elements.count ?? 0) * HostMemoryEstimate.pathElement
            let numbers = [keyframe.keyTimes?.count, keyframe.timingFunctions?.count, keyframe.tensionValues?.count,
                           keyframe.continuityValues?.count, keyframe.biasValues?.count]
            bytes += numbers.reduce(0) { $0 + ($1 ?? 0) } * HostMemoryEstimate.keyframeNumber
        }
        if let basic = self as? BasicAnimation {
            // Summed in place: an array of the three values was an allocation per animation added.
            bytes += (basic.fromValue?.listHostBytes ?? 0) + (basic.toValue?.listHostBytes ?? 0) + (basic.byValue?.listHostBytes ?? 0)
        }
        return bytes  // a group's children are charged as objects of their own
    }
}

extension Animation {
    /// A function that puts back what `estimatedHostBytes` counts (keyframe values, path, key
    /// times and curves; a basic animation's from, to and by values) as it is now: how a change that does not fit under the limit is undone.
    public func estimateRestorer() -> () -> Void {
        if let basic = self as? BasicAnimation {
            let (from, to, by) = (basic.fromValue, basic.toValue, basic.byValue)
            return { (basic.fromValue, basic.toValue, basic.byValue) = (from, to, by) }
        }
        guard let keyframe = self as? KeyframeAnimation else { return {} }
        let (values, path, keyTimes, curves) = (keyframe.values, keyframe.path, keyframe.keyTimes, keyframe.timingFunctions)
        let (tension, continuity, bias) = (keyframe.tensionValues, keyframe.continuityValues, keyframe.biasValues)
        return {
            keyframe.values = values
            keyframe.path = path
            keyframe.keyTimes = keyTimes
            keyframe.timingFunctions = curves
            keyframe.tensionValues = tension
            keyframe.continuityValues = continuity
            keyframe.biasValues = bias
        }
    }
}
