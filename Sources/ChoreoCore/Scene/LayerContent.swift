/// What a layer draws besides its background and border: text, an image, a shape, or a blur of
/// what is behind it. The content kinds of DESIGN §3; none of it animates by interpolation (a
/// change shows at once, or through a transition), except what a shape layer animates (its path,
/// colors and stroke, in `ShapeProperties`) and the blur radius, which are layer properties.
///
/// The cases with content are `indirect`: every layer holds a `LayerContent`, and most hold
/// none, so a layer keeps a pointer rather than room for the largest content inline.
public enum LayerContent: Hashable, Sendable {
    case none
    indirect case text(TextContent)
    indirect case image(ImageContent)
    indirect case shape(ShapeContent)
    /// A blur of what lies behind the layer, with the layer's `blurRadius`.
    case blur
}

/// A label's text and its styling.
public struct TextContent: Hashable, Sendable {
    public enum Alignment: String, CaseIterable, Sendable { case left, center, right, natural, justified }
    public enum Weight: String, CaseIterable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public var text: String
    public var fontSize: Double
    public var fontWeight: Weight
    public var textColor: Color
    public var alignment: Alignment

    public init(text: String = "", fontSize: Double = 17, fontWeight: Weight = .regular,
                textColor: Color = .black, alignment: Alignment = .natural) {
        self.text = text
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.textColor = textColor
        self.alignment = alignment
    }

    /// A font size from outside: > 0 and at most 10,000 points (`NumberLimits.fontSize`).
    public static func checkedFontSize(_ value: Double, _ parameter: String = "fontSize") throws(ArgumentError) -> Double {
        value.isFinite && value > 0 ? try requireInRange(value, 0...NumberLimits.fontSize, parameter)
            : try requirePositive(value, parameter)
    }
}

/// An image view's image: a PNG file, by path (resolved by whoever loads it).
public struct ImageContent: Hashable, Sendable {
    public var path: String
    public init(path: String) { self.path = path }
}

/// A shape layer's stroke style that does not animate (CAShapeLayer's `lineCap`, `lineJoin`,
/// `lineDashPattern` and `fillRule`), with Core Animation's defaults: butt caps, miter joins, no
/// dashes, the non-zero winding rule. Its animatable properties (path, colors, line width, miter
/// limit, dash phase) are `ShapeProperties`, and strokeStart/strokeEnd are layer properties.
public struct ShapeContent: Hashable, Sendable {
    /// How open ends of a stroke are drawn (CAShapeLayerLineCap).
    public enum LineCap: String, CaseIterable, Sendable { case butt, round, square }
    /// How corners of a stroke are drawn (CAShapeLayerLineJoin).
    public enum LineJoin: String, CaseIterable, Sendable { case miter, round, bevel }
    /// Which points are inside the path for its fill (CAShapeLayerFillRule).
    public enum FillRule: String, CaseIterable, Sendable { case nonZero, evenOdd }

    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// Lengths of painted and unpainted dashes, in points, repeated along the stroke; nil or
    /// empty strokes solid.
    public var lineDashPattern: [Double]?
    public var fillRule: FillRule

    public init(lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, lineDashPattern: [Double]? = nil,
                fillRule: FillRule = .nonZero) {
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.lineDashPattern = lineDashPattern
        self.fillRule = fillRule
    }

    /// How many lengths a dash pattern may hold: 1,000 (each is stroked every frame).
    public static let maximumDashCount = 1_000

    /// A dash pattern from outside: at most `maximumDashCount` lengths, each finite and ≥ 0, and
    /// not all 0 (a pattern of nothing but gaps draws nothing forever: cairo rejects it).
    public static func checkedDashPattern(_ lengths: [Double], _ parameter: String = "lineDashPattern") throws(ArgumentError) -> [Double] {
        guard lengths.count <= maximumDashCount else {
            throw ArgumentError(parameter: parameter, requirement: "must hold at most \(maximumDashCount) lengths",
                                value: "\(lengths.count)")
        }
        for (index, length) in lengths.enumerated() {
            _ = try requireNonNegative(length, "\(parameter)[\(index + 1)]")
        }
        guard lengths.isEmpty || lengths.contains(where: { $0 > 0 }) else {
            throw ArgumentError(parameter: parameter, requirement: "must hold a length > 0", value: "only zeros")
        }
        return lengths
    }
}

/// A layer's subtree frozen at one instant: what transitions show and renderers draw.
public struct LayerSnapshot: Hashable, Sendable {
    public var name: String?
    public var properties: LayerProperties
    public var content: LayerContent
    public var isHidden: Bool
    public var masksToBounds: Bool
    public var sublayers: [LayerSnapshot]
    /// The mask's snapshot (none or one), frozen with the layer.
    public var mask: [LayerSnapshot] = []
    /// A replicator's copies of `sublayers`, each as it shows them (empty for other layers).
    public var replicas: [ReplicaSnapshot] = []
    /// An emitter's particles alive at the instant (empty for other layers).
    public var particles: [Particle] = []
}
