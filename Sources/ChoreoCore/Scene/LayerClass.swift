/// The Core Animation class a layer is: which class-specific properties it has.
///
/// A `Layer` is one Swift class; what Core Animation spells as a subclass is what the layer holds:
/// shape content (CAShapeLayer), or out-of-line properties in its model (`gradient`, `instancing`
/// for CAReplicatorLayer and CAEmitterLayer), so a plain layer pays for none of them. A property declared
/// for one class (`AnimatableProperty.layerClass`) set on a layer of another is an error naming
/// both (`requireLayerClass(for:)`).
///
///     let replicator = Layer(class: .replicator)
///     replicator.layerClass                 // .replicator
///     Layer().layerClass.rawValue           // "Layer"
public enum LayerClass: String, CaseIterable, Sendable {
    /// CALayer: every layer has its properties.
    case layer = "Layer"
    /// CAShapeLayer: a layer whose content is a shape (`LayerContent.shape`).
    case shape = "ShapeLayer"
    /// CAGradientLayer: a layer whose model holds a `gradient`.
    case gradient = "GradientLayer"
    case replicator = "ReplicatorLayer"
    case emitter = "EmitterLayer"
}

/// The out-of-line properties of the layer classes that draw many instances of something:
/// a replicator's copies of its sublayers, an emitter's particles. One pointer in
/// `LayerProperties` (nil for every other layer).
public enum InstancingProperties: Hashable, Sendable {
    indirect case replicator(ReplicatorProperties)
    indirect case emitter(EmitterProperties)
}

extension InstancingProperties {
    /// The bytes the class's properties hold beyond a layer (`Layer.estimatedHostBytes`).
    public var estimatedHostBytes: Int {
        switch self {
        case .replicator(let replicator): replicator.estimatedHostBytes
        case .emitter(let emitter): emitter.estimatedHostBytes
        }
    }
}

extension LayerProperties {
    /// A replicator layer's properties; nil for a layer of another class. Setting them on a
    /// layer of another class does nothing (the catalogue's writers rely on it: an animation
    /// of `instanceDelay` on a plain layer changes nothing, as in Core Animation).
    public var replicator: ReplicatorProperties? {
        get { if case let .replicator(r) = instancing { r } else { nil } }
        set {
            guard let newValue, replicator != nil else { return }
            instancing = .replicator(newValue)
        }
    }

    /// An emitter layer's properties; nil for a layer of another class (set as `replicator`).
    public var emitter: EmitterProperties? {
        get { if case let .emitter(e) = instancing { e } else { nil } }
        set {
            guard let newValue, emitter != nil else { return }
            instancing = .emitter(newValue)
        }
    }
}

extension Layer {
    /// A layer of `layerClass`, with that class's defaults.
    public convenience init(name: String? = nil, class layerClass: LayerClass) {
        self.init(name: name)
        giveClassDefaults(layerClass)
    }

    /// Gives a plain layer the defaults of `layerClass`.
    private func giveClassDefaults(_ layerClass: LayerClass) {
        switch layerClass {
        case .layer: break
        case .shape: content = .shape(ShapeContent())
        case .gradient: model.gradient = GradientProperties()
        case .replicator: model.instancing = .replicator(ReplicatorProperties())
        case .emitter: model.instancing = .emitter(EmitterProperties())
        }
    }

    /// Makes a plain layer one of `layerClass`, with that class's defaults: the layer of a view
    /// whose `layerClass` is CAReplicatorLayer or CAEmitterLayer (UIKit's
    /// `override class var layerClass`), which view animations and animators then animate like
    /// any view's layer. A layer already of that class stays as it is; another class is an error.
    public func become(_ layerClass: LayerClass) throws(ArgumentError) {
        guard layerClass != self.layerClass else { return }
        guard self.layerClass == .layer else {
            throw ArgumentError(parameter: "layerClass", requirement: "cannot change a \(self.layerClass.rawValue)'s class",
                                value: "\"\(layerClass.rawValue)\"")
        }
        giveClassDefaults(layerClass)
        invalidatePresentation(subtree: false)
        if let scene, layerClass == .emitter { scene.noteEmitter(self) }
    }

    /// The Core Animation class the layer is.
    public var layerClass: LayerClass {
        switch model.instancing {
        case .replicator: return .replicator
        case .emitter: return .emitter
        case nil: break
        }
        if model.gradient != nil { return .gradient }
        if case .shape = content { return .shape }
        return .layer
    }

    /// Throws unless the layer has the property `path` names: a property of a class the layer
    /// is not (`instanceDelay` on a plain layer) is an error naming the property and the class.
    public func requireLayerClass(for path: PropertyPath) throws(ArgumentError) {
        guard let owner = path.catalogueLayerClass, owner != .layer, owner != layerClass else { return }
        try requireLayerClass(owner, property: path.description)  // the key path as written
    }

    /// Throws unless the layer is a `required`: `property` is one of that class's.
    public func requireLayerClass(_ required: LayerClass, property: String) throws(ArgumentError) {
        guard layerClass != required else { return }
        throw ArgumentError(
            parameter: property, requirement: "is a property of \(required.rawValue)",
            value: name.map { "\(layerClass.rawValue) \"\($0)\"" } ?? "a \(layerClass.rawValue)")
    }
}
