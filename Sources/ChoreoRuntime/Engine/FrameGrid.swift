/// How an engine's frame numbers map to times during a run: frame `n` is at
/// `origin + Double(n - originFrame) / framesPerSecond`.
///
///     let grid = FrameGrid(framesPerSecond: 60)
///     grid.time(of: 600)                              // 10.0 exactly
///     grid.firstFrame(atOrAfter: 0.5, inclusive: true) // 30
///
/// Headless runs use origin 0 and origin frame 0, so frame `n` is at exactly `Double(n) / fps`
/// (0 + x is x): every time is computed from the origin, none is accumulated. A real-time run
/// anchors its grid where it starts.
struct FrameGrid: Equatable {
    var origin = 0.0
    var originFrame = 0
    var framesPerSecond: Double

    func time(of frame: Int) -> Double {
        origin + Double(frame - originFrame) / framesPerSecond
    }

    /// The first frame at or after `t` (`inclusive`), or strictly after it.
    func firstFrame(atOrAfter t: Double, inclusive: Bool) -> Int {
        var frame = estimate(t)
        while !isAfter(time(of: frame), t, inclusive) { frame += 1 }
        while isAfter(time(of: frame - 1), t, inclusive) { frame -= 1 }
        return frame
    }

    /// The last frame at or before `t`.
    func lastFrame(atOrBefore t: Double) -> Int {
        firstFrame(atOrAfter: t, inclusive: false) - 1
    }

    private func isAfter(_ a: Double, _ t: Double, _ inclusive: Bool) -> Bool {
        inclusive ? a >= t : a > t
    }

    /// A frame within one or two of the answer: rounding makes the fix-up loops short.
    private func estimate(_ t: Double) -> Int {
        originFrame + Int(saturating: ((t - origin) * framesPerSecond).rounded(.down))
    }
}
