/// The animatable state of a layer: what the model holds and what presentation computes.
///
/// One plain struct, so the presentation of an animated layer is a copy of its model with the
/// animations composed onto it — no allocation, except for custom properties (a dictionary,
/// copied only when an animation writes one) and a transform a general row composes (its box;
/// the number kernel hands out boxes it keeps).
///
/// Defaults are Core Animation's: anchor point (0.5, 0.5), opacity 1, an opaque black border and
/// shadow color, a shadow offset of (0, −3) and radius 3 (shadowOpacity 0 hides it), strokeEnd 1.
/// Each field is declared as an animatable property once more, in `PropertyCatalogue`, which is
/// where key paths, bindings and documentation learn about it.
public struct LayerProperties: Hashable, Sendable {
    public var position = Point.zero
    public var bounds = Rect.zero
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var opacity = 1.0
    public var backgroundColor = Color.clear
    public var borderWidth = 0.0
    public var borderColor = Color.black
    public var cornerRadius = 0.0
    /// A 3D transform about the anchor point, held in a shared immutable box (`TransformBox`):
    /// the properties keep one reference instead of the matrix's 128 bytes, every identity
    /// transform shares one box, and a copy of the properties (a presentation, a snapshot)
    /// retains the box instead of copying the matrix.
    public var transform: Transform3D {
        @inline(__always) get { transformBox.value }
        set { transformBox = TransformBox.holding(newValue) }
    }
    var transformBox = TransformBox.identity
    public var zPosition = 0.0
    public var shadowColor = Color.black
    public var shadowOffset = Size(width: 0, height: -3)
    public var shadowOpacity = 0.0
    public var shadowRadius = 3.0
    public var strokeStart = 0.0
    public var strokeEnd = 1.0
    public var blurRadius = 0.0
    /// A replicator's or an emitter's own properties, out of line (one pointer; nil for every
    /// other layer, which is what makes a layer one of those classes: `Layer.layerClass`).
    public var instancing: InstancingProperties?
    /// Numeric properties set by key (`layer:setValue(3, "progress")`), animatable by key path.
    public var custom: [String: Double] {
        get { customStorage ?? [:] }
        set { customStorage = newValue.isEmpty ? nil : newValue }
        // In place: a `get` then `set` copied the whole dictionary for each name set (60,000
        // custom properties on one layer took a minute).
        _modify {
            var value = customStorage ?? [:]
            customStorage = nil
            defer { customStorage = value.isEmpty ? nil : value }
            yield &value
        }
    }
    /// `custom`, nil when empty: copying the properties of a layer without custom ones then
    /// retains nothing (the empty dictionary's retain takes the runtime's slow path).
    var customStorage: [String: Double]?
    /// The features few layers use (`sublayerTransform`, `isDoubleSided`, `contentsGravity`,
    /// `shadowPath`), out of line: nil while they hold Core Animation's defaults, so a plain
    /// layer grows by one reference only (`LayerFeatures`).
    var featureStorage: LayerFeatureBox?
    /// A shape layer's properties (`shape`), out of line: nil on every other layer.
    var shapeStorage: ShapeStorage?
    /// A gradient layer's colors, locations, points and type (`gradient`); nil for other layers.
    var gradientStorage: GradientStorage?

    public init() {}
}

/// An immutable transform in a box of its own, for `LayerProperties.transform`. Compared and
/// hashed by value, so properties compare as they did with the matrix inline.
final class TransformBox: Hashable, Sendable {
    let value: Transform3D

    private init(_ value: Transform3D) { self.value = value }

    /// The one box of the identity (bit for bit: a transform with a −0 entry gets a box of its own).
    static let identity = TransformBox(.identity)

    /// A box holding `transform`: the shared identity box for the identity.
    static func holding(_ transform: Transform3D) -> TransformBox {
        transform.isBitwiseIdentity ? identity : TransformBox(transform)
    }

    static func == (a: TransformBox, b: TransformBox) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
