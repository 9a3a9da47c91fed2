/// Explicit and implicit transactions, commit, and implicit animations.
extension Scene {
    /// The innermost open transaction, opening the implicit one if none is.
    public var currentTransaction: Transaction? {
        if let explicit = transactionStack.last { return explicit }
        if implicitTransaction == nil { implicitTransaction = Transaction(parent: nil) }
        return implicitTransaction
    }

    /// The deepest explicit transactions may nest: 1,000 (Core Animation has no stated limit;
    /// real code nests a handful). Deeper is a `begin` without its `commit`, in a loop.
    public static let maximumTransactionDepth = 1_000

    /// CATransaction.begin(): opens a nested explicit transaction.
    /// - Throws: `ArgumentError` beyond `maximumTransactionDepth` open transactions.
    @discardableResult
    public func beginTransaction() throws(ArgumentError) -> Transaction {
        guard transactionStack.count < Self.maximumTransactionDepth else {
            throw ArgumentError(
                parameter: "transactions",
                requirement: "cannot nest more than \(Self.maximumTransactionDepth) deep "
                    + "(a begin without its commit, in a loop?)",
                value: "\(transactionStack.count) open")
        }
        let transaction = Transaction(parent: transactionStack.last ?? implicitTransaction)
        transactionStack.append(transaction)
        return transaction
    }

    /// CATransaction.commit(): closes the innermost explicit transaction; the outermost one
    /// commits its changes to the scene.
    public func commitTransaction() throws(ArgumentError) {
        guard let transaction = transactionStack.popLast() else {
            throw ArgumentError(parameter: "commit", requirement: "needs an open transaction (call begin first)", value: "none open")
        }
        finish(transaction)
        if transactionStack.isEmpty { commit() }
    }

    /// Commits the implicit transaction: resolves the begin times of the animations added since
    /// the last commit (0 becomes the layer's local time now), completes transitions, runs due
    /// completion blocks and delivers pending events. The driver calls it after each turn of
    /// script code; it does nothing while an explicit transaction is open.
    public func commit() {
        guard transactionStack.isEmpty else { return }
        if let implicit = implicitTransaction {
            implicitTransaction = nil
            finish(implicit)
        }
        // Taken from the end, each one released as it is committed, while its layer and entry
        // are still in cache (a second pass releasing them was a quarter of the commit's time).
        // The order does not matter: an uncommitted animation is read as beginning at the
        // instant it is read, and committing fixes its begin at this instant, so a presentation
        // read here (a transition's snapshot) is the same before and after any other's commit.
        // What each needs was noted on its entry when it was added, so the animation is not read
        // at time 0. A layer's run of additions (a block's changes of one view) is invalidated once.
        var pending = uncommitted
        uncommitted = []
        var runLayer: Layer?
        while let (layer, entry) = pending.popLast() {
            if layer !== runLayer {
                runLayer?.invalidatePresentation(subtree: false)
                runLayer = layer
            }
            if entry.beginsAtCommit {
                let local = layer.timeMapping.localTime(from: currentTime)
                // Written unless it is +0 already (the animation object is not touched at time 0).
                if local.seconds.bitPattern != 0 { entry.animation.timing.beginTime = local }
            }
            if entry.isTransition, let transition = entry.animation as? TransitionAnimation {
                transition.after = layer.snapshot()
            }
            entry.isCommitted = true
        }
        runLayer?.invalidatePresentation(subtree: false)
        if !previousValues.isEmpty { previousValues.removeAll() }
        commitCount += 1
        deliverEvents()
    }

    private func finish(_ transaction: Transaction) {
        if let completion = transaction.completion, completion.commit() { readyCompletions.append(completion) }
    }

    /// Runs the action for a model change (`LayerActionLookup`): a view's layer asks its view,
    /// which lets the running view animation block record the change; a layer outside views, in a
    /// committed scene with the transaction's actions enabled, searches its delegate, `actions`,
    /// `style` and the default (0.25 s from the old presentation value to the new model value,
    /// with the transaction's timing function, under the property's name). Inside a motion
    /// animator's block every layer's change is recorded. An error of a delegate or of adding the
    /// action's animation is kept for `takeActionFailure()` (the change itself stands).
    /// `oldModel`: the model value before the change, nil when it is `old` (the layer had no
    /// animation).
    func modelDidChange(_ layer: Layer, path: PropertyPath, from old: AnimationValue, model oldModel: AnimationValue?) {
        let block = ViewAnimationContext.innermostBlock(of: self)
        if block?.recordsEveryLayer == true {
            recordViewChange(layer, path: path, from: old, model: oldModel)
            return
        }
        if layer.hasView {
            // A view answers first for its layer (`View.action(for:forKey:)`, always its delegate):
            // inside an animation block the block records the change; outside, no action.
            if block != nil { recordViewChange(layer, path: path, from: old, model: oldModel) }
            return
        }
        guard actsOn(layer), let transaction = currentTransaction else { return }
        let key = path.description
        do {
            switch try LayerActionLookup.action(for: layer, forKey: key) {
            case nil, (.none, _)?: return
            case (.viewAnimationBlock, _)?: recordViewChange(layer, path: path, from: old, model: oldModel)
            case let (.animation(animation), source)?:
                try LayerActionLookup.run(animation, from: source, on: layer, key: key, path: path, from: old,
                                          transaction: transaction)
            }
        } catch {
            if actionFailure == nil { actionFailure = error }
        }
    }

    /// Whether changing `layer`'s model may run an action or be recorded by a view animation
    /// block (`modelDidChange` does something): what it needs the old presented value for.
    func mayAct(on layer: Layer) -> Bool {
        // A view's layer inside a block answers without the block being read (each change of a
        // view in a block asks).
        if !viewAnimationBlocks.isEmpty {
            return layer.hasView || viewAnimationBlocks[viewAnimationBlocks.count - 1].recordsEveryLayer || actsOn(layer)
        }
        return !layer.hasView && actsOn(layer)
    }

    /// Whether a stand-alone layer's changes run actions now: committed, in a transaction that
    /// does not disable them.
    private func actsOn(_ layer: Layer) -> Bool {
        layer.attachedAtCommit < commitCount && currentTransaction.map { !$0.disableActions } == true
    }

    /// The first error an action raised since the last call (a delegate's, or an action's
    /// animation that does not fit its layer), cleared; bindings rethrow it after setting a
    /// property, so a script sees it at the line that made the change.
    /// (`Layer.takeSceneActionFailure()` asks the scene of a layer without retaining it.)
    /// Inlinable: a binding asks before and after every property it sets, and nearly always
    /// finds none (a call into the scene retained it around the call).
    @inlinable @inline(__always)
    public func takeActionFailure() -> (any Error)? {
        guard actionFailure != nil else { return nil }
        defer { actionFailure = nil }
        return actionFailure
    }
}
