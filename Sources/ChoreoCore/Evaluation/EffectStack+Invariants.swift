/// What must hold between frames (swift-collections' `_checkInvariants()`): the rows, columns
/// and caches agree with the scene. Checked after every frame in debug builds, so the tests run
/// with it; compiled out of release builds, where the frame loop's speed is measured.
extension Scene {
    /// Traps with a message naming the broken invariant. A no-op in release builds.
    func checkInvariants() {
        #if DEBUG
        let stack = self.stack
        var live = 0
        let ownedWrites = Set(stack.transformWrites.values.map(ObjectIdentifier.init))
        for (index, layer) in stack.layers.enumerated() {
            let row = stack.rows[index]
            guard let layer else {
                precondition(row.general < 0 || stack.generalRows[row.general] == nil, "a dead row keeps its general row")
                continue
            }
            live += 1
            precondition(layer.row == index, "row \(index) names a layer whose row is \(layer.row)")
            precondition(layer.nonAdditiveCount == layer.attached.count(where: { !$0.isAdditiveAttachment }),
                         "layer of row \(index) counts \(layer.nonAdditiveCount) non-additive animations")
            precondition(layer.listedIn === self, "a layer in the stack is not listed in its scene")
            precondition(layer.stack === stack && layer.scene === self, "a layer in the stack names another scene")
            for cell in row.firstCell..<row.firstCell + row.slotCount {
                let model = layer.model[stack.cellSlots[cell]]
                precondition(stack.base[cell] == model || (stack.base[cell].isNaN && model.isNaN),
                             "row \(index) holds a stale model value for \(stack.cellSlots[cell])")
            }
            if row.transform >= 0 {
                precondition(stack.base[row.firstCell + row.slotCount].isNaN, "a transform cell's base is set")
                // `transforms` holds its writes unretained: the memo must own each.
                let write = ObjectIdentifier(stack.transforms[row.transform].write.takeUnretainedValue())
                precondition(ownedWrites.contains(write), "row \(index)'s transform write is not owned")
            }
            if row.general >= 0 {
                precondition(row.stepCount == 0 && row.slotCount == 0 && row.transform < 0, "a general row has cells")
                precondition(stack.generalRows[row.general] != nil, "a living general row is missing")
            }
        }
        precondition(stack.now == currentTime && stack.nowStamp == stamp, "the stack's clock is not the scene's")
        precondition(stack.staleRows.isEmpty && !stack.soloStamps.contains(EffectStack.stale), "a row is stale after a frame")
        precondition(live == stack.liveRows, "the stack counts \(stack.liveRows) living rows, holds \(live)")
        var users = [Int](repeating: 0, count: stack.tracks.count)
        for (index, row) in stack.rows.enumerated() where stack.layers[index] != nil {
            for step in stack.steps[row.firstStep..<row.firstStep + row.stepCount] { users[Int(step.track)] += 1 }
        }
        precondition(users == stack.trackUsers, "the tracks' user counts disagree with the living steps")
        // A layer whose last animation was removed after it was listed in this advance (timed
        // work or a next-frame action that re-times, reads and then removes) is unlisted
        // (listedIn nil) but stays in the list until the next advance drops it, as
        // `collectEvents` does for every entry not listed in this scene.
        for layer in animatedLayers where layer.scene === self && layer.listedIn != nil {
            precondition(layer.listedIn === self, "a layer listed as animated names another scene")
        }
        #endif
    }
}
