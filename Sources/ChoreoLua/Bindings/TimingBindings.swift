import ChoreoCore

extension ScriptHost {
    /// TimingFunction, CubicTimingParameters, SpringTimingParameters, curves and Timing.* (TimingBindings*.swift).
    func installTiming() {}
}
