import Foundation
import Testing
@testable import ChoreoCore

@Suite("EmitterLayer: birthRate, lifetime, velocity, scale and spin animate, and act on the particles born under them")
struct EmitterFactorAnimationTests {
    /// A committed scene with an emitter at (100, 50) whose one cell is born `rate` times a
    /// second, lives `lifetime` s and flies 10 pt/s along x, and an animation of `keyPath` from
    /// `from` to `to` over 2 s (linear, kept after its end).
    static func animated(_ keyPath: String, from: Double, to: Double, rate: Double = 2, lifetime: Double = 10) throws -> (Scene, Layer) {
        var cell = EmitterCell(name: "cell")
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = 10
        cell.spin = 1
        let (scene, emitter) = try EmitterLayerTests.makeEmitter([cell])
        let animation = basic(keyPath, from: .scalar(from), to: .scalar(to), duration: 2, fill: .forwards)
        animation.isRemovedOnCompletion = false
        try emitter.add(animation, forKey: "factor")
        scene.commit()
        return (scene, emitter)
    }

    @Test("An animated birthRate bears particle k where the count of births, the integral of the rate, reaches k")
    func integratedBirths() throws {
        let (scene, emitter) = try Self.animated("birthRate", from: 1, to: 3)
        scene.advance(to: 1.9)
        // The factor is 1 + t, the cell's rate 2: births per second 2 + 2t, so the count by t is
        // 2t + t², and particle k is born at t = √(1 + k) − 1. By 1.9 the count is 7.41: k = 0...7.
        let births = emitter.particles.map(\.birthTime)
        let expected = (0...7).map { (1 + Double($0)).squareRoot() - 1 }
        #expect(births.count == expected.count, "\(births)")
        // Counted in steps of 1/240 s at each step's midpoint rate, the count within a step is a
        // line through a parabola: off by at most N″h²/8 = 2/(8 × 240²) ≈ 4.3e-6 births, so a
        // birth moves by at most that / the rate (≥ 2): 2.2e-6 s.
        for (birth, want) in zip(births, expected) { #expect(abs(birth - want) < 2.2e-6, "\(birth) vs \(want)") }
        #expect(emitter.presentationValue(at: PropertyPath(.emitterBirthRate)) == .scalar(2.9))
    }

    @Test("A constant birth rate counted under an animated lifetime gives the closed form's births, each living by its birth's factor")
    func animatedLifetime() throws {
        let (scene, emitter) = try Self.animated("lifetime", from: 0.5, to: 2, lifetime: 1)
        scene.advance(to: 1.9)
        // Born every 0.5 s; one born at b lives 0.5 + 0.75 b s, so it is alive at 1.9 when
        // 1.9 − b < 0.5 + 0.75 b, b > 0.8: the ones born at 1 and 1.5.
        let particles = emitter.particles
        #expect(particles.count == 2, "\(particles.map(\.birthTime))")
        for (particle, birth) in zip(particles, [1.0, 1.5]) {
            #expect(abs(particle.birthTime - birth) < 1e-9)
            #expect(abs(particle.lifetime - (0.5 + 0.75 * birth)) < 1e-9)
        }
    }

    @Test("Animated velocity, scale and spin factors act on the particles born from then on, not on those flying")
    func factorsAtBirth() throws {
        for keyPath in ["velocity", "scale", "spin"] {
            let (scene, emitter) = try Self.animated(keyPath, from: 1, to: 3)
            scene.advance(to: 1.5)
            // Born at 0, 0.5, 1 and 1.5; the factor at a birth b is 1 + b.
            let particles = emitter.particles
            #expect(particles.map(\.birthTime) == [0, 0.5, 1, 1.5], "\(keyPath)")
            for particle in particles {
                let factor = 1 + particle.birthTime, age = 1.5 - particle.birthTime
                switch keyPath {
                case "velocity": #expect(abs(particle.position.x - (100 + 10 * factor * age)) < 1e-9)
                case "scale": #expect(abs(particle.scale - factor) < 1e-9)
                default: #expect(abs(particle.rotation - factor * age) < 1e-9)
                }
            }
        }
    }

    @Test("The same animated emitter gives the same particles however it was stepped")
    func frameRateIndependence() throws {
        let (steppedScene, stepped) = try Self.animated("birthRate", from: 0, to: 6)
        for frame in 1...84 { steppedScene.advance(to: MediaTime(Double(frame) / 60)) }
        let (jumpScene, jumped) = try Self.animated("birthRate", from: 0, to: 6)
        jumpScene.advance(to: 1.4)
        #expect(stepped.particles == jumped.particles)
        #expect(!stepped.particles.isEmpty)
    }

    @Test("An animated birthRate far past the budget is held to it: at most 10,000 particles, no error")
    func budget() throws {
        let (scene, emitter) = try Self.animated("birthRate", from: 1, to: 1e12, rate: 1, lifetime: 1)
        scene.advance(to: 1.5)
        let count = emitter.particles.count
        #expect(count > 1_000 && count <= EmitterProperties.maximumLiveParticles, "\(count)")
    }

    @Test("Births made under an animation keep its values after it is removed at its end")
    func removedAnimationsKeepTheirBirths() throws {
        var cell = EmitterLayerTests.steadyCell()
        cell.velocity = 0
        cell.yAcceleration = 0
        let (scene, emitter) = try EmitterLayerTests.makeEmitter([cell])
        try emitter.add(basic("emitterPosition.x", from: .scalar(100), to: .scalar(200), duration: 1), forKey: "move")
        scene.commit()
        scene.advance(to: 0.75)
        scene.advance(to: 1.5)
        #expect(emitter.animationKeys().isEmpty, "removed at its end")
        // Born at 0 and 0.5 under the animation (x = 100 + 100 × its fraction then), at 1 and 1.5
        // after its end, where the model is (100).
        #expect(emitter.particles.map(\.position.x) == [100, 150, 100, 100])
    }

    @Test("birthRate and the other factors are key paths of an emitter only: elsewhere the names are custom properties")
    func classScopedNames() throws {
        let emitter = Layer(class: .emitter)
        try emitter.setValue(.scalar(0.5), forKeyPath: "velocity")
        #expect(emitter.model.emitter?.velocity == 0.5)
        #expect(try emitter.value(forKeyPath: "velocity") == .scalar(0.5))
        #expect(throws: ArgumentError.self) { try emitter.setValue(.scalar(-1), forKeyPath: "lifetime") }
        #expect(throws: ArgumentError.self) { try emitter.setValue(.scalar(.nan), forKeyPath: "birthRate") }
        let plain = Layer()
        try plain.setValue(.scalar(2), forKeyPath: "scale")
        #expect(plain.model.custom["scale"] == 2)
        #expect(try plain.resolveAnimatablePath("scale") == PropertyPath(.custom("scale")))
    }
}
