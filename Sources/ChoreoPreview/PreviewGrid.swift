/// The frame grid of a preview: the `--fps` grid `choreo render` takes its frames on, frame `n`
/// at exactly `Double(n) / framesPerSecond` seconds of scene time.
///
///     let grid = PreviewGrid(framesPerSecond: 60)
///     grid.snapped(1.2500000000001)    // 1.25 (frame 75): within a millionth of a frame
///     grid.frame(atOrBefore: 1.26)     // 75
///
/// Times the preview computes from display timestamps carry rounding errors; snapping them to a
/// grid frame when they are within `tolerance` frames of it keeps playback at 1× on a display at
/// the grid's rate exactly on the grid, where every presented frame is the headless run's.
public struct PreviewGrid: Hashable, Sendable {
    /// Frames per second of the grid (> 0).
    public var framesPerSecond: Double
    /// How close to a frame (in frames) a time snaps to it: a millionth of a frame.
    public static let tolerance = 1e-6

    public init(framesPerSecond: Double) { self.framesPerSecond = framesPerSecond }

    /// The time of frame `n`, computed as the headless run computes it.
    public func time(ofFrame n: Int) -> Double { Double(n) / framesPerSecond }

    /// The frame `time` is on (within the tolerance), or nil between frames.
    public func frame(at time: Double) -> Int? {
        let position = time * framesPerSecond
        let nearest = position.rounded()
        guard abs(position - nearest) <= Self.tolerance, abs(nearest) < 1e15 else { return nil }
        return Int(nearest)
    }

    /// `time`, or the time of the frame it is within the tolerance of.
    public func snapped(_ time: Double) -> Double {
        frame(at: time).map(time(ofFrame:)) ?? time
    }

    /// The last frame at or before `time` (the frame it is on, within the tolerance).
    public func frame(atOrBefore time: Double) -> Int {
        frame(at: time) ?? Int((time * framesPerSecond).rounded(.down))
    }

    /// The first frame at or after `time` (the frame it is on, within the tolerance).
    public func frame(atOrAfter time: Double) -> Int {
        frame(at: time) ?? Int((time * framesPerSecond).rounded(.up))
    }

    /// The frame nearest to `time`.
    public func nearestFrame(to time: Double) -> Int {
        Int((time * framesPerSecond).rounded())
    }

    /// Whether `time` is exactly a grid frame's time.
    public func isOnGrid(_ time: Double) -> Bool {
        frame(at: time).map { self.time(ofFrame: $0) == time } ?? false
    }
}
