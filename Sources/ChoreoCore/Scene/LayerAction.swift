/// What a layer does when one of its properties changes (CAAction), as `Layer.action(forKey:)`
/// finds it: the delegate's answer, then `actions`, then `style` (and its styles), then the
/// class's `defaultAction(forKey:)` (Core Animation's documented order; the first answer wins).
///
///     let pulse = BasicAnimation(keyPath: "opacity")
///     pulse.duration = 1
///     layer.actions = ["opacity": .animation(pulse), "position": .none]
///     try layer.setValue(.scalar(0), forKeyPath: "opacity")   // runs `pulse` from the old value
///
/// `none` is Core Animation's `NSNull`: it answers "no action" and stops the search, where a
/// nil answer (nothing under that key) lets the search go on.
public enum LayerAction {
    /// Run an animation (CAAnimation's `run(forKey:object:arguments:)`): a copy is added under
    /// the changed property's key. A basic animation that leaves `fromValue` nil (and does not set
    /// both `toValue` and `byValue`) starts from the value the property presented before the
    /// change, as Core Animation's implicit animations do.
    case animation(Animation)
    /// NSNull: no action, and the search stops.
    case none
    /// The change is recorded by the view animation block running around it (UIView's answer
    /// for its layer inside `View.animate`; outside a block a view answers `none`).
    case viewAnimationBlock
}

/// CALayerDelegate's `action(for:forKey:)`: asked first when a property of the layer changes.
/// Returning nil continues the search (`actions`, `style`, the default); `.none` stops it.
///
/// A view is its layer's delegate (UIKit's rule): it answers `.viewAnimationBlock` inside a view
/// animation block and `.none` outside, which is why a view's layer has no implicit animations.
public protocol LayerActionDelegate: AnyObject {
    /// The action for `key` on `layer`, nil to let the search continue. An error thrown here is
    /// kept by the scene (`Scene.takeActionFailure()`) and the change runs no action.
    func action(for layer: Layer, forKey key: String) throws -> LayerAction?
}

/// CALayer.style: a dictionary of defaults searched after `actions`. Choreo keeps its `actions`
/// and its own `style`, searched next (Core Animation's recursion), at most `maximumDepth` deep.
public final class LayerStyle {
    public var actions: [String: LayerAction]
    public var style: LayerStyle?

    /// How many styles deep a search goes: 16 (a style that contains itself stops there).
    public static let maximumDepth = 16

    public init(actions: [String: LayerAction] = [:], style: LayerStyle? = nil) {
        self.actions = actions
        self.style = style
    }
}
