import Testing
@testable import ChoreoCore

/// The effect stack's number kernel (numbers as `ScalarWrite`s in cells, written back over the
/// model when read) must give the same bits as the general kernel, which samples every effect's
/// `AnimationValue` and composes it onto a copy of the model, at every time.
@Suite("Presentation: the number kernel equals the general kernel")
struct PresentationPathsTests {
    /// A layer in a scene with `configure`'s animations, compared on a grid of times that crosses
    /// begins, ends, repeats and a model change.
    @discardableResult
    private func compare(_ configure: (Layer) throws -> Void) throws -> Bool {
        let scene = Scene()
        let layer = Layer()
        layer.set(.rect(Rect(x: 0, y: 0, width: 40, height: 30)), at: PropertyPath(.bounds))
        layer.set(.point(Point(x: 10, y: 20)), at: PropertyPath(.position))
        scene.rootLayer.addSublayer(layer)
        try configure(layer)
        scene.commit()
        var checked = 0
        var isNumberRow = false
        for step in 0...130 {
            let time = Double(step) / 40
            scene.advance(to: MediaTime(time))
            if step == 70 { layer.set(.scalar(0.4), at: PropertyPath(.opacity)) }
            let local = layer.timeMapping.localTime(from: scene.currentTime)
            let reference = composedPresentation(layer, at: local)
            #expect(layer.presentation == reference, "at \(time) s")
            if step == 1 { isNumberRow = layer.row >= 0 && scene.stack.rows[layer.row].general < 0 }
            checked += 1
        }
        #expect(checked == 131)
        return isNumberRow
    }

    @Test("Numbers along cubic curves, one after another on the same property")
    func sequentialNumbers() throws {
        try compare { layer in
            try layer.add(scalarAnimation("position.x", 0, 300, curve: CubicBezierCurve.easeInOut), forKey: "x")
            try layer.add(scalarAnimation("opacity", 0, 1, duration: 2, curve: try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)), forKey: "o")
            try layer.add(scalarAnimation("opacity", 1, 0.5, duration: 0.5) { $0.timing.beginTime = MediaTime(1) }, forKey: "o2")
        }
    }

    @Test("Additive and cumulative numbers with repeats, autoreverse and fill")
    func additiveCumulative() throws {
        try compare { layer in
            try layer.add(scalarAnimation("position.y", 0, 50) { $0.isAdditive = true; $0.timing.repeatCount = 2.5 }, forKey: "y")
            try layer.add(scalarAnimation("bounds.size.width", 10, 20) {
                $0.isCumulative = true; $0.timing.repeatCount = 3; $0.timing.autoreverses = true
            }, forKey: "w")
            try layer.add(scalarAnimation("cornerRadius", 0, 8) {
                $0.timing.beginTime = MediaTime(0.5); $0.timing.fillMode = .both; $0.isRemovedOnCompletion = false
            }, forKey: "r")
        }
    }

    @Test("One transform component with numbers, as the frame benchmark animates")
    func transformComponent() throws {
        try compare { layer in
            layer.set(.transform(try Transform3D.rotation(0.3, 0, 0, 1)), at: PropertyPath(.transform))
            try layer.add(scalarAnimation("transform.scale", 0.5, 1.5, duration: 2, curve: CubicBezierCurve.easeInOut), forKey: "s")
            try layer.add(scalarAnimation("position.x", 0, 300, curve: CubicBezierCurve.easeOut), forKey: "x")
        }
    }

    @Test("A whole transform, additive as View.animate makes it or not, takes the number kernel with the same result")
    func wholeTransform() throws {
        for isAdditive in [true, false] {
            let isNumberRow = try compare { layer in
                layer.set(.transform(try Transform3D.rotation(0.3, 0, 0, 1)), at: PropertyPath(.transform))
                let turn = BasicAnimation(keyPath: "transform")
                turn.fromValue = .transform(try Transform3D.rotation(-1.2, 0, 0, 1).concatenating(try Transform3D.scale(0.5, 0.5, 1)))
                turn.toValue = .transform(isAdditive ? .identity : try Transform3D.translation(10, 0, 0))
                turn.isAdditive = isAdditive
                turn.timing.duration = 1.5
                turn.timing.repeatCount = 1.5
                turn.timingFunction = CubicBezierCurve.easeInOut
                try layer.add(turn, forKey: "turn")
                try layer.add(scalarAnimation("opacity", 1, 0, curve: CubicBezierCurve.easeOut), forKey: "fade")
            }
            #expect(isNumberRow, "additive: \(isAdditive)")
        }
    }

    @Test("Two transform components, one additive, take the general kernel with the same result")
    func severalTransformComponents() throws {
        try compare { layer in
            try layer.add(scalarAnimation("transform.rotation.z", 0, 3), forKey: "r")
            try layer.add(scalarAnimation("transform.scale.x", 1, 2) { $0.isAdditive = true }, forKey: "s")
        }
    }

    @Test("Points and sizes, additive and cumulative, as View.animate's center and bounds make them")
    func pointsAndSizes() throws {
        try compare { layer in
            let move = BasicAnimation(keyPath: "position")
            move.fromValue = .point(Point(x: -100, y: 40))
            move.toValue = .point(.zero)
            move.isAdditive = true
            move.timing.duration = 1.5
            move.timingFunction = CubicBezierCurve.easeInOut
            try layer.add(move, forKey: "move")
            let grow = BasicAnimation(keyPath: "bounds.size")
            grow.fromValue = .size(Size(width: 40, height: 30))
            grow.toValue = .size(Size(width: 60, height: 20))
            grow.isCumulative = true
            grow.timing.repeatCount = 2
            grow.timing.duration = 0.75
            try layer.add(grow, forKey: "grow")
            try layer.add(scalarAnimation("opacity", 1, 0, curve: CubicBezierCurve.easeOut), forKey: "fade")
        }
    }

    @Test("Rects and colors, additive, cumulative and replacing, take the number kernel with the same result")
    func rectsAndColors() throws {
        let isNumberRow = try compare { layer in
            let frame = BasicAnimation(keyPath: "bounds")
            frame.fromValue = .rect(Rect(x: -10, y: 5, width: 20, height: -8))
            frame.toValue = .rect(.zero)
            frame.isAdditive = true
            frame.timing.duration = 1.5
            frame.timingFunction = CubicBezierCurve.easeInOut
            try layer.add(frame, forKey: "frame")
            let tint = BasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = .color(Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 1))
            tint.toValue = .color(Color(red: 0.8, green: 0.3, blue: 0.2, alpha: 0.5))
            tint.isCumulative = true
            tint.timing.repeatCount = 2
            tint.timing.duration = 0.75
            try layer.add(tint, forKey: "tint")
            let rim = BasicAnimation(keyPath: "borderColor")
            rim.fromValue = .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
            rim.toValue = .color(Color(red: 1, green: 0.5, blue: 0.25, alpha: 1))
            rim.timing.duration = 2
            rim.timingFunction = try CubicBezierCurve(0.57, -0.4, 0.96, 0.87)
            try layer.add(rim, forKey: "rim")
        }
        #expect(isNumberRow)
    }

    @Test("A point in the number kernel gives Point.interpolated's bits, added to the model")
    func pointMatchesValueArithmetic() throws {
        let scene = Scene()
        let layer = Layer()
        layer.set(.point(Point(x: 10, y: 20)), at: PropertyPath(.position))
        scene.rootLayer.addSublayer(layer)
        let move = BasicAnimation(keyPath: "position")
        let from = Point(x: -100.3, y: 40.7), to = Point.zero
        move.fromValue = .point(from)
        move.toValue = .point(to)
        move.isAdditive = true
        move.timing.duration = 1.5
        move.timingFunction = CubicBezierCurve.easeInOut
        try layer.add(move, forKey: "move")
        scene.commit()
        for step in 1...14 {
            let time = Double(step) / 10
            scene.advance(to: MediaTime(time))
            let fraction = CubicBezierCurve.easeInOut.progress(at: time / 1.5)
            let expected = Point(x: 10, y: 20) + from.interpolated(to: to, fraction: fraction)
            #expect(layer.presentation.position == expected, "at \(time) s")
        }
    }
}
