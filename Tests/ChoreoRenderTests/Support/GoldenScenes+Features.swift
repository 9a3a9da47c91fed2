@testable import ChoreoCore

extension GoldenScene {
    /// A stand-alone layer of `frame` and `color`, and a one-second linear animation on it.
    static func standaloneLayer(_ frame: Rect, _ color: Color) throws -> Layer {
        let layer = Layer()
        layer.setFrame(frame)
        try layer.setValue(.color(color), forKeyPath: "backgroundColor")
        return layer
    }

    static func animateLayer(_ layer: Layer, _ keyPath: String, from: AnimationValue, to: AnimationValue) throws {
        try layer.setValue(to, forKeyPath: keyPath)
        let animation = BasicAnimation(keyPath: keyPath)
        (animation.fromValue, animation.toValue, animation.timing.duration) = (from, to, 1)
        try layer.add(animation, forKey: keyPath)
    }

    /// The layer features of issue 17: mask, isDoubleSided, contentsGravity, sublayerTransform,
    /// shadowPath.
    static let layerFeatures: [GoldenScene] = [
        GoldenScene(name: "mask") { scene in
            // Stripes seen through a round mask (half transparent at its rim) that moves across.
            let panel = view("panel", 10, 10, 60, 40, rgb(0.2, 0.4, 0.9), in: scene.rootView)
            for i in 0..<3 { _ = view("stripe\(i)", Double(i) * 20, 0, 10, 40, rgb(1, 0.8, 0.1), in: panel) }
            let hole = try standaloneLayer(Rect(x: 0, y: 5, width: 30, height: 30), rgb(0, 0, 0))
            try hole.setValue(.scalar(15), forKeyPath: "cornerRadius")
            try hole.setValue(.scalar(4), forKeyPath: "borderWidth")
            try hole.setValue(.color(rgb(0, 0, 0, 0.4)), forKeyPath: "borderColor")
            try hole.setValue(.color(rgb(0, 0, 0, 1)), forKeyPath: "backgroundColor")
            try panel.layer.setMask(hole)
            try animateLayer(hole, "position", from: .point(Point(x: 15, y: 20)), to: .point(Point(x: 45, y: 20)))
        },
        GoldenScene(name: "double-sided") { scene in
            // Two cards turning about y under a perspective sublayerTransform: the left one shows
            // its back, the right one (isDoubleSided false) vanishes once it turns away.
            let stage = view("stage", 0, 0, 80, 60, in: scene.rootView)
            try stage.layer.setValue(.transform(Transform3D(perspectiveEyeDistance: 120)), forKeyPath: "sublayerTransform")
            for (i, doubleSided) in [true, false].enumerated() {
                let card = view("card\(i)", 6 + Double(i) * 40, 15, 28, 30, rgb(0.2, 0.6, 0.3), in: stage)
                _ = view("mark\(i)", 2, 2, 10, 10, rgb(1, 1, 0), in: card)
                card.layer.isDoubleSided = doubleSided
                try animate(card, "transform.rotation.y", from: .scalar(0), to: .scalar(0.9 * .pi))
            }
        },
        GoldenScene(name: "contents-gravity") { scene in
            // The 16×12 fixture in four boxes, one gravity each, as the boxes change shape.
            let gravities: [ContentsGravity] = [.center, .resizeAspect, .resizeAspectFill, .bottomRight]
            for (i, gravity) in gravities.enumerated() {
                let box = view("box\(i)", 4 + Double(i % 2) * 40, 4 + Double(i / 2) * 28, 32, 24, rgb(0.85, 0.85, 0.85),
                               content: .image(ImageContent(path: fixtureImagePath)), in: scene.rootView)
                box.layer.contentsGravity = gravity
                try animate(box, "bounds", from: .rect(Rect(x: 0, y: 0, width: 32, height: 24)),
                            to: .rect(Rect(x: 0, y: 0, width: 20, height: 24)))
            }
        },
        GoldenScene(name: "sublayer-transform") { scene in
            // Three layers at different zPositions, seen through an animated sublayerTransform.
            let stage = view("stage", 20, 10, 40, 40, rgb(0.9, 0.9, 0.95), in: scene.rootView)
            for (i, color) in [rgb(0.9, 0.2, 0.2), rgb(0.2, 0.7, 0.2), rgb(0.2, 0.3, 0.9)].enumerated() {
                let square = view("square\(i)", 10, 10, 20, 20, color.withAlpha(0.8), in: stage)
                try set(square, "zPosition", .scalar(Double(i - 1) * 15))
            }
            let eye = Transform3D(perspectiveEyeDistance: 150)
            try animate(stage, "sublayerTransform", from: .transform(eye),
                        to: .transform(Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0).concatenating(eye)))
        },
        GoldenScene(name: "shadow-path") { scene in
            // A square casting an oval shadow from its shadowPath.
            let card = view("card", 20, 10, 40, 30, rgb(1, 1, 1), in: scene.rootView)
            card.layer.shadowPath = BezierPath(ellipseIn: Rect(x: -5, y: 20, width: 50, height: 20))
            try animate(card, "shadowOpacity", from: .scalar(0), to: .scalar(0.9))
            try set(card, "shadowRadius", .scalar(2))
            try set(card, "shadowOffset", .size(Size(width: 0, height: 4)))
        },
    ]
}

private extension Color {
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
