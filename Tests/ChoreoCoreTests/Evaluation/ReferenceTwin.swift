import Foundation
import ChoreoCore

/// A Choreo scene and a `ReferenceScene` driven by the same calls, through Choreo's public API
/// only (no `@testable` internals), so the comparison holds for any evaluator behind that API.
///
/// Every call is logged; `mismatch()` compares every property of every layer (through both
/// `presentation` and `presentationFrame`) and describes the first difference.
final class ReferenceTwin {
    let scene = Scene()
    let reference = ReferenceScene()
    private(set) var layers: [Layer] = []
    private(set) var twins: [RLayer] = []
    private(set) var log: [String] = []

    /// Adds a layer named `name` under the layer at `parent` (nil: the scene's root layer).
    @discardableResult
    func addLayer(_ name: String, under parent: Int? = nil) -> Int {
        let layer = Layer(name: name)
        let twin = RLayer(name: name)
        (parent.map { layers[$0] } ?? scene.rootLayer).addSublayer(layer)
        reference.move(twin, under: parent.map { twins[$0] } ?? reference.root)
        layers.append(layer)
        twins.append(twin)
        log.append("layer \(name) under \(parent.map { layers[$0].name ?? "?" } ?? "root")")
        return layers.count - 1
    }

    /// Adds a view (whose layer is then driven like the others) with `frame`, under the root view.
    @discardableResult
    func addView(_ name: String, frame: (x: Double, y: Double, width: Double, height: Double)) -> (View, Int) {
        let view = View(name: name, frame: Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
        scene.rootView.addSubview(view)
        let twin = RLayer(name: name)
        twin.isView = true
        twin.model["position"] = .point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        twin.model["bounds"] = .rect(0, 0, frame.width, frame.height)
        reference.move(twin, under: reference.root)
        layers.append(view.layer)
        twins.append(twin)
        log.append("view \(name) frame \(frame)")
        return (view, layers.count - 1)
    }

    /// `View.animate` changing `changes` on the view at `index`; the reference expects, for each
    /// change, what README's choices table says a recorded change is: an additive animation from
    /// (old model − new model) to zero, fill both, under a key of its own, with the block's
    /// duration and curve.
    func animateView(_ index: Int, duration: Double, options: ViewAnimationOptions, curve: RCurve,
                     _ changes: [(String, RValue)]) throws {
        try View.animate(in: scene, withDuration: duration, options: options) {
            for (keyPath, value) in changes { try layers[index].setValue(value.choreo, forKeyPath: keyPath) }
        }
        for (keyPath, value) in changes {
            let path = RKeyPath(keyPath)
            let old = twins[index].model[path.property]!
            let new = path.write(value, into: old)
            twins[index].model[path.property] = new
            var record = RAnimation(keyPath: path.property, kind: .basic(curve))
            if case let (.transform(o), .transform(n)) = (old, new) {
                (record.from, record.to) = (.transform(n.inverted.concatenating(o)), .transform(.identity))  // new⁻¹·old
            } else {
                (record.from, record.to) = (old.minus(new), old.times(0))
            }
            record.additive = true
            record.timing.duration = duration
            record.timing.fill = "both"
            reference.add(record, to: twins[index], forKey: nil)
        }
        log.append("View.animate \(name(index)) duration \(duration) \(curve): \(changes)")
    }

    /// Takes the layer at `index` out of the scene (it then presents its model).
    func detach(_ index: Int) {
        layers[index].removeFromSuperlayer()
        reference.detach(twins[index])
        log.append("detach \(name(index))")
    }

    /// Moves the layer at `index` under the layer at `parent` (nil: the root).
    func move(_ index: Int, under parent: Int?) {
        (parent.map { layers[$0] } ?? scene.rootLayer).addSublayer(layers[index])
        reference.move(twins[index], under: parent.map { twins[$0] } ?? reference.root)
        log.append("move \(name(index)) under \(parent.map(name) ?? "root")")
    }

    func setTiming(_ index: Int, _ timing: RLayerTiming) {
        var choreo = layers[index].timing
        choreo.beginTime = MediaTime(timing.begin)
        choreo.speed = timing.speed
        choreo.timeOffset = MediaDuration(timing.offset)
        layers[index].timing = choreo
        twins[index].timing = timing
        log.append("layer timing \(name(index)): begin \(timing.begin) speed \(timing.speed) offset \(timing.offset)")
    }

    /// Sets a model value; `actions: false` sets it in a transaction with actions disabled.
    func setModel(_ index: Int, _ keyPath: String, _ value: RValue, actions: Bool = true) throws {
        if actions {
            try layers[index].setValue(value.choreo, forKeyPath: keyPath)
        } else {
            let transaction = try scene.beginTransaction()
            transaction.disableActions = true
            try layers[index].setValue(value.choreo, forKeyPath: keyPath)
            try scene.commitTransaction()
        }
        reference.setModel(value, keyPath: keyPath, of: twins[index], actions: actions)
        if !actions { reference.commit() }
        log.append("set \(name(index)).\(keyPath) = \(value)\(actions ? "" : " (actions disabled)")")
    }

    /// Runs `body` in an explicit transaction with an animation duration and a timing function,
    /// then commits it (the outermost commit commits the scene).
    func inTransaction(duration: Double, curve: RCurve?, _ body: () throws -> Void) throws {
        let transaction = try scene.beginTransaction()
        transaction.animationDuration = MediaDuration(duration)
        transaction.animationTimingFunction = try curve?.choreo
        reference.transaction = (duration, curve)
        log.append("begin transaction: duration \(duration), timing function \(curve.map { "\($0)" } ?? "none")")
        try body()
        try scene.commitTransaction()
        reference.transaction = nil
        reference.commit()
        log.append("commit transaction")
    }

    func add(_ animation: RAnimation, to index: Int, forKey key: String?) throws {
        try layers[index].add(Self.choreo(animation), forKey: key)
        reference.add(animation, to: twins[index], forKey: key)
        log.append("add to \(name(index)) key \(key ?? "nil"): \(animation)")
    }

    func removeAnimation(_ index: Int, forKey key: String) {
        layers[index].removeAnimation(forKey: key)
        twins[index].animations.removeAll { $0.key == key }
        log.append("remove \(name(index)) key \(key)")
    }

    func removeAllAnimations(_ index: Int) {
        layers[index].removeAllAnimations()
        twins[index].animations.removeAll()
        log.append("remove all animations of \(name(index))")
    }

    func commit() {
        scene.commit()
        reference.commit()
        log.append("commit")
    }

    func advance(to t: Double) {
        scene.advance(to: MediaTime(t))
        reference.advance(to: t)
        log.append("advance to \(t)")
    }

    /// The layer's local time now, as the reference computes it (for delayed begin times).
    func localTime(_ index: Int) -> Double { twins[index].localTime(at: reference.time) }

    private func name(_ index: Int) -> String { layers[index].name ?? "?" }

    /// The first property, of any layer, whose Choreo presentation differs from the reference by
    /// more than its kind's tolerance (see `ReferenceTolerance`), described; nil when all agree.
    func mismatch() -> String? {
        for (layer, twin) in zip(layers, twins) {
            let expected = reference.isInScene(twin) ? reference.presentation(of: twin) : twin.model
            if let problem = transitionMismatch(layer, twin) { return problem }
            let views = [("presentation", layer.presentation), ("presentationFrame", layer.presentationFrame.properties),
                         ("presentationValue(at:)", Self.readByKeyPath(layer))]
            for (label, actual) in views {
                for property in RProperties.all {
                    guard let want = expected[property.name] else { continue }  // no custom property
                    let got = property.read(actual)
                    if ReferenceTolerance.agree(got, want, bezier: false) { continue }
                    let bezier = reference.curveShapes(property.name, of: twin)
                    if !ReferenceTolerance.agree(got, want, bezier: bezier) {
                        let difference = zip(want.numbers, got.numbers).map { abs($0 - $1) }.max() ?? 0
                        return "at \(reference.time) s, \(twin.name).\(label).\(property.name): expected \(want), got \(got)"
                            + " (largest difference \(difference))"
                            + (bezier ? " (a Bézier curve shapes it)" : "") + "\n" + reference.explain(twin)
                    }
                }
            }
        }
        return nil
    }

    /// The layer's presentation read property by property by key path
    /// (`presentationValue(at:)`, as a trace reads it), written over its model: the reads answer
    /// inline for a computed row's numbers and transform, out of line for the rest, and must all
    /// agree with the reference as the whole presentation does.
    static func readByKeyPath(_ layer: Layer) -> LayerProperties {
        var properties = layer.model
        for property in RProperties.all {
            guard let path = try? PropertyPath(parsing: property.name) else { continue }
            properties.setValue(layer.presentationValue(at: path), at: path)
        }
        return properties
    }

    /// A difference in the transition running on a layer (none, or its progress), described.
    private func transitionMismatch(_ layer: Layer, _ twin: RLayer) -> String? {
        let expected = reference.isInScene(twin) ? reference.transitionProgress(of: twin) : nil
        for (label, actual) in [("presentationTransition", layer.presentationTransition), ("presentationFrame.transition", layer.presentationFrame.transition)] {
            let agree = switch (expected, actual) {
            case (nil, nil): true
            case let (e?, a?): abs(e.progress - a.progress) <= 1e-9 + (e.isBezier ? 1e-7 : 0)
            default: false
            }
            if !agree {
                return "at \(reference.time) s, \(twin.name).\(label): expected progress \(expected.map { "\($0.progress)" } ?? "none"), "
                    + "got \(actual.map { "\($0.progress)" } ?? "none")\n" + reference.explain(twin)
            }
        }
        return nil
    }

    /// Builds Choreo's animation from the reference's description of it.
    static func choreo(_ spec: RAnimation) throws -> Animation {
        let animation: Animation
        switch spec.kind {
        case let .basic(curve):
            let basic = BasicAnimation(keyPath: spec.keyPath)
            basic.timingFunction = try curve.choreo
            animation = basic
        case let .spring(s):
            let spring = SpringAnimation(keyPath: spec.keyPath)
            (spring.mass, spring.stiffness, spring.damping) = (s.mass, s.stiffness, s.damping)
            (spring.initialVelocity, spring.allowsOverdamping) = (s.velocity, s.allowsOverdamping)
            animation = spring
        case let .keyframes(values, keyTimes, mode, segmentCurves, curve):
            let keyframes = KeyframeAnimation(keyPath: spec.keyPath)
            keyframes.values = values.map(\.choreo)
            keyframes.keyTimes = keyTimes
            keyframes.calculationMode = try CalculationMode(parsing: mode.rawValue)
            keyframes.timingFunctions = try segmentCurves?.map { try $0.choreo ?? CubicBezierCurve.linear }
            keyframes.timingFunction = try curve.choreo
            animation = keyframes
        case let .group(children):
            let group = AnimationGroup()
            group.animations = try children.map(choreo)
            animation = group
        case let .transition(type, start, end, curve):
            let transition = TransitionAnimation(type: TransitionAnimation.Kind(rawValue: type)!)
            (transition.startProgress, transition.endProgress) = (start, end)
            transition.timingFunction = try curve.choreo
            animation = transition
        }
        if let property = animation as? PropertyAnimation {
            property.isAdditive = spec.additive
            property.isCumulative = spec.cumulative
        }
        if let basic = animation as? BasicAnimation {
            basic.fromValue = spec.from?.choreo
            basic.toValue = spec.to?.choreo
            basic.byValue = spec.by?.choreo
        }
        animation.isRemovedOnCompletion = spec.removedOnCompletion
        let t = spec.timing
        animation.timing = MediaTiming(
            beginTime: MediaTime(t.begin), duration: MediaDuration(t.duration), speed: t.speed,
            timeOffset: MediaDuration(t.offset), repeatCount: t.repeatCount, repeatDuration: MediaDuration(t.repeatDuration),
            autoreverses: t.autoreverses, fillMode: try FillMode(parsing: t.fill))
        return animation
    }
}

extension RCurve {
    /// Choreo's curve: nil (linear) for an animation without a timing function.
    var choreo: (any TimingCurve)? {
        get throws {
            if let custom { return custom.choreo }
            guard let (a, b, c, d) = points else { return nil }
            return try CubicBezierCurve(a, b, c, d)
        }
    }
}

/// How close Choreo must come to the reference, per value kind.
///
/// Numbers (and every component of points, sizes, rects and colors): 1e-9 relative to the larger
/// magnitude (at least 1). Transforms: 1e-7 per entry, relative to the largest entry (at least
/// 1) — looser, because Choreo's slerp falls back to a normalised lerp for quaternions less than
/// ~0.5° apart (1 − dot < 1e-5), which errs by up to ~2.4e-8 (seed 5336 of the generator; not a
/// documented bound: reported to the lead). Where a Bézier timing function shapes the value,
/// Choreo's solver is documented to within 1e-7 of progress (CubicBezierCurve's contract;
/// README's Bézier row): 1e-7 times the largest span the scenes animate over (1,000: values stay
/// within ±500) is added, 1e-4.
enum ReferenceTolerance {
    static let bezierSlack = 1e-7 * 1_000
    static let transformRelative = 1e-7

    static func agree(_ a: RValue, _ b: RValue, bezier: Bool) -> Bool {
        let x = a.numbers, y = b.numbers
        guard x.count == y.count else { return false }
        let slack = bezier ? bezierSlack : 0
        if a.isTransform {
            let scale = max(1, (x + y).map(abs).max() ?? 0)
            return zip(x, y).allSatisfy { abs($0 - $1) <= transformRelative * scale + slack }
        }
        return zip(x, y).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) + slack }
    }
}
