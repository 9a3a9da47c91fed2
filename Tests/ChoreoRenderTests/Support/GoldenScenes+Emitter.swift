@testable import ChoreoCore

extension GoldenScene {
    /// Emitter layers: particles of a path and of an image.
    static let emitterScenes: [GoldenScene] = [
        // From the top middle, two cells fan out downwards and fall: red bars that spin and
        // fade, and the fixture image tinted blue, growing.
        GoldenScene(name: "emitter") { scene in
            let emitter = Layer(name: "emitter", class: .emitter)
            emitter.set(.rect(Rect(x: 0, y: 0, width: 80, height: 60)), at: PropertyPath(.bounds))
            emitter.set(.point(Point(x: 40, y: 30)), at: PropertyPath(.position))
            var bars = EmitterCell(name: "bars")
            (bars.birthRate, bars.lifetime, bars.velocity, bars.velocityRange) = (12, 2, 40, 10)
            (bars.emissionLongitude, bars.emissionRange, bars.yAcceleration) = (.pi / 2, 0.8, 20)
            (bars.spin, bars.spinRange, bars.alphaSpeed) = (4, 2, -0.4)
            bars.color = rgb(0.9, 0.1, 0.2)
            bars.contents = .shape(BezierPath(rect: Rect(x: 0, y: 0, width: 6, height: 3)))
            var images = EmitterCell(name: "images")
            (images.birthRate, images.lifetime, images.velocity) = (3, 2, 25)
            (images.emissionLongitude, images.emissionRange, images.scale, images.scaleSpeed) = (.pi / 2, 1.2, 0.4, 0.3)
            images.color = rgb(0.3, 0.5, 1)
            images.contents = .image(path: fixtureImagePath)
            try emitter.updateEmitter("golden") {
                $0.emitterCells = [bars, images]
                $0.emitterPosition = Point(x: 40, y: 5)
                $0.emitterSize = Size(width: 30, height: 0)
                $0.emitterShape = .line
                $0.seed = 3
            }
            scene.rootLayer.addSublayer(emitter)
        },
    ]
}
