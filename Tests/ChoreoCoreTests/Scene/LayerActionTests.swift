import Testing
@testable import ChoreoCore

/// Records what it was asked and answers from a table (nil: no entry, search on).
final class RecordingDelegate: LayerActionDelegate {
    var answers: [String: LayerAction] = [:]
    var asked: [String] = []
    var failure: (any Error)?
    func action(for layer: Layer, forKey key: String) throws -> LayerAction? {
        asked.append(key)
        if let failure { throw failure }
        return answers[key]
    }
}

struct DelegateFailure: Error, Equatable {}

/// CALayer.action(forKey:) as Apple documents it: the delegate, then `actions`, then `style`
/// (recursively), then `defaultAction(forKey:)`; the first non-nil answer wins and NSNull stops
/// the search with no action.
@Suite("Layer actions: Core Animation's action search and what an action runs")
struct LayerActionTests {
    /// A plain layer in a committed scene (its changes run actions).
    func committedLayer() -> (Scene, Layer) {
        let (scene, _) = makeScene()
        let layer = Layer(name: "plain")
        scene.rootLayer.addSublayer(layer)
        scene.commit()
        return (scene, layer)
    }

    func animation(_ action: LayerAction?) -> Animation? {
        if case let .animation(animation)? = action { return animation }
        return nil
    }

    @Test("The search asks the delegate, then actions, then the style and its style, then the default")
    func searchOrder() throws {
        let layer = Layer()
        let fromDelegate = basic("opacity"), fromActions = basic("opacity"), fromStyle = basic("opacity")
        let fromInnerStyle = basic("opacity")
        let delegate = RecordingDelegate()
        layer.delegate = delegate
        layer.actions = ["opacity": .animation(fromActions)]
        layer.style = LayerStyle(actions: ["opacity": .animation(fromStyle)],
                                 style: LayerStyle(actions: ["opacity": .animation(fromInnerStyle)]))
        delegate.answers["opacity"] = .animation(fromDelegate)
        #expect(animation(try layer.action(forKey: "opacity")) === fromDelegate)
        delegate.answers["opacity"] = nil
        #expect(animation(try layer.action(forKey: "opacity")) === fromActions)
        layer.actions = [:]
        #expect(animation(try layer.action(forKey: "opacity")) === fromStyle)
        layer.style?.actions = [:]
        #expect(animation(try layer.action(forKey: "opacity")) === fromInnerStyle)
        layer.style?.style = nil
        let fallback = try #require(animation(try layer.action(forKey: "opacity")) as? BasicAnimation)
        #expect(fallback.keyPath == "opacity")
        #expect(delegate.asked == ["opacity", "opacity", "opacity", "opacity", "opacity"])
    }

    @Test("NSNull (.none) at any step stops the search with no action; nil goes on")
    func nullStops() throws {
        let layer = Layer()
        let delegate = RecordingDelegate()
        layer.delegate = delegate
        layer.actions = ["opacity": .animation(basic("opacity"))]
        delegate.answers["opacity"] = LayerAction.none
        #expect(try layer.action(forKey: "opacity") == nil)
        delegate.answers["opacity"] = nil
        layer.actions = ["opacity": LayerAction.none]
        layer.style = LayerStyle(actions: ["opacity": .animation(basic("opacity"))])
        #expect(try layer.action(forKey: "opacity") == nil)
        layer.actions = [:]
        layer.style = LayerStyle(actions: ["opacity": LayerAction.none])
        #expect(try layer.action(forKey: "opacity") == nil)
    }

    @Test("The class default is a basic animation of a whole catalogue property, none for others")
    func defaultAction() throws {
        let action = try #require(animation(Layer.defaultAction(forKey: "position")) as? BasicAnimation)
        #expect(action.keyPath == "position")
        #expect(action.timing.duration == .zero)  // the transaction's duration, 0.25 s by default
        #expect(action.fromValue == nil && action.toValue == nil && action.byValue == nil)
        #expect(Layer.defaultAction(forKey: "progress") == nil)
        #expect(Layer.defaultAction(forKey: "position.x") == nil)
        #expect(Layer.defaultAction(forKey: "not a key") == nil)
    }

    @Test("A style that contains itself ends the search after maximumDepth styles")
    func cyclicStyle() throws {
        let layer = Layer()
        let style = LayerStyle()
        style.style = style
        layer.style = style
        #expect(animation(try layer.action(forKey: "opacity")) is BasicAnimation)
    }

    @Test("An action's animation runs from the old presentation value when it leaves fromValue nil")
    func actionRunsFromOldValue() throws {
        let (scene, layer) = committedLayer()
        layer.actions = ["opacity": .animation(basic("opacity", duration: 2))]
        try layer.setValue(.scalar(0.2), forKeyPath: "opacity")
        #expect(layer.animationKeys() == ["opacity"])
        scene.commit()
        scene.advance(to: 0.5)
        // linear (no timing function) from 1 to the model's 0.2 over 2 s: a quarter of the way
        #expect(abs(layer.presentation.opacity - (1 + (0.2 - 1) * 0.25)) < 1e-12)
        scene.advance(to: 2.5)
        #expect(layer.presentation.opacity == 0.2)
    }

    @Test("An action with toValue and byValue, or with its own fromValue, keeps them")
    func explicitValuesStay() throws {
        let (scene, layer) = committedLayer()
        layer.actions = ["opacity": .animation(basic("opacity", to: .scalar(0.8), by: .scalar(0.4), duration: 1))]
        try layer.setValue(.scalar(0), forKeyPath: "opacity")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(abs(layer.presentation.opacity - 0.6) < 1e-12)  // 0.4 → 0.8, halfway
        layer.actions = ["position": .animation(basic("position", from: .point(Point(x: 10, y: 0)), duration: 1))]
        try layer.setValue(.scalar(30), forKeyPath: "position.x")
        scene.commit()
        scene.advance(to: 1)
        #expect(layer.presentation.position == Point(x: 20, y: 0))  // (10, 0) → (30, 0), halfway
    }

    @Test("The default action animates 0.25 s on the default curve, as before; disabled actions and NSNull do not")
    func defaultAndDisabled() throws {
        let (scene, layer) = committedLayer()
        try layer.setValue(.scalar(0), forKeyPath: "opacity")
        scene.commit()
        scene.advance(to: 0.125)
        #expect(abs(layer.presentation.opacity - (1 - CubicBezierCurve.default.progress(at: 0.5))) < 1e-12)
        layer.actions = ["position": LayerAction.none]
        try layer.setValue(.point(Point(x: 5, y: 5)), forKeyPath: "position")
        #expect(layer.animationKeys() == ["opacity"])
        let delegate = RecordingDelegate()
        layer.delegate = delegate
        let transaction = try scene.beginTransaction()
        transaction.disableActions = true
        try layer.setValue(.scalar(9), forKeyPath: "cornerRadius")
        try scene.commitTransaction()
        #expect(delegate.asked.isEmpty)  // with actions disabled, action(forKey:) is not consulted
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test("A custom property animates through an action, though it has no default action")
    func customPropertyAction() throws {
        let (scene, layer) = committedLayer()
        try layer.setValue(.scalar(0), forKeyPath: "progress")
        scene.commit()
        #expect(layer.animationKeys().isEmpty)
        layer.actions = ["progress": .animation(basic("progress", duration: 1))]
        try layer.setValue(.scalar(10), forKeyPath: "progress")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(layer.presentationValue(at: PropertyPath(.custom("progress"))) == .scalar(5))
    }

    @Test("A view is its layer's delegate: NSNull outside animation blocks, so actions never run")
    func viewLayers() throws {
        let (scene, box) = makeScene()
        #expect(box.layer.delegate === box)
        box.layer.actions = ["opacity": .animation(basic("opacity"))]
        #expect(try box.layer.action(forKey: "opacity") == nil)
        box.alpha = 0.5
        scene.commit()
        #expect(box.layer.animationKeys().isEmpty)
        try View.animate(in: scene, withDuration: 1, animations: { box.alpha = 0 })
        #expect(box.layer.animationKeys().count == 1)
    }

    @Test("A delegate's error is kept by the scene; the change stands and runs no action")
    func delegateErrors() throws {
        let (scene, layer) = committedLayer()
        let delegate = RecordingDelegate()
        delegate.failure = DelegateFailure()
        layer.delegate = delegate
        try layer.setValue(.scalar(0.5), forKeyPath: "opacity")
        #expect(layer.model.opacity == 0.5)
        #expect(layer.animationKeys().isEmpty)
        #expect(scene.takeActionFailure() as? DelegateFailure == DelegateFailure())
        #expect(scene.takeActionFailure() == nil)
        delegate.failure = nil
        try layer.setValue(.scalar(0.25), forKeyPath: "opacity")
        #expect(layer.animationKeys() == ["opacity"])  // the scene keeps working
    }
}
