/// The scene's layers on the direct path (`DirectPlan`), evaluated together once per frame,
/// column by column.
///
/// At ten thousand layers a frame is bound by memory, not arithmetic: computing each layer's
/// presentation on its own walks the layer, its plan and its animations through the heap. The
/// batch keeps instead what the numbers need in a few dense arrays (structure of arrays):
///
/// - tracks: the distinct (timing, time mapping, curve) of the batched animations, whose timing
///   state and curve value are computed once per frame for all the animations that share them
///   (a cubic without dynamic dispatch; a Lua curve is called once per track, not per animation);
/// - steps: one per number an animation writes (a point or size animation writes two): its
///   track, its from and to values and the cell it writes, in composition order per layer;
/// - cells: one per number a layer's animations touch, and one for its transform (a component's
///   value, or a whole transform's curve fraction), holding the model's value (`base`) and, after
///   a frame, the presentation's (`values`);
/// - rows: one per layer, with its cells, and the global time before which it has no event.
///
/// A frame is then a loop over the tracks, a copy of `base` into `values` and a loop over the
/// steps, with the arithmetic of `ScalarStep` (the same bits as the per-layer path). Reading a
/// layer's `presentation` copies its cells back (`present(row:into:model:)`) and builds its
/// transform, once per frame and only when it is read.
///
/// A layer joins at a frame when its plan is direct and fully committed; any change to its
/// animations, model, timing or place in the tree takes it out (`Scene.unbatch`), back to the
/// per-layer path until the next frame. Dead rows are computed (harmless arithmetic on their own
/// cells) until their steps outnumber the living ones, then compacted away.
final class FrameBatch {
    /// What a track's animations share: their timing state and curve value at a frame.
    struct Track: Hashable {
        var timing: MediaTiming
        var mapping: TimeMapping
        var removesAtEnd: Bool
        var curve: CurveIdentity
    }

    /// When two animations' curves are the same curve: linear pacing, the same cubic control
    /// points, the same curve object, equal curve values (a baked table); a curve value that is
    /// not `Hashable` is only itself.
    enum CurveIdentity: Hashable {
        case linear
        case cubic(FrameContext.CubicKey)
        case object(ObjectIdentifier)
        case value(AnyHashable)
        case unique(Int)
    }

    /// A track's curve, evaluated once per frame: a cubic without dynamic dispatch, any other
    /// through the protocol (a Lua curve then runs once per track, not once per animation).
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

    /// 24 bytes: the cell and the two flags share a word.
    struct Step {
        var from: Double, to: Double
        private var cellAndFlags: UInt32
        var track: Int32

        private static var additive: UInt32 { 1 << 31 }
        private static var cumulative: UInt32 { 1 << 30 }
        private static var cellMask: UInt32 { (1 << 30) - 1 }

        /// The most cells the batch holds (`add` refuses a layer beyond them).
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

    /// A layer's cells (its slots' first, then its transform's) and steps.
    struct Row {
        var firstCell: Int
        var slotCount: Int
        var firstStep: Int
        var stepCount: Int
        /// The index of the row's transform write (`transforms`), or −1.
        var transform: Int
    }

    private(set) var tracks: [Track] = []
    private var trackCurves: [TrackCurve] = []
    private var trackIndex: [Track: Int32] = [:]
    /// Numbers the curves that are only themselves (`CurveIdentity.unique`).
    private var uniqueCurves = 0
    /// Per track: how many living steps it paces (a track without any is not evaluated).
    private var trackUsers: [Int] = []
    /// Per track, this frame: the curve's value (NaN when not in effect) and the iteration.
    private var fractions: [Double] = []
    private var iterations: [Int] = []

    private var steps: [Step] = []
    /// Per cell: the model's value (NaN in the transform cell: unwritten, it shows the model's
    /// transform), and this frame's value.
    private var base: [Double] = []
    private var values: [Double] = []

    private var cellSlots: [ScalarSlot] = []
    private var transforms: [DirectPlan.TransformWrite] = []

    private var rows: [Row] = []
    /// Per row: its layer (retained while the row lives; nil once it is dead).
    private(set) var layers: [Layer?] = []
    /// Per row: the global time before which the row's layer has no event (`Layer.nextEventCheck`).
    var eventChecks: [MediaTime] = []
    private var deadSteps = 0

    /// The scene stamp `values` were computed at (−1: never).
    private(set) var stamp = -1

    /// The number of living rows.
    private(set) var liveRows = 0

    /// Whether `plan` (a layer's) can join: direct and committed.
    static func accepts(_ plan: AnimationPlan) -> Bool {
        plan.direct != nil && plan.steps.allSatisfy(\.isCommitted)
    }

    /// Adds a row for `layer`, whose plan `accepts`; returns the row's index, or nil when the
    /// batch is full (2^30 cells, or 2^31 tracks: the layer stays on the per-layer path).
    func add(_ layer: Layer, plan: AnimationPlan, mapping: TimeMapping) -> Int? {
        guard let direct = plan.direct, base.count + direct.slots.count + 1 <= Step.cellLimit,
              tracks.count + plan.steps.count < Int(Int32.max) else { return nil }
        let firstCell = base.count
        for slot in direct.slots { base.append(layer.model[slot]) }
        cellSlots.append(contentsOf: direct.slots)
        var transform = -1
        if let write = direct.transform {
            base.append(.nan)
            cellSlots.append(.opacity)  // unused: the transform cell is read by `present`
            transform = transforms.count
            transforms.append(write)
        }
        values.append(contentsOf: base[firstCell...])

        let firstStep = steps.count
        plan.steps.withUnsafeBufferPointer { planned in
            for index in planned.indices {
                guard let scalar = planned[index].scalar else { continue }
                let (identity, curve) = curve(of: planned[index].animation)
                let track = trackNumber(Track(
                    timing: planned[index].timing, mapping: mapping, removesAtEnd: planned[index].removesAtEnd,
                    curve: identity), curve)
                let cell: Int
                var isAdditive = scalar.isAdditive
                switch scalar.target {
                case .slot(let slot): cell = firstCell + direct.slots.firstIndex(of: slot)!
                case .transform: cell = firstCell + direct.slots.count
                case .wholeTransform:
                    // The cell holds the curve's fraction (the step goes from 0 to 1); `present`
                    // interpolates and adds.
                    cell = firstCell + direct.slots.count
                    isAdditive = false
                }
                steps.append(Step(from: scalar.from, to: scalar.to, cell: cell, track: track,
                                  isAdditive: isAdditive, isCumulative: scalar.isCumulative))
                if let second = scalar.second {
                    steps.append(Step(from: second.from, to: second.to,
                                      cell: firstCell + direct.slots.firstIndex(of: second.slot)!, track: track,
                                      isAdditive: scalar.isAdditive, isCumulative: scalar.isCumulative))
                }
            }
        }
        for step in steps[firstStep...] { trackUsers[Int(step.track)] += 1 }
        rows.append(Row(firstCell: firstCell, slotCount: direct.slots.count, firstStep: firstStep,
                        stepCount: steps.count - firstStep, transform: transform))
        layers.append(layer)
        eventChecks.append(layer.nextEventCheck)
        liveRows += 1
        stamp = -1
        return rows.count - 1
    }

    /// An animation's curve, and when it is the same as another's.
    private func curve(of animation: Animation) -> (CurveIdentity, TrackCurve) {
        switch animation.pacing {
        case .linear: return (.linear, .linear)
        case .cubic(let key):
            if let cubic = animation.timingFunction?.cubicBezier { return (.cubic(key), .cubic(cubic)) }
        case .other: break
        }
        guard let curve = animation.timingFunction else { return (.linear, .linear) }
        if type(of: curve) is AnyObject.Type { return (.object(ObjectIdentifier(curve as AnyObject)), .other(curve)) }
        if let value = curve as? any Hashable { return (.value(AnyHashable(value)), .other(curve)) }
        uniqueCurves += 1
        return (.unique(uniqueCurves), .other(curve))
    }

    private func trackNumber(_ track: Track, _ curve: TrackCurve) -> Int32 {
        if let index = trackIndex[track] { return index }
        let index = Int32(tracks.count)
        tracks.append(track)
        trackCurves.append(curve)
        trackUsers.append(0)
        trackIndex[track] = index
        fractions.append(.nan)
        iterations.append(0)
        return index
    }

    /// Takes row `row` out; its layer goes back to the per-layer path.
    func kill(_ row: Int) {
        guard layers[row] != nil else { return }
        layers[row] = nil
        eventChecks[row] = MediaTime(Double.infinity)
        deadSteps += rows[row].stepCount
        for step in steps[rows[row].firstStep..<rows[row].firstStep + rows[row].stepCount] {
            trackUsers[Int(step.track)] -= 1
        }
        liveRows -= 1
        stamp = -1
    }

    /// Computes every cell at global `time`: tracks, then the model values, then the steps in
    /// order, with `ScalarStep`'s arithmetic.
    func evaluate(at time: MediaTime, stamp: Int) {
        if deadSteps > 256 && deadSteps > steps.count / 2 { compact() }
        for index in tracks.indices where trackUsers[index] > 0 {
            let state = Self.state(of: tracks[index], at: time)
            guard let progress = state.progress else {
                fractions[index] = .nan
                continue
            }
            fractions[index] = trackCurves[index].progress(at: progress)
            iterations[index] = state.iteration
        }
        values.withUnsafeMutableBufferPointer { values in
            base.withUnsafeBufferPointer { base in
                _ = values.update(fromContentsOf: base)
                steps.withUnsafeBufferPointer { steps in
                    fractions.withUnsafeBufferPointer { fractions in
                        iterations.withUnsafeBufferPointer { iterations in
                            for step in steps {
                                let fraction = fractions[Int(step.track)]
                                guard !fraction.isNaN else { continue }
                                let value = ScalarStep.value(
                                    step.from, step.to, fraction: fraction, iteration: iterations[Int(step.track)],
                                    isCumulative: step.isCumulative)
                                let cell = step.cell
                                values[cell] = step.isAdditive ? values[cell] + value : value
                            }
                        }
                    }
                }
            }
        }
        self.stamp = stamp
    }

    /// A track's timing state at global `time`, as `PlannedAnimation.state` gives it for a
    /// committed animation: none once ended when removed at its end.
    private static func state(of track: Track, at time: MediaTime) -> TimingState {
        let local = track.mapping.localTime(from: time)
        if track.removesAtEnd, let end = track.timing.activeEndTime, local >= end { return .notInEffect(.after) }
        return track.timing.state(at: local)
    }

    /// Writes row `row`'s values of this frame into `properties`, which hold the layer's model
    /// elsewhere: its slots, and its transform (`DirectPlan.TransformWrite`: the model's,
    /// `model`, when no animation wrote it this frame).
    @inline(__always)
    func present(row index: Int, into properties: inout LayerProperties, model: Transform3D) {
        rows.withUnsafeBufferPointer { rows in
            values.withUnsafeBufferPointer { values in
                cellSlots.withUnsafeBufferPointer { slots in
                    let row = rows[index]
                    for cell in row.firstCell..<row.firstCell + row.slotCount { properties[slots[cell]] = values[cell] }
                    guard row.transform >= 0 else { return }
                    let value = values[row.firstCell + row.slotCount]
                    properties.transform = transforms.withUnsafeBufferPointer { transforms in
                        transforms[row.transform].transform(value, model: model)
                    }
                }
            }
        }
    }

    /// Rebuilds the arrays from the living rows, renumbering them (and their layers' `batchRow`).
    private func compact() {
        let old = (steps: steps, rows: rows, layers: layers, tracks: tracks, curves: trackCurves, values: values,
                   base: base, slots: cellSlots, transforms: transforms, eventChecks: eventChecks)
        tracks = []; trackCurves = []; trackUsers = []; trackIndex = [:]; fractions = []; iterations = []
        steps = []; base = []; values = []; cellSlots = []; transforms = []
        rows = []; layers = []; eventChecks = []
        deadSteps = 0; liveRows = 0
        for (index, row) in old.rows.enumerated() {
            guard let layer = old.layers[index] else { continue }
            let cells = row.firstCell..<row.firstCell + row.slotCount + (row.transform >= 0 ? 1 : 0)
            let firstCell = base.count
            base.append(contentsOf: old.base[cells])
            values.append(contentsOf: old.values[cells])
            cellSlots.append(contentsOf: old.slots[cells])
            let firstStep = steps.count
            for var step in old.steps[row.firstStep..<row.firstStep + row.stepCount] {
                step.cell = firstCell + step.cell - row.firstCell
                step.track = trackNumber(old.tracks[Int(step.track)], old.curves[Int(step.track)])
                trackUsers[Int(step.track)] += 1
                steps.append(step)
            }
            var transform = -1
            if row.transform >= 0 {
                transform = transforms.count
                transforms.append(old.transforms[row.transform])
            }
            layer.batchRow = rows.count
            rows.append(Row(firstCell: firstCell, slotCount: row.slotCount, firstStep: firstStep, stepCount: row.stepCount,
                            transform: transform))
            layers.append(layer)
            eventChecks.append(old.eventChecks[index])
            liveRows += 1
        }
    }
}
