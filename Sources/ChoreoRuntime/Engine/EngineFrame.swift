import ChoreoCore

/// One frame the engine hands to its sinks (the trace recorder, the renderer, test probes).
///
///     engine.addFrameSink { frame in
///         print(frame.number, frame.time, frame.scene.rootLayer.presentation.opacity)
///     }
///
/// When a sink runs, the frame's callbacks have run, the scene stands at `time`, and every
/// animation event up to `time` has been delivered: the presentation tree is the frame's.
public struct EngineFrame {
    /// The frame's index on the engine's grid: in headless runs frame `n` is at
    /// `Double(n) / framesPerSecond` seconds, while the rate stays the same.
    public var number: Int
    /// The frame's time in engine seconds (its display-link `timestamp`).
    public var time: Double
    /// The time of the next frame on the grid (its display-link `targetTimestamp`).
    public var targetTime: Double
    /// Frames on the grid skipped just before this one (a late real-time tick, or a time jump
    /// too large to sample); 0 normally.
    public var droppedFrames: Int
    /// The scene the frame shows.
    public var scene: Scene
}
