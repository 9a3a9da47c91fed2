/// What the presentations of one scene share within a frame: the values of timing curves and
/// timing states that many animations compute alike.
///
/// Ten thousand views animated by one `View.animate` all sample the same curve at the same
/// time fraction, and all have the same timing at the same local time; the context computes
/// each once per frame. A handful of recent entries is kept, compared exactly (bit for bit), so
/// memoised values are the values the computation would give: exactness does not change.
/// Owned by one scene and used on its thread only.
final class FrameContext {
    private struct CubicEntry {
        var curve: CubicBezierCurve
        var fraction: Double
        var progress: Double
    }

    private struct StateEntry {
        var timing: MediaTiming
        var time: MediaTime
        var state: TimingState
    }

    private static let slots = 8
    private var cubics: [CubicEntry] = []
    private var nextCubic = 0
    private var states: [StateEntry] = []
    private var nextState = 0

    init() {
        cubics.reserveCapacity(Self.slots)
        states.reserveCapacity(Self.slots)
    }

    /// `curve.progress(at: fraction)`, computed once per (curve, fraction) among recent ones.
    func progress(of curve: CubicBezierCurve, at fraction: Double) -> Double {
        for index in cubics.indices where cubics[index].fraction == fraction && cubics[index].curve == curve {
            return cubics[index].progress
        }
        let progress = curve.progress(at: fraction)
        let entry = CubicEntry(curve: curve, fraction: fraction, progress: progress)
        if cubics.count < Self.slots {
            cubics.append(entry)
        } else {
            cubics[nextCubic] = entry
            nextCubic = (nextCubic + 1) % Self.slots
        }
        return progress
    }

    /// `timing.state(at: time)`, computed once per (timing, time) among recent ones.
    func state(of timing: MediaTiming, at time: MediaTime) -> TimingState {
        for index in states.indices where states[index].time == time && states[index].timing == timing {
            return states[index].state
        }
        let state = timing.state(at: time)
        let entry = StateEntry(timing: timing, time: time, state: state)
        if states.count < Self.slots {
            states.append(entry)
        } else {
            states[nextState] = entry
            nextState = (nextState + 1) % Self.slots
        }
        return state
    }
}
