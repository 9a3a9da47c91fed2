/// What few layers have besides their model: actions, style, an action delegate, a mask.
///
/// One reference on `Layer` (`extras`), made when the first of these is set, so a plain layer
/// does not grow (the memory bar of 10,000 views).
final class LayerExtras {
    var actions: [String: LayerAction] = [:]
    var style: LayerStyle?
    /// The action delegate a script set (held strongly: a Lua table has no other owner).
    var delegate: (any LayerActionDelegate)?
    var mask: Layer?
    /// The layer this one masks, if it is a mask. Not weak (a weak reference gives the owner a
    /// side table): the owner clears it when it drops the mask or goes (`Layer.deinit`).
    unowned(unsafe) var maskOwner: Layer?
    /// The custom property added last (`Layer.set(_:at:)`): what a change refused by the memory
    /// limit takes back (`estimateRestorer()`), without a copy of every custom property.
    var lastNewCustomKey: String?
}

/// Actions, style and delegate (the action search's sources) on the layer.
extension Layer {
    /// The layer's extras, made on first use.
    var ensuredExtras: LayerExtras {
        if let extras { return extras }
        let made = LayerExtras()
        extras = made
        return made
    }

    /// CALayer.actions: per-key actions, searched after the delegate. `.none` (NSNull) disables
    /// the key's implicit animation.
    public var actions: [String: LayerAction] {
        get { extras?.actions ?? [:] }
        set { ensuredExtras.actions = newValue }
    }

    /// CALayer.style: searched after `actions`.
    public var style: LayerStyle? {
        get { extras?.style }
        set { ensuredExtras.style = newValue }
    }

    /// CALayer.delegate as the action search sees it: a view's layer answers with its view
    /// (UIKit's rule, which a setter cannot change); other layers with the delegate set here.
    public var delegate: (any LayerActionDelegate)? {
        get { view ?? extras?.delegate }
        set { ensuredExtras.delegate = newValue }
    }

    /// The layer this layer masks, if it is one's `mask`.
    public var maskOwner: Layer? { extras?.maskOwner }
}
