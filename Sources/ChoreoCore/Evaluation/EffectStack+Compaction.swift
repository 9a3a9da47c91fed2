/// Compaction: dead rows are computed (harmless arithmetic on their own cells) until their steps
/// outnumber the living ones; then `evaluate` rebuilds the arrays from the living rows.
extension EffectStack {
    /// Rebuilds the arrays from the living rows, renumbering them (and their layers' `row`).
    func compact() {
        let old = (steps: steps, rows: rows, layers: layers, tracks: tracks, curves: trackCurves, values: values,
                   base: base, slots: cellSlots, transforms: transforms, eventChecks: eventChecks, general: generalRows,
                   solo: soloStamps, writes: transformWrites)
        tracks = []; trackCurves = []; trackUsers = []; trackIndex = [:]; fractions = []; iterations = []; trackStamps = []; lastTracks = (nil, nil)
        steps = []; base = []; values = []; cellSlots = []; transforms = []; generalRows = []; transformWrites = [:]; lastTransformWrite = nil
        rows = []; layers = []; eventChecks = []; soloStamps = []
        deadSteps = 0; liveRows = 0; stamp = -1; evaluatedRows = 0; staleRows = []  // nothing is current after it
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
            var general = -1
            if row.general >= 0 {
                general = generalRows.count
                generalRows.append(old.general[row.general])
            }
            layer.row = rows.count
            rows.append(Row(firstCell: firstCell, slotCount: row.slotCount, firstStep: firstStep, stepCount: row.stepCount,
                            transform: transform, general: general, touched: row.touched))
            layers.append(layer)
            eventChecks.append(old.eventChecks[index])
            soloStamps.append(-1)
            liveRows += 1
        }
        let living = Set(transforms.map { ObjectIdentifier($0.write.takeUnretainedValue()) })
        transformWrites = old.writes.filter { living.contains(ObjectIdentifier($0.value)) }
    }
}
