/// The engine's pending timers in firing order: earliest deadline first, ties in the order they
/// were scheduled (swift-nio's `EmbeddedEventLoop` rule).
///
///     let queue = TimerQueue()
///     queue.insert(timer)
///     while let due = queue.popDue(upTo: 1.0) { ... }
///
/// A binary min-heap on `(deadline, sequence)`: insert and pop are O(log n). A cancelled timer
/// stays in the heap until it reaches the top and is dropped there, or until cancelled timers
/// are more than half of the heap, when they are all removed in one O(n) pass (amortised O(1)
/// per cancel): so a script that keeps scheduling far-off timers and cancelling them does not
/// keep every one of them until its deadline. `count` counts only the live ones, so "is
/// anything pending" is O(1).
final class TimerQueue {
    private var heap: [TimerHandle] = []
    /// Timers that will still fire.
    private(set) var count = 0
    /// Cancelled timers still in the heap.
    private var cancelledCount = 0

    var isEmpty: Bool { count == 0 }

    func insert(_ timer: TimerHandle) {
        timer.queue = self
        heap.append(timer)
        count += 1
        siftUp(heap.count - 1)
    }

    /// The first live timer, if its deadline is at or before `limit`.
    func peekDue(upTo limit: Double) -> TimerHandle? {
        dropCancelled()
        guard let first = heap.first, first.deadline <= limit else { return nil }
        return first
    }

    /// Removes and returns the first live timer if its deadline is at or before `limit`.
    func popDue(upTo limit: Double) -> TimerHandle? {
        guard let first = peekDue(upTo: limit) else { return nil }
        removeFirst()
        count -= 1
        first.queue = nil
        return first
    }

    /// Told by a timer that was cancelled while in the queue.
    func didCancel(_ timer: TimerHandle) {
        guard timer.queue === self else { return }
        timer.queue = nil
        count -= 1
        cancelledCount += 1
        if cancelledCount > 32 && cancelledCount > heap.count / 2 { removeCancelled() }
    }

    private func dropCancelled() {
        while let first = heap.first, first.callback == nil {
            removeFirst()
            cancelledCount -= 1
        }
    }

    /// Removes every cancelled timer and restores the heap order (Floyd's O(n) heapify).
    private func removeCancelled() {
        heap.removeAll { $0.callback == nil }
        cancelledCount = 0
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private static func precedes(_ a: TimerHandle, _ b: TimerHandle) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
    }

    private func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, Self.precedes(heap[left + 1], heap[left]) { smallest = left + 1 }
            guard Self.precedes(heap[smallest], heap[parent]) else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
