/// Something a sequence can wait for (issue 20's `await`): it finishes once per run, with a
/// result, and calls back whoever waits.
///
///     if let result = animator.awaitResult { use(result) }            // already finished
///     else { animator.whenFinished { result in use(result) } }       // later, after its completions
///
/// Adopted by `Animator` (its completion position), `CompletionToken` (a view animation's or a
/// motion animation's `finished`), `AwaitGroup` (`all`, `any`), the Lua layer's sequences, and
/// anything else with a completion — a timeline adopts it with its completion position.
///
/// Contract: `awaitResult` is non-nil exactly while the object stays finished (an animator that
/// starts again forgets it). `whenFinished` handlers run once, at the next finish, after the
/// object's own completion handlers, in the order they were added; a handler added while it is
/// finished waits for the next finish (callers check `awaitResult` first).
public protocol Awaitable: AnyObject {
    /// What it finished with, while it stays finished; nil before it has, or once it runs again.
    var awaitResult: AwaitResult? { get }
    /// Calls `handler` once, when it next finishes, after its own completion handlers.
    func whenFinished(_ handler: @escaping (AwaitResult) -> Void)
}

/// What an awaited object finished with.
public enum AwaitResult: Equatable, Sendable {
    /// An animator's or a timeline's completion position.
    case position(AnimatorPosition)
    /// A view animation's, a motion animation's or a sequence's: true unless interrupted or cancelled.
    case finished(Bool)
    /// `all(...)`: each member's result, in order.
    indirect case all([AwaitResult])
    /// `any(...)`: the first member to finish (its index from 0) and its result.
    indirect case any(index: Int, result: AwaitResult)
}

/// The awaitable result of one view animation block or motion animation: finished once, when
/// its completion runs (`View.animate` and `MotionAnimator:animate` return one to scripts).
/// Not final: a block's completion (`ViewAnimationCompletion`) is its own token, one object a
/// block instead of two.
public class CompletionToken: Awaitable {
    /// Whether the animations all finished; nil until they stopped.
    public private(set) var finished: Bool?
    private var handlers: [(AwaitResult) -> Void] = []

    public init() {}

    /// Whether something waits for the token (a sequence's `await`).
    var hasWaiters: Bool { !handlers.isEmpty }

    /// Records the outcome and calls the waiting handlers (once; later calls do nothing).
    public final func finish(_ finished: Bool) {
        guard self.finished == nil else { return }
        self.finished = finished
        let waiting = handlers
        handlers = []
        for handler in waiting { handler(.finished(finished)) }
    }

    public var awaitResult: AwaitResult? { finished.map(AwaitResult.finished) }

    public func whenFinished(_ handler: @escaping (AwaitResult) -> Void) {
        handlers.append(handler)
    }
}

/// `all(...)` and `any(...)` over awaitables: finished when every member has (`all`, results in
/// order), or when the first one does (`any`, its index and result; the others go on).
///
/// Members already finished when the group is made count at once: `any` of members of which
/// some have finished is the first of those in argument order.
public final class AwaitGroup: Awaitable {
    public enum Mode: Sendable { case all, any }

    public let mode: Mode
    public let members: [any Awaitable]
    public private(set) var awaitResult: AwaitResult?
    private var results: [AwaitResult?]
    private var handlers: [(AwaitResult) -> Void] = []
    /// The awaitables its tree holds, a nested group's counted each time it appears, and how
    /// many levels of groups it has (1: none nested): see `checkBounds(of:)`.
    let treeSize: Int, nestingDepth: Int

    public init(_ mode: Mode, _ members: [any Awaitable]) {
        self.mode = mode
        self.members = members
        (treeSize, nestingDepth) = Self.measure(members)
        results = members.map(\.awaitResult)
        if mode == .any, let index = results.firstIndex(where: { $0 != nil }), let result = results[index] {
            awaitResult = .any(index: index, result: result)
            return
        }
        if mode == .all, results.allSatisfy({ $0 != nil }) {
            awaitResult = .all(results.compactMap { $0 })
            return
        }
        for (index, member) in members.enumerated() where results[index] == nil {
            member.whenFinished { [self] result in memberFinished(index, result) }
        }
    }

    private func memberFinished(_ index: Int, _ result: AwaitResult) {
        guard awaitResult == nil else { return }
        results[index] = result
        switch mode {
        case .any: awaitResult = .any(index: index, result: result)
        case .all:
            guard results.allSatisfy({ $0 != nil }) else { return }
            awaitResult = .all(results.compactMap { $0 })
        }
        guard let finished = awaitResult else { return }
        let waiting = handlers
        handlers = []
        for handler in waiting { handler(finished) }
    }

    public func whenFinished(_ handler: @escaping (AwaitResult) -> Void) {
        handlers.append(handler)
    }

    /// How deeply `all(...)` and `any(...)` may nest (a group of plain awaitables is 1 level):
    /// as deeply as animation groups (100).
    public static let maximumNestingDepth = AnimationGroup.maximumNestingDepth
    /// How many awaitables one group's tree may hold, a nested group's counted each time it
    /// appears: as many as an animation group's tree (10,000).
    public static let maximumTreeSize = AnimationGroup.maximumTreeSize

    /// Throws unless a group of `members` is within `maximumNestingDepth` and `maximumTreeSize`.
    /// Why: a finishing member's result reaches the groups above it call by call, results nest
    /// as groups do, and `await` lists every member's values; nested 100,000 deep, finishing the
    /// innermost overflowed the stack.
    public static func checkBounds(of members: [any Awaitable]) throws(ArgumentError) {
        let (size, depth) = measure(members)
        guard depth <= maximumNestingDepth else {
            throw ArgumentError(parameter: "all(...) and any(...)", requirement: "may nest at most \(maximumNestingDepth) deep",
                                value: "\(depth) levels")
        }
        guard size <= maximumTreeSize else {
            throw ArgumentError(parameter: "all(...) and any(...)",
                                requirement: "may hold at most \(maximumTreeSize) awaitables, nested ones included (one given twice counts twice)",
                                value: "\(size)")
        }
    }

    /// The tree size and nesting depth of a group of `members`, from the nested groups' own.
    private static func measure(_ members: [any Awaitable]) -> (size: Int, depth: Int) {
        var size = members.count, depth = 1
        for case let group as AwaitGroup in members {
            size = size &+ group.treeSize
            depth = max(depth, group.nestingDepth + 1)
        }
        return (size, depth)
    }
}
