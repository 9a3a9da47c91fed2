@testable import ChoreoCore

/// A scene with one view, "box", at the origin, 100×100, committed at time 0.
func makeScene() -> (Scene, View) {
    let scene = Scene()
    let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scene.rootView.addSubview(box)
    scene.commit()
    scene.advance(to: 0)
    return (scene, box)
}

func basic(_ keyPath: String, from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil,
           duration: Double = 1, begin: Double = 0, fill: FillMode = .removed) -> BasicAnimation {
    let animation = BasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.byValue = by
    animation.timing.duration = MediaDuration(duration)
    animation.timing.beginTime = MediaTime(begin)
    animation.timing.fillMode = fill
    return animation
}

/// Records delegate calls as strings: "start name", "stop name true".
final class EventLog: AnimationDelegate {
    var entries: [String] = []
    func animationDidStart(_ animation: Animation) { entries.append("start \(animation.name ?? "?")") }
    func animationDidStop(_ animation: Animation, finished: Bool) {
        entries.append("stop \(animation.name ?? "?") \(finished)")
    }
}

/// The general kernel's presentation: the layer's effects, each sampled and composed onto a copy
/// of the model in order (`GeneralRow.compose`), without the number kernel's cells; an animation
/// not committed yet starts now (as an implicit animation made between frames does). The number
/// kernel must give the same bits.
func composedPresentation(_ layer: Layer, at localTime: MediaTime) -> LayerProperties {
    var frame = PresentationFrame(properties: layer.model, transition: nil)
    GeneralRow.compose(layer.loweredEffects(), onto: &frame, at: localTime)
    return frame.properties
}

/// A basic animation of a number from `from` to `to`, adjusted by `adjust`.
func scalarAnimation(_ keyPath: String, _ from: Double, _ to: Double, duration: Double = 1,
                     curve: (any TimingCurve)? = nil, _ adjust: (BasicAnimation) -> Void = { _ in }) -> BasicAnimation {
    let animation = BasicAnimation(keyPath: keyPath)
    animation.fromValue = .scalar(from)
    animation.toValue = .scalar(to)
    animation.timing.duration = MediaDuration(duration)
    animation.timingFunction = curve
    adjust(animation)
    return animation
}
