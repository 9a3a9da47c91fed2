import Testing
@testable import ChoreoCore

@Suite("EmitterLayer: particles in closed form of the seed, the particle and the time")
struct EmitterLayerTests {
    /// A cell born twice a second that lives `lifetime` s, moving 10 pt/s along x and falling
    /// with 4 pt/s², with no ranges.
    static func steadyCell(lifetime: Double = 10) -> EmitterCell {
        var cell = EmitterCell(name: "steady")
        cell.birthRate = 2
        cell.lifetime = lifetime
        cell.velocity = 10
        cell.yAcceleration = 4
        return cell
    }

    /// A committed scene with an emitter at (100, 50) emitting `cells`.
    static func makeEmitter(_ cells: [EmitterCell]) throws -> (Scene, Layer) {
        let scene = Scene()
        let emitter = Layer(name: "emitter", class: .emitter)
        try emitter.updateEmitter("test") {
            $0.emitterCells = cells
            $0.emitterPosition = Point(x: 100, y: 50)
        }
        scene.rootLayer.addSublayer(emitter)
        scene.commit()
        scene.advance(to: 0)
        return (scene, emitter)
    }

    @Test("A new emitter and cell have Core Animation's documented defaults")
    func defaults() {
        let emitter = EmitterProperties()
        #expect(emitter.emitterShape == .point && emitter.emitterMode == .volume)
        #expect(emitter.emitterPosition == .zero && emitter.emitterSize == Size(width: 0, height: 0))
        #expect(emitter.birthRate == 1 && emitter.lifetime == 1 && emitter.velocity == 1 && emitter.scale == 1 && emitter.spin == 1)
        #expect(emitter.seed == 0 && emitter.emitterCells.isEmpty)
        let cell = EmitterCell()
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.velocity == 0 && cell.scale == 1 && cell.color == .white)
        #expect(cell.isEnabled && cell.contents == .none && cell.emissionRange == 0 && cell.alphaSpeed == 0)
    }

    @Test("Particles are born every 1/birthRate s and move as p₀ + v t + ½ a t²")
    func closedForm() throws {
        let (scene, emitter) = try Self.makeEmitter([Self.steadyCell()])
        scene.advance(to: 1.25)
        // Born at 0, 0.5 and 1: ages 1.25, 0.75, 0.25; x = 100 + 10 a, y = 50 + 2 a².
        let particles = emitter.particles
        #expect(particles.map(\.birthTime) == [0, 0.5, 1])
        let expected = [(112.5, 53.125), (107.5, 51.125), (102.5, 50.125)]
        for (particle, (x, y)) in zip(particles, expected) {
            #expect(abs(particle.position.x - x) < 1e-9 && abs(particle.position.y - y) < 1e-9, "\(particle.position)")
            #expect(particle.scale == 1 && particle.rotation == 0 && particle.color == .white)
        }
    }

    @Test("A particle dies at the end of its lifetime; the layer's birthRate and lifetime multiply the cell's")
    func lifetimesAndFactors() throws {
        let (scene, emitter) = try Self.makeEmitter([Self.steadyCell(lifetime: 1)])
        scene.advance(to: 2.2)
        // Born every 0.5 s; alive while younger than 1 s: born at 1.5 and 2.
        #expect(emitter.particles.map(\.birthTime) == [1.5, 2])
        try emitter.updateEmitter("lifetime") { $0.lifetime = 0.5 }
        try emitter.setEmitterBirthRate(2)  // the scene runs: from its time 2.2 on
        #expect(emitter.particles.map(\.birthTime) == [2], "lifetime 0.5: only the one born 0.2 s ago")
        scene.advance(to: 3)
        // From 2.2 on, four a second (2.2, 2.45, 2.7, 2.95), each living 0.5 s.
        let births = emitter.particles.map(\.birthTime)
        #expect(births.count == 2 && abs(births[0] - 2.7) < 1e-12 && abs(births[1] - 2.95) < 1e-12, "\(births)")
    }

    @Test("Stopping an emitter (birthRate 0) lets the particles already born live out their lives")
    func stopping() throws {
        let (scene, emitter) = try Self.makeEmitter([Self.steadyCell(lifetime: 2)])
        scene.advance(to: 1)
        try emitter.setEmitterBirthRate(0)
        scene.advance(to: 1.6)
        #expect(emitter.particles.map(\.birthTime) == [0, 0.5, 1], "born before the stop, none after")
        #expect(scene.hasRunningAnimations)
        scene.advance(to: 3.1)
        #expect(emitter.particles.isEmpty)
        #expect(!scene.hasRunningAnimations, "the last particle has died")
    }

    @Test("The same instant gives the same particles at 30 and 60 frames per second, and scrubbed to directly")
    func frameRateIndependence() throws {
        var cell = Self.steadyCell(lifetime: 3)
        cell.birthRate = 37
        cell.velocityRange = 20
        cell.emissionRange = .pi
        cell.spin = 1
        cell.spinRange = 2
        cell.scaleRange = 0.5
        cell.scaleSpeed = -0.1
        cell.alphaRange = 0.3
        cell.alphaSpeed = -0.2
        func particles(fps: Double?) throws -> [Particle] {
            let (scene, emitter) = try Self.makeEmitter([cell])
            if let fps {
                for frame in 1...Int(2 * fps) { scene.advance(to: MediaTime(Double(frame) / fps)) }
            } else {
                scene.advance(to: 2)
            }
            return emitter.particles
        }
        let at30 = try particles(fps: 30), at60 = try particles(fps: 60), direct = try particles(fps: nil)
        #expect(at30.count > 60)
        #expect(at30 == at60)
        #expect(at30 == direct)
    }

    @Test("An animated emitterPosition moves where particles are born, not the particles already flying")
    func animatedPosition() throws {
        var cell = Self.steadyCell()
        cell.velocity = 0
        cell.yAcceleration = 0
        let (scene, emitter) = try Self.makeEmitter([cell])
        // Kept after its end (as a trail that outlives its animation needs: the births under a
        // removed animation are placed at the model's position).
        let move = basic("emitterPosition.x", from: .scalar(100), to: .scalar(200), duration: 1, fill: .forwards)
        move.isRemovedOnCompletion = false
        try emitter.add(move, forKey: "move")
        scene.commit()
        scene.advance(to: 0.75)
        // Born at 0 and 0.5: x = 100 + 100 × the fraction at the birth.
        #expect(emitter.particles.map(\.position.x) == [100, 150])
        scene.advance(to: 1.5)
        // Born at 1 and 1.5 too: the animation fills forwards at 200.
        #expect(emitter.particles.map(\.position.x) == [100, 150, 200, 200])
        #expect(emitter.particles.allSatisfy { $0.position.y == 50 })
    }

    @Test("A paused emitter scrubbed by timeOffset shows the particles of that time")
    func scrubbing() throws {
        let (scene, emitter) = try Self.makeEmitter([Self.steadyCell()])
        emitter.timing.speed = 0
        emitter.timing.timeOffset = 1.25
        scene.advance(to: 5)
        #expect(emitter.particles == emitter.model.emitter!.particles(atLocalTime: 1.25))
        #expect(emitter.particles.count == 3)
    }

    @Test("The same seed gives the same particles; another seed others")
    func seeds() throws {
        var cell = Self.steadyCell()
        cell.velocityRange = 5
        cell.emissionRange = 1
        var a = EmitterProperties(), b = EmitterProperties()
        a.emitterCells = [cell]
        b.emitterCells = [cell]
        a.seed = 7
        b.seed = 7
        #expect(a.particles(atLocalTime: 3) == b.particles(atLocalTime: 3))
        b.seed = 8
        #expect(a.particles(atLocalTime: 3).map(\.position) != b.particles(atLocalTime: 3).map(\.position))
        #expect(ParticleRandom.unit(seed: 1, cell: 2, span: 0, index: 3, stream: 4)
            == ParticleRandom.unit(seed: 1, cell: 2, span: 0, index: 3, stream: 4))
    }

    @Test("Ranges spread each particle's values within ± the range")
    func ranges() {
        var cell = EmitterCell()
        cell.birthRate = 100
        cell.lifetime = 10
        cell.scale = 1
        cell.scaleRange = 0.25
        cell.spin = 2
        cell.spinRange = 1
        cell.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        cell.redRange = 0.2
        var emitter = EmitterProperties()
        emitter.emitterCells = [cell]
        let particles = emitter.particles(atLocalTime: 2)
        #expect(particles.count == 201)
        for p in particles {
            #expect(p.scale >= 0.75 && p.scale <= 1.25)
            #expect(p.rotation >= 1 * p.age - 1e-12 && p.rotation <= 3 * p.age + 1e-12)
            #expect(p.color.red >= 0.3 && p.color.red <= 0.7 && p.color.green == 0.5)
        }
        #expect(Set(particles.map(\.scale)).count > 150, "spread, not one value")
    }

    @Test("Shapes and modes place births: along a line, on a rectangle's edge or corners, on a circle")
    func shapes() {
        var cell = EmitterCell()
        cell.birthRate = 50
        cell.lifetime = 10
        var emitter = EmitterProperties()
        emitter.emitterCells = [cell]
        emitter.emitterPosition = Point(x: 100, y: 100)
        emitter.emitterSize = Size(width: 80, height: 40)
        func births() -> [Point] { emitter.particles(atLocalTime: 1).map(\.position) }
        emitter.emitterShape = .line
        #expect(births().allSatisfy { $0.y == 100 && $0.x >= 60 && $0.x <= 140 })
        emitter.emitterShape = .rectangle
        #expect(births().allSatisfy { $0.x >= 60 && $0.x <= 140 && $0.y >= 80 && $0.y <= 120 })
        emitter.emitterMode = .outline
        #expect(births().allSatisfy { p in
            abs(p.x - 60) < 1e-9 || abs(p.x - 140) < 1e-9 || abs(p.y - 80) < 1e-9 || abs(p.y - 120) < 1e-9
        })
        emitter.emitterMode = .points
        #expect(Set(births().map { "\($0.x),\($0.y)" }) == ["60.0,80.0", "140.0,80.0", "60.0,120.0", "140.0,120.0"])
        emitter.emitterShape = .circle
        emitter.emitterMode = .outline
        #expect(births().allSatisfy { abs(((($0.x - 100) * ($0.x - 100) + ($0.y - 100) * ($0.y - 100))).squareRoot() - 40) < 1e-9 })
        emitter.emitterShape = .point
        #expect(births().allSatisfy { $0 == Point(x: 100, y: 100) })
    }

    @Test("Bad input is a clear error: NaN and negative rates, too many live particles, another layer's class")
    func errors() throws {
        var cell = EmitterCell()
        #expect(throws: ArgumentError.self) { try cell.setNumber(.nan, named: "birthRate") }
        #expect(throws: ArgumentError.self) { try cell.setNumber(-1, named: "lifetime") }
        #expect(throws: ArgumentError.self) { try cell.setNumber(2e6, named: "birthRate") }
        #expect(throws: ArgumentError.self) { try cell.setNumber(0, named: "contentsScale") }
        try cell.setNumber(1000, named: "birthRate")
        try cell.setNumber(20, named: "lifetime")
        let emitter = Layer(class: .emitter)
        #expect(throws: ArgumentError.self) { try emitter.updateEmitter("emitterCells") { $0.emitterCells = [cell] } }
        #expect(emitter.model.emitter?.emitterCells.isEmpty == true, "a refused change leaves the emitter as it was")
        try emitter.setEmitterBirthRate(0.25)
        try emitter.updateEmitter("emitterCells") { $0.emitterCells = [cell] }  // 1000 × 0.25 × 20 = 5,000
        #expect(throws: ArgumentError.self) { try emitter.setEmitterBirthRate(1) }
        #expect(throws: ArgumentError.self) { try emitter.setEmitterBirthRate(.nan) }
        #expect(throws: ArgumentError.self) { try Layer().updateEmitter("seed") { $0.seed = 1 } }
        #expect(emitter.estimatedHostBytes > 5_000 * 96, "the particles it can keep alive are charged")
    }
}
