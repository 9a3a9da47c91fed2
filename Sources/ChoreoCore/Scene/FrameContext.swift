/// What the presentations of one scene share within a frame: the values of cubic timing curves
/// and the timing states that many animations compute alike.
///
/// Ten thousand views animated by one `View.animate` all sample the same curve at the same time
/// fraction, and all have the same timing at the same local time; the context computes each once.
/// A few recent entries are kept and compared exactly, so a remembered value is the value the
/// computation gives: exactness does not change. Owned by one scene and used on its thread only.
/// The entries live in buffers allocated once, so a lookup neither allocates nor copies them.
final class FrameContext {
    /// A cubic curve's control points and a time fraction: the key of a remembered progress.
    struct CubicKey: Equatable {
        var c1x: Double, c1y: Double, c2x: Double, c2y: Double

        init(_ curve: CubicBezierCurve) {
            (c1x, c1y, c2x, c2y) = (curve.c1x, curve.c1y, curve.c2x, curve.c2y)
        }
    }

    private struct CubicEntry {
        var key: CubicKey
        var fraction: Double
        var progress: Double
    }

    private struct StateEntry {
        var timing: MediaTiming
        var time: MediaTime
        var state: TimingState
    }

    private static let slots = 8
    private let cubics: UnsafeMutablePointer<CubicEntry>
    private let states: UnsafeMutablePointer<StateEntry>
    private var cubicCount = 0, nextCubic = 0
    private var stateCount = 0, nextState = 0

    init() {
        cubics = .allocate(capacity: Self.slots)
        states = .allocate(capacity: Self.slots)
    }

    deinit {
        cubics.deinitialize(count: cubicCount)
        cubics.deallocate()
        states.deinitialize(count: stateCount)
        states.deallocate()
    }

    /// The progress of the cubic curve `key` at `fraction`, computed by `compute` once among
    /// recent (curve, fraction) pairs.
    @inline(__always)
    func progress(of key: CubicKey, at fraction: Double, compute: (Double) -> Double) -> Double {
        for index in 0..<cubicCount where cubics[index].fraction == fraction && cubics[index].key == key {
            return cubics[index].progress
        }
        let progress = compute(fraction)
        let entry = CubicEntry(key: key, fraction: fraction, progress: progress)
        if cubicCount < Self.slots {
            (cubics + cubicCount).initialize(to: entry)
            cubicCount += 1
        } else {
            cubics[nextCubic] = entry
            nextCubic = (nextCubic + 1) % Self.slots
        }
        return progress
    }

    /// `timing.state(at: time)`, computed once among recent (timing, time) pairs.
    func state(of timing: MediaTiming, at time: MediaTime) -> TimingState {
        for index in 0..<stateCount where states[index].time == time && states[index].timing == timing {
            return states[index].state
        }
        let state = timing.state(at: time)
        let entry = StateEntry(timing: timing, time: time, state: state)
        if stateCount < Self.slots {
            (states + stateCount).initialize(to: entry)
            stateCount += 1
        } else {
            states[nextState] = entry
            nextState = (nextState + 1) % Self.slots
        }
        return state
    }
}
