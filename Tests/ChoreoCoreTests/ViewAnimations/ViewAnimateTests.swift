import Foundation
import Testing
@testable import ChoreoCore

@Suite("View block animations")
struct ViewAnimateTests {
    @Test("Each curve option paces the move at exact times, from the old value to the new one")
    func curves() throws {
        let cases: [(ViewAnimationOptions, CubicBezierCurve)] = [
            ([], .easeInOut), (.curveEaseInOut, .easeInOut), (.curveEaseIn, .easeIn),
            (.curveEaseOut, .easeOut), (.curveLinear, .linear),
        ]
        for (options, curve) in cases {
            let (scene, box) = makeScene()
            try View.animate(in: scene, withDuration: 2, options: options) { box.center.x = 150 }
            #expect(box.center.x == 150)
            for time in [0, 0.3, 1, 1.7] {
                let expected = 150 - 100 * (1 - curve.progress(at: time / 2))
                #expect(nearly(presentedX(scene, box, at: time), expected, 1e-9), "\(options) at \(time)")
            }
            #expect(presentedX(scene, box, at: 2) == 150)
            #expect(box.layer.animationKeys().isEmpty)
        }
    }

    @Test("Recording a transform change that animates nothing leaves a later scale animation on the real model transform")
    func recordingKeepsModelParts() throws {
        let (scene, box) = makeScene()
        let turned = try Transform3D.rotation(0.3, 0, 0, 1)
        box.layer.set(.transform(turned), at: PropertyPath(.transform))
        let grow = scalarAnimation("transform.scale", 0.5, 1.5, duration: 1) { $0.timing.beginTime = MediaTime(1) }
        try box.layer.add(grow, forKey: "grow")
        scene.commit()
        // Setting the same transform in a block records a change with nothing to animate.
        try View.animate(in: scene, withDuration: 1) { box.layer.set(.transform(turned), at: PropertyPath(.transform)) }
        #expect(box.layer.animationKeys() == ["grow"])
        scene.advance(to: MediaTime(1.5))
        var parts = try #require(turned.decomposed)
        parts.scale = .init(x: 1, y: 1, z: 1)
        #expect(box.layer.presentation.transform == Transform3D(parts), "the rotation, scaled by 1 halfway through")
    }

    @Test("Each change becomes an additive animation from old minus new to zero, filling both ways")
    func recordedAnimation() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 1, delay: 0.5) {
            box.center = Point(x: 150, y: 70)
            box.alpha = 0.5
        }
        let animations = attachedAnimations(box.layer).compactMap { $0 as? BasicAnimation }
        #expect(animations.map(\.keyPath) == ["position", "opacity"])
        #expect(box.layer.animationKeys().allSatisfy { $0.hasPrefix("position#") || $0.hasPrefix("opacity#") })
        // Each key is the key path, '#' and a number of its own, in the order of the changes.
        let numbers = box.layer.animationKeys().compactMap { Int($0.split(separator: "#").last ?? "") }
        #expect(numbers.count == 2 && numbers[1] > numbers[0])
        #expect(animations.compactMap(\.name) == box.layer.animationKeys())
        #expect(ViewAnimationBlock.key("position", 1234) == "position#1234")
        #expect(ViewAnimationBlock.key("transform", 7) == "transform#7")
        #expect(ViewAnimationBlock.key("bounds.size.width", 1_000_000) == "bounds.size.width#1000000")
        #expect(ViewAnimationBlock.key("x", 10) == "x#10")
        let move = try #require(animations.first)
        #expect(move.isAdditive)
        #expect(move.fromValue == .point(Point(x: -100, y: -20)))
        #expect(move.toValue == .point(.zero))
        #expect(move.timing.fillMode == .both)
        #expect(move.timing.beginTime == MediaTime(0.5))
        #expect(move.timing.duration == MediaDuration(1))
    }

    @Test("A layer's keys are numbered by the layer, 1, 2, 3 in the order of its changes: the same blocks in another scene of the process give the same keys")
    func keysNumberedPerLayer() throws {
        func keys() throws -> [String] {
            let (scene, box) = makeScene()
            try View.animate(in: scene, withDuration: 1) {
                box.center = Point(x: 150, y: 70)
                box.alpha = 0.5
            }
            try View.animate(in: scene, withDuration: 1) { box.alpha = 0.25 }
            return box.layer.animationKeys()
        }
        #expect(try keys() == ["position#1", "opacity#2", "opacity#3"])
        // Another scene, after animations elsewhere in the process: the same keys.
        #expect(try keys() == ["position#1", "opacity#2", "opacity#3"])
    }

    @Test("A block retargeting a running one starts from the model values exactly: from is old model minus new, whatever the presentation")
    func retargetFromModel() throws {
        let (scene, box) = makeScene()
        box.center.x = 1_000_000
        try View.animate(in: scene, withDuration: 1) { box.center.x = 0.3 }
        scene.advance(to: 0.37)
        // The first block's additive animation is running: the presentation is the model plus
        // its contribution, about 600,000, which rounds away 0.3's last bits. The second block
        // starts from the model the first left, 0.3 (UIKit's additive animations: from = old
        // model − new model, to zero), not from the presentation less the contribution.
        try View.animate(in: scene, withDuration: 1) { box.center.x = 0.7 }
        let retarget = try #require(attachedAnimations(box.layer).last as? BasicAnimation)
        #expect(retarget.isAdditive)
        #expect(retarget.fromValue == .point(Point(x: 0.3 - 0.7, y: 0)))
        #expect(retarget.toValue == .point(.zero))
        // Two changes of a layer with only additive animations never look at the others; one
        // with a replacing animation in effect starts from the presentation instead.
        #expect(box.layer.nonAdditiveCount == 0)
        try box.layer.add(basic("opacity", from: .scalar(0), to: .scalar(1), duration: 10), forKey: "fade")
        #expect(box.layer.nonAdditiveCount == 1)
        scene.advance(to: 0.5)
        let shown = box.layer.presentation.opacity
        try View.animate(in: scene, withDuration: 1) { box.alpha = 0.2 }  // a replacing animation
        let replacing = try #require(attachedAnimations(box.layer).last as? BasicAnimation)
        #expect(!replacing.isAdditive)
        #expect(replacing.fromValue == .scalar(shown))
        box.layer.removeAnimation(forKey: "fade")
        #expect(box.layer.nonAdditiveCount == 1, "the replacing block animation")
        box.layer.removeAllAnimations()
        #expect(box.layer.nonAdditiveCount == 0)
    }

    @Test("A delay holds the old value, then the move runs its duration")
    func delay() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 1, delay: 0.5, options: .curveLinear) { box.center.x = 150 }
        #expect(presentedX(scene, box, at: 0.25) == 50)
        #expect(nearly(presentedX(scene, box, at: 1), 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1.25), 125, 1e-9))
        #expect(presentedX(scene, box, at: 1.5) == 150)
    }

    @Test("Repeat with autoreverse goes forth and back forever, and the completion never runs")
    func repeatAutoreverse() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 1, options: [.curveLinear, .repeat, .autoreverse], animations: {
            box.center.x = 150
        }, completion: log.completion("loop"))
        #expect(nearly(presentedX(scene, box, at: 0.25), 75, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1.25), 125, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 2.5), 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 101.75), 75, 1e-9))
        #expect(log.entries.isEmpty)
    }

    @Test("A nested block inherits the outer duration, delay, curve and options")
    func nestedInherits() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 2, delay: 1, options: [.curveLinear, .repeat]) {
            try View.animate(in: scene, withDuration: 0.5, options: .curveEaseIn) { box.alpha = 0 }
        }
        let fade = try #require(attachedAnimations(box.layer).first)
        #expect(fade.timing.duration == MediaDuration(2))
        #expect(fade.timing.beginTime == MediaTime(1))
        #expect(fade.timing.repeatCount == .infinity)
        #expect(nearly(fade.timingFunction?.progress(at: 0.3), 0.3, 1e-12))
    }

    @Test("overrideInheritedDuration keeps the inner duration and delay, and inherits the rest")
    func overrideDuration() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 2, delay: 1, options: [.curveLinear, .repeat]) {
            try View.animate(in: scene, withDuration: 0.5, options: [.curveEaseIn, .overrideInheritedDuration]) { box.alpha = 0 }
        }
        let fade = try #require(attachedAnimations(box.layer).first)
        #expect(fade.timing.duration == MediaDuration(0.5))
        #expect(fade.timing.beginTime == .zero)
        #expect(fade.timing.repeatCount == .infinity)
        #expect(nearly(fade.timingFunction?.progress(at: 0.3), 0.3, 1e-12))
    }

    @Test("overrideInheritedCurve keeps the inner curve, and inherits the duration")
    func overrideCurve() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 2, options: .curveLinear) {
            try View.animate(in: scene, withDuration: 0.5, options: [.curveEaseIn, .overrideInheritedCurve]) { box.alpha = 0 }
        }
        let fade = try #require(attachedAnimations(box.layer).first)
        #expect(fade.timing.duration == MediaDuration(2))
        #expect(nearly(fade.timingFunction?.progress(at: 0.3), CubicBezierCurve.easeIn.progress(at: 0.3), 1e-12))
    }

    @Test("overrideInheritedOptions drops the outer repeat and autoreverse")
    func overrideOptions() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 2, options: [.repeat, .autoreverse]) {
            try View.animate(in: scene, withDuration: 0.5, options: .overrideInheritedOptions) { box.alpha = 0 }
            try View.animate(in: scene, withDuration: 0.5) { box.center.x = 0 }
        }
        let animations = attachedAnimations(box.layer)
        #expect(animations.map(\.timing.repeatCount) == [0, .infinity])
        #expect(animations.map(\.timing.autoreverses) == [false, true])
        #expect(animations.map(\.timing.duration) == [MediaDuration(2), MediaDuration(2)])
    }

    @Test("Toggling a position mid-flight keeps value and velocity continuous, and both complete finished")
    func additiveRetarget() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 1, animations: { box.center.x = 250 }, completion: log.completion("out"))
        let h = 1e-3
        let before = presentedX(scene, box, at: 0.4 - h)
        let atRetarget = presentedX(scene, box, at: 0.4)
        try View.animate(in: scene, withDuration: 1, animations: { box.center.x = 50 }, completion: log.completion("back"))
        #expect(box.layer.animationKeys().count == 2)
        #expect(nearly(box.layer.presentation.position.x, atRetarget, 1e-9))
        let after = presentedX(scene, box, at: 0.4 + h)
        let velocityBefore = (atRetarget - before) / h
        let velocityAfter = (after - atRetarget) / h
        #expect(velocityBefore > 200)
        #expect(abs(velocityAfter - velocityBefore) < 0.01 * velocityBefore)
        // And no jump anywhere: small steps all the way.
        var previous = after
        for step in 1...160 {
            let x = presentedX(scene, box, at: 0.4 + h + Double(step) * 0.01)
            #expect(abs(x - previous) < 6, "step \(step)")
            previous = x
        }
        #expect(box.layer.presentation.position.x == 50)
        #expect(log.entries == ["out true", "back true"])
    }

    @Test("beginFromCurrentState replaces the value from the presentation, without a jump")
    func beginFromCurrentState() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 1, options: .curveLinear) { box.center.x = 150 }
        #expect(nearly(presentedX(scene, box, at: 0.5), 100, 1e-9))
        try View.animate(in: scene, withDuration: 1, options: [.curveLinear, .beginFromCurrentState]) { box.center.x = 0 }
        let replacement = try #require(attachedAnimations(box.layer).last as? BasicAnimation)
        #expect(!replacement.isAdditive)
        #expect(replacement.fromValue == .point(Point(x: 100, y: 50)))
        #expect(nearly(box.layer.presentation.position.x, 100, 1e-9))
        #expect(nearly(presentedX(scene, box, at: 1), 50, 1e-9))
        #expect(presentedX(scene, box, at: 1.5) == 0)
    }

    @Test("A zero duration applies at once and completes finished at the next frame")
    func zeroDuration() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 0, animations: { box.center.x = 150 }, completion: log.completion("now"))
        #expect(box.layer.presentation.position.x == 150)
        #expect(box.layer.animationKeys().isEmpty)
        #expect(log.entries.isEmpty)
        scene.advance(to: 0.016)
        #expect(log.entries == ["now true"])
        scene.advance(to: 1)
        #expect(log.entries == ["now true"])
    }

    @Test("Completions run in the order their animations end, each once")
    func completionOrder() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 1, animations: { box.center.x = 150 }, completion: log.completion("long"))
        try View.animate(in: scene, withDuration: 0.5, delay: 0.2, animations: {
            box.alpha = 0.5
            box.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        }, completion: log.completion("short"))
        scene.advance(to: 0.6)
        #expect(log.entries.isEmpty)
        scene.advance(to: 0.8)
        #expect(log.entries == ["short true"])
        scene.advance(to: 2)
        #expect(log.entries == ["short true", "long true"])
    }

    @Test("A removed animation completes its block with finished false")
    func interrupted() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        try View.animate(in: scene, withDuration: 1, animations: { box.center.x = 150 }, completion: log.completion("cut"))
        scene.advance(to: 0.5)
        box.layer.removeAllAnimations()
        scene.advance(to: 0.6)
        #expect(log.entries == ["cut false"])
    }

    @Test("Outside blocks, inside performWithoutAnimation, and for non-animatable properties, changes are immediate")
    func immediateChanges() throws {
        let (scene, box) = makeScene()
        box.center.x = 150
        #expect(box.layer.animationKeys().isEmpty)
        try View.animate(in: scene, withDuration: 1) {
            View.performWithoutAnimation(in: scene) { box.alpha = 0.25 }
            box.isHidden = true
        }
        #expect(box.layer.animationKeys().isEmpty)
        #expect(box.layer.presentation.opacity == 0.25)
        #expect(box.isHidden)
        try View.performWithoutAnimation(in: scene) {
            try View.animate(in: scene, withDuration: 1, options: .overrideInheritedDuration) { box.alpha = 1 }
        }
        #expect(box.layer.animationKeys().isEmpty)
        #expect(View.inheritedAnimationDuration(in: scene) == 0)
    }

    @Test("Layers outside views keep their implicit animations while a block is open")
    func plainLayersStayImplicit() throws {
        let (scene, box) = makeScene()
        let plain = Layer(name: "plain")
        scene.rootLayer.addSublayer(plain)
        scene.commit()
        try View.animate(in: scene, withDuration: 2) {
            #expect(View.inheritedAnimationDuration(in: scene) == 2)
            try plain.setValue(.scalar(0), forKeyPath: "opacity")
            box.alpha = 0
        }
        #expect(plain.animationKeys() == ["opacity"])
        #expect(plain.animation(forKey: "opacity")?.timing.duration == MediaDuration(0.25))
    }

    @Test("Bounds animate origin and size; transforms animate so that the start is the old transform")
    func boundsAndTransform() throws {
        let (scene, box) = makeScene()
        let turn = Transform2D(rotationAngle: .pi / 2)
        box.transform = Transform2D(rotationAngle: .pi / 4)
        try View.animate(in: scene, withDuration: 1, options: .curveLinear) {
            box.bounds = Rect(x: 10, y: 20, width: 200, height: 50)
            box.transform = turn
        }
        let start = box.layer.presentation
        #expect(nearly(start.transform.m11, cos(Double.pi / 4), 1e-9))
        #expect(nearly(start.transform.m12, sin(Double.pi / 4), 1e-9))
        scene.advance(to: 0.5)
        let mid = box.layer.presentation
        #expect(nearly(mid.bounds.size.width, 150, 1e-9))
        #expect(nearly(mid.bounds.size.height, 75, 1e-9))
        #expect(nearly(mid.bounds.origin.x, 5, 1e-9))
        #expect(nearly(mid.transform.m11, cos(3 * Double.pi / 8), 1e-9))
        scene.advance(to: 1)
        #expect(box.layer.presentation.bounds == Rect(x: 10, y: 20, width: 200, height: 50))
        #expect(nearly(box.layer.presentation.transform.m12, 1, 1e-9))
    }

    @Test("Springs follow the duration-fitted SpringCurve, with the normalised initial velocity")
    func springs() throws {
        for velocity in [0.0, 2.0] {
            let (scene, box) = makeScene()
            try View.animate(in: scene, withDuration: 0.8, usingSpringWithDamping: 0.4, initialSpringVelocity: velocity) {
                box.center = Point(x: 250, y: 150)
            }
            let spring = try SpringCurve(dampingRatio: 0.4, duration: 0.8, initialVelocity: velocity)
            for time in [0.1, 0.25, 0.5, 0.7] {
                scene.advance(to: MediaTime(time))
                let progress = spring.progress(at: time / 0.8)
                let p = box.layer.presentation.position
                #expect(nearly(p.x, 250 - 200 * (1 - progress), 1e-9), "v \(velocity) at \(time)")
                #expect(nearly(p.y, 150 - 100 * (1 - progress), 1e-9))
            }
            scene.advance(to: 0.8)
            #expect(box.layer.presentation.position == Point(x: 250, y: 150))
        }
    }

    @Test("Bad input gives a clear error: negative duration or delay, unknown option, bad damping")
    func badInput() throws {
        let (scene, box) = makeScene()
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number ≥ 0", value: "-1")) {
            try View.animate(in: scene, withDuration: -1) { box.alpha = 0 }
        }
        #expect(throws: ArgumentError(parameter: "delay", requirement: "must be a finite number ≥ 0", value: "nan")) {
            try View.animate(in: scene, withDuration: 1, delay: .nan) { box.alpha = 0 }
        }
        #expect(box.alpha == 1)
        let error = try #require(throws: ArgumentError.self) { try ViewAnimationOptions(parsing: ["repeat", "curveBouncy"]) }
        #expect(error.description == """
            options must be one of layoutSubviews, allowUserInteraction, beginFromCurrentState, repeat, autoreverse, \
            overrideInheritedDuration, overrideInheritedCurve, allowAnimatedContent, showHideTransitionViews, \
            overrideInheritedOptions, curveEaseInOut, curveEaseIn, curveEaseOut, curveLinear, transitionNone, \
            transitionFlipFromLeft, transitionFlipFromRight, transitionCurlUp, transitionCurlDown, \
            transitionCrossDissolve, transitionFlipFromTop, transitionFlipFromBottom, calculationModeLinear, \
            calculationModeDiscrete, calculationModePaced, calculationModeCubic, calculationModeCubicPaced \
            (got "curveBouncy")
            """)
        #expect(throws: ArgumentError.self) {
            try View.animate(in: scene, withDuration: 1, usingSpringWithDamping: -1, initialSpringVelocity: 0) { box.alpha = 0 }
        }
    }

    @Test("Option names parse to UIKit's bits; a later value of a packed field replaces the earlier")
    func optionParsing() throws {
        let options = try ViewAnimationOptions(parsing: ["curveEaseIn", "repeat", "curveLinear", "transitionCurlUp", "calculationModePaced"])
        #expect(options.contains(.repeat))
        #expect(options.curve == .linear)
        #expect(options.transition == .curlUp)
        #expect(options.calculationMode == .paced)
        #expect(try ViewAnimationOptions(parsing: []).curve == .easeInOut)
        #expect(ViewAnimationOptions.curveLinear.rawValue == 3 << 16)
    }
}
