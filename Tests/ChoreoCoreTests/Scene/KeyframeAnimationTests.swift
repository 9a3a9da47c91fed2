import Testing
@testable import ChoreoCore

@Suite("Keyframe animations on layers")
struct KeyframeAnimationTests {
    private func keyframes(
        _ keyPath: String, _ values: [AnimationValue], keyTimes: [Double]? = nil, mode: CalculationMode = .linear
    ) -> KeyframeAnimation {
        let animation = KeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = keyTimes
        animation.calculationMode = mode
        animation.timing.duration = 1
        return animation
    }

    @Test("Linear keyframes pass through each value at its key time and interpolate between")
    func linear() throws {
        let (scene, box) = makeScene()
        try box.layer.add(keyframes("position.x", [.scalar(0), .scalar(100), .scalar(40)], keyTimes: [0, 0.25, 1]), forKey: "k")
        scene.commit()
        for (time, expected) in [(0.125, 50.0), (0.25, 100), (0.625, 70), (0.999, 40.08)] {
            scene.advance(to: MediaTime(time))
            #expect(nearly(box.layer.presentation.position.x, expected, 1e-9), "at \(time)")
        }
    }

    @Test("Discrete keyframes hold each value until the next key time")
    func discrete() throws {
        let (scene, box) = makeScene()
        try box.layer.add(
            keyframes("opacity", [.scalar(0.1), .scalar(0.5), .scalar(0.9)], keyTimes: [0, 0.5, 0.75, 1], mode: .discrete),
            forKey: "k")
        scene.commit()
        for (time, expected) in [(0.0, 0.1), (0.49, 0.1), (0.5, 0.5), (0.74, 0.5), (0.75, 0.9), (0.99, 0.9)] {
            scene.advance(to: MediaTime(time))
            #expect(box.layer.presentation.opacity == expected, "at \(time)")
        }
    }

    @Test("Paced keyframes move at constant speed along the values, ignoring key times")
    func paced() throws {
        let (scene, box) = makeScene()
        let points: [AnimationValue] = [.point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 0)), .point(Point(x: 100, y: 300))]
        try box.layer.add(keyframes("position", points, keyTimes: [0, 0.9, 1], mode: .paced), forKey: "k")
        scene.commit()
        scene.advance(to: 0.25)  // 100 of 400 points travelled
        #expect(nearly(box.layer.presentation.position.x, 100, 1e-9) && nearly(box.layer.presentation.position.y, 0, 1e-9))
        scene.advance(to: 0.5)
        #expect(nearly(box.layer.presentation.position.x, 100, 1e-9) && nearly(box.layer.presentation.position.y, 100, 1e-9))
    }

    @Test("Cubic keyframes pass through every value")
    func cubic() throws {
        let (scene, box) = makeScene()
        let values: [Double] = [0, 80, 20, 100]
        try box.layer.add(keyframes("position.y", values.map { .scalar($0) }, mode: .cubic), forKey: "k")
        scene.commit()
        for (i, value) in values.enumerated().dropLast() {
            scene.advance(to: MediaTime(Double(i) / 3))
            #expect(nearly(box.layer.presentation.position.y, value, 1e-9))
        }
    }

    @Test("Key times that do not increase are rejected with a clear error")
    func badKeyTimes() {
        let (_, box) = makeScene()
        #expect(throws: ArgumentError(
            parameter: "keyTimes[3]", requirement: "must be at least keyTimes[2] = 0.6: key times never decrease",
            value: "0.4")
        ) {
            try box.layer.add(keyframes("opacity", [.scalar(0), .scalar(1), .scalar(0)], keyTimes: [0, 0.6, 0.4]), forKey: nil)
        }
    }

    @Test("Keyframe values of the wrong kind name the offending value")
    func wrongKind() {
        let (_, box) = makeScene()
        #expect(throws: ArgumentError(
            parameter: "values[2]", requirement: "must be a number for key path \"opacity\"", value: "a point")
        ) { try box.layer.add(keyframes("opacity", [.scalar(0), .point(.zero)]), forKey: nil) }
    }

    @Test("A path animates position along the curve and turns the layer with rotateAuto")
    func pathWithRotation() throws {
        let (scene, box) = makeScene()
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 0, y: 100))
        let move = KeyframeAnimation(keyPath: "position")
        move.path = path
        move.rotationMode = .rotateAuto
        move.timing.duration = 1
        try box.layer.add(move, forKey: "k")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(nearly(box.layer.presentation.position.x, 0, 1e-9) && nearly(box.layer.presentation.position.y, 50, 1e-9))
        let t = box.layer.presentation.transform
        #expect(nearly(t.m11, 0, 1e-12) && nearly(t.m12, 1, 1e-12))  // tangent straight down: +π/2
    }
}
