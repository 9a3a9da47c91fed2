import ChoreoCore

extension ScriptHost {
    /// Scene, View, the content kinds, layers and presentation (ViewBindings*.swift).
    func installViews() {}
}
