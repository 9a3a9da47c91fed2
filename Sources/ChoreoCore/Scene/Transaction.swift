/// A group of layer-tree changes committed together (CATransaction), with the defaults for the
/// animations added inside it.
///
/// Transactions nest. Settings are read from the innermost transaction that set them, then
/// outward, then Core Animation's defaults (0.25 s, no timing function, actions enabled). An
/// implicit transaction opens at the first change of a script's turn and commits at its end.
public final class Transaction {
    weak var parent: Transaction?
    var ownDuration: MediaDuration?
    var ownTimingFunction: (any TimingCurve)?
    var ownDisableActions: Bool?
    /// The completion set in this transaction, if any.
    var completion: TransactionCompletion?

    init(parent: Transaction?) { self.parent = parent }

    /// The default duration of animations added in this transaction.
    public var animationDuration: MediaDuration {
        get { ownDuration ?? parent?.animationDuration ?? .defaultAnimationDuration }
        set { ownDuration = newValue }
    }

    /// The timing function given to animations added without one.
    public var animationTimingFunction: (any TimingCurve)? {
        get { ownTimingFunction ?? parent?.animationTimingFunction }
        set { ownTimingFunction = newValue }
    }

    /// Whether property changes skip their implicit animations.
    public var disableActions: Bool {
        get { ownDisableActions ?? parent?.disableActions ?? false }
        set { ownDisableActions = newValue }
    }

    /// Sets the block run once every animation added after this call (in this transaction or one
    /// nested in it) has stopped, or at commit when none was added. A later call replaces it; the
    /// replaced block runs at once, as Core Animation does.
    public func setCompletionBlock(_ block: @escaping () -> Void) {
        if let old = completion, !old.hasRun { old.block() }
        completion = TransactionCompletion(block: block)
    }

    /// The completions of this transaction and those around it, innermost last.
    var activeCompletions: [TransactionCompletion] {
        // Built only when there is something to list (every animation added asks).
        guard let parent else { return completion.map { [$0] } ?? [] }
        var completions = parent.activeCompletions
        if let completion { completions.append(completion) }
        return completions
    }
}

/// A completion block waiting for its animations: runs when the count drops to zero after its
/// transaction has committed.
final class TransactionCompletion {
    private let action: () -> Void
    private var pending = 0
    private var isCommitted = false
    private(set) var hasRun = false

    init(block: @escaping () -> Void) { action = block }

    func retain() { pending += 1 }

    /// One animation stopped; true when the block is now due.
    func release() -> Bool {
        pending -= 1
        return isCommitted && pending == 0 && !hasRun
    }

    /// The transaction committed; true when the block is due now (no animations outstanding).
    func commit() -> Bool {
        isCommitted = true
        return pending == 0 && !hasRun
    }

    func block() {
        guard !hasRun else { return }
        hasRun = true
        action()
    }
}
