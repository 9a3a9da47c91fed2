@testable import ChoreoCore

extension GoldenScene {
    /// A gradient layer of `size` at `origin` in the root layer, configured by `configure`.
    static func gradientLayer(_ scene: Scene, _ frame: Rect, _ configure: (Layer) throws -> Void) rethrows -> Layer {
        let layer = Layer.gradientLayer(name: "gradient")
        layer.setFrame(frame)
        try configure(layer)
        scene.rootLayer.addSublayer(layer)
        return layer
    }

    /// Adds a one-second linear animation of `keyPath` from `from` to `to` (the model keeps its value).
    static func animateGradientLayer(_ layer: Layer, _ keyPath: String, from: AnimationValue, to: AnimationValue) throws {
        let animation = BasicAnimation(keyPath: keyPath)
        (animation.fromValue, animation.toValue, animation.timing.duration) = (from, to, 1)
        try layer.add(animation, forKey: keyPath)
    }

    /// The three kinds of gradient, each with one of its properties animating.
    static let gradients: [GoldenScene] = [
        // A shimmer: a light band slides across a dark bar (locations from left of it to right of it).
        GoldenScene(name: "gradient-axial") { scene in
            let bar = try gradientLayer(scene, Rect(x: 5, y: 15, width: 70, height: 30)) { layer in
                try layer.setValue(.colors([rgb(0.2, 0.2, 0.3), rgb(1, 1, 1), rgb(0.2, 0.2, 0.3)]), forKeyPath: "colors")
                try layer.setValue(.point(Point(x: 0, y: 0.5)), forKeyPath: "startPoint")
                try layer.setValue(.point(Point(x: 1, y: 0.5)), forKeyPath: "endPoint")
                try layer.setValue(.scalar(8), forKeyPath: "cornerRadius")
            }
            try animateGradientLayer(bar, "locations", from: .numbers([-0.4, -0.2, 0]), to: .numbers([1, 1.2, 1.4]))
        },
        // A radial glow whose ellipse grows from a dot to the bounds and beyond, on a background.
        GoldenScene(name: "gradient-radial") { scene in
            let glow = try gradientLayer(scene, Rect(x: 10, y: 5, width: 60, height: 50)) { layer in
                try layer.setValue(.colors([rgb(1, 0.9, 0.2), rgb(0.9, 0.2, 0.1), rgb(0.9, 0.2, 0.1, 0)]), forKeyPath: "colors")
                try layer.setValue(.point(Point(x: 0.5, y: 0.5)), forKeyPath: "startPoint")
                try layer.setValue(.color(rgb(0.1, 0.1, 0.3)), forKeyPath: "backgroundColor")
                layer.gradientType = .radial
            }
            try animateGradientLayer(glow, "endPoint", from: .point(Point(x: 0.55, y: 0.55)), to: .point(Point(x: 1.2, y: 1)))
        },
        // A color wheel in a circle, turning: endPoint goes round the centre.
        GoldenScene(name: "gradient-conic") { scene in
            let wheel = try gradientLayer(scene, Rect(x: 15, y: 5, width: 50, height: 50)) { layer in
                try layer.setValue(.colors([rgb(1, 0, 0), rgb(1, 1, 0), rgb(0, 1, 0), rgb(0, 0, 1), rgb(1, 0, 0)]), forKeyPath: "colors")
                try layer.setValue(.point(Point(x: 0.5, y: 0.5)), forKeyPath: "startPoint")
                try layer.setValue(.scalar(25), forKeyPath: "cornerRadius")
                layer.gradientType = .conic
            }
            try animateGradientLayer(wheel, "endPoint", from: .point(Point(x: 1, y: 0.5)), to: .point(Point(x: 0.5, y: 1)))
        },
    ]
}
