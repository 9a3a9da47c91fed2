import Foundation
import Testing
@testable import ChoreoCore

/// `Layer.presentationVelocity`: each expectation is a closed form (the derivative of a line, of a
/// cubic Bézier, of a damped oscillator), never a number read off the code under test. Values are
/// compared to 1e-5 relative (1e-5 absolute near 0), which also admits a velocity taken as a
/// difference over a microsecond (transforms).
@Suite("Presentation velocity")
struct LayerVelocityTests {
    /// Whether `value` is within 1e-5 of `expected`, relative to its size (absolute below 1).
    private func close(_ value: Double, _ expected: Double) -> Bool {
        nearly(value, expected, 1e-5 * max(1, abs(expected)))
    }

    private func scalar(_ value: AnimationValue) -> Double {
        guard case let .scalar(v) = value else { Issue.record("not a number: \(value)"); return .nan }
        return v
    }

    /// The velocity of `position.x` of the box at global time `time`.
    private func xVelocity(_ scene: Scene, _ box: View, at time: Double) throws -> Double {
        scene.advance(to: MediaTime(time))
        return scalar(try box.layer.presentationVelocity(forKeyPath: "position.x"))
    }

    private func move(_ from: Double, _ to: Double, duration: Double, curve: (any TimingCurve)? = nil,
                      _ adjust: (BasicAnimation) -> Void = { _ in }) -> BasicAnimation {
        scalarAnimation("position.x", from, to, duration: duration, curve: curve, adjust)
    }

    // MARK: Curves

    @Test("A linear move from 0 to 100 over 2 s has 50 per second from its start to before its end, then 0")
    func linear() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 2), forKey: "move")
        scene.commit()
        #expect(close(try xVelocity(scene, box, at: 0), 50))        // just started: one-sided
        #expect(close(try xVelocity(scene, box, at: 1), 50))
        #expect(close(try xVelocity(scene, box, at: 1.99995), 50))  // within a step of the end
        #expect(try xVelocity(scene, box, at: 2) == 0)              // ended and removed
        #expect(try xVelocity(scene, box, at: 3) == 0)
    }

    @Test("easeInOut has velocity 0 at both ends and dy/dx = y'(s)/x'(s) of the Bézier in between")
    func easeInOut() throws {
        // x(s) = 3(1−s)²s·0.42 + 3(1−s)s²·0.58 + s³ and y(s) = 3(1−s)s² + s³; the derivative of
        // B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³ is 3(1−s)²·p1 + 6(1−s)s·(p2 − p1) + 3s²·(1 − p2).
        func x(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s }
        func dx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * 0.42 + 6 * (1 - s) * s * 0.16 + 3 * s * s * 0.42 }
        func dy(_ s: Double) -> Double { 6 * (1 - s) * s }
        /// The curve parameter s where x(s) = fraction, by bisection (x is increasing).
        func parameter(_ fraction: Double) -> Double {
            var (low, high) = (0.0, 1.0)
            for _ in 0..<200 { let mid = (low + high) / 2; if x(mid) < fraction { low = mid } else { high = mid } }
            return (low + high) / 2
        }
        // Half-way, s = 0.5: x' = 0.75·0.42 + 1.5·0.16 + 0.75·0.42 = 0.87 and y' = 1.5, so at
        // time 1 the velocity is 100 · (1.5 / 0.87) / 2.
        #expect(nearly(dx(0.5), 0.87, 1e-15) && dy(0.5) == 1.5 && parameter(0.5) == 0.5)

        let (scene, box) = makeScene()
        let animation = move(0, 100, duration: 2, curve: CubicBezierCurve.easeInOut) {
            $0.timing.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        try box.layer.add(animation, forKey: "move")
        scene.commit()
        // 100 units over 2 s: d value / dt = 100 · (dy/dx) / 2.
        #expect(abs(try xVelocity(scene, box, at: 0)) < 1e-5)
        for fraction in [0.1, 0.3, 0.5, 0.8] {
            let s = parameter(fraction)
            let velocity = try xVelocity(scene, box, at: 2 * fraction)
            #expect(close(velocity, 100 * dy(s) / dx(s) / 2), "at time fraction \(fraction)")
        }
        #expect(try xVelocity(scene, box, at: 2) == 0)   // filling forwards
        #expect(try xVelocity(scene, box, at: 5) == 0)
    }

    @Test("A spring's velocity is the damped oscillator's derivative, starting at its initial velocity")
    func spring() throws {
        // m = 1, k = 100, c = 10: ω₀ = 10, ζ = 0.5, decay a = ζω₀ = 5, ωd = ω₀√(1 − ζ²).
        // The fraction is x(t) = 1 − e^(−at)(cos ωd·t + C sin ωd·t) with C = (a − v₀)/ωd, so
        // x'(t) = e^(−at)((a − ωd·C) cos ωd·t + (a·C + ωd) sin ωd·t), and x'(0) = v₀.
        let a = 5.0, v0 = 2.0
        let omegaD: Double = 10 * (0.75 as Double).squareRoot()
        let c: Double = (a - v0) / omegaD
        func fractionVelocity(_ t: Double) -> Double {
            let cosine: Double = (a - omegaD * c) * cos(omegaD * t)
            let sine: Double = (a * c + omegaD) * sin(omegaD * t)
            return exp(-a * t) * (cosine + sine)
        }
        let (scene, box) = makeScene()
        let spring = SpringAnimation(keyPath: "position.x")
        spring.fromValue = .scalar(0)
        spring.toValue = .scalar(100)
        spring.initialVelocity = v0
        spring.timing.duration = 2
        try box.layer.add(spring, forKey: "spring")
        scene.commit()
        #expect(close(try xVelocity(scene, box, at: 0), 100 * v0))
        for time in [0.05, 0.2, 0.37, 0.9, 1.5] {
            // 1e-5 of the largest speed the spring reaches (about 600 per second).
            #expect(nearly(try xVelocity(scene, box, at: time), 100 * fractionVelocity(time), 6e-3), "at \(time) s")
        }
    }

    @Test("A steps curve's value only jumps: 0 between its jumps, at them and just before them, beside a line's slope")
    func steps() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 1, curve: try StepsCurve(4)), forKey: "steps")
        try box.layer.add(move(0, 50, duration: 2) { $0.isAdditive = true }, forKey: "line")
        scene.commit()
        // The steps jump by 25 at 0.25, 0.5 and 0.75 s; the additive line moves 25 per second.
        for time in [0.1, 0.25 - 0x1p-20, 0.25, 0.5, 0.75 - 1e-9, 0.75] {
            #expect(close(try xVelocity(scene, box, at: time), 25), "at \(time) s")
        }
    }

    // MARK: Time

    @Test("An autoreversing move is positive going out and negative coming back")
    func autoreverses() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 1) { $0.timing.autoreverses = true }, forKey: "move")
        scene.commit()
        #expect(close(try xVelocity(scene, box, at: 0.5), 100))
        #expect(close(try xVelocity(scene, box, at: 1.5), -100))
    }

    @Test("An animation at speed 2 moves twice as fast; a layer at speed 0.5 half as fast in global time")
    func speeds() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 2) { $0.timing.speed = 2 }, forKey: "move")
        scene.commit()
        #expect(close(try xVelocity(scene, box, at: 0.5), 100))

        let (slowScene, slowBox) = makeScene()
        slowBox.layer.timing.speed = 0.5
        try slowBox.layer.add(move(0, 100, duration: 2), forKey: "move")
        slowScene.commit()
        // 50 per second of the layer's time, whose seconds last two global seconds.
        #expect(close(try xVelocity(slowScene, slowBox, at: 1), 25))
        #expect(close(try xVelocity(slowScene, slowBox, at: 3), 25))
    }

    @Test("Paused, frozen, waiting and filling animations report 0")
    func atRest() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 2) { $0.timing.speed = 0 }, forKey: "paused")
        scene.commit()
        #expect(try xVelocity(scene, box, at: 0.5) == 0)

        let (frozenScene, frozenBox) = makeScene()
        try frozenBox.layer.add(move(0, 100, duration: 2), forKey: "move")
        frozenScene.commit()
        frozenScene.advance(to: 0.5)
        frozenBox.layer.timing.speed = 0
        #expect(try xVelocity(frozenScene, frozenBox, at: 1) == 0)

        let (laterScene, laterBox) = makeScene()
        try laterBox.layer.add(move(0, 100, duration: 1) { $0.timing.beginTime = 2; $0.timing.fillMode = .both }, forKey: "later")
        laterScene.commit()
        #expect(try xVelocity(laterScene, laterBox, at: 1) == 0)      // filling backwards
        #expect(close(try xVelocity(laterScene, laterBox, at: 2), 100))  // starts now
    }

    @Test("A group's child moves at its own rate inside the group and is still once it has ended")
    func groupChild() throws {
        let (scene, box) = makeScene()
        let group = AnimationGroup()
        group.animations = [move(0, 100, duration: 1) { $0.timing.beginTime = 0.5 }]
        group.timing.duration = 2
        try box.layer.add(group, forKey: "group")
        scene.commit()
        #expect(try xVelocity(scene, box, at: 0.25) == 0)
        #expect(close(try xVelocity(scene, box, at: 0.5), 100))
        #expect(close(try xVelocity(scene, box, at: 1), 100))
        #expect(try xVelocity(scene, box, at: 1.75) == 0)
    }

    // MARK: Composition

    @Test("Additive animations add their velocities")
    func additive() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 2) { $0.isAdditive = true }, forKey: "a")
        try box.layer.add(move(0, -30, duration: 1) { $0.isAdditive = true }, forKey: "b")
        scene.commit()
        #expect(close(try xVelocity(scene, box, at: 0.5), 50 - 30))
        #expect(close(try xVelocity(scene, box, at: 1.5), 50))   // b has ended
    }

    @Test("A replacing animation hides the velocity of those added before it, not after")
    func replacing() throws {
        let (scene, box) = makeScene()
        try box.layer.add(move(0, 100, duration: 2) { $0.isAdditive = true }, forKey: "below")
        try box.layer.add(move(0, 10, duration: 1), forKey: "replacing")
        try box.layer.add(move(0, 40, duration: 2) { $0.isAdditive = true }, forKey: "above")
        scene.commit()
        #expect(close(try xVelocity(scene, box, at: 0.5), 10 + 20))
        #expect(close(try xVelocity(scene, box, at: 1.5), 50 + 20))   // the replacing one has ended
    }

    // MARK: Kinds of value

    @Test("A point, a color and a transform component have velocities of their own kinds")
    func kinds() throws {
        let (scene, box) = makeScene()
        let slide = BasicAnimation(keyPath: "position")
        slide.fromValue = .point(Point(x: 0, y: 0))
        slide.toValue = .point(Point(x: 100, y: 40))
        slide.timing.duration = 2
        let tint = BasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = .color(Color(red: 0, green: 0, blue: 0, alpha: 1))
        tint.toValue = .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0))
        tint.timing.duration = 1
        let spin = scalarAnimation("transform.rotation.z", 0, 2 * .pi, duration: 4)
        let grow = scalarAnimation("transform.scale", 1, 3, duration: 4)
        for (animation, key) in [(slide, "slide"), (tint, "tint"), (spin, "spin")] as [(Animation, String)] {
            try box.layer.add(animation, forKey: key)
        }
        scene.commit()
        scene.advance(to: 0.5)
        guard case let .point(p) = try box.layer.presentationVelocity(forKeyPath: "position"),
              case let .color(c) = try box.layer.presentationVelocity(forKeyPath: "backgroundColor")
        else { Issue.record("kinds"); return }
        #expect(close(p.x, 50) && close(p.y, 20))
        #expect(close(c.red, 1) && close(c.green, 0.5) && close(c.blue, 0) && close(c.alpha, -1))
        #expect(close(scalar(try box.layer.presentationVelocity(forKeyPath: "position.y")), 20))
        #expect(close(scalar(try box.layer.presentationVelocity(forKeyPath: "transform.rotation.z")), .pi / 2))
        // Half a turn: the angle read back wraps from π to −π, the velocity does not.
        scene.advance(to: 2)
        #expect(close(scalar(try box.layer.presentationVelocity(forKeyPath: "transform.rotation.z")), .pi / 2))

        let (scaleScene, scaleBox) = makeScene()
        try scaleBox.layer.add(grow, forKey: "grow")
        scaleScene.commit()
        scaleScene.advance(to: 1)
        #expect(close(scalar(try scaleBox.layer.presentationVelocity(forKeyPath: "transform.scale.x")), 0.5))
    }

    @Test("A transform's velocity is the rate of each matrix entry: translating x moves m41 only")
    func transformEntries() throws {
        let (scene, box) = makeScene()
        try box.layer.add(scalarAnimation("transform.translation.x", 0, 100, duration: 2), forKey: "shift")
        scene.commit()
        scene.advance(to: 1)
        guard case let .transform(t) = box.layer.presentationVelocity(at: PropertyPath(.transform)) else {
            Issue.record("not a transform"); return
        }
        for (index, entry) in t.entries.enumerated() {
            #expect(close(entry, index == 12 ? 50 : 0), "entry \(index)")
        }
    }

    @Test("Nothing animating, or no scene, is zero of the path's kind (a zero matrix for a transform)")
    func nothingAnimates() throws {
        let (scene, box) = makeScene()
        scene.advance(to: 1)
        #expect(try box.layer.presentationVelocity(forKeyPath: "position") == .point(.zero))
        #expect(try box.layer.presentationVelocity(forKeyPath: "backgroundColor") == .color(.zero))
        let zeroMatrix = Transform3D(entries: Array(repeating: 0, count: 16))
        #expect(try box.layer.presentationVelocity(forKeyPath: "transform") == .transform(zeroMatrix))
        // An animation of another property does not move this one.
        try box.layer.add(scalarAnimation("opacity", 0, 1, duration: 2), forKey: "fade")
        scene.commit()
        scene.advance(to: 1.5)
        #expect(try box.layer.presentationVelocity(forKeyPath: "position.x") == .scalar(0))
        #expect(close(scalar(try box.layer.presentationVelocity(forKeyPath: "opacity")), 0.5))
        #expect(Layer().presentationVelocity(at: PropertyPath(.opacity)) == .scalar(0))
    }

    @Test("An unknown key path is the error reading its value gives")
    func unknownKeyPath() {
        let (_, box) = makeScene()
        for keyPath in ["progress", "position.z", "no such"] {
            let expected = #expect(throws: ArgumentError.self) { try box.layer.value(forKeyPath: keyPath) }
            let actual = #expect(throws: ArgumentError.self) { try box.layer.presentationVelocity(forKeyPath: keyPath) }
            #expect(expected == actual, "\(keyPath)")
        }
    }
}
