import ChoreoCore

extension ScriptHost {
    /// The animation classes and the layer animation API (AnimationBindings*.swift).
    func installAnimations() {}
}
