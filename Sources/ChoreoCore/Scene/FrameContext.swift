/// What the presentations of one scene share within a frame: the values of cubic timing curves
/// and the timing states that many animations compute alike.
///
/// Ten thousand views animated by one `View.animate` all sample the same curve at the same time
/// fraction, and all have the same timing at the same local time; the context computes each once.
/// A few recent entries are kept and compared exactly, so a remembered value is the value the
/// computation gives: exactness does not change. Owned by one scene and used on its thread only.
final class FrameContext {
    /// A cubic curve's control points: with a time fraction, the key of a remembered progress.
    struct CubicKey: Hashable {
        var c1x: Double, c1y: Double, c2x: Double, c2y: Double

        init(_ curve: CubicBezierCurve) {
            (c1x, c1y, c2x, c2y) = (curve.c1x, curve.c1y, curve.c2x, curve.c2y)
        }
    }

    private struct CubicSample: Equatable {
        var curve: CubicKey
        var fraction: Double
    }

    private struct TimingSample: Equatable {
        var timing: MediaTiming
        var time: MediaTime
    }

    private let cubics = RecentValues<CubicSample, Double>()
    private let states = RecentValues<TimingSample, TimingState>()

    /// The progress of the cubic curve `key` at `fraction`, computed by `compute` once among
    /// recent (curve, fraction) pairs.
    @inline(__always)
    func progress(of key: CubicKey, at fraction: Double, compute: (Double) -> Double) -> Double {
        cubics.value(for: CubicSample(curve: key, fraction: fraction)) { compute(fraction) }
    }

    /// `timing.state(at: time)`, computed once among recent (timing, time) pairs.
    func state(of timing: MediaTiming, at time: MediaTime) -> TimingState {
        states.value(for: TimingSample(timing: timing, time: time)) { timing.state(at: time) }
    }
}

/// The last few (key, value) pairs of a computation, replaced round robin. The entries live in a
/// buffer allocated once, so a lookup neither allocates nor copies them.
private final class RecentValues<Key: Equatable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
    }

    private static var capacity: Int { 8 }
    private let entries = UnsafeMutablePointer<Entry>.allocate(capacity: RecentValues.capacity)
    private var count = 0, next = 0

    deinit {
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The value remembered for `key`, or `compute()`'s, remembered.
    @inline(__always)
    func value(for key: Key, compute: () -> Value) -> Value {
        for index in 0..<count where entries[index].key == key { return entries[index].value }
        let value = compute()
        if count < Self.capacity {
            (entries + count).initialize(to: Entry(key: key, value: value))
            count += 1
        } else {
            entries[next] = Entry(key: key, value: value)
            next = (next + 1) % Self.capacity
        }
        return value
    }
}
