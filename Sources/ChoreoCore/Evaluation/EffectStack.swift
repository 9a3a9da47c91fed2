/// The one evaluator: every animated layer of a scene is a row here, and a frame computes the
/// rows' presentation values into columns, which every reader (`Layer.presentation`, key-path
/// reads, traces, renderers, velocity) looks up.
///
/// A layer's attached animations are lowered into effects (`Animation.lower(into:stages:)`) when
/// its row is laid out. A row is one of two kinds:
///
/// - **numbers** (the number kernel): every effect is a `ScalarWrite` (a basic animation of
///   numbers, points, sizes, rects, colors, a transform component or a whole transform) and at
///   most one writes the transform. At ten thousand layers a frame is bound by memory, not arithmetic, so these rows
///   keep what the numbers need in a few dense arrays (structure of arrays):
///   - tracks: the distinct (timing, time mapping, curve) of the effects, whose timing state and
///     curve value are computed once per frame for all the effects that share them (a cubic
///     without dynamic dispatch; a Lua curve once per track, not per effect);
///   - steps: one per number an effect writes (a point writes two, a color four): its track, its from and to
///     values and the cell it writes, in composition order per row;
///   - cells: one per number a row's effects touch, and one for its transform (a component's
///     value, or a whole transform's curve fraction), holding the model's value (`base`) and,
///     after a frame, the presentation's (`values`).
///   A frame is a loop over the tracks, a copy of `base` into `values` and a loop over the steps.
/// - **general** (the general kernel): the row's effects, each sampled (`EffectSampler`) and
///   composed onto the model in order, once per frame when the row is first read
///   (`GeneralRow`): springs, keyframes, group children, transitions, custom properties.
///
/// A row is laid out at the first frame (or read) after its layer's animations, model, timing
/// or place in the tree changed; any such change kills the old row (`Scene.forgetRow(of:)`). Dead rows
/// are computed (harmless arithmetic on their own cells) until their steps outnumber the living
/// ones, then compacted away. `checkInvariants()` states what must hold between frames.
@usableFromInline
final class EffectStack {
    /// What a track's effects share: their timing state and curve value at a frame.
    struct Track: Hashable {
        var timing: EffectTiming
        var mapping: TimeMapping
        var curve: CurveIdentity
    }

    /// When two effects' curves are the same curve: linear pacing, the same cubic control
    /// points, the same curve object, equal curve values (a baked table); a curve value that is
    /// not `Hashable` is only itself.
    enum CurveIdentity: Hashable {
        case linear
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double)
        case object(ObjectIdentifier)
        case value(AnyHashable)
        case unique(Int)
    }

    /// A track's curve, evaluated once per frame: a cubic without dynamic dispatch, any other
    /// through the protocol.
    enum TrackCurve {
        case linear
        case cubic(CubicBezierCurve)
        case other(any TimingCurve)

        @inline(__always)
        func progress(at fraction: Double) -> Double {
            switch self {
            case .linear: fraction
            case .cubic(let curve): curve.progress(at: fraction)
            case .other(let curve): curve.progress(at: fraction)
            }
        }
    }

    /// One number a `ScalarWrite` writes. 24 bytes: the cell and the two flags share a word.
    struct Step {
        var from: Double, to: Double
        private var cellAndFlags: UInt32
        var track: Int32

        private static var additive: UInt32 { 1 << 31 }
        private static var cumulative: UInt32 { 1 << 30 }
        private static var cellMask: UInt32 { (1 << 30) - 1 }

        /// The most cells the stack holds (a row beyond them takes the general kernel).
        static var cellLimit: Int { Int(cellMask) }

        init(from: Double, to: Double, cell: Int, track: Int32, isAdditive: Bool, isCumulative: Bool) {
            (self.from, self.to, self.track) = (from, to, track)
            cellAndFlags = UInt32(cell) | (isAdditive ? Self.additive : 0) | (isCumulative ? Self.cumulative : 0)
        }

        var cell: Int {
            get { Int(cellAndFlags & Self.cellMask) }
            set { cellAndFlags = (cellAndFlags & ~Self.cellMask) | UInt32(newValue) }
        }
        var isAdditive: Bool { cellAndFlags & Self.additive != 0 }
        var isCumulative: Bool { cellAndFlags & Self.cumulative != 0 }
    }

    /// A layer's cells (its slots' first, then its transform's) and steps, or its general row.
    ///
    /// 32 bytes: the indices are kept as 32-bit numbers (cells are fewer than `Step.cellLimit`),
    /// so ten thousand rows take 320 KB, not 640 KB, and a read's row is half a cache line.
    struct Row {
        private var storedFirstCell: Int32, storedSlotCount: Int32
        private var storedFirstStep: Int32, storedStepCount: Int32
        private var storedTransform: Int32, storedGeneral: Int32
        /// The properties the row's effects write (`PropertyMask`): reads of others go to the model.
        var touched: PropertyMask

        init(firstCell: Int, slotCount: Int, firstStep: Int, stepCount: Int, transform: Int, general: Int,
             touched: PropertyMask) {
            (storedFirstCell, storedSlotCount) = (Int32(firstCell), Int32(slotCount))
            (storedFirstStep, storedStepCount) = (Int32(firstStep), Int32(stepCount))
            (storedTransform, storedGeneral) = (Int32(transform), Int32(general))
            self.touched = touched
        }

        var firstCell: Int { @inline(__always) get { Int(storedFirstCell) } }
        var slotCount: Int { @inline(__always) get { Int(storedSlotCount) } }
        var firstStep: Int { @inline(__always) get { Int(storedFirstStep) } }
        var stepCount: Int { @inline(__always) get { Int(storedStepCount) } }
        /// The index of the row's transform write (`transforms`), or −1.
        var transform: Int { @inline(__always) get { Int(storedTransform) } }
        /// The index of the row's general row (`generalRows`), or −1 for a row of numbers.
        var general: Int { @inline(__always) get { Int(storedGeneral) } }
    }

    var tracks: [Track] = []
    var trackCurves: [TrackCurve] = []
    var trackIndex: [Track: Int32] = [:]
    /// The tracks `trackNumber` returned last, the latest first (rows laid out one after
    /// another alternate between a few curves).
    var lastTracks: (Int32?, Int32?) = (nil, nil)
    /// Numbers the curves that are only themselves (`CurveIdentity.unique`).
    var uniqueCurves = 0
    /// Per track: how many living steps it paces (a track without any is not evaluated).
    var trackUsers: [Int] = []
    /// Per track: the curve's value (NaN when not in effect) and the iteration, computed at the
    /// scene stamp in `trackStamps` (by the frame, or by a row computed on its own since: rows
    /// read again and again between frames compute each track once).
    var fractions: [Double] = []
    var iterations: [Int] = []
    var trackStamps: [Int] = []

    var steps: [Step] = []
    /// Per cell: the model's value (NaN in the transform cell: unwritten, it shows the model's
    /// transform), and this frame's value.
    var base: [Double] = []
    var values: [Double] = []

    var cellSlots: [ScalarSlot] = []
    /// Per row with a transform: its write, unretained, with the write's memo; `transformWrites`
    /// owns every write a row names (compaction keeps exactly the named ones), so a read reaches
    /// the write, or its memo, without a retain and a release.
    var transforms: [TransformRef] = []

    /// A row's transform write and the memory of its memo (the write owns both).
    struct TransformRef {
        let write: Unmanaged<TransformWrite>
        let memoNumbers: UnsafeMutablePointer<Double>
        let memoValues: UnsafeMutablePointer<AnimationValue>

        init(_ write: TransformWrite) {
            self.write = Unmanaged.passUnretained(write)
            (memoNumbers, memoValues) = (write.recentValues, write.recentAnimationValues)
        }

        /// The memoised value of the write for `number` (the curve's fraction or the
        /// component's value), or nil when it is not memoised (or is NaN: not in effect).
        @inline(__always)
        func memoisedValue(_ number: Double) -> AnimationValue? {
            guard !number.isNaN else { return nil }
            for index in 0..<TransformWrite.memoSize where memoNumbers[index].bitPattern == number.bitPattern {
                return memoValues[index]
            }
            return nil
        }
    }
    /// The distinct transform writes of the living rows, shared by the rows that write alike.
    var transformWrites: [TransformWrite.Key: TransformWrite] = [:]
    /// The write `transformWrite` returned last, with its key: compared before hashing one
    /// (a key is three transforms, 48 numbers).
    var lastTransformWrite: (key: TransformWrite.Key, write: TransformWrite)?
    var generalRows: [GeneralRow?] = []

    var rows: [Row] = []
    /// Per row: its layer (retained while the row lives; nil once it is dead).
    var layers: [Layer?] = []
    /// Per row: the global time before which the row's layer has no event (`Layer.nextEventCheck`).
    var eventChecks: [MediaTime] = []
    /// Per row: the scene stamp its cells were computed at on their own (a row laid out after
    /// the last frame's `evaluate`, when it is read before the next), −1, or `stale`.
    var soloStamps: [Int] = []
    /// The rows whose cells took new model values since the last frame (`takeModel`): marked
    /// `stale` in `soloStamps`, computed on their own when read, current again after a frame.
    var staleRows: [Int] = []
    static let stale = -2
    var deadSteps = 0

    /// The scene's current time and stamp (`Scene.advance` sets them), so that a read needs the
    /// stack alone, not the scene.
    var now = MediaTime.zero
    var nowStamp = 0

    /// The scene stamp `values` were computed at (−1: never), and how many rows existed then.
    var stamp = -1
    var evaluatedRows = 0

    /// The number of living rows.
    var liveRows = 0

    /// Takes row `row` out; its layer is laid out anew at the next frame or read.
    func kill(_ row: Int) {
        guard layers[row] != nil else { return }
        layers[row] = nil
        eventChecks[row] = MediaTime(Double.infinity)
        deadSteps += max(rows[row].stepCount, 1)
        for step in steps[rows[row].firstStep..<rows[row].firstStep + rows[row].stepCount] {
            trackUsers[Int(step.track)] -= 1
        }
        if rows[row].general >= 0 { generalRows[rows[row].general] = nil }
        liveRows -= 1
    }

    /// Computes every row of numbers at global `time`: tracks, then the model values, then the
    /// steps in order. General rows are computed when first read (`frame(row:layer:at:)`).
    func evaluate(at time: MediaTime, stamp: Int) {
        if deadSteps > 256 && deadSteps > steps.count / 2 { compact() }
        for index in tracks.indices where trackUsers[index] > 0 { computeTrack(index, at: time, stamp: stamp) }
        values.withUnsafeMutableBufferPointer { values in
            base.withUnsafeBufferPointer { base in _ = values.update(fromContentsOf: base) }
        }
        applySteps(steps.indices)
        self.stamp = stamp
        evaluatedRows = rows.count
        for index in staleRows where soloStamps[index] == Self.stale { soloStamps[index] = -1 }
        staleRows.removeAll(keepingCapacity: true)
    }

    /// Computes one row of numbers on its own at global `time` (a row laid out since the last
    /// frame), with the arithmetic of `evaluate`.
    func evaluateAlone(_ index: Int, at time: MediaTime, stamp: Int) {
        let row = rows[index]
        for cell in row.firstCell..<row.firstCell + row.slotCount + (row.transform >= 0 ? 1 : 0) {
            values[cell] = base[cell]
        }
        compute(row.firstStep..<row.firstStep + row.stepCount, at: time, stamp: stamp)
        soloStamps[index] = stamp
    }

    /// Computes `steps[range]` at global `time` (scene stamp `stamp`) onto the cells' values,
    /// in order, with the arithmetic of `evaluate`; each track is computed once per stamp.
    func compute(_ range: Range<Int>, at time: MediaTime, stamp: Int) {
        for step in steps[range] where trackStamps[Int(step.track)] != stamp {
            computeTrack(Int(step.track), at: time, stamp: stamp)
        }
        applySteps(range)
    }

    /// Writes `steps[range]`, in order, into the cells' values from their tracks' computed
    /// curve values: a step of a track not in effect writes nothing.
    @inline(__always)
    private func applySteps(_ range: Range<Int>) {
        values.withUnsafeMutableBufferPointer { values in
            steps.withUnsafeBufferPointer { steps in
                fractions.withUnsafeBufferPointer { fractions in
                    iterations.withUnsafeBufferPointer { iterations in
                        for step in steps[range] {
                            let fraction = fractions[Int(step.track)]
                            guard !fraction.isNaN else { continue }
                            let value = ScalarWrite.value(
                                step.from, step.to, fraction: fraction, iteration: iterations[Int(step.track)],
                                isCumulative: step.isCumulative)
                            values[step.cell] = step.isAdditive ? values[step.cell] + value : value
                        }
                    }
                }
            }
        }
    }

    /// Computes track `index`'s curve value (NaN when not in effect) and iteration at global
    /// `time`, scene stamp `stamp`.
    @inline(__always)
    private func computeTrack(_ index: Int, at time: MediaTime, stamp: Int) {
        let state = Self.state(of: tracks[index], at: time)
        if let progress = state.progress {
            fractions[index] = trackCurves[index].progress(at: progress)
            iterations[index] = state.iteration
        } else {
            fractions[index] = .nan
        }
        trackStamps[index] = stamp
    }

    /// Whether row `index`'s cells hold the values at scene stamp `stamp`.
    @inline(__always)
    func isCurrent(_ index: Int, stamp: Int) -> Bool {
        let solo = soloStamps[index]
        return solo == stamp || (self.stamp == stamp && index < evaluatedRows && solo != Self.stale)
    }

    /// A track's timing state at global `time`.
    @inline(__always)
    static func state(of track: Track, at time: MediaTime) -> TimingState {
        track.timing.state(at: track.mapping.localTime(from: time))
    }
}
