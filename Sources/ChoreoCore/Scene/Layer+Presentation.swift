/// Presentation values and layer time.
extension Layer {
    /// The presentation values at the scene's current time: the model with the animations
    /// composed onto it. A layer outside a scene, or without animations, presents its model.
    public var presentation: LayerProperties {
        guard let scene, isAnimated else { return model }
        updatePresentation(in: scene)
        return presentationStorage.properties
    }

    /// The transition running on the layer at the scene's current time, if any.
    public var presentationTransition: TransitionPresentation? {
        guard let scene, isAnimated else { return nil }
        updatePresentation(in: scene)
        return presentationStorage.transition
    }

    /// Properties and transition at the scene's current time, computed once per frame.
    public var presentationFrame: PresentationFrame {
        guard let scene, isAnimated else { return PresentationFrame(properties: model, transition: nil) }
        updatePresentation(in: scene)
        return presentationStorage
    }

    /// Whether the layer has animations (a batched layer has: `batchRow` is read first, in the
    /// layer, and `attached`'s buffer only otherwise).
    private var isAnimated: Bool { batchRow >= 0 || !attached.isEmpty }

    /// Computes this frame's presentation in place, unless it is current.
    private func updatePresentation(in scene: Scene) {
        guard presentationStamp != scene.stamp else { return }
        presentationStamp = scene.stamp
        if batchRow >= 0, scene.batch.stamp == scene.stamp {
            if !presentationHoldsModel {
                presentationStorage = PresentationFrame(properties: model, transition: nil)
                presentationHoldsModel = true
            }
            scene.batch.present(row: batchRow, into: &presentationStorage.properties, model: model.transform)
            return
        }
        let localTime = timeMapping.localTime(from: scene.currentTime)
        let plan = currentPlan()
        if let direct = plan.direct {
            computeDirectly(plan.steps, direct, localTime: localTime, in: scene.frameContext)
        } else {
            var frame = PresentationFrame(properties: model, transition: nil)
            apply(plan.steps, to: &frame, localTime: localTime, in: scene.frameContext)
            presentationStorage = frame
        }
    }

    /// Whether the layer can join its scene's batch this frame (`FrameBatch.accepts`).
    func planAcceptedByBatch() -> AnimationPlan? {
        let plan = currentPlan()
        return FrameBatch.accepts(plan) ? plan : nil
    }

    /// The attached animations laid out (`AnimationPlan`), anew when they changed.
    private func currentPlan() -> AnimationPlan {
        if let animationPlan { return animationPlan }
        let plan = AnimationPlan(attached, model: model)
        animationPlan = plan
        return plan
    }

    /// The direct path (`DirectPlan`): the stored presentation holds the model except for the
    /// numbers the animations touch, which are reset to the model and recomputed in order.
    private func computeDirectly(_ steps: [PlannedAnimation], _ direct: DirectPlan, localTime: MediaTime, in context: FrameContext) {
        if !presentationHoldsModel {
            presentationStorage = PresentationFrame(properties: model, transition: nil)
            presentationHoldsModel = true
        }
        for slot in direct.slots { presentationStorage.properties[slot] = model[slot] }
        var transformValue = Double.nan
        steps.withUnsafeBufferPointer { plan in
            for index in plan.indices {
                let state = PlannedAnimation.state(of: plan.baseAddress! + index, at: localTime, in: context)
                guard let progress = state.progress, let step = plan[index].scalar else { continue }
                let fraction = step.fraction(progress: progress, in: context, of: plan[index].animation)
                switch step.target {
                case .slot: step.write(fraction: fraction, iteration: state.iteration, to: &presentationStorage.properties)
                case .transform, .wholeTransform:
                    transformValue = step.value(step.from, step.to, fraction: fraction, iteration: state.iteration)
                }
            }
        }
        presentationStorage.properties.transform = direct.transform?.transform(transformValue, model: model.transform) ?? model.transform
    }

    /// Composes the attached animations, in order, onto the model at a local time.
    ///
    /// An animation that has ended and is removed on completion shows nothing even before the
    /// scene removes it; one still waiting for its transaction to commit starts now.
    func computeFrame(into frame: inout PresentationFrame, localTime: MediaTime, in context: FrameContext) {
        frame.properties = model
        frame.transition = nil
        apply(currentPlan().steps, to: &frame, localTime: localTime, in: context)
    }

    /// The general path: every animation composes onto `frame` in order.
    private func apply(_ steps: [PlannedAnimation], to frame: inout PresentationFrame, localTime: MediaTime, in context: FrameContext) {
        steps.withUnsafeBufferPointer { plan in
            for index in plan.indices {
                let state = PlannedAnimation.state(of: plan.baseAddress! + index, at: localTime, in: context)
                guard let progress = state.progress else { continue }
                if let step = plan[index].scalar, case .slot = step.target {
                    let fraction = step.fraction(progress: progress, in: context, of: plan[index].animation)
                    step.write(fraction: fraction, iteration: state.iteration, to: &frame.properties)
                } else {
                    plan[index].animation.apply(state, to: &frame, in: context)
                }
            }
        }
    }

    /// Forgets cached presentation values and the next event time (and, when timing changed, the
    /// time mappings of the subtree).
    func invalidatePresentation(subtree: Bool) {
        if batchRow >= 0 { scene?.unbatch(self) }
        presentationStamp = -1
        presentationHoldsModel = false
        animationPlan = nil
        nextEventCheck = MediaTime(-Double.infinity)
        if subtree {
            cachedTimeMapping = nil
            for child in sublayers { child.invalidatePresentation(subtree: true) }
        }
    }

    /// The map from the root's (global) time to this layer's local time (cached until the
    /// timing of the layer or an ancestor, or its place in the tree, changes).
    public var timeMapping: TimeMapping {
        if let cachedTimeMapping { return cachedTimeMapping }
        let own = TimeMapping(timing)
        let mapping = superlayer.map { $0.timeMapping.followed(by: own) } ?? own
        cachedTimeMapping = mapping
        return mapping
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
