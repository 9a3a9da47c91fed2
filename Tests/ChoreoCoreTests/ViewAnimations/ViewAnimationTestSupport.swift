@testable import ChoreoCore

/// Records completion calls as strings: "name true".
final class CompletionLog {
    var entries: [String] = []
    func completion(_ name: String) -> (Bool) -> Void {
        { [self] finished in entries.append("\(name) \(finished)") }
    }
}

/// The box's presented center x at `time` (the scene is advanced there).
func presentedX(_ scene: Scene, _ box: View, at time: Double) -> Double {
    scene.advance(to: MediaTime(time))
    return box.layer.presentation.position.x
}

/// The attached animations of a layer, in order.
func attachedAnimations(_ layer: Layer) -> [Animation] {
    layer.animationKeys().compactMap { layer.animation(forKey: $0) }
}
