import ChoreoCore

/// Why a frame could not be drawn or written: each names what to fix.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A canvas or scene size, or a scale, that is zero, negative, not finite or too large.
    case invalidSize(String)
    /// An image file that is missing or not a readable PNG.
    case unreadableImage(path: String, reason: String)
    /// A file that could not be written (PNG, GIF, sheet, plot).
    case unwritableFile(path: String, reason: String)
    /// cairo reported an error (out of memory, mostly).
    case cairo(String)
    /// A presentation value is NaN or infinite: nothing is drawn from it.
    case nonFinite(NonFiniteValueError)

    public var description: String {
        switch self {
        case let .invalidSize(message): message
        case let .unreadableImage(path, reason): "cannot read the image \(path): \(reason)"
        case let .unwritableFile(path, reason): "cannot write \(path): \(reason)"
        case let .cairo(message): "cairo: \(message)"
        case let .nonFinite(error): "\(error)"
        }
    }
}
