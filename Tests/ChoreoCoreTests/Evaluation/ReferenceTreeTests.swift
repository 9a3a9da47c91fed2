import Testing
import ChoreoCore

/// Scenes of many layers in timed parents, views animated by blocks, layers moving between
/// scenes, and the known disagreement: Choreo against the reference evaluator.
@Suite("Evaluation: layer trees, view animations and scenes against the reference evaluator")
struct ReferenceTreeTests {
    typealias C = ReferenceComparisonTests

    /// The frame benchmark's four animations, varied by `index` (as the batch tests gave them).
    private func animate(_ twin: ReferenceTwin, _ layer: Int, index: Int) throws {
        let curve = index % 2 == 0 ? C.easeInOut : C.overshoot
        let duration = 1 + Double(index % 3) / 2
        try twin.add(C.basic("position.x", .number(0), .number(300), duration: duration, curve: curve), to: layer, forKey: "x")
        try twin.add(C.basic("position.y", .number(0), .number(500), duration: duration, curve: curve) {
            $0.additive = index % 4 == 1
            $0.timing.repeatCount = index % 5 == 0 ? 2.5 : 0
        }, to: layer, forKey: "y")
        try twin.add(C.basic("opacity", .number(0), .number(1), duration: duration, curve: index % 3 == 0 ? .linear : curve) {
            $0.cumulative = index % 4 == 2
            $0.timing.repeatCount = index % 4 == 2 ? 2 : 0
            $0.timing.autoreverses = index % 7 == 3
        }, to: layer, forKey: "opacity")
        if index % 8 >= 5 {
            // View.animate's transform: additive, from the inverse of the change to the identity.
            let from = RMatrix(scale: 2, scaleZ: 1, angle: -0.8, tx: 0, ty: 0, tz: 0)
            try twin.add(C.basic("transform", .transform(from), .transform(.identity), duration: duration, curve: curve) {
                $0.additive = true
            }, to: layer, forKey: "turn")
            if index % 8 > 5 { return }
        }
        try twin.add(C.basic("transform.scale", .number(0.5), .number(1.5), duration: duration, curve: curve) {
            $0.timing.begin = Double(index % 4) / 8
            $0.timing.fill = index % 6 == 0 ? "both" : "removed"
            $0.removedOnCompletion = index % 6 != 0
        }, to: layer, forKey: "scale")
    }

    @Test("Thirty layers under three timed parents match the reference through every kind of change")
    func layersJoinAndLeave() throws {
        let twin = ReferenceTwin()
        for index in 0..<3 { twin.addLayer("parent\(index)") }
        twin.setTiming(1, RLayerTiming(speed: 2))
        twin.setTiming(2, RLayerTiming(offset: 0.25))
        for index in 0..<30 {
            let layer = twin.addLayer("layer\(index)", under: index % 3)
            try twin.setModel(layer, "position", .point(Double(index), 7))
            try twin.setModel(layer, "transform", .transform(RMatrix(scale: 1, scaleZ: 1, angle: 0.2, tx: 0, ty: 0, tz: 0)))
            try animate(twin, layer, index: index)
        }
        twin.commit()
        for step in 1...120 {
            twin.advance(to: Double(step) / 32)
            switch step {
            case 20: twin.setTiming(2, RLayerTiming(speed: 0.5))
            case 30: twin.move(3 + 4, under: 0)
            case 40: twin.detach(3 + 5)
            case 50: twin.move(3 + 5, under: 1)
            case 60, 61, 62:
                // Model changes of every layer: implicit animations on all of them.
                for index in 0..<30 { try twin.setModel(3 + index, "opacity", .number(Double(step + index) / 400)) }
            case 70: try twin.add(C.basic("position.x", .number(0), .number(10)) { $0.additive = true }, to: 3 + 8, forKey: "nudge")
            case 80: twin.removeAllAnimations(3 + 9)
            default: break
            }
            let problem = twin.mismatch()
            #expect(problem == nil, "\(problem ?? "")")
            if problem != nil { return }
        }
    }

    @Test("View.animate's recorded changes, re-animated mid-flight, compose additively as the choices table says")
    func viewAnimations() throws {
        let twin = ReferenceTwin()
        let (box, index) = twin.addView("box", frame: (0, 0, 100, 100))
        twin.commit()
        twin.advance(to: 0)
        try twin.animateView(index, duration: 1, options: [.curveEaseOut], curve: C.easeOut,
                             [("position", .point(250, 50)), ("opacity", .number(0.2))])
        for step in 1...100 {
            twin.advance(to: Double(step) / 40)
            if step == 20 {
                try twin.animateView(index, duration: 0.75, options: [], curve: C.easeInOut,
                                     [("position", .point(50, 300)), ("bounds.size", .size(40, 60))])
            }
            if step == 30 {
                try twin.animateView(index, duration: 0.5, options: [.curveLinear], curve: .linear,
                                     [("backgroundColor", .color(1, 0.5, 0, 1)), ("transform", .transform(RMatrix(scale: 1.5, scaleZ: 1, angle: 0.7, tx: 0, ty: 0, tz: 0)))])
            }
            let problem = twin.mismatch()
            #expect(problem == nil, "\(problem ?? "")")
            if problem != nil { return }
        }
        #expect(box.center == Point(x: 50, y: 300), "the model is the last block's")
    }

    @Test("Views laid out one after another, their models and curves alternating, each present their own transform")
    func alternatingRows() throws {
        // Rows laid out in a row share transform writes and tracks where model, change and curve
        // agree, and look up the last ones first: alternating neighbours must not be given each
        // other's (each view's transform is its own model's, along its own curve).
        let twin = ReferenceTwin()
        let models = [RMatrix(scale: 0.5, scaleZ: 1, angle: 0, tx: 0, ty: 0, tz: 0), RMatrix(scale: 1, scaleZ: 1, angle: 0.4, tx: 0, ty: 0, tz: 0)]
        let curves: [(ViewAnimationOptions, RCurve)] = [([.curveEaseOut], C.easeOut), ([], C.easeInOut), ([.curveLinear], .linear)]
        var views: [Int] = []
        for index in 0..<12 {
            let (_, view) = twin.addView("v\(index)", frame: (Double(index) * 10, 0, 10, 10))
            try twin.setModel(view, "transform", .transform(models[index % 2]), actions: false)
            views.append(view)
        }
        twin.commit()
        twin.advance(to: 0)
        for (index, view) in views.enumerated() {
            let (options, curve) = curves[index % 3]
            try twin.animateView(view, duration: 1, options: options, curve: curve,
                                 [("transform", .transform(RMatrix(scale: 1.5, scaleZ: 1, angle: 0, tx: 0, ty: 0, tz: 0))),
                                  ("opacity", .number(Double(index % 4) / 4))])
        }
        for step in 1...44 {
            twin.advance(to: Double(step) / 40)
            let problem = twin.mismatch()
            #expect(problem == nil, "\(problem ?? "")")
            if problem != nil { return }
        }
    }

    @Test("A kept animation holds its end after finishing; the scene keeps running only until then")
    func keptAnimation() throws {
        let twin = ReferenceTwin()
        twin.addLayer("layer")
        try twin.add(C.basic("opacity", .number(0), .number(1)) { $0.removedOnCompletion = false; $0.timing.fill = "forwards" },
                     to: 0, forKey: "o")
        twin.commit()
        for (time, running) in [(0.5, true), (1.5, false), (3, false)] {
            twin.advance(to: time)
            #expect(twin.mismatch() == nil, "at \(time) s")
            #expect(twin.scene.hasRunningAnimations == running, "at \(time) s")
        }
        #expect(twin.layers[0].presentation.opacity == 1, "the end of the animation, held")
    }

    @Test("A layer taken out of one scene presents its model, and its animation goes on in the next")
    func layerChangesScene() throws {
        let layer = Layer()
        do {
            let first = Scene()
            first.rootLayer.addSublayer(layer)
            let fade = BasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.timing.duration) = (.scalar(0), .scalar(1), 10)
            try layer.add(fade, forKey: "o")
            first.commit()
            first.advance(to: 1)
            #expect(abs(layer.presentation.opacity - 0.1) < 1e-12, "a tenth of the way")
            layer.removeFromSuperlayer()
            #expect(layer.presentation.opacity == 1, "outside a scene: the model")
        }
        let second = Scene()
        second.rootLayer.addSublayer(layer)
        second.commit()
        second.advance(to: 2)
        // Begun at local time 0 in the first scene; the second scene's time 2 is 2 s in.
        #expect(abs(layer.presentation.opacity - 0.2) < 1e-12)
        #expect(second.hasRunningAnimations)
    }

    @Test("A cumulative animation repeating forever counts its timeOffset in its cycles (§4.1: one active local time gives cycle and position)")
    func cumulativeCyclesCountTheOffset() throws {
        // duration 1, repeating forever, offset 1.5, cumulative 0 → 10: at 0.25 s the active local
        // time is 1.75: cycle 1, 0.75 into it, so 10 + 7.5 = 17.5 (Choreo counts cycle 0: 7.5).
        // With a finite repeatCount the offset wraps within the active duration.
        let twin = ReferenceTwin()
        twin.addLayer("layer")
        try twin.add(C.basic("cornerRadius", .number(0), .number(10)) {
            $0.cumulative = true; $0.timing.repeatCount = .infinity; $0.timing.offset = 1.5
        }, to: 0, forKey: "r")
        twin.commit()
        twin.advance(to: 0.25)
        #expect(twin.reference.presentation(of: twin.twins[0])["cornerRadius"] == .number(17.5))
        #expect(twin.layers[0].presentation.cornerRadius == 17.5)
    }
}
