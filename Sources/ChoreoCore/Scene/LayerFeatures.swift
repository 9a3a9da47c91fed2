/// The layer features that ported code uses now and then and most layers never touch:
/// `sublayerTransform`, `isDoubleSided`, `contentsGravity` and `shadowPath` (CALayer's).
///
/// They live out of line, in one box a layer's properties point to only once a feature leaves
/// its default (`LayerProperties.features`): the memory bar of 10,000 views allows a plain layer
/// no more than one reference for all of them. Reading a feature of a plain layer reads the
/// defaults; writing one allocates the box (a new one per write: the box is immutable, so copies
/// of the properties — presentations, snapshots — share it safely).
///
///     var properties = LayerProperties()
///     properties.features.isDoubleSided = false      // allocates the box
///     properties.sublayerTransform                   // .identity
public struct LayerFeatures: Hashable, Sendable {
    /// The transform applied to the sublayers when drawing (not to the layer itself), about the
    /// layer's anchor point. Animatable (`PropertyCatalogue`); typically a perspective.
    public var sublayerTransform = Transform3D.identity
    /// Whether the layer's back is drawn when it faces the viewer (Core Animation's default:
    /// true). False hides a layer turned away, the back of a card flip.
    public var isDoubleSided = true
    /// How image content is placed and scaled in the bounds (default `resize`).
    public var contentsGravity = ContentsGravity.resize
    /// The outline the shadow is cast from instead of the layer's drawing (nil: the drawing's
    /// alpha), in the layer's bounds coordinates.
    public var shadowPath: BezierPath?

    public init() {}

    /// Core Animation's defaults, which a new layer has.
    public static let defaults = LayerFeatures()
}

/// The immutable box `LayerProperties` holds `LayerFeatures` in.
final class LayerFeatureBox: Hashable, Sendable {
    let features: LayerFeatures
    init(_ features: LayerFeatures) { self.features = features }
    static func == (a: LayerFeatureBox, b: LayerFeatureBox) -> Bool { a === b || a.features == b.features }
    func hash(into hasher: inout Hasher) { hasher.combine(features) }
}

extension LayerProperties {
    /// The out-of-line features, Core Animation's defaults unless one was set.
    public var features: LayerFeatures {
        get { featureStorage?.features ?? .defaults }
        set { featureStorage = newValue == .defaults ? nil : LayerFeatureBox(newValue) }
    }

    /// CALayer.sublayerTransform (in `features`; declared in the catalogue so that it animates).
    public var sublayerTransform: Transform3D {
        get { featureStorage?.features.sublayerTransform ?? .identity }
        set { features.sublayerTransform = newValue }
    }
}

/// CALayer.contentsGravity: where image content sits in the bounds, and whether it is scaled.
/// The names are Core Animation's; a view's `contentMode` names the same placements UIKit's way
/// (`ContentsGravity(contentMode:)`).
///
/// `top` means the top edge as drawn (Choreo's y axis points down, as UIKit's does); iOS's
/// unflipped stand-alone layers swap `top` and `bottom`, a quirk Choreo does not copy.
public enum ContentsGravity: String, CaseIterable, Hashable, Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill

    /// UIView.ContentMode's names for the same placements (`redraw` draws as `scaleToFill`).
    public static let contentModes: [(name: String, gravity: ContentsGravity)] = [
        ("scaleToFill", .resize), ("scaleAspectFit", .resizeAspect), ("scaleAspectFill", .resizeAspectFill),
        ("redraw", .resize), ("center", .center), ("top", .top), ("bottom", .bottom), ("left", .left),
        ("right", .right), ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft),
        ("bottomRight", .bottomRight),
    ]

    /// The gravity a UIKit content mode names; an unknown name lists the valid ones.
    public init(contentMode name: String) throws(ArgumentError) {
        guard let match = Self.contentModes.first(where: { $0.name == name }) else {
            throw ArgumentError(
                parameter: "contentMode",
                requirement: "must be one of " + Self.contentModes.map { "\"\($0.name)\"" }.joined(separator: ", "),
                value: "\"\(name)\"")
        }
        self = match.gravity
    }

    /// The UIKit content mode for this gravity (the first that maps to it).
    public var contentMode: String { Self.contentModes.first { $0.gravity == self }!.name }

    /// The rectangle, in the bounds' coordinates, that content of `size` is drawn into within
    /// `bounds`: stretched (`resize`), scaled to fit or to fill keeping its aspect ratio and
    /// centred, or kept at its size and placed at a centre, edge or corner.
    public func contentRect(for size: Size, in bounds: Rect) -> Rect {
        let (w, h) = (bounds.size.width, bounds.size.height)
        var (cw, ch) = (size.width, size.height)
        switch self {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard cw > 0, ch > 0 else { return bounds }
            let scale = self == .resizeAspect ? min(w / cw, h / ch) : max(w / cw, h / ch)
            (cw, ch) = (cw * scale, ch * scale)
        default: break
        }
        let fx: Double = switch self {
        case .left, .topLeft, .bottomLeft: 0
        case .right, .topRight, .bottomRight: 1
        default: 0.5
        }
        let fy: Double = switch self {
        case .top, .topLeft, .topRight: 0
        case .bottom, .bottomLeft, .bottomRight: 1
        default: 0.5
        }
        return Rect(x: bounds.origin.x + (w - cw) * fx, y: bounds.origin.y + (h - ch) * fy, width: cw, height: ch)
    }
}
