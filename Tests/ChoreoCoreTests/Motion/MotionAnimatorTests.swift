import Testing
@testable import ChoreoCore

/// Linear traits, so presentation values are closed forms.
private func linear(_ duration: Double, delay: Double = 0, repetition: AnimationTraits.Repetition = .none,
                    autoreverses: Bool = false) throws -> AnimationTraits {
    try AnimationTraits(delay: delay, duration: duration, timingCurve: .cubic(.linear), repetition: repetition,
                        autoreverses: autoreverses)
}

/// The box's presented corner radius at `time` (the scene is advanced there).
private func radius(_ scene: Scene, _ box: View, at time: Double) -> Double {
    scene.advance(to: MediaTime(time))
    return box.layer.presentation.cornerRadius
}

@Suite("MotionAnimator")
struct MotionAnimatorTests {
    @Test("The model takes the final value at once; an additive animation runs from (from − to) to zero")
    func additiveAnimation() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        #expect(box.layer.model.cornerRadius == 10)
        let animation = try #require(attachedAnimations(box.layer).first as? BasicAnimation)
        #expect(animation.isAdditive)
        #expect(animation.fromValue == .scalar(-10))
        #expect(animation.toValue == .scalar(0))
        #expect(box.layer.animationKeys().first?.hasPrefix("cornerRadius#motion") == true)
        #expect(radius(scene, box, at: 0) == 0)
        #expect(nearly(radius(scene, box, at: 0.25), 2.5))
        #expect(nearly(radius(scene, box, at: 0.5), 5))
        #expect(radius(scene, box, at: 1) == 10)
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("Retargeting mid-flight stacks a second additive animation: the value is continuous and blends")
    func retarget() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        let before = radius(scene, box, at: 0.5)
        #expect(nearly(before, 5))
        try animator.animate(try linear(1), between: (.scalar(10), .scalar(30)), layer: box.layer, keyPath: "cornerRadius")
        #expect(box.layer.animationKeys().count == 2)
        // At the retarget: 30 + (−10 + 5) + (−20) = 5, the same as just before.
        #expect(nearly(box.layer.presentation.cornerRadius, before))
        // 30 − 10·(1 − t) − 20·(1 − (t − 0.5)) while both run.
        #expect(nearly(radius(scene, box, at: 0.75), 30 - 2.5 - 15))
        #expect(nearly(radius(scene, box, at: 1), 30 - 10))
        #expect(nearly(radius(scene, box, at: 1.25), 30 - 5))
        #expect(radius(scene, box, at: 1.5) == 30)
    }

    @Test("Retargeting an eased animation keeps the value continuous at the exact retarget time")
    func easedRetargetContinuity() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        let traits = try AnimationTraits(duration: 0.35, timingCurve: .cubic(.easeInOut))
        try animator.animate(traits, between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        let at = 0.2
        let before = radius(scene, box, at: at)
        #expect(nearly(before, 10 * CubicBezierCurve.easeInOut.progress(at: at / 0.35), 1e-9))
        try animator.animate(traits, between: (.scalar(10), .scalar(40)), layer: box.layer, keyPath: "cornerRadius")
        #expect(nearly(box.layer.presentation.cornerRadius, before, 1e-12))
        #expect(radius(scene, box, at: at + 0.35) == 40)
    }

    @Test("shouldReverseValues plays the values backwards and leaves the model at the first value")
    func reversal() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        animator.shouldReverseValues = true
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        #expect(box.layer.model.cornerRadius == 0)
        #expect(radius(scene, box, at: 0) == 10)
        #expect(nearly(radius(scene, box, at: 0.25), 7.5))
        #expect(radius(scene, box, at: 1) == 0)
    }

    @Test("stopAllAnimations freezes the layer at its presentation value and completes unfinished")
    func stop() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        var log: [Bool] = []
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius") {
            log.append($0)
        }
        try animator.animate(try linear(2), between: (.point(Point(x: 50, y: 50)), .point(Point(x: 250, y: 50))),
                             layer: box.layer, keyPath: "position")
        #expect(nearly(radius(scene, box, at: 0.25), 2.5))
        animator.stopAllAnimations()
        #expect(box.layer.animationKeys().isEmpty)
        #expect(nearly(box.layer.model.cornerRadius, 2.5))
        #expect(nearly(box.layer.model.position.x, 75))
        #expect(nearly(radius(scene, box, at: 0.5), 2.5))
        #expect(log == [false])
    }

    @Test("removeAllAnimations removes them and the model keeps the final value")
    func remove() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        _ = radius(scene, box, at: 0.25)
        animator.removeAllAnimations()
        #expect(box.layer.animationKeys().isEmpty)
        #expect(box.layer.model.cornerRadius == 10)
        #expect(radius(scene, box, at: 0.3) == 10)
    }

    @Test("removeAllAnimations leaves animations other animators and scripts added")
    func removeOnlyOwn() throws {
        let (scene, box) = makeScene()
        let mine = MotionAnimator(), theirs = MotionAnimator()
        try mine.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        try theirs.animate(try linear(1), between: (.scalar(1), .scalar(0.5)), layer: box.layer, keyPath: "opacity")
        try box.layer.add(basic("borderWidth", from: .scalar(0), to: .scalar(4)), forKey: "border")
        mine.removeAllAnimations()
        #expect(box.layer.animationKeys().count == 2)
        #expect(box.layer.animationKeys().contains("border"))
        #expect(nearly(scene.currentTime.seconds, 0))
    }

    @Test("A spring's 1200 pt/s over a 300 pt move becomes an initial velocity of 4 per second")
    func springVelocity() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        var traced: [(Layer, Animation)] = []
        animator.addTracer { traced.append(($0, $1)) }
        let generator = try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 0.8, initialVelocity: 1200)
        let traits = try AnimationTraits(duration: 0.5, timingCurve: .spring(generator))
        try animator.animate(traits, between: (.scalar(100), .scalar(400)), layer: box.layer, keyPath: "position.y")
        #expect(traced.count == 1)
        #expect(traced.first?.0 === box.layer)
        let spring = try #require(traced.first?.1 as? SpringAnimation)
        #expect(spring.initialVelocity == 4)
        #expect(spring.isAdditive)
        #expect(spring.fromValue == .scalar(-300))
        let parameters = try SpringParameters(dampingRatio: 0.8, duration: 0.5)
        #expect(spring.stiffness == parameters.stiffness && spring.damping == parameters.damping)
        let curve = try SpringCurve(parameters: parameters, initialVelocity: 4)
        #expect(nearly(spring.timing.duration.seconds, curve.settlingDuration))
        // Presentation: 100 + 300 × the unit spring's progress; it leaves at 1200 pt/s.
        for time in [0.05, 0.1, 0.3] {
            scene.advance(to: MediaTime(time))
            #expect(nearly(box.layer.presentation.position.y, 100 + 300 * curve.value(atSeconds: time), 1e-9))
        }
        let h = 1e-5
        #expect(nearly(300 * curve.value(atSeconds: h) / h, 1200, 1))
    }

    @Test("A point's spring velocity is normalised by its dominant component; no move means no animation")
    func springDominantAxis() throws {
        let (scene, box) = makeScene()
        defer { withExtendedLifetime(scene) {} }
        let animator = MotionAnimator()
        var springs: [SpringAnimation] = []
        animator.addTracer { _, animation in if let s = animation as? SpringAnimation { springs.append(s) } }
        let generator = try SpringTimingCurveGenerator(duration: 0.5, dampingRatio: 1, initialVelocity: -600)
        let traits = try AnimationTraits(duration: 0.5, timingCurve: .spring(generator))
        try animator.animate(traits, between: (.point(Point(x: 50, y: 50)), .point(Point(x: 80, y: -250))),
                             layer: box.layer, keyPath: "position")
        #expect(box.layer.animationKeys().count == 1)
        #expect(springs.map(\.initialVelocity) == [2])  // −600 / −300
        try animator.animate(traits, between: (.scalar(3), .scalar(3)), layer: box.layer, keyPath: "cornerRadius")
        #expect(springs.count == 1)
        #expect(box.layer.model.cornerRadius == 3)
    }

    @Test("A repetition count with autoreverse plays forth and back that many times, then shows the model")
    func repetitionCount() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        try animator.animate(try linear(1, repetition: .count(2), autoreverses: true),
                             between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        let expected: [(Double, Double)] = [(0.5, 5), (1, 10), (1.5, 5), (2, 0), (2.25, 2.5), (3, 10), (3.75, 2.5), (4, 10)]
        for (time, value) in expected {
            #expect(nearly(radius(scene, box, at: time), value, 1e-9), "at \(time)")
        }
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("A repetition duration cycles until it runs out, mid-cycle, then shows the model")
    func repetitionDuration() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        try animator.animate(try linear(1, repetition: .duration(2.5)),
                             between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        #expect(nearly(radius(scene, box, at: 1.25), 2.5, 1e-9))
        #expect(nearly(radius(scene, box, at: 2.25), 2.5, 1e-9))
        #expect(radius(scene, box, at: 2.5) == 10)
    }

    @Test("A delay shows the first value meanwhile (the animation fills backwards)")
    func delay() throws {
        let (scene, box) = makeScene()
        try MotionAnimator().animate(try linear(1, delay: 0.5), between: (.scalar(4), .scalar(10)),
                                     layer: box.layer, keyPath: "cornerRadius")
        #expect(radius(scene, box, at: 0.25) == 4)
        #expect(nearly(radius(scene, box, at: 1), 7))
        #expect(radius(scene, box, at: 1.5) == 10)
    }

    @Test("beginFromCurrentState starts a non-additive animation from the presentation value, replacing the last")
    func currentStateNonAdditive() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        animator.additive = false
        animator.beginFromCurrentState = true
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        #expect(box.layer.animationKeys() == ["cornerRadius"])
        #expect(nearly(radius(scene, box, at: 0.5), 5))
        try animator.animate(try linear(1), between: (.scalar(100), .scalar(20)), layer: box.layer, keyPath: "cornerRadius")
        #expect(box.layer.animationKeys() == ["cornerRadius"])
        #expect(nearly(box.layer.presentation.cornerRadius, 5))
        #expect(nearly(radius(scene, box, at: 1), 12.5))
    }

    @Test("beginFromCurrentState with additive animations starts from the old model, so nothing jumps")
    func currentStateAdditive() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        animator.beginFromCurrentState = true
        try animator.animate(try linear(1), between: (.scalar(0), .scalar(10)), layer: box.layer, keyPath: "cornerRadius")
        #expect(nearly(radius(scene, box, at: 0.5), 5))
        try animator.animate(try linear(1), between: (.scalar(100), .scalar(20)), layer: box.layer, keyPath: "cornerRadius")
        #expect(nearly(box.layer.presentation.cornerRadius, 5))
        #expect(nearly(radius(scene, box, at: 1), 20 - 5))
    }

    @Test("The block form animates changes of views and stand-alone layers with the traits, then completes")
    func blockForm() throws {
        let (scene, box) = makeScene()
        let dot = Layer(name: "dot")
        scene.rootLayer.addSublayer(dot)
        scene.commit()
        scene.advance(to: 0.0)
        let animator = MotionAnimator()
        var log: [Bool] = []
        try animator.animate(try linear(1), in: scene) {
            box.alpha = 0.5
            try dot.setValue(.scalar(20), forKeyPath: "cornerRadius")
        } completion: { log.append($0) }
        #expect(box.alpha == 0.5)
        #expect(dot.model.cornerRadius == 20)
        #expect(dot.animationKeys().count == 1)
        #expect(dot.animationKeys().first?.hasPrefix("cornerRadius#motion") == true)
        scene.advance(to: 0.25)
        #expect(nearly(box.layer.presentation.opacity, 0.875))
        #expect(nearly(dot.presentation.cornerRadius, 5))
        scene.advance(to: 0.75)
        #expect(log.isEmpty)
        scene.advance(to: 1)
        #expect(log == [true])
        #expect(dot.presentation.cornerRadius == 20)
    }

    @Test("The completion runs at the next frame, finished, when there was nothing to animate")
    func emptyCompletion() throws {
        let (scene, box) = makeScene()
        var log: [Bool] = []
        try MotionAnimator().animate(try linear(0), between: (.scalar(0), .scalar(10)), layer: box.layer,
                                     keyPath: "cornerRadius") { log.append($0) }
        #expect(box.layer.model.cornerRadius == 10)
        #expect(box.layer.animationKeys().isEmpty)
        #expect(log.isEmpty)
        scene.advance(to: MediaTime(1.0 / 60))
        #expect(log == [true])
    }

    @Test("Values of the wrong kind or not finite are rejected and nothing changes")
    func badValues() throws {
        let (scene, box) = makeScene()
        defer { withExtendedLifetime(scene) {} }
        let animator = MotionAnimator()
        #expect(throws: ArgumentError(parameter: "values[2]", requirement: "must be a number for key path \"cornerRadius\"", value: "a point")) {
            try animator.animate(try linear(1), between: (.scalar(0), .point(.zero)), layer: box.layer, keyPath: "cornerRadius")
        }
        #expect(throws: ArgumentError(parameter: "values[1]", requirement: "must be finite", value: "nan")) {
            try animator.animate(try linear(1), between: (.scalar(.nan), .scalar(1)), layer: box.layer, keyPath: "opacity")
        }
        #expect(box.layer.model.opacity == 1)
        #expect(box.layer.animationKeys().isEmpty)
    }

    @Test("Inside performWithoutAnimation the block form changes views and layers at once")
    func withoutAnimation() throws {
        let (scene, box) = makeScene()
        let dot = Layer(name: "dot")
        scene.rootLayer.addSublayer(dot)
        scene.commit()
        scene.advance(to: 0.0)
        var log: [Bool] = []
        try View.performWithoutAnimation(in: scene) {
            try MotionAnimator().animate(try linear(1), in: scene) {
                box.alpha = 0.5
                try dot.setValue(.scalar(20), forKeyPath: "cornerRadius")
            } completion: { log.append($0) }
        }
        #expect(box.layer.animationKeys().isEmpty && dot.animationKeys().isEmpty)
        #expect(box.layer.presentation.opacity == 0.5 && dot.presentation.cornerRadius == 20)
        scene.advance(to: MediaTime(1.0 / 60))
        #expect(log == [true])
    }

    @Test("An eased retarget keeps the velocity continuous too: the new animation starts at rest")
    func retargetVelocity() throws {
        let (scene, box) = makeScene()
        let animator = MotionAnimator()
        let traits = try AnimationTraits(duration: 1, timingCurve: .cubic(.easeInOut))
        try animator.animate(traits, between: (.scalar(0), .scalar(100)), layer: box.layer, keyPath: "cornerRadius")
        let h = 1e-4
        let before = radius(scene, box, at: 0.4 - h)
        let at = radius(scene, box, at: 0.4)
        try animator.animate(traits, between: (.scalar(100), .scalar(-50)), layer: box.layer, keyPath: "cornerRadius")
        let after = radius(scene, box, at: 0.4 + h)
        let expected = 100 * CubicBezierCurve.easeInOut.velocity(at: 0.4)  // points per second, duration 1
        #expect(nearly((at - before) / h, expected, 0.05))
        #expect(nearly((after - at) / h, expected, 0.05))
    }
}
