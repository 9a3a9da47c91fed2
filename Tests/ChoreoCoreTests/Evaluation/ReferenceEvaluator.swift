import Foundation

/// An independent reference for a layer's presentation at a global time, written plainly from
/// /work/shared/reference/apple-animation-semantics.md (cited as §n) and Choreo's documented
/// choices (README "Choices where Apple is silent", doc comments of the public API) — not from
/// Choreo's evaluator. It is slow and obvious on purpose: every frame it walks the layer's
/// ancestors for its time, and every animation, in the order added, through CAMediaTiming, its
/// timing function and its values, composing onto a copy of the model.
///
/// `RandomisedEvaluationTests`, `ReferenceComparisonTests` and `ReferenceTreeTests` drive Choreo
/// and this reference with the same calls (`ReferenceTwin`) and compare every property of every
/// layer.
final class ReferenceScene {
    let root = RLayer(name: "root")
    private(set) var time = 0.0
    private(set) var commitCount = 0
    private var hasAdvanced = false
    /// The settings of the open explicit transaction (CATransaction, §4.10), if one is open:
    /// the duration given to animations added with none, and the timing function given to those
    /// added without one (nil: none set).
    var transaction: (duration: Double, curve: RCurve?)?

    /// Like `Scene.advance(to:)`: commits, then (unless `t` is not later than now, after the first
    /// frame) moves to `t` and removes the animations whose active duration is over and that are
    /// removed on completion (§4.2 `isRemovedOnCompletion`).
    func advance(to t: Double) {
        commit()
        guard t > time || !hasAdvanced else { return }
        hasAdvanced = true
        time = t
        for layer in root.subtree {
            let local = layer.localTime(at: time)
            layer.animations.removeAll { $0.isCommitted && $0.animation.removedOnCompletion && $0.animation.timing.hasEnded(at: local) }
        }
    }

    /// Like `Scene.commit()`: an animation whose `beginTime` is 0 begins at the layer's local time
    /// now (§4.1 "root animation beginTime 0 is set to the current time when committed"; README).
    func commit() {
        for layer in root.subtree {
            for index in layer.animations.indices where !layer.animations[index].isCommitted {
                if layer.animations[index].animation.timing.begin == 0 {
                    layer.animations[index].animation.timing.begin = layer.localTime(at: time)
                }
                layer.animations[index].isCommitted = true
            }
        }
        commitCount += 1
    }

    /// Like `Layer.add(_:forKey:)` (§4.9): a copy, replacing the animation under the same key (the
    /// new one applies last); a duration of 0 becomes the transaction's animationDuration, 0.25 s
    /// by default, and an animation without a timing function gets the transaction's (§4.10:
    /// "assigned to every animation added in the group"); missing from/to values come from the presentation now (§4.4).
    func add(_ animation: RAnimation, to layer: RLayer, forKey key: String?) {
        var copy = animation
        if copy.timing.duration == 0 { copy.timing.duration = transaction?.duration ?? 0.25 }
        if let transactionCurve = transaction?.curve {
            switch copy.kind {
            case let .basic(curve) where curve.isLinear: copy.kind = .basic(transactionCurve)
            case let .keyframes(values, keyTimes, mode, segmentCurves, curve) where curve.isLinear:
                copy.kind = .keyframes(values: values, keyTimes: keyTimes, mode: mode, segmentCurves: segmentCurves, curve: transactionCurve)
            default: break  // a spring is its own pacing; groups and transitions are not added in transactions here
            }
        }
        copy.resolve(presentation: presentation(of: layer))
        // A transition added without a key is added under "transition" (§4.7).
        let key = key ?? (copy.isTransition ? "transition" : nil)
        if let key { layer.animations.removeAll { $0.key == key } }
        layer.animations.append(RAttached(key: key, animation: copy))
    }

    /// A model change by key path, outside view animation blocks. A layer outside a view, once
    /// committed in the scene, animates it implicitly (Core Animation's default action, §4.9/§4.10): a basic animation under the
    /// property's name from the old presentation value to the new model value, with the
    /// transaction's duration (0.25 s by default) and timing function, else the default timing
    /// function (Choreo's documented choice) — unless actions are disabled or the property is custom.
    func setModel(_ value: RValue, keyPath: String, of layer: RLayer, actions: Bool) {
        let path = RKeyPath(keyPath)
        let new = path.write(value, into: layer.model[path.property] ?? value)  // a custom one is created
        let old = presentation(of: layer)[path.property] ?? new
        layer.model[path.property] = new
        guard actions, !layer.isView, layer.attachedAtCommit < commitCount, path.property != "progress", new != old else { return }
        var implicit = RAnimation(keyPath: path.property, kind: .basic(transaction?.curve ?? .bezier(0.25, 0.1, 0.25, 1)))
        (implicit.from, implicit.to) = (old, new)
        add(implicit, to: layer, forKey: path.property)
    }

    /// Puts `layer` under `parent` (at the end), leaving where it was. Its subtree counts as
    /// attached in the current transaction: no implicit animations until the next commit (what
    /// Choreo does when a layer moves; Core Animation does not say).
    func move(_ layer: RLayer, under parent: RLayer) {
        layer.parent?.children.removeAll { $0 === layer }
        for member in layer.subtree { member.attachedAtCommit = commitCount }
        layer.parent = parent
        parent.children.append(layer)
    }

    /// The progress of the transition running on `layer` now, if any (the last added wins):
    /// startProgress + (endProgress − startProgress) × the timing function of the time fraction,
    /// §4.7 (a transition runs from its start progress to its end progress).
    func transitionProgress(of layer: RLayer) -> (progress: Double, isBezier: Bool)? {
        let local = layer.localTime(at: time)
        var result: (Double, Bool)?
        for entry in layer.animations {
            guard case let .transition(_, start, end, curve) = entry.animation.kind else { continue }
            var timing = entry.animation.timing
            if !entry.isCommitted && timing.begin == 0 { timing.begin = local }
            if entry.animation.removedOnCompletion && timing.hasEnded(at: local) { continue }
            guard let (u, _) = timing.state(at: local) else { continue }
            result = (start + (end - start) * curve.progress(u / timing.duration), curve.isBezier)
        }
        return result
    }

    /// Takes `layer` out of the tree: outside a scene a layer presents its model (the doc of
    /// Choreo's `Layer.presentation`); its animations stay and go on if it comes back.
    func detach(_ layer: RLayer) {
        layer.parent?.children.removeAll { $0 === layer }
        layer.parent = nil
    }

    func isInScene(_ layer: RLayer) -> Bool { layer === root || layer.parent.map(isInScene) == true }

    /// The presentation of `layer` now: its model with every animation in effect composed onto it
    /// in the order added (§2 of DESIGN: "non-additive replaces, additive adds"). An animation not
    /// committed yet begins now; one whose active duration is over and that is removed on
    /// completion shows nothing, even before the frame removes it.
    func presentation(of layer: RLayer) -> [String: RValue] {
        var values = layer.model
        let local = layer.localTime(at: time)
        for entry in layer.animations {
            var animation = entry.animation
            if !entry.isCommitted && animation.timing.begin == 0 { animation.timing.begin = local }
            if animation.removedOnCompletion && animation.timing.hasEnded(at: local) { continue }
            animation.compose(at: local, onto: &values)
        }
        return values
    }

    /// The layer's local time and its animations with their state now, for failure messages.
    func explain(_ layer: RLayer) -> String {
        let local = layer.localTime(at: time)
        return "\(layer.name) at local time \(local):\n" + layer.animations.map { entry in
            var timing = entry.animation.timing
            if !entry.isCommitted && timing.begin == 0 { timing.begin = local }
            let state = timing.state(at: local).map { "u \($0.u), iteration \($0.iteration)" } ?? "not in effect"
            return "  key \(entry.key ?? "nil")\(entry.isCommitted ? "" : " (uncommitted)"): \(state): \(entry.animation)"
        }.joined(separator: "\n")
    }

    /// Whether a Bézier timing function (solved by Choreo within its documented 1e-7, README and
    /// CubicBezierCurve's contract) may shape the value of `property` of `layer` now.
    func curveShapes(_ property: String, of layer: RLayer) -> Bool {
        layer.animations.contains { $0.animation.usesBezier(on: property) }
    }
}

/// A layer of the reference: its model, own time space, place in the tree and animations.
final class RLayer {
    let name: String
    var model = RProperties.initialModel()
    var timing = RLayerTiming()
    weak var parent: RLayer?
    var children: [RLayer] = []
    var animations: [RAttached] = []
    var attachedAtCommit = Int.max
    /// A view's layer animates only inside view animation blocks (DESIGN §3, "View animations").
    var isView = false

    init(name: String) { self.name = name }

    /// The layer's local time for a global time: through every ancestor's time space, root first.
    func localTime(at global: Double) -> Double {
        timing.local(parent.map { $0.localTime(at: global) } ?? global)
    }

    var subtree: [RLayer] { [self] + children.flatMap(\.subtree) }
}

struct RAttached {
    var key: String?
    var animation: RAnimation
    var isCommitted = false
}

/// A calculation mode of keyframe animations (§4.5).
enum RKeyframeMode: String { case linear, discrete, paced }

/// An animation: a property animation (basic, spring, keyframes) or a group.
struct RAnimation: CustomStringConvertible {
    indirect enum Kind {
        case basic(RCurve)
        case spring(RSpring)
        case keyframes(values: [RValue], keyTimes: [Double]?, mode: RKeyframeMode, segmentCurves: [RCurve]?, curve: RCurve)
        case group([RAnimation])
        /// A CATransition (§4.7): its progress runs from startProgress to endProgress.
        case transition(type: String, start: Double, end: Double, curve: RCurve)
    }

    var keyPath: String
    var kind: Kind
    var timing = RTiming()
    var removedOnCompletion = true
    var additive = false
    var cumulative = false
    var from: RValue?
    var to: RValue?
    var by: RValue?

    init(keyPath: String, kind: Kind) {
        self.keyPath = keyPath
        self.kind = kind
    }

    var isTransition: Bool { if case .transition = kind { true } else { false } }

    /// A copy changed by `adjust`.
    func adjusted(_ adjust: (inout RAnimation) -> Void) -> RAnimation {
        var copy = self
        adjust(&copy)
        return copy
    }

    /// Resolves the ends of a basic or spring animation (§4.4's table); a group's children too.
    mutating func resolve(presentation: [String: RValue]) {
        if case var .group(children) = kind {
            for index in children.indices { children[index].resolve(presentation: presentation) }
            kind = .group(children)
            return
        }
        switch kind {
        case .keyframes, .transition: return
        default: break
        }
        do {
            let path = RKeyPath(keyPath)
            let current = path.read(presentation[path.property]!)
            switch (from, to, by) {
            case let (f?, t?, nil): (from, to) = (f, t)
            case let (f?, nil, b?): (from, to) = (f, f.plus(b))
            case let (nil, t?, b?): (from, to) = (t.minus(b), t)
            case let (f?, nil, nil): (from, to) = (f, current)
            case let (nil, t?, nil): (from, to) = (current, t)
            case let (nil, nil, b?): (from, to) = (current, current.plus(b))
            default: fatalError("reference: from/to/by \(String(describing: (from, to, by)))")
            }
            return
        }
    }

    /// Composes the animation's effect at the parent time `t` onto `values`.
    func compose(at t: Double, onto values: inout [String: RValue]) {
        guard let (u, iteration) = timing.state(at: t) else { return }
        if case .transition = kind { return }
        if case let .group(children) = kind {
            // §4.6: children run in the group's time (its position in the cycle, so clipped to
            // it); a child of duration 0 takes the group's (README); children's
            // isRemovedOnCompletion is ignored: only their fill decides.
            for var child in children {
                if child.timing.duration == 0 { child.timing.duration = timing.duration }
                child.removedOnCompletion = false
                child.compose(at: u, onto: &values)
            }
            return
        }
        var value = sample(u: u)
        if cumulative && iteration > 0 {
            // §4.3: each repeat cycle starts from the previous cycle's end value.
            value = value.plus(cycleEnd.minus(cycleStart).times(Double(iteration)))
        }
        let path = RKeyPath(keyPath)
        let whole = values[path.property]!
        if additive {
            // §4.3: added to the current render-tree value (a whole transform concatenated after
            // what is below: README's view-animation row makes the offset new⁻¹·old, which
            // lands on old only as new·(new⁻¹·old)).
            values[path.property] = path.write(path.read(whole).plus(value), into: whole)
        } else {
            values[path.property] = path.write(value, into: whole)
        }
    }

    /// The value `u` seconds into the basic duration.
    private func sample(u: Double) -> RValue {
        let fraction = u / timing.duration
        switch kind {
        case let .basic(curve): return from!.interpolated(to: to!, fraction: curve.progress(fraction))
        case let .spring(spring): return from!.interpolated(to: to!, fraction: spring.progress(at: u))
        case let .keyframes(values, keyTimes, mode, segmentCurves, curve):
            return Self.keyframe(values, keyTimes, mode, segmentCurves, at: curve.progress(fraction))
        case .group, .transition: fatalError("reference: a group or transition has no value")
        }
    }

    private var cycleStart: RValue {
        if case let .keyframes(values, _, _, _, _) = kind { return values.first! }
        return from!
    }

    private var cycleEnd: RValue {
        if case let .keyframes(values, _, _, _, _) = kind { return values.last! }
        return to!
    }

    /// A keyframe animation's value at progress `q` (§4.5): linear interpolates the segment that
    /// holds `q` (its own timing function applied to the segment's fraction); discrete holds value
    /// i from keyTimes[i] to keyTimes[i + 1] (n + 1 key times) and the last at 1; paced ignores
    /// keyTimes and moves at constant speed along the summed distances.
    static func keyframe(_ values: [RValue], _ keyTimes: [Double]?, _ mode: RKeyframeMode,
                         _ segmentCurves: [RCurve]?, at q: Double) -> RValue {
        let n = values.count
        switch mode {
        case .discrete:
            let times = keyTimes ?? (0...n).map { Double($0) / Double(n) }
            let index = min(times.lastIndex { $0 <= q } ?? 0, n - 1)
            return values[index]
        case .linear:
            let times = keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            let i = min(times.lastIndex { $0 <= q } ?? 0, n - 2)
            var local = (q - times[i]) / (times[i + 1] - times[i])
            if let segmentCurves { local = segmentCurves[i].progress(local) }
            return values[i].interpolated(to: values[i + 1], fraction: local)
        case .paced:
            let lengths = (0..<(n - 1)).map { values[$0].distance(to: values[$0 + 1]) }
            var target = q * lengths.reduce(0, +)
            for i in 0..<(n - 1) {
                if target <= lengths[i] || i == n - 2 {
                    return values[i].interpolated(to: values[i + 1], fraction: lengths[i] > 0 ? target / lengths[i] : 1)
                }
                target -= lengths[i]
            }
            return values[n - 1]
        }
    }

    /// Whether a Bézier timing function shapes this animation's writes to `property`.
    func usesBezier(on property: String) -> Bool {
        switch kind {
        case let .group(children): return children.contains { $0.usesBezier(on: property) }
        case let .basic(curve): return RKeyPath(keyPath).property == property && curve.isBezier
        case .spring, .transition: return false
        case let .keyframes(_, _, _, segmentCurves, curve):
            return RKeyPath(keyPath).property == property && (curve.isBezier || segmentCurves?.contains { $0.isBezier } == true)
        }
    }

    var description: String {
        var parts = [String]()
        switch kind {
        case let .basic(curve): parts.append("basic \(keyPath) \(curve)")
        case let .spring(spring): parts.append("\(spring) \(keyPath)")
        case let .keyframes(values, keyTimes, mode, segmentCurves, curve):
            parts.append("keyframes \(mode) \(keyPath) values \(values) keyTimes \(keyTimes.map { "\($0)" } ?? "nil")"
                         + " segments \(segmentCurves.map { "\($0)" } ?? "nil") \(curve)")
        case let .group(children): parts.append("group [" + children.map(\.description).joined(separator: "; ") + "]")
        case let .transition(type, start, end, curve): parts.append("transition \(type) \(start)...\(end) \(curve)")
        }
        if let from { parts.append("from \(from)") }
        if let to { parts.append("to \(to)") }
        if let by { parts.append("by \(by)") }
        if additive { parts.append("additive") }
        if cumulative { parts.append("cumulative") }
        if !removedOnCompletion { parts.append("kept") }
        parts.append("timing \(timing)")
        return parts.joined(separator: " ")
    }
}
