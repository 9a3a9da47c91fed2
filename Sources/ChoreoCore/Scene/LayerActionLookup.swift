/// The action search of `Layer.action(forKey:)` and running what it finds: Core Animation's
/// documented order, in one place.
///
///     1. the delegate's action(for:forKey:)   (a view's layer: the view)
///     2. layer.actions[key]
///     3. layer.style's actions, then its style's, ... (at most LayerStyle.maximumDepth)
///     4. Layer.defaultAction(forKey:)         (the 0.25 s implicit animation)
///
/// The first answer that is not nil wins; `.none` (NSNull) wins too and means "no action".
/// `Scene.modelDidChange` asks only when actions apply: for a layer outside views, in a
/// committed scene, with the transaction's actions enabled (a view's layer always asks, and its
/// view answers by whether a view animation block is running).
enum LayerActionLookup {
    /// Where an action was found (the default action takes the transaction's timing function).
    enum Source { case delegate, actions, style, defaultAction }

    /// The action for `key`, and where it came from; nil when there is none (`.none` found).
    static func action(for layer: Layer, forKey key: String) throws -> (LayerAction, Source)? {
        if let answer = try layer.delegate?.action(for: layer, forKey: key) { return found(answer, .delegate) }
        if let answer = layer.extras?.actions[key] { return found(answer, .actions) }
        var style = layer.extras?.style
        var depth = 0
        while let current = style, depth < LayerStyle.maximumDepth {
            if let answer = current.actions[key] { return found(answer, .style) }
            style = current.style
            depth += 1
        }
        return Layer.defaultAction(forKey: key, of: layer.layerClass).flatMap { found($0, .defaultAction) }
    }

    private static func found(_ action: LayerAction, _ source: Source) -> (LayerAction, Source)? {
        if case .none = action { return nil }
        return (action, source)
    }

    /// Runs an animation action for a change of `path` from `old` (the presentation before it):
    /// a copy goes on the layer under `key`, its `fromValue` filled with `old` where Core
    /// Animation's implicit animation would start there. The default action also takes the new
    /// model value as its `toValue` and the transaction's timing function (else the default curve),
    /// and does not run when the value did not change.
    static func run(
        _ animation: Animation, from source: Source, on layer: Layer, key: String, path: PropertyPath,
        from old: AnimationValue, transaction: Transaction?
    ) throws(ArgumentError) {
        let copy = animation.copy()
        if let basic = copy as? BasicAnimation, basic.fromValue == nil, basic.toValue == nil || basic.byValue == nil,
           (try? PropertyPath(parsing: basic.keyPath)).map(layer.resolvingClassNames) == path {
            basic.fromValue = old
        }
        if source == .defaultAction, let basic = copy as? BasicAnimation {
            let new = layer.modelValue(at: path)
            guard new != old else { return }
            basic.toValue = new
            basic.timingFunction = transaction?.animationTimingFunction ?? CubicBezierCurve.default
        }
        try layer.add(copy, forKey: key)
    }
}

extension Layer {
    /// CALayer.action(forKey:): the action a change of `key` runs, searched in Core Animation's
    /// order (`LayerActionLookup`); nil when there is none or the search met `.none` (NSNull).
    /// Errors come from the delegate.
    public func action(forKey key: String) throws -> LayerAction? {
        try LayerActionLookup.action(for: self, forKey: key)?.0
    }

    /// CALayer.defaultAction(forKey:): the class's implicit animation of an animatable property,
    /// a basic animation of `key` with no duration of its own (so the transaction's, 0.25 s by
    /// default) and Core Animation's default timing curve; nil for keys that are not catalogue
    /// properties (custom properties have no implicit animation). A class's own names (an
    /// emitter's `birthRate`) are its properties only for `layerClass`.
    public class func defaultAction(forKey key: String, of layerClass: LayerClass = .layer) -> LayerAction? {
        let classProperty = PropertyCatalogue.named(key, on: layerClass).map { PropertyPath($0.property) }
        guard let path = classProperty ?? (try? PropertyPath(parsing: key)), path.isCatalogueProperty, path.component == .whole else {
            return nil
        }
        let animation = BasicAnimation(keyPath: key)
        animation.timingFunction = CubicBezierCurve.default
        return .animation(animation)
    }
}

/// UIView as its layer's delegate: inside a view animation block the block records the change;
/// outside, `.none` (NSNull), so a view's changes do not animate implicitly.
extension View: LayerActionDelegate {
    public func action(for layer: Layer, forKey key: String) -> LayerAction? {
        guard let scene = layer.scene, ViewAnimationContext.innermostBlock(of: scene) != nil else { return LayerAction.none }
        return .viewAnimationBlock
    }
}
