/// What a layer draws besides its background and border: text, an image, a shape, or a blur of
/// what is behind it. The content kinds of DESIGN §3; none of it animates by interpolation (a
/// change shows at once, or through a transition), except the shape's stroke ends and the blur
/// radius, which are layer properties.
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

/// A shape layer's path and its stroke and fill (CAShapeLayer; strokeStart and strokeEnd are
/// layer properties, so they animate). The defaults are CAShapeLayer's: filled black, no stroke.
public struct ShapeContent: Hashable, Sendable {
    public var path: BezierPath
    public var strokeColor: Color?
    public var fillColor: Color?
    public var lineWidth: Double

    public init(path: BezierPath, strokeColor: Color? = nil, fillColor: Color? = .black, lineWidth: Double = 1) {
        self.path = path
        self.strokeColor = strokeColor
        self.fillColor = fillColor
        self.lineWidth = lineWidth
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
    /// A replicator's copies of `sublayers`, each as it shows them (empty for other layers).
    public var replicas: [ReplicaSnapshot] = []
    /// An emitter's particles alive at the instant (empty for other layers).
    public var particles: [Particle] = []
}
