/// Explicit and implicit transactions, commit, and implicit animations.
extension Scene {
    /// The innermost open transaction, opening the implicit one if none is.
    public var currentTransaction: Transaction? {
        if let explicit = transactionStack.last { return explicit }
        if implicitTransaction == nil { implicitTransaction = Transaction(parent: nil) }
        return implicitTransaction
    }

    /// How many explicit transactions may be open at once: 1,000. Each open one is held until
    /// its commit, so a script that only begins would otherwise grow the process without bound
    /// (3 million cost 500 MB). Core Animation has no limit; real code nests a few.
    public static let maximumOpenTransactions = 1_000

    /// How many explicit transactions are open (begun and not yet committed).
    public var openTransactionCount: Int { transactionStack.count }

    /// CATransaction.begin(): opens a nested explicit transaction.
    @discardableResult
    public func beginTransaction() -> Transaction {
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
        for (layer, entry) in uncommitted {
            if entry.animation.timing.beginTime == .zero {
                entry.animation.timing.beginTime = layer.timeMapping.localTime(from: currentTime)
            }
            if let transition = entry.animation as? TransitionAnimation {
                transition.after = layer.snapshot()
            }
            entry.isCommitted = true
            layer.invalidatePresentation(subtree: false)
        }
        uncommitted.removeAll()
        commitCount += 1
        deliverEvents()
    }

    private func finish(_ transaction: Transaction) {
        if let completion = transaction.completion, completion.commit() { readyCompletions.append(completion) }
    }

    /// The implicit action for a model change: layers outside views animate from the old
    /// presentation value to the new model value, with the transaction's duration and timing
    /// function (Core Animation's default timing otherwise), under the property's name. A view's
    /// layer animates only inside a view animation block, which records the change.
    func modelDidChange(_ layer: Layer, path: PropertyPath, from old: AnimationValue) {
        if layer.view != nil || ViewAnimationContext.innermostBlock(of: self)?.recordsEveryLayer == true {
            recordViewChange(layer, path: path, from: old)
            return
        }
        guard layer.attachedAtCommit < commitCount, let transaction = currentTransaction,
              !transaction.disableActions
        else { return }
        if case .custom = path.property { return }
        let key = path.description
        guard layer.actions[key] != false else { return }
        let new = layer.model.value(at: path)
        guard new != old else { return }
        let animation = BasicAnimation(keyPath: key)
        animation.fromValue = old
        animation.toValue = new
        animation.timingFunction = transaction.animationTimingFunction ?? CubicBezierCurve.default
        try? layer.add(animation, forKey: key)
    }
}
