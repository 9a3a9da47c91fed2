/// A shape layer's animatable properties (CAShapeLayer): its path, fill and stroke colors, line
/// width, miter limit and dash phase, with Core Animation's defaults — filled opaque black, no
/// stroke (`strokeColor` nil), a line width of 1 and a miter limit of 10.
///
///     var shape = ShapeProperties()
///     shape.path = BezierPath(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 40))
///     shape.strokeColor = .white
///     layer.model.shape = shape        // what `ShapeLayer.new{...}` does
///
/// The properties are declared in the catalogue (`PropertyCatalogue.shapeProperties`), so they
/// animate like any other. A nil color animates as transparent black, as Core Animation treats it.
/// `strokeStart` and `strokeEnd` stay in `LayerProperties`, where they have always been (every
/// layer has them, and the evaluator's scalar slots reach them). The stroke's style that does not
/// animate (caps, joins, dash pattern, fill rule) is the layer's `ShapeContent`.
///
/// Stored out of line (`LayerProperties.shape`): a plain layer keeps one nil reference, and a
/// shape layer's properties are copied by reference until one of them changes.
public struct ShapeProperties: Hashable, Sendable {
    public var path = BezierPath()
    /// The fill's color; nil fills nothing. Default: opaque black.
    public var fillColor: Color? = .black
    /// The stroke's color; nil (the default) strokes nothing.
    public var strokeColor: Color?
    /// The stroke's width in points, centred on the path. Default 1.
    public var lineWidth = 1.0
    /// How far a miter join may reach, as a multiple of half the line width, before it is bevelled
    /// (CGContext's rule: the ratio of the miter's length to the line width). Default 10.
    public var miterLimit = 10.0
    /// How far into the dash pattern the stroke starts, in points. Default 0.
    public var lineDashPhase = 0.0

    public init() {}

    /// Core Animation's defaults, shared by every layer that has not set a shape property.
    public static let defaults = ShapeProperties()
}

/// `ShapeProperties` behind one reference, copied on write: what `LayerProperties` stores, so a
/// plain layer pays 8 bytes for the shape properties it does not have.
struct ShapeStorage: Hashable, Sendable {
    /// The box is written only while it is uniquely referenced (`isKnownUniquelyReferenced`), so
    /// sharing it across threads shares an immutable value.
    private final class Box: @unchecked Sendable {
        var value: ShapeProperties
        init(_ value: ShapeProperties) { self.value = value }
    }

    private var box: Box

    init(_ value: ShapeProperties) { box = Box(value) }

    var value: ShapeProperties {
        get { box.value }
        set {
            if isKnownUniquelyReferenced(&box) { box.value = newValue } else { box = Box(newValue) }
        }
    }

    static func == (lhs: ShapeStorage, rhs: ShapeStorage) -> Bool { lhs.box === rhs.box || lhs.box.value == rhs.box.value }
    func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}

extension LayerProperties {
    /// The shape properties (CAShapeLayer's): `ShapeProperties.defaults` until one is set.
    public var shape: ShapeProperties {
        get { shapeStorage?.value ?? .defaults }
        set {
            if shapeStorage == nil { shapeStorage = ShapeStorage(newValue) } else { shapeStorage!.value = newValue }
        }
    }

    /// Whether any shape property was ever set on these properties (the box exists).
    public var hasShapeProperties: Bool { shapeStorage != nil }
}

/// Paths are layer property values (CAShapeLayer's `path`), with no sub-paths.
extension BezierPath: LayerPropertyValue {
    static var valueKind: ValueKind { .path }
    var animationValue: AnimationValue { .path(self) }
    init?(_ value: AnimationValue) {
        guard case let .path(v) = value else { return nil }
        self = v
    }
}
