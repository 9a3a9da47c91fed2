/// An animation of one layer property by key path (CAPropertyAnimation).
///
/// `isAdditive` adds the animation's value to what is below it (the model and earlier
/// animations) instead of replacing it; `isCumulative` makes each repeat cycle start where the
/// previous one ended.
public class PropertyAnimation: Animation {
    /// The key path, as Core Animation names it: `opacity`, `position.x`, `transform.rotation.z`.
    public var keyPath: String {
        didSet { isPathResolved = false }  // another path: parsed when added
    }
    public var isAdditive = false
    public var isCumulative = false
    /// Whether `propertyPath` is `keyPath` resolved already: the runtime made the animation for
    /// a path (a view animation block's change), and adding it checks the layer's class without
    /// parsing the key path's text again. (A flag beside the other flags: no bytes added.)
    private var isPathResolved = false
    /// The resolved key path (set when the animation is added).
    var propertyPath = PropertyAnimation.unresolvedPath

    /// What `propertyPath` holds until the animation is added: made once, not per animation.
    private static let unresolvedPath = PropertyPath(.opacity)

    public init(keyPath: String) {
        self.keyPath = keyPath
    }

    /// An animation of `path`, a path resolved on the layer it will be added to; its key path
    /// is the path's canonical text.
    init(path: PropertyPath) {
        keyPath = path.description
        propertyPath = path
        isPathResolved = true
    }

    override var addsToWhatIsBelow: Bool { isAdditive }

    override func makeEmptyCopy() -> Animation { PropertyAnimation(keyPath: keyPath) }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? PropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        propertyPath = other.propertyPath
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        if isPathResolved, propertyPath.isCatalogueProperty {
            try layer.requireLayerClass(for: propertyPath)
        } else {
            propertyPath = try layer.resolveAnimatablePath(keyPath)
        }
    }

    override var animatedPaths: [PropertyPath] { [propertyPath] }

    /// Checks that a value of `kind` (nil: none given) fits the key path, naming the parameter in
    /// the error. It takes the kind, not the value: an optional value passed in is copied out.
    final func checkKind(_ kind: ValueKind?, _ parameter: String) throws(ArgumentError) {
        guard let kind, kind != propertyPath.valueKind else { return }
        throw ArgumentError(
            parameter: parameter, requirement: "must be a \(propertyPath.valueKind.rawValue) for key path \"\(keyPath)\"",
            value: "a \(kind.rawValue)")
    }

    /// Composes `value` onto the frame: added to what is below when additive, else replacing it.
    @inline(__always)
    final func compose(_ value: AnimationValue, onto frame: inout PresentationFrame) {
        if isAdditive {
            frame.properties.setValue(frame.properties.value(at: propertyPath) + value, at: propertyPath)
        } else {
            frame.properties.setValue(value, at: propertyPath)
        }
    }
}
