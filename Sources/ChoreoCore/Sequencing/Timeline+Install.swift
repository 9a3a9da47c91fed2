/// What a timeline shows: one `AnimationGroup` per layer, timed so that it shows the playhead.
///
/// The group carries the timeline's own timing (duration, repeats, autoreverse) and a placement:
///
///     running forwards from p₀ at T₀   speed s,  beginTime T₀ − p₀/s
///     running backwards from p₀ at T₀  speed −s, beginTime T₀, repeatDuration p₀ (plays p₀ → 0)
///     frozen at p (0 < p < active)     after its end, timeOffset p (CA wraps the offset into the
///                                      active interval: it shows position p, as a running group would)
///     frozen at the end                after its end (the end of the last iteration)
///     frozen at 0                      reversed, before its start (fill backwards: position 0)
///
/// A frozen group has ended, so it does not keep a run alive; a timeline that repeats forever
/// is frozen with a finite repeatDuration past p (the same positions up to it).
extension Timeline {
    /// Reinstalls the groups of this (root) timeline for its phase.
    func install() {
        uninstall()
        let active = activeDuration
        guard duration > 0, active > 0 else { return }
        for layer in targetLayers() {
            let group = AnimationGroup()
            group.animations = animations(for: layer)
            group.timing = placedTiming(in: layer)
            group.isRemovedOnCompletion = false
            // Values come from the model, which holds only checked values; a layer full of
            // animations refuses it, and then shows the model.
            guard (try? layer.add(group, forKey: key)) != nil else { continue }
            installedLayers.append(layer)
        }
    }

    /// Removes this timeline's groups.
    func uninstall() {
        for layer in installedLayers { layer.removeAnimation(forKey: key) }
        installedLayers = []
    }

    /// The timing of a group on `layer` showing the playhead as the phase places it.
    func placedTiming(in layer: Layer) -> MediaTiming {
        var timing = iterationTiming
        let now = layer.timeMapping.localTime(from: scene.currentTime)
        let active = activeDuration
        switch phase {
        case .running where scene.currentTime >= runStart && !isReversed:
            timing.speed = speed
            timing.beginTime = layer.timeMapping.localTime(from: runStart) - MediaDuration(anchor / speed)
        case .running where scene.currentTime >= runStart && anchor > 0:
            timing.speed = -speed
            timing.repeatDuration = MediaDuration(anchor)
            timing.beginTime = layer.timeMapping.localTime(from: runStart)
        default:
            let p = anchor
            if p <= 0 {
                if !active.isFinite { timing.repeatDuration = timing.cycleDuration }
                timing.speed = -1
                timing.beginTime = now - timing.activeDuration - MediaDuration(1)
            } else if p >= active {
                timing.speed = 1
                timing.beginTime = now - timing.activeDuration - MediaDuration(1)
            } else {
                if !active.isFinite { timing.repeatDuration = MediaDuration(p) + timing.cycleDuration }
                timing.speed = 1
                timing.timeOffset = MediaDuration(p)
                timing.beginTime = now - timing.activeDuration - MediaDuration(1)
            }
        }
        // A beginTime of exactly 0 means "when committed"; the nearest instant keeps it fixed.
        if timing.beginTime == .zero { timing.beginTime = MediaTime(Double.leastNonzeroMagnitude) }
        return timing
    }

    /// The animations this timeline plays on `layer`: its tracks' basic animations and its
    /// nested timelines' groups, in add order (later ones compose over earlier ones).
    func animations(for layer: Layer) -> [Animation] {
        var result: [Animation] = []
        for child in children {
            switch child.content {
            case .tracks(let tracks):
                for track in tracks where track.layer === layer {
                    let animation = BasicAnimation(keyPath: track.path.description)
                    animation.fromValue = track.from
                    animation.toValue = track.to
                    animation.timingFunction = track.curve
                    animation.timing = MediaTiming(
                        beginTime: MediaTime(track.begin), duration: MediaDuration(track.duration),
                        repeatCount: track.repeatCount, autoreverses: track.autoreverses,
                        fillMode: track.fillsBackwards ? .both : .forwards)
                    result.append(animation)
                }
            case .timeline(let nested):
                let inner = nested.animations(for: layer)
                guard !inner.isEmpty, nested.duration > 0 else { continue }
                let group = AnimationGroup()
                group.animations = inner
                group.timing = nested.iterationTiming
                group.timing.speed = nested.speed
                group.timing.beginTime = MediaTime(child.start)
                result.append(group)
            case .callback:
                continue
            }
        }
        return result
    }

    /// Every layer this timeline (and those nested in it) animates, in the order first met.
    func targetLayers() -> [Layer] {
        var seen = Set<ObjectIdentifier>()
        return targets().compactMap { target in seen.insert(ObjectIdentifier(target.layer)).inserted ? target.layer : nil }
    }

    /// Every (layer, property) this timeline (and those nested in it) animates, in order.
    func targets() -> [(layer: Layer, path: PropertyPath)] {
        var seen = Set<TargetKey>()
        var result: [(layer: Layer, path: PropertyPath)] = []
        for child in children {
            switch child.content {
            case .tracks(let tracks):
                for track in tracks where seen.insert(TargetKey(layer: ObjectIdentifier(track.layer), path: track.path)).inserted {
                    result.append((track.layer, track.path))
                }
            case .timeline(let nested):
                for target in nested.targets() where seen.insert(TargetKey(layer: ObjectIdentifier(target.layer), path: target.path)).inserted {
                    result.append(target)
                }
            case .callback:
                continue
            }
        }
        return result
    }

    /// Makes the presentation the model: the values shown now become the model values and the
    /// groups are removed (a stop, or the completion after freezing at the final playhead).
    func settleModel() {
        let targets = targets()
        let values = targets.map { $0.layer.presentationValue(at: $0.path) }
        uninstall()
        for (target, value) in zip(targets, values) { target.layer.set(value, at: target.path) }
    }
}
