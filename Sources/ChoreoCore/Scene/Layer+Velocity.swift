/// Velocity by key path: `presentation:velocity(keyPath)` and `choreo trace --velocity`.
extension Layer {
    /// The velocity at a key path (`position`, `transform.rotation.z`, a custom property), as
    /// `presentationVelocity(at:)` gives it: a key path that is not a layer property, nor a custom
    /// property the layer has, is the same error as `value(forKeyPath:)`'s.
    ///
    ///     try box.presentationVelocity(forKeyPath: "position.x")   // .scalar(50) half-way through 0 → 100 in 2 s
    public func presentationVelocity(forKeyPath keyPath: String) throws(ArgumentError) -> AnimationValue {
        presentationVelocity(at: try resolveAnimatablePath(keyPath))
    }
}
