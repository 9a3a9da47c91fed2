/// How many objects of one kind are alive: timers and display links count themselves here from
/// `init` to `deinit`, so a test can tell that the engine frees what has finished.
///
///     try engine.after(1) {}
///     try engine.advance(by: 1)
///     engine.liveTimers      // 0 once nothing (a script's handle) holds the timer
///
/// One box per engine (no globals); each object holds it strongly, so the count outlives them.
final class LiveObjectCount {
    private(set) var value = 0

    func increment() { value += 1 }
    func decrement() { value -= 1 }
}
