import ChoreoCore
@testable import ChoreoRuntime

/// An engine at time 0 with one 100×100 view, "box", committed in its scene.
func makeEngine(fps: Double = 60) throws -> (Engine, View) {
    let engine = try Engine(framesPerSecond: fps)
    let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    engine.perform { engine.scene.rootView.addSubview(box) }
    return (engine, box)
}

/// A linear opacity animation from 0 to 1, named for the event log.
func fade(_ name: String, duration: Double = 1, repeatForever: Bool = false, log: EventLog? = nil) -> BasicAnimation {
    let animation = BasicAnimation(keyPath: "opacity")
    animation.fromValue = .scalar(0)
    animation.toValue = .scalar(1)
    animation.timing.duration = MediaDuration(duration)
    if repeatForever { animation.timing.repeatCount = .infinity }
    animation.name = name
    animation.delegate = log
    return animation
}

/// Records what happened, in order, as strings: "start fade", "stop fade", "timer 0.5", "frame 3".
final class EventLog: AnimationDelegate {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
    func animationDidStart(_ animation: Animation) { entries.append("start \(animation.name ?? "?")") }
    func animationDidStop(_ animation: Animation, finished: Bool) { entries.append("stop \(animation.name ?? "?")") }
}

/// The `ArgumentError` a call throws, if it throws one.
func argumentError(_ body: () throws -> Void) -> ArgumentError? {
    do {
        try body()
        return nil
    } catch {
        return error as? ArgumentError
    }
}

struct ScriptError: Error, Equatable {
    var message: String
}
