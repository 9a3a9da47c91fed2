/// Finding views by name: what a test needs to reach the views of a scene it did not build.
///
///     let scene = ...                                   // a scene some script set up
///     scene.rootView.view(named: "summary")?.alpha      // the first view named "summary"
///
/// UIKit finds views by `tag` (`viewWithTag(_:)`); Choreo's views also have names (the keys of
/// traces), which say more than a number, so the same search is offered by name.
extension View {
    /// The view itself or the first of its descendants, depth first and back to front, whose
    /// `name` is `name` (UIKit's `viewWithTag(_:)`, by name); nil when none is.
    ///
    /// Complexity: O(n) in the views of the subtree; the recursion is bounded by the tree's depth
    /// limit (128 levels).
    public func view(named name: String) -> View? {
        if self.name == name { return self }
        for subview in subviews {
            if let found = subview.view(named: name) { return found }
        }
        return nil
    }
}

extension Layer {
    /// The layer itself or the first of its sublayers, depth first and back to front, whose `name`
    /// is `name`: views' layers (a view's name is its layer's) and stand-alone layers alike (the
    /// layer form of `View.view(named:)`); nil when none is.
    public func layer(named name: String) -> Layer? {
        if self.name == name { return self }
        for sublayer in sublayers {
            if let found = sublayer.layer(named: name) { return found }
        }
        return nil
    }
}

extension Scene {
    /// The first view of the scene, depth first from its root view, named `name`; nil when none is.
    public func view(named name: String) -> View? { rootView.view(named: name) }

    /// The first layer of the scene, depth first from its root layer, named `name`; nil when none is.
    public func layer(named name: String) -> Layer? { rootLayer.layer(named: name) }
}
