/// What a gradient layer (CAGradientLayer) adds to a layer: its colors and where they sit, the
/// two points that place them in the bounds, and the kind of gradient.
///
/// A layer is a gradient layer when its properties hold one of these (`LayerProperties.gradient`
/// is non-nil); plain layers hold none, so the four animatable fields cost them nothing (they
/// live out of line, behind one reference). Defaults are Core Animation's: no colors (nothing is
/// drawn), `locations` empty (Core Animation's nil: the stops are spread evenly), `startPoint`
/// (0.5, 0), `endPoint` (0.5, 1), `type` axial.
///
///     var g = GradientProperties()
///     g.colors = [.black, .white]
///     g.color(atLocation: 0.25)     // 25 % of the way from black to white
///
/// `startPoint` and `endPoint` are unit coordinates of the bounds ((0, 0) the top-left corner,
/// (1, 1) the bottom-right, as on iOS). `locations` may leave 0...1 (the classic shimmer animates
/// them from below 0 to above 1); how stops map to pixels is in `GradientProperties+ColorLine.swift`.
public struct GradientProperties: Hashable, Sendable {
    /// The shape the stops are laid out along (CAGradientLayerType).
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Along the line from `startPoint` (location 0) to `endPoint` (location 1); every line
        /// perpendicular to it has one color.
        case axial
        /// On ellipses centred at `startPoint`: location 1 is the ellipse through `endPoint` whose
        /// radii are the horizontal and vertical distances from `startPoint` to `endPoint`.
        case radial
        /// Around `startPoint`: location 0 points toward `endPoint`, and locations grow clockwise
        /// on screen, a full turn at 1.
        case conic
    }

    /// The most colors or locations a gradient holds (`AnimationValue.maximumListCount`).
    public static let maximumStopCount = AnimationValue.maximumListCount

    public var colors: [Color] = []
    /// Empty: spread evenly (Core Animation's nil).
    public var locations: [Double] = []
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)
    public var type = Kind.axial

    public init() {}

    /// The bytes a gradient holds beyond its layer: its colors and locations
    /// (`Layer.estimatedHostBytes` charges them to the script that made the layer).
    public var estimatedHostBytes: Int {
        MemoryLayout<GradientProperties>.stride + colors.count * MemoryLayout<Color>.stride
            + locations.count * MemoryLayout<Double>.stride
    }
}

extension LayerProperties {
    /// A gradient layer's own properties; nil for every other layer. Held out of line (one
    /// reference in `LayerProperties`), copied on write.
    public var gradient: GradientProperties? {
        get { gradientStorage?.value }
        set { gradientStorage = newValue.map(GradientStorage.init) }
    }

    /// The gradient's properties for reading, Core Animation's defaults when the layer is none.
    var gradientOrDefault: GradientProperties { gradientStorage?.value ?? GradientStorage.defaults }

    /// Changes the gradient (a new box: boxes are shared by copies and never written). Properties
    /// that hold no gradient get Core Animation's defaults first: a bag of rates or offsets (a
    /// velocity read composes onto fresh `LayerProperties`) must hold what is written to it.
    /// Layers never get here for another class: `Layer` checks the class before any write.
    mutating func updateGradient(_ change: (inout GradientProperties) -> Void) {
        var value = gradientStorage?.value ?? GradientStorage.defaults
        change(&value)
        if gradientStorage == nil && value == GradientStorage.defaults { return }  // nothing written
        gradientStorage = GradientStorage(value)
    }
}

/// The box `LayerProperties.gradient` lives in: immutable, so copies of a layer's properties (its
/// presentation, snapshots) share it until one of them writes.
final class GradientStorage: Hashable, Sendable {
    let value: GradientProperties
    static let defaults = GradientProperties()

    init(_ value: GradientProperties) { self.value = value }

    static func == (lhs: GradientStorage, rhs: GradientStorage) -> Bool { lhs === rhs || lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
