/// Presentation values and layer time.
extension Layer {
    /// The presentation values at the scene's current time: the model with the animations
    /// composed onto it. A layer outside a scene, or without animations, presents its model.
    public var presentation: LayerProperties { presentationFrame.properties }

    /// The transition running on the layer at the scene's current time, if any.
    public var presentationTransition: TransitionPresentation? { presentationFrame.transition }

    /// Properties and transition at the scene's current time, computed once per frame.
    public var presentationFrame: PresentationFrame {
        guard let scene, !attached.isEmpty else { return PresentationFrame(properties: model, transition: nil) }
        if cacheStamp == scene.stamp, let cachedFrame { return cachedFrame }
        let frame = computeFrame(localTime: timeMapping.localTime(from: scene.currentTime))
        cachedFrame = frame
        cacheStamp = scene.stamp
        return frame
    }

    /// Composes the attached animations, in order, onto the model at a local time.
    ///
    /// An animation that has ended and is removed on completion shows nothing even before the
    /// scene removes it; one still waiting for its transaction to commit starts now.
    func computeFrame(localTime: MediaTime) -> PresentationFrame {
        var frame = PresentationFrame(properties: model, transition: nil)
        for entry in attached {
            let animation = entry.animation
            var timing = animation.timing
            if !entry.isCommitted && timing.beginTime == .zero { timing.beginTime = localTime }
            if animation.isRemovedOnCompletion, let end = timing.activeEndTime, localTime >= end { continue }
            let state = timing.state(at: localTime)
            if state.isInEffect { animation.apply(state, to: &frame) }
        }
        return frame
    }

    /// Forgets cached presentation values (of the subtree too when timing changed).
    func invalidatePresentation(subtree: Bool) {
        cacheStamp = -1
        if subtree { for child in sublayers { child.invalidatePresentation(subtree: true) } }
    }

    /// The map from the root's (global) time to this layer's local time.
    public var timeMapping: TimeMapping {
        let own = TimeMapping(timing)
        guard let superlayer else { return own }
        return superlayer.timeMapping.followed(by: own)
    }

    /// CALayer.convertTime(_:from:): a time in `layer`'s time space (the global time when nil) in
    /// this layer's. A frozen layer (speed 0 on it or above it) has no way back to global time;
    /// its time is then taken as global (Core Animation leaves this case undefined).
    public func convertTime(_ t: MediaTime, from layer: Layer?) -> MediaTime {
        guard let layer else { return timeMapping.localTime(from: t) }
        let global = layer.timeMapping.inverse?.localTime(from: t) ?? t
        return timeMapping.localTime(from: global)
    }

    /// CALayer.convertTime(_:to:): a time in this layer's space in `layer`'s (global when nil).
    public func convertTime(_ t: MediaTime, to layer: Layer?) -> MediaTime {
        let global = timeMapping.inverse?.localTime(from: t) ?? t
        guard let layer else { return global }
        return layer.timeMapping.localTime(from: global)
    }

    /// The subtree's presentation frozen now (for transitions and renderers).
    public func snapshot() -> LayerSnapshot {
        LayerSnapshot(
            name: name, properties: presentation, content: content, isHidden: isHidden,
            masksToBounds: masksToBounds, sublayers: sublayers.map { $0.snapshot() })
    }
}
